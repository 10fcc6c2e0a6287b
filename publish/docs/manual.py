"""The manual: cover, contents, rules, card lists, cards by effect, index, colophon.

game.yaml's ``manual`` says which of these parts it has, in which order, and
its form (full, or a short booklet); see publish.docs.shape.

Chapters come from the edition's Markdown; the card list, the lists by effect
and the index come from the data, so none of them can disagree with the
decks.  Each part starts on a page of its own (publish.render.parts): a
first build lays the manual out whole and writes each part from its pages,
later ones lay out alone the parts that changed (a card edit: one deck's
list).  The
contents and the index print the pages the other parts' anchors landed on.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from babel.dates import format_date
from markupsafe import Markup

from publish.core.atomic import write_atomic
from publish.core.parallel import Tasks, run_all
from publish.core.parallel.helper import ForkedHelper
from publish.core.problems import OptionError
from publish.core.sourcedate import today
from publish.docs.changes.data import EditionChanges, ParagraphChange
from publish.docs.changes.page import Changelog, changelog
from publish.docs.context import Words
from publish.docs.edition import Edition, babel_locale, heading_text, index_entries
from publish.docs.markdown import RulesMarkdown
from publish.docs.messages import rel
from publish.docs.shape import items, shown, units
from publish.i18n.translate import plural_form
from publish.model.copies import per_player
from publish.model.game import Card, Game, game_files
from publish.model.text import untranslated
from publish.render import pdf
from publish.render.faces import FaceStyle, licence_label, own_fields
from publish.render.geometry import PAPERS
from publish.render.misuse import template_misuse
from publish.render.parts import (
    LaidOut,
    anchor_pages,
    first_id,
    keep,
    keep_cut,
    keep_only,
    lay_out,
    references,
    stub_links,
)
from publish.render.pdf import RenderError
from publish.render.splice import join_pdfs
from publish.render.tagging import alternatives


@dataclass(frozen=True)
class ManualOptions:
    paper: str = "a4"
    locale: str | None = None
    """The edition; None: the game's source locale (see ``for_game``)."""
    tagged: bool = False
    """PDF/UA-1, with the structure a screen reader follows (publish.render.tagging), its
    rules read with ``tagged`` too (publish.docs.rules.rules_of); False: the print edition.
    `publish build manual` tags unless asked ``--untagged``."""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise OptionError(f"unknown paper {self.paper!r}: {', '.join(PAPERS)}")

    def for_game(self, game: Game) -> ManualOptions:
        """These options with the edition chosen: the game's source locale if none was."""
        return self if self.locale else replace(self, locale=game.config.locales.source)

    @property
    def suffix(self) -> str:
        """What the file name adds for the paper (``-letter``) and the untagged edition."""
        return ("" if self.paper == "a4" else f"-{self.paper}") + ("" if self.tagged
                                                                  else "-untagged")


def build_date() -> dt.date:
    """Today, or SOURCE_DATE_EPOCH for reproducible builds (publish.core.sourcedate)."""
    return today()


def _group(game: Game, card: Card) -> dict[str, str] | None:
    groups = game.config.groups
    if not card.group or groups is None:
        return None
    value = groups.values[card.group]
    return {"id": card.group, "name": value.name, "colour": value.colour}


def card_lists(edition: Edition) -> list[dict[str, Any]]:
    """Per deck, every card as the list prints it; a card's anchor is on its first listing."""
    game, markdown = edition.game, edition.markdown
    config = game.config
    anchored: set[str] = set()
    decks = []
    for deck_id, spec in config.decks.items():
        rows = []
        kinds: dict[str, int] = {}
        for card in game.deck_cards(deck_id):
            copies = card.copies[deck_id]
            kinds[card.kind] = kinds.get(card.kind, 0) + copies
            anchor = None if card.number in anchored else f"card-{card.number}"
            anchored.add(card.number)
            kind = config.card_kinds[card.kind]
            rows.append({
                "number": card.number, "anchor": anchor,
                "name": untranslated(card.name, "name" in card.untranslated), "copies": copies,
                "per_player": per_player(game, card, deck_id),
                "group": _group(game, card),
                "kind": None if card.kind == config.default_kind else kind.name,
                "effect": markdown.effect_html(card),
                "notes": _notes(markdown, card),
                **listed_fields(game, card, edition.locale, edition.words),
            })
        counts = [{"kind": config.card_kinds[k].name, "n": n,
                   "counted": plural_form(config.card_kinds[k].count_forms(), n, edition.locale)}
                  for k, n in kinds.items()]
        decks.append({"id": deck_id, "name": spec.name, "colour": spec.colour, "rows": rows,
                      "total": sum(kinds.values()), "kinds": counts,
                      "per_player": spec.per_player})
    return decks


