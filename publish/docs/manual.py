"""The full manual: cover, contents, rules, card lists, cards by effect, index, colophon.

Chapters come from the edition's Markdown; the card list, the lists by effect
and the index come from the data, so none of them can disagree with the
decks.  The contents use CSS target-counter; the index needs the pages its
terms landed on, so the manual is laid out twice: once to learn the pages,
once with them printed (the index sits after everything it points at, so
the second layout moves nothing before it; the first stops after the chapters).
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.dates import format_date
from markupsafe import Markup

from publish.docs.edition import Edition, babel_locale, heading_text, index_entries
from publish.docs.markdown import RulesMarkdown
from publish.model import Card, Game
from publish.render.env import environment
from publish.render.geometry import PAPERS
from publish.text import untranslated


@dataclass(frozen=True)
class ManualOptions:
    paper: str = "a4"
    locale: str = "pt-BR"

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise ValueError(f"unknown paper {self.paper!r}: {', '.join(PAPERS)}")

    @property
    def suffix(self) -> str:
        return "" if self.paper == "a4" else f"-{self.paper}"


def build_date() -> dt.date:
    """Today, or SOURCE_DATE_EPOCH for reproducible builds."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date()
    return dt.date.today()


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
                "group": _group(game, card),
                "kind": None if card.kind == config.default_kind else kind.name,
                "effect": markdown.effect_html(card),
                "notes": _notes(markdown, card),
            })
        counts = [{"kind": config.card_kinds[k].name, "n": n} for k, n in kinds.items()]
        decks.append({"id": deck_id, "name": spec.name, "colour": spec.colour, "rows": rows,
                      "total": sum(kinds.values()), "kinds": counts})
    return decks


def _notes(markdown: RulesMarkdown, card: Card) -> Markup:
    if not card.notes:
        return Markup("")
    html = markdown.render_markdown_inline(card.notes, card.where("notes").path)
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


def manual_context(edition: Edition, options: ManualOptions, date: dt.date) -> dict[str, Any]:
    """Everything the manual template prints except the index's page numbers."""
    game, markdown = edition.game, edition.markdown
    config = game.config
    chapters = [{"html": markdown.render(source), "id": source.headings[0].id
                 if source.headings else ""} for source in edition.chapters]
    toc = [{"level": h.level, "id": h.id, "text": heading_text(h.html)}
           for source in edition.chapters for h in source.headings if h.level <= 2]
    return {
        "lang": options.locale,
        "title": f"{config.name} · {config.edition}",
        "game": {"name": config.name, "edition": config.edition, "source": config.source},
        "licence": {"label": _licence_label(config.licence.id), "name": config.licence.name,
                    "url": config.licence.url, "attribution": config.licence.attribution},
        "date": format_date(date, "long", locale=babel_locale(options.locale)),
        "paper": {"w": PAPERS[options.paper][0], "h": PAPERS[options.paper][1]},
        "chapters": chapters,
        "toc": toc,
        "decks": card_lists(edition),
        "families": cards_by_tag(edition),
        "groups": [{"name": v.name, "colour": v.colour}
                   for v in (config.groups.values.values() if config.groups else [])],
        "total_cards": len(game.cards),
    }


def _licence_label(spdx: str) -> str:
    from publish.render.decks import licence_label

    return licence_label(spdx)


def manual_html(edition: Edition, project: Path, context: dict[str, Any],
                pages: dict[str, int] | None, rules_only: bool = False) -> str:
    """The manual's HTML; ``rules_only``: up to the last chapter, where every term lives."""
    env = environment(project, edition.game.id, edition.gettext)
    style = _face_style(edition)
    return env.get_template("manual.html.j2").render(
        **context, index=index_entries(edition, pages), style=style, size=style.size, bw=False,
        rules_only=rules_only)


def _face_style(edition: Edition):
    from publish.render.decks import DeckOptions, face_style

    return face_style(edition.game, DeckOptions(), edition.ctx.icons)


def anchor_pages(document: Any) -> dict[str, int]:
    """Where each anchor of a laid-out document landed (pages count from 1)."""
    pages: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for anchor in page.anchors:
            pages.setdefault(anchor, number)
    return pages


def render_manual(edition: Edition, project: Path, options: ManualOptions,
                  date: dt.date | None = None, cache: Path | None = None) -> Any:
    """The laid-out manual (a WeasyPrint document); raises the edition's problems first."""
    from publish.render.pdf import render

    html, title = final_html(edition, project, options, date, cache)
    return render(html, project, title)


def final_html(edition: Edition, project: Path, options: ManualOptions,
               date: dt.date | None = None, cache: Path | None = None) -> tuple[str, str]:
    """The manual's HTML with its index's pages, and its title.

    The generated parts start on a page of their own after the chapters, so the
    chapters' pages are the same with or without them: the first layout, which
    finds where the index's terms landed, lays out the chapters only.  With
    ``cache`` (a JSON file), that layout is skipped when the chapters' HTML is
    the one laid out last time: a card edit that the chapters do not show
    costs one layout, not two.
    """
    import hashlib
    import json

    from publish.atomic import write_atomic
    from publish.render.pdf import render

    context = manual_context(edition, options, date or build_date())
    edition.raise_problems()
    title = context["title"]
    chapters = manual_html(edition, project, context, None, rules_only=True)
    key = hashlib.sha256(chapters.encode("utf-8")).hexdigest()
    try:
        known = json.loads(cache.read_text(encoding="utf-8")) if cache else {}
    except (OSError, ValueError):
        known = {}
    pages = known.get("pages") if isinstance(known, dict) and known.get("key") == key else None
    if not isinstance(pages, dict):
        pages = anchor_pages(render(chapters, project, title))
        if cache is not None:
            write_atomic(cache, json.dumps({"key": key, "pages": pages}) + "\n")
    return manual_html(edition, project, context, pages), title
