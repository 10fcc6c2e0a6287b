"""Every page of one edition of the website, from its rules and its cards.

An edition's folder (``site/<locale>/``) holds ``index.html`` (the contents),
``rules/<chapter>.html``, ``cards/index.html`` (the card list, filterable as
the gallery is), ``cards/<number>.html``, ``glossary.html``,
``examples/<stem>.html``, ``search.html`` and its ``search-index.js``.  Every
link is relative.  A chapter's page is named after its source file and its
headings' ids are made from the source-language text (RulesContext.stable_ids),
so a page and an anchor have the same name in every edition and from build to
build while the heading's source text stays.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from babel import Locale
from markupsafe import Markup

from publish.docs.changes.data import EditionChanges
from publish.docs.context import Source
from publish.docs.directives.example import meta_line
from publish.docs.edition import Edition, heading_text, sort_key
from publish.docs.manual import listed_fields
from publish.docs.messages import rel
from publish.docs.site.changes import PAGE, mark_changed, site_changelog
from publish.docs.site.links import (
    card_pages,
    example_summaries,
    icon_names,
    moves,
    notes_in_text,
    places,
    plain,
    sections,
    self_links,
    term_links,
)
from publish.model.game import Card, Game
from publish.render.gallery import NO_GROUP, gallery_context

_ICON = re.compile(r":([a-z0-9_-]+):")


@dataclass(frozen=True)
class CardImage:
    """A card's face on the website: a screen-resolution PNG and one twice as sharp."""

    src: str
    """Under the edition's folder: images/049.png."""
    src2x: str
    w: int
    h: int


def card_images(game: Game, size: tuple[int, int]) -> dict[str, CardImage]:
    """The face image of every card that is in a deck, ``size`` pixels at 1x."""
    return {c.number: CardImage(f"images/{c.number}.png", f"images/{c.number}@2x.png", *size)
            for c in game.cards if c.copies}


def language_name(locale: str) -> str:
    """An edition's language in its own words ("português (Brasil)"), capitalised."""
    try:
        name = Locale.parse(locale, sep="-").get_display_name(Locale.parse(locale, sep="-"))
    except (ValueError, TypeError):
        name = None
    name = name or locale
    return name[:1].upper() + name[1:]


def face_image(game: Game, locale: str, images: Mapping[str, CardImage], up: str
               ) -> Callable[[Card], Markup]:
    """What `{face}` shows on the website: the card's image, linked to its page, with its
    full text as the image's alternative."""

    def drawn(card: Card) -> Markup:
        image = images.get(card.number)
        if image is None:
            return Markup('<span class="cardref">{}</span>').format(card.name)
        return Markup('<a class="cardref" href="{up}cards/{n}.html"><img src="{up}{src}" '
                      'srcset="{up}{src} 1x, {up}{src2x} 2x" width="{w}" height="{h}" '
                      'alt="{alt}"></a>').format(
            up=up, n=card.number, src=image.src, src2x=image.src2x, w=image.w, h=image.h,
            alt=full_text(game, card, locale))

    return drawn


def full_text(game: Game, card: Card, locale: str) -> str:
    """A card's whole text as printed, as words: its number and name, kind or group, every
    block of its text (icons by their names) and its own fields."""
    config = game.config
    icons = {token: spec.name for token, spec in config.icons.items()}
    kind = config.card_kinds[card.kind].name
    group = config.groups.values[card.group].name if config.groups and card.group else ""
    parts = [f"№ {card.number} {card.name}", group or kind]
    parts += [_ICON.sub(lambda m: icons.get(m.group(1), m.group(1)), b.text) for b in card.blocks]
    fields = listed_fields(game, card, locale)["fields"]
    parts += [f"{f['label']}: {plain(str(f['value']))}" for f in fields]
    return ". ".join(p.strip().rstrip(".") for p in parts if p.strip()) + "."