def listed_fields(game: Game, card: Card, locale: str, words: Words | None = None
                  ) -> dict[str, Any]:
    """The card's own fields as the list prints them: ``fields``, each with its label and
    value (pictures aside; a choice in the edition's ``words``), and ``picture``, the first
    picture as a thumbnail (or None)."""
    values = own_fields(game, card, locale)
    shown, pictures = [], []
    for field_id, spec in game.config.fields.items():
        value = values[field_id]
        if spec.type == "image":
            pictures += [value] if value else []
        elif value not in (None, [], ""):
            value = ", ".join(value) if spec.type == "tags" else value
            if spec.type == "choice" and words is not None:
                value = words.text("cards", f"field {field_id} choice {value}", value)[0]
            shown.append({"id": field_id, "label": spec.title(field_id), "value": value})
    return {"fields": shown, "picture": pictures[0] if pictures else None}


def _notes(markdown: RulesMarkdown, card: Card) -> Markup:
    if not card.notes:
        return Markup("")
    words = markdown.ctx.words
    translated = words is not None and not words.is_source and "notes" not in card.untranslated
    html = markdown.render_markdown_inline(card.notes, card.where("notes").path, translated)
    return untranslated(html, "notes" in card.untranslated)


def cards_by_tag(edition: Edition) -> list[dict[str, Any]]:
    """Each family of game.yaml with its cards (number, linked name, decks)."""
    game, markdown = edition.game, edition.markdown
    families = []
    for tag, spec in game.config.tags.items():
        cards = sorted((c for c in game.cards if tag in c.tags), key=lambda c: c.number)
        families.append({"id": tag, "name": spec.name, "cards": [
            {"number": c.number, "link": markdown.card_link(c),
             "decks": [game.config.decks[d].name for d in c.copies]} for c in cards]})
    return [f for f in families if f["cards"]]


def changes_part(edition: Edition, changes: EditionChanges | None) -> Changelog | None:
    """The manual's "changes" part: what changed since game.yaml's ``changes_since``, each
    changed rules paragraph linked to its chapter (None: no version named, or none
    compared)."""
    since = edition.game.config.changes_since
    if changes is None or since is None:
        return None
    chapters = {rel(edition.game, source.path): source for source in edition.chapters}

    def placed(change: ParagraphChange) -> tuple[str, str]:
        source = chapters.get(change.file)
        if source is None or not source.headings:
            return change.file, ""
        return heading_text(source.headings[0].html), f"#{source.headings[0].id}"

    return changelog(changes, edition.game, since, placed)


def manual_context(edition: Edition, options: ManualOptions, date: dt.date,
                   changes: EditionChanges | None = None) -> dict[str, Any]:
    """Everything the manual template prints except the index's page numbers; ``changes``:
    what changed since game.yaml's ``changes_since``, in the edition's words."""
    game, markdown = edition.game, edition.markdown
    config = game.config
    chapters = [{"html": markdown.render(source), "id": source.headings[0].id
                 if source.headings else ""} for source in edition.chapters]
    toc = [{"level": h.level, "id": h.id, "text": heading_text(h.html)}
           for source in edition.chapters for h in source.headings if h.level <= 2]
    options = options.for_game(game)
    context: dict[str, Any] = {
        "lang": options.locale,
        "title": f"{config.name} · {config.edition}",
        "game": {"name": config.name, "edition": config.edition, "source": config.source},
        "licence": {"label": _licence_label(config.licence.id), "name": config.licence.name,
                    "url": config.licence.url, "attribution": config.licence.attribution},
        "date": format_date(date, "long", locale=babel_locale(options.locale or "")),
        "paper": {"w": PAPERS[options.paper][0], "h": PAPERS[options.paper][1]},
        "chapters": chapters,
        "toc": toc,
        "decks": card_lists(edition),
        "families": cards_by_tag(edition),
        "groups": [{"name": v.name, "colour": v.colour}
                   for v in (config.groups.values.values() if config.groups else [])],
        "total_cards": len(game.cards),
        "form": config.manual.form,
        "terms": len(edition.terms),
        "tagged": options.tagged,
        "changes": changes_part(edition, changes),
    }
    parts = shown(config.manual, context)
    return {**context, "parts": parts, "items": items(config.manual, parts, context["decks"])}


def _licence_label(spdx: str) -> str:
    return licence_label(spdx)


def manual_html(edition: Edition, context: dict[str, Any], part: str | None,
                numbers: dict[str, int], start: int = 0, counters: bool | None = None) -> str:
    """The manual's HTML (``part``: one part of it); ``numbers``: the page of each anchor,
    for the contents and the index; ``start``: the number of the part's first page;
    ``counters``: the contents count their pages themselves (by default: when whole)."""
    style = cards_style(edition)
    return edition.shared.rules_env.get_template("manual.html.j2").render(
        **context, index=index_entries(edition, numbers), pages=numbers, style=style,
        size=style.size, bw=False, part=part, start=start,
        counters=part is None if counters is None else counters)


def cards_style(edition: Edition) -> FaceStyle:
    """The style of the cards the rules show: the game's size, in colour."""
    return edition.shared.style(edition.game.config.print.default_size)


@dataclass(frozen=True)
class Manual:
    """The manual as PDF, its page count, and the page each anchor landed on."""

    pdf: bytes
    pages: int
    numbers: dict[str, int]
    context: dict[str, Any]


def part_names(context: dict[str, Any]) -> list[str]:
    """The manual's layout parts, in order; each starts on a page of its own."""
    return units(context["items"])


@dataclass
class _Layout:
    """The manual's parts as laid out so far: what each part links to in the others."""

    edition: Edition
    project: Path
    context: dict[str, Any]
    cache: Path | None
    owned: dict[str, set[str]]
    """Every anchor of every part: ids do not depend on page numbers."""
    stubs: dict[str, set[str]] = field(default_factory=dict)
    html: dict[str, str] = field(default_factory=dict)
    """Each part's HTML as last laid out."""
    done: dict[str, LaidOut] = field(default_factory=dict)
    """Every HTML laid out in this build: laying it out again costs nothing."""

    @property
    def tagged(self) -> bool:
        return bool(self.context["tagged"])

    def html_alone(self, part: str, numbers: dict[str, int], start: int) -> str:
        """One part's HTML as laid out alone, its links to other parts stubbed (joining
        fills them in)."""
        elsewhere = set().union(*(ids for name, ids in self.owned.items() if name != part))
        html, self.stubs[part] = stub_links(
            manual_html(self.edition, self.context, part, numbers, start),
            elsewhere, self._what(part))
        return html

    def laid(self, part: str, numbers: dict[str, int], start: int = 0) -> LaidOut:
        """One part laid out (or as laid out before, or written from the whole)."""
        html = self.html[part] = self.html_alone(part, numbers, start)
        if html not in self.done:
            self.done[html] = self.lay_out(part, html, self.cache)
        return self.done[html]

    def lay_out(self, part: str, html: str, cache: Path | None = None) -> LaidOut:
        """``html``, one part's, laid out and written (tagged or not, as the manual is)."""
        return lay_out(html, self.project, self._what(part), game_files(self.edition.game),
                       cache, tagged=self.tagged)

    def _what(self, part: str) -> str:
        return f"{self.context['title']} ({part})"


def _numbered(layout: _Layout, names: list[str], found: dict[str, int] | None
              ) -> tuple[dict[str, Any], dict[str, int]]:
    """Every part laid out with the page each anchor landed on (``found``: as last built).

    Parts that print page numbers (the contents, the index) are laid out
    again with the pages found, until no page moves: a part already laid out
    with the same HTML costs nothing, so the contents at the front cost one
    layout more and the parts after them none, unless their length changed.
    """
    for _ in range(4):
        numbers: dict[str, int] = {}
        parts = {}
        page = 1
        for name in names:
            # pages found in this round, and those of the parts after this one from the last
            parts[name] = layout.laid(name, {**(found or {}), **numbers}, page if page > 1 else 0)
            for anchor, index in parts[name].anchors.items():
                if anchor not in layout.stubs[name]:
                    numbers.setdefault(anchor, page + index)
            page += parts[name].pages
        if numbers == found:
            return parts, numbers
        found = numbers
    raise RenderError(f"{layout.context['title']}: the page numbers change with every layout")