@dataclass
class _Pages:
    """The pages made so far, and what they name."""

    edition: Edition
    common: dict[str, Any]
    images: Mapping[str, CardImage]
    files: dict[str, str] = field(default_factory=dict)
    mentions: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    """Card number -> the places naming it, as a card page links to them."""
    used: dict[str, str] = field(default_factory=dict)
    """Element id -> the address (from the edition's folder) of the place holding it."""
    index: list[dict[str, str]] = field(default_factory=list)
    """The search index's entries (publish.docs.site.pages.search_script)."""
    terms: dict[str, str] = field(default_factory=dict)
    """A bold mention's id -> the id of the glossary term it mentions."""

    def render(self, name: str, path: str, **context: Any) -> None:
        up = "../" * path.count("/")
        env = self.edition.shared.rules_env
        html = env.get_template(f"site/{name}.html.j2").render(
            **self.common, **context, path=path, up=up, assets=f"{up}../assets/")
        names = {token: spec.name for token, spec in self.edition.game.config.icons.items()}
        self.files[path] = icon_names(html, names)

    def note_places(self, html: str, path: str, page_title: str) -> None:
        """Which cards this page names and where, and the page of every id it holds."""
        for place in places(html):
            anchor = place.heading
            href = f"{path}#{anchor}" if anchor and not path.endswith(anchor) else path
            if place.kind == "card":
                title = page_title if not place.title or place.title == page_title \
                    else f"{page_title} › {place.title}"
                found = self.mentions.setdefault(place.value, [])
                if all(m["href"] != href for m in found):
                    found.append({"href": href, "title": title})
            else:
                self.used[place.value] = href


def site_pages(edition: Edition, editions: list[str], images: Mapping[str, CardImage],
               changes: EditionChanges | None = None) -> dict[str, bytes]:
    """Every page of ``edition``'s part of the website, by path under its folder; ``editions``:
    every edition the site has (for the language switcher), ``images``: the card faces;
    ``changes``: what changed since game.yaml's ``changes_since`` (its page, and each changed
    rule marked)."""
    game, gettext = edition.game, edition.gettext
    config = game.config
    carded = [c for c in sorted(game.cards, key=lambda c: c.number) if c.copies]
    places = mark_changed(edition, changes, {rel(game, s.path): _chapter_id(s)
                                             for s in edition.chapters}) if changes else {}
    rendered = [edition.markdown.render(source) for source in edition.chapters]
    examples = _examples(edition)
    common = {
        "lang": edition.locale,
        "game": {"name": config.name, "edition": config.edition,
                 "attribution": config.licence.attribution},
        "editions": [{"locale": loc, "name": language_name(loc)} for loc in editions],
        "has_cards": bool(carded), "has_glossary": bool(edition.terms),
        "has_examples": bool(examples), "has_changes": changes is not None,
    }
    pages = _Pages(edition, common, images)
    pages.terms = {anchor: term.anchors[0] for term in edition.terms.values()
                   for anchor in term.anchors if anchor.startswith("mention-")
                   and term.anchors[0].startswith("term-")}
    chapters = _chapters(pages, rendered, examples)
    _example_pages(pages, examples, chapters)
    _glossary(pages, rendered)
    _cards(pages, carded)
    pages.render("home", "index.html", kind="home", title=config.name, chapters=chapters,
                 cards_total=len(carded))
    if changes is not None:
        pages.render("changes", PAGE, kind="changes", log=site_changelog(edition, changes, places),
                     pages=[card.number for card in carded],
                     title=gettext("Changes since {version}").format(version=config.changes_since))
    pages.render("search", "search.html", kind="search", title=gettext("Search"))
    pages.files["search-index.js"] = search_script(pages.index)
    return {path: text.encode("utf-8") for path, text in sorted(pages.files.items())}


def _chapters(pages: _Pages, rendered: list[Markup], examples: dict[str, dict[str, Any]]
              ) -> list[dict[str, Any]]:
    """A page per chapter, each embedded example shown as a link to its own page; the
    chapters' titles, addresses and sections returned."""
    edition = pages.edition
    chapters: list[dict[str, Any]] = [{"id": _chapter_id(source), "title": _title(source),
                 "href": f"rules/{_chapter_id(source)}.html",
                 "sections": [{"id": h.id, "text": heading_text(h.html)}
                              for h in source.headings if h.level == 2]}
                for source in edition.chapters]
    read_more = edition.gettext("Read this example move by move")
    anchor_label = edition.gettext("Link to this section")

    def summary(ident: str) -> Markup | None:
        example = examples.get(ident)
        if example is None:
            return None
        return Markup('<section class="example" id="{id}"><h3 class="example-title">{t}</h3>'
                      '<p class="example-meta">{m}</p><p><a href="../{h}">{r}</a></p>'
                      '</section>').format(id=ident, t=example["title"], m=example["meta"],
                                           h=example["href"], r=read_more)

    for i, html in enumerate(rendered):
        chapter = chapters[i]
        body = term_links(card_pages(example_summaries(notes_in_text(str(html)), summary),
                                     "../"), pages.terms, "../")
        pages.note_places(body, chapter["href"], chapter["title"])
        for ident, title, text in sections(body):
            pages.index.append({"t": title, "u": f"{chapter['href']}#{ident}", "k": "rule",
                                "x": text})
        pages.render("chapter", chapter["href"], kind="chapter", title=chapter["title"],
                     body=Markup(self_links(body, anchor_label)),
                     previous=chapters[i - 1] if i else None,
                     next=chapters[i + 1] if i + 1 < len(chapters) else None)
    return chapters