def _from_whole(layout: _Layout, names: list[str]) -> dict[str, int] | None:
    """A first build: the manual laid out as one document and each part written from its
    pages, remembered as that part's HTML laid out alone (the page of every anchor
    returned).

    One layout instead of one per part, and the contents count their own pages; a part
    whose HTML depends on the pages found (the index, which prints each page once) is
    laid out alone once they are known.  The parts are written, and that part laid out,
    by this process and a helper forked from it (publish.core.parallel.helper).  None if
    the parts cannot be told apart in the whole (a part with no anchor to find it by): they
    are laid out one by one.
    """
    edition, project, context = layout.edition, layout.project, layout.context

    def counted(name: str, numbers: dict[str, int]) -> str:
        return manual_html(edition, context, name, numbers, counters=True)

    blank = {name: counted(name, {}) for name in names}
    firsts = [first_id(blank[name]) for name in names[1:]]
    document = pdf.render(manual_html(edition, context, None, {}), project,
                          context["title"], game_files(edition.game))
    numbers = {anchor: page + 1 for anchor, page in anchor_pages(document).items()}
    edges = [0, *(numbers.get(a, 0) - 1 if a else -1 for a in firsts), len(document.pages)]
    ranges = dict(zip(names, pairwise(edges), strict=True))
    if any(end <= first for first, end in ranges.values()):
        return None
    htmls = {name: layout.html_alone(name, numbers, first + 1 if first else 0)
             for name, (first, _) in ranges.items()}
    alone = [name for name in names if blank[name] != counted(name, numbers)]

    def made(_: None, name: str) -> LaidOut:
        if name in alone:
            return layout.lay_out(name, htmls[name])
        first, end = ranges[name]
        return LaidOut(_written(document, first, end, layout, name),
                       end - first,
                       {a: at - 1 - first for a, at in numbers.items() if first < at <= end})

    # those laid out alone first (the longest tasks), then in order: the contents, which
    # write slowly for their length (a leader is many dots), are not left to the end
    order = sorted(names, key=lambda name: name not in alone)
    tasks = Tasks(made, None, order, [layout._what(name) for name in order])
    done = dict(zip(order, run_all(ForkedHelper(template_misuse), tasks).results, strict=True))
    for name in names:
        layout.done[htmls[name]] = done[name]
        if layout.cache is not None:
            keep(layout.cache, htmls[name], done[name])
    if layout.cache is not None:
        keep_cut(layout.cache, [htmls[name] for name in names if name not in alone])
    return numbers


def _written(document: Any, first: int, end: int, layout: _Layout, name: str) -> bytes:
    """The pages [first, end) of the whole written as the part ``name`` they are, with an
    anchor for each one it links to in other parts, as a part laid out alone has:
    WeasyPrint writes no link to an anchor missing from what it writes (the join takes
    them out)."""
    pages = list(document.pages[first:end])
    pages[-1] = copy.copy(pages[-1])
    stubs = layout.stubs[name]
    pages[-1].anchors = {**pages[-1].anchors, **{s: (0, 0, 0, 0) for s in sorted(stubs)}}
    return pdf.write_pdf(document.copy(pages), layout._what(name), layout.tagged)


PAGES = "pages.json"
"""In the cache of parts: the page of every anchor, as last built (the first guess next time)."""


def _pages_kept(cache: Path | None) -> dict[str, int] | None:
    try:
        kept = json.loads((cache / PAGES).read_text(encoding="utf-8")) if cache else None
        return {str(k): int(v) for k, v in kept.items()} if kept else None
    except (OSError, ValueError, AttributeError, TypeError):
        return None


def make_manual(edition: Edition, project: Path, options: ManualOptions,
                cache: Path | None = None, date: dt.date | None = None,
                changes: EditionChanges | None = None) -> Manual:
    """Lay out the manual part by part (raising the edition's problems first) and join it.

    Its parts are game.yaml's (publish.docs.shape); the contents and the index
    are laid out again once the pages they print are known.  With ``cache`` (a folder), a
    part whose HTML is the one laid out last time is not laid out again: a
    card edit costs the layout of that card's deck list, not of the manual.
    """
    context = manual_context(edition, options, date or build_date(), changes)
    edition.raise_problems()
    names = part_names(context)
    layout = _Layout(edition, project, context, cache, {
        name: references(manual_html(edition, context, name, {}))[0] for name in names})
    found = _pages_kept(cache)
    if found is None and len(names) > 1:
        found = _from_whole(layout, names)
    parts, numbers = _numbered(layout, names, found)
    if cache is not None:
        keep_only(cache, list(layout.html.values()))
        write_atomic(cache / PAGES, json.dumps(numbers, sort_keys=True) + "\n")
    lists = [i for i, name in enumerate(names) if name.startswith("deck-")]
    faces = [face for name in names for face in alternatives(layout.html[name])]
    pdf = join_pdfs([parts[name].pdf for name in names],
                    stubs=[layout.stubs[name] for name in names], continuing=set(lists[1:]),
                    faces=faces)
    return Manual(pdf, sum(p.pages for p in parts.values()), numbers, context)


def whole_html(edition: Edition, manual: Manual) -> str:
    """The finished manual as one HTML document (what make_manual joins from its parts)."""
    return manual_html(edition, manual.context, None, manual.numbers)