def _example_pages(pages: _Pages, examples: dict[str, dict[str, Any]],
                   chapters: list[dict[str, Any]]) -> None:
    """A page per example, its logs as numbered moves, and examples/index.html."""
    edition = pages.edition
    for ident, example in examples.items():
        body = moves(card_pages(notes_in_text(str(edition.markdown.render(example["source"]))),
                                "../"), edition.gettext("Moves"))
        body = term_links(body, pages.terms, "../")
        pages.note_places(body, example["href"], example["title"])
        pages.index.append({"t": example["title"], "u": example["href"], "k": "example",
                            "x": plain(body)})
        shown = next((c for c in chapters if pages.used.get(ident, "").startswith(c["href"])),
                     None)
        pages.render("example", example["href"], kind="example", title=example["title"],
                     meta=example["meta"], shown_in=shown, body=Markup(body))
    if examples:
        pages.render("examples", "examples/index.html", kind="examples",
                     title=edition.gettext("Examples"), examples=list(examples.values()))


def _chapter_id(source: Source) -> str:
    return source.headings[0].id if source.headings else source.path.stem


def _title(source: Source) -> str:
    return heading_text(source.headings[0].html) if source.headings else source.path.stem


def _examples(edition: Edition) -> dict[str, dict[str, Any]]:
    """The examples the chapters embed, by their id, in order: title, meta line, source."""
    found: dict[str, dict[str, Any]] = {}
    for source in edition.chapters:
        for token in source.tokens:
            shown = token.meta.get("example") if token.meta else None
            if isinstance(shown, tuple):
                ident, example = shown
                stem = ident.removeprefix("example-")
                found[ident] = {"title": example.meta.get("title") or stem,
                                "meta": meta_line(edition.ctx, example), "source": example,
                                "href": f"examples/{stem}.html"}
    return found


_DEFINITION = re.compile(r'<dt id="(term-[^"]+)">(.*?)</dt>\s*<dd>(.*?)</dd>', re.DOTALL)


def _glossary(pages: _Pages, rendered: list[Markup]) -> None:
    """glossary.html: every term with its definition and the places that use it."""
    edition = pages.edition
    if not edition.terms:
        return
    definitions = {m.group(1): m.group(3) for html in rendered
                   for m in _DEFINITION.finditer(str(html))}
    terms = []
    for term in sorted(edition.terms.values(), key=lambda t: sort_key(t.name)):
        ident = term.anchors[0]
        definition = card_pages(definitions.get(ident, ""), "")
        used: list[dict[str, str]] = []
        for anchor in term.anchors[1:]:
            href = pages.used.get(anchor)
            if href and all(u["href"] != href for u in used):
                used.append({"href": href, "title": _place_title(pages, href)})
        terms.append({"id": ident, "name": term.name, "definition": Markup(definition),
                      "used": used})
        pages.index.append({"t": term.name, "u": f"glossary.html#{ident}", "k": "term",
                            "x": plain(definition)})
    pages.render("glossary", "glossary.html", kind="glossary",
                 title=edition.gettext("Glossary"), terms=terms)


def _place_title(pages: _Pages, href: str) -> str:
    path, _, anchor = href.partition("#")
    page = pages.files.get(path, "")
    match = re.search(rf'id="{re.escape(anchor)}"[^>]*>(.*?)</h[1-6]>', page, re.DOTALL) \
        if anchor else None
    title = re.search(r"<title>(.*?) · ", page)
    heading = plain(match.group(1)).removesuffix(" #") if match else ""
    chapter = plain(title.group(1)) if title else path
    return f"{chapter} › {heading}" if heading and heading != chapter else chapter


def _cards(pages: _Pages, carded: list[Card]) -> None:
    """cards/index.html and a page per card."""
    edition = pages.edition
    game = edition.game
    if not carded:
        return
    config = game.config
    names = _naming(carded)
    named_by: dict[str, list[Card]] = {}
    for card in carded:
        for other in names[card.number]:
            named_by.setdefault(other.number, []).append(card)
    first = next(iter(pages.images.values()), None)
    size = (first.w, first.h) if first else (0, 0)
    listed = gallery_context(game, {c.number: [d for d in config.decks if d in c.copies]
                                    for c in carded}, size)
    for row in listed["cards"]:
        row["src"] = f"../{pages.images[row['number']].src}" if row["number"] in pages.images \
            else ""
    for i, card in enumerate(carded):
        around = {"previous": carded[i - 1] if i else None,
                  "next": carded[i + 1] if i + 1 < len(carded) else None}
        _card_page(pages, card, listed["cards"][i], names[card.number],
                   named_by.get(card.number, []), around)
    pages.render("cards", "cards/index.html", kind="cards",
                 title=edition.gettext("Cards"), cards=listed["cards"], decks=listed["decks"],
                 groups=listed["groups"], kinds=listed["kinds"], no_group=NO_GROUP,
                 image={"w": size[0], "h": size[1]})


def _card_page(pages: _Pages, card: Card, listed: dict[str, Any], names: list[Card],
               named_by: list[Card], around: dict[str, Card | None]) -> None:
    """cards/<number>.html: the face, the text as text, notes, decks, where it is named."""
    edition = pages.edition
    game, markdown, config = edition.game, edition.markdown, edition.game.config
    notes = markdown.render_markdown_inline(card.notes, card.where("notes").path) \
        if card.notes else Markup("")
    image = pages.images.get(card.number)
    alt = full_text(game, card, edition.locale)
    page = {
        "number": card.number, "name": card.name, "colour": listed["colour"],
        "kind": listed["kind_name"], "group": listed["group_name"],
        "effect": markdown.effect_html(card),
        "fields": listed_fields(game, card, edition.locale)["fields"],
        "notes": Markup(card_pages(str(notes), "../")),
        "decks": [{"id": d, "name": config.decks[d].name, "copies": card.copies[d]}
                  for d in config.decks if d in card.copies],
        "image": None if image is None else {"src": f"../{image.src}",
                                             "src2x": f"../{image.src2x}",
                                             "w": image.w, "h": image.h},
        "alt": alt,
        "mentions": [{"href": f"../{m['href']}", "title": m["title"]}
                     for m in pages.mentions.get(card.number, [])],
        "names": [{"href": f"{c.number}.html", "name": c.name} for c in names],
        "named_by": [{"href": f"{c.number}.html", "name": c.name} for c in named_by],
    }
    pages.render("card", f"cards/{card.number}.html", kind="card",
                 title=f"№ {card.number} {card.name}", card=page,
                 **{k: {"href": f"{c.number}.html", "name": c.name} if c else None
                    for k, c in around.items()})
    pages.index.append({"t": f"№ {card.number} {card.name}", "u": f"cards/{card.number}.html",
                        "k": "card", "x": f"{alt} {plain(str(notes))}"})


def _naming(cards: list[Card]) -> dict[str, list[Card]]:
    """Per card, the other cards it names: their full names in its text or notes, or a
    `{card}` reference in its notes."""
    found: dict[str, list[Card]] = {}
    patterns = [(other, re.compile(r"(?<!\w)" + re.escape(other.name.casefold()) + r"(?!\w)"))
                for other in cards if len(other.name) >= 4]
    numbers = {c.number: c for c in cards}
    for card in cards:
        text = " ".join([card.text, card.notes]).casefold()
        named = [other for other, pattern in patterns
                 if other.number != card.number and pattern.search(text)]
        for ref in re.findall(r"\{card\s+(\d+)\}", card.notes):
            other = numbers.get(ref.zfill(len(card.number)))
            if other is not None and other is not card and other not in named:
                named.append(other)
        found[card.number] = sorted(named, key=lambda c: c.number)
    return found


def search_script(entries: list[dict[str, str]]) -> str:
    """search-index.js: the entries as a script (a page read from a folder may load a script
    but not fetch a file), ``</`` written so that no entry can end the script."""
    data = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))
    return "window.SITE_SEARCH = " + data.replace("</", "<\\/") + ";\n"


def root_page(edition: Edition, editions: list[str]) -> bytes:
    """site/index.html: every edition, each named in its own language."""
    config = edition.game.config
    html = edition.shared.rules_env.get_template("site/root.html.j2").render(
        lang=edition.locale, game={"name": config.name},
        editions=[{"locale": loc, "name": language_name(loc)} for loc in editions])
    return html.encode("utf-8")

