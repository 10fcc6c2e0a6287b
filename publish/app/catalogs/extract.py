"""The messages of a game, read from its sources: what translators translate.

* ``cards``: every card's name, effect text blocks and notes (context: the
  card number and field, "card 049 text 1"), and the words of game.yaml
  (deck, kind, group and family names, the licence's attribution).
* ``rules``: every paragraph, heading, list item, table cell and definition of
  the rules Markdown, the summaries and the example commentary (context: the
  file); directives (``{card 049}``) stay in the text and resolve in the
  edition's language.  Game logs and paragraphs made only of directives are
  not messages.
* ``ui``: the ``_("...")`` words of the game's own templates;
  ``templates``: those of the shared templates and of the renderer (one
  catalog per language for every game of the project).
* ``glossary``: the terms game.yaml lists under ``locales.glossary``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract as babel_extract
from markdown_it.token import Token

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_bytes, sources
from publish.core.yamlsource import load_front_matter
from publish.docs.messages import FRONT_MATTER_MESSAGES, has_words, normalise, rel
from publish.docs.parser import MAX_EDITION_CHARS, new_parser, read_markdown
from publish.i18n.catalog import new_catalog
from publish.model.game import Game, GameConfig
from publish.render.env import COMMON

UI_MODULES = ("docs/edition.py", "docs/site/pages.py", "docs/site/changes.py", "render/decks.py",
              "render/sheets.py", "render/errata.py", "docs/changes/data.py")
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2)}
"""The calls whose strings are messages (N_: a constant translated where it is printed)."""
"""Modules of this package whose ``_("...")`` words are printed in documents."""


# ------------------------------------------------------------------ cards


def card_messages(game: Game) -> Catalog:
    catalog = new_catalog(game.config.name, "cards", version=game.config.edition)
    config, where = game.config, game.config_source
    here = rel(game, where.path)

    def add(context: str, text: str | None, loc: tuple, comment: str = "") -> None:
        if text and text.strip():
            line = where.locate(loc).line
            catalog.add(text, locations=[(here, line)], context=context,
                        auto_comments=[comment] if comment else [])

    add("game name", config.name, ("name",))
    add("game source", config.source, ("source",), "the printed source the card texts come from")
    if config.licence.in_words:
        add("licence id", config.licence.id, ("licence", "id"),
            "printed at the foot of every card and summary")
    add("licence name", config.licence.name, ("licence", "name"))
    add("licence url", config.licence.url, ("licence", "url"),
        "the licence deed in the edition's language, if there is one")
    add("licence attribution", config.licence.attribution, ("licence", "attribution"),
        "say that the card texts are translated, and by whom")
    for kid, kind in config.card_kinds.items():
        add(f"kind {kid} name", kind.name, ("card_kinds", kid, "name"))
        _kind_count(catalog, kid, kind.count_forms(), here,
                    where.locate(("card_kinds", kid, "counted")).line)
    for bid, block in config.text_blocks.items():
        add(f"text block {bid} name", block.name, ("text_blocks", bid, "name"))
    for did, deck in config.decks.items():
        add(f"deck {did} name", deck.name, ("decks", did, "name"))
        add(f"deck {did} indicator", deck.indicator, ("decks", did, "indicator"),
            "printed small on the face of every card of the deck")
    for back_id, back in config.backs.items():
        add(f"back {back_id} name", back.name, ("backs", back_id, "name"),
            "printed on the back some cards name instead of their deck's")
    if config.groups:
        add("group label", config.groups.label, ("groups", "label"))
        for gid, value in config.groups.values.items():
            add(f"group {gid} name", value.name, ("groups", "values", gid, "name"))
    _tags_icons_fields(add, config)
    for card in sorted(game.cards, key=lambda c: c.number):
        _card(catalog, game, card)
    return catalog


def _tags_icons_fields(add: Callable[..., None], config: GameConfig) -> None:
    """The names game.yaml gives its tags, icons, card fields and their choices."""
    for tid, tag in config.tags.items():
        add(f"tag {tid} name", tag.name, ("tags", tid, "name"), "a heading: a family of cards")
        add(f"tag {tid} description", tag.description, ("tags", tid, "description"))
    for iid, icon in config.icons.items():
        add(f"icon {iid} name", icon.name, ("icons", iid, "name"),
            "what the icon stands for: its legend, and what a screen reader says of it")
    for fid, spec in config.fields.items():
        add(f"field {fid} label", spec.label, ("fields", fid, "label"),
            "a card field's name, printed beside its value in the card list")
        choices = spec.choices or [] if spec.type == "choice" else []
        for i, choice in enumerate(choices):
            add(f"field {fid} choice {choice}", choice, ("fields", fid, "choices", i),
                "a value of a card field, printed beside its name in the card list")


def _kind_count(catalog: Catalog, kid: str, forms: list[str], here: str, line: int) -> None:
    """A kind's name after a number: a plural message (one form per plural form)."""
    catalog.add((forms[0], forms[1] if len(forms) > 1 else forms[0]),
                locations=[(here, line)], context=f"kind {kid} counted",
                auto_comments=["after a number, as in '68 structural': "
                               + " | ".join(forms)])


def _card(catalog: Catalog, game: Game, card, side: str = "") -> None:
    """A card's messages; ``side`` "back ": its second face's ("card 004 back name")."""
    config = game.config
    path = rel(game, card.source.path)
    group = (config.groups.values[card.group].name
             if card.group and config.groups and card.group in config.groups.values else "")
    decks = ", ".join(config.decks[d].name for d in card.copies if d in config.decks)
    about = f"{decks}{' · ' + group if group else ''}"
    what = "card name" if not side else "name of the card's second face, printed as its back"
    catalog.add(card.name, locations=[(path, card.where("name").line)],
                context=f"card {card.number} {side}name", auto_comments=[f"{what} · {about}"])
    for i, block in enumerate(card.blocks, start=1):
        kind = config.text_blocks[block.kind].name if block.kind in config.text_blocks else ""
        line = card.where("text", i - 1, block.kind).line if block.kind else card.where(
            "text").line
        catalog.add(block.text, locations=[(path, line)],
                    context=f"card {card.number} {side}text {i}",
                    auto_comments=[f"{card.name}: {kind or 'effect'}"])
    if card.notes:
        catalog.add(card.notes, locations=[(path, card.where("notes").line)],
                    context=f"card {card.number} notes",
                    auto_comments=[f"{card.name}: notes (Markdown)"])
    for field_id in config.fields_of("translatable"):
        if card.fields.get(field_id):
            spec = config.fields[field_id]
            catalog.add(card.fields[field_id], locations=[(path, card.where(field_id).line)],
                        context=f"card {card.number} {side}{field_id}",
                        auto_comments=[f"{card.name}: {spec.title(field_id)}"])
    if card.back_face is not None:
        _card(catalog, game, card.back_face, "back ")


# ------------------------------------------------------------------ rules


def rules_files(game: Game) -> list[Path]:
    """The Markdown sources, in the source language: chapters, summaries, examples."""
    folder = game.root / "rules" / game.config.locales.source
    return [*sources(folder, "*.md"), *sources(folder / "summaries", "*.md"),
            *sources(game.root / "examples", "*.md")]


def markdown_messages(text: str) -> Iterator[tuple[str, int, str]]:
    """(message, line, what it is) for every translatable text of one Markdown file."""
    stack: list[str] = []
    for token in new_parser().parse(text):
        if token.type == "front_matter":
            yield from _front_matter(token)
        elif token.type == "container_callout_open":
            title = token.info.strip().partition(" ")[2].strip()
            if has_words(title):
                yield normalise(title), _line(token), "callout title"
        if token.nesting == 1:
            stack.append(token.type.removesuffix("_open"))
        elif token.nesting == -1 and stack:
            stack.pop()
        elif token.type == "inline" and has_words(token.content):
            yield normalise(token.content), _line(token), _what(stack)


def _front_matter(token: Token) -> Iterator[tuple[str, int, str]]:
    try:
        data, _ = load_front_matter(Path("front matter"), token.content, _line(token) + 1)
    except ProblemsFound:
        return  # reported by the check and the build, with its line
    for name in FRONT_MATTER_MESSAGES:
        value = data.get(name)
        if isinstance(value, str) and has_words(value):
            yield normalise(value), _line(token) + 1, f"front matter '{name}'"


def _line(token: Token) -> int:
    return token.map[0] + 1 if token.map else 0


def _what(stack: list[str]) -> str:
    names = {"heading": "heading", "paragraph": "paragraph", "th": "table heading",
             "td": "table cell", "dt": "glossary term", "dd": "definition",
             "list_item": "list item", "container_callout": "callout"}
    parts = [names[s] for s in reversed(stack) if s in names]
    return " in ".join(dict.fromkeys(parts)) or "text"


def rules_messages(game: Game) -> Catalog:
    """The texts of the rules sources (each within publish.docs.parser's limits)."""
    catalog = new_catalog(game.config.name, "rules", version=game.config.edition)
    texts, chars = {}, 0
    for path in rules_files(game):  # all read before any is parsed
        texts[path] = read_markdown(path, game.project)
        chars += len(texts[path])
        if chars > MAX_EDITION_CHARS:
            raise ProblemsFound([Problem(Location(path, 1, 1), (
                f"the rules come to more than {MAX_EDITION_CHARS:,} characters of Markdown "
                "with this file, the limit for an edition"))])
    for path, markdown in texts.items():
        context = rel(game, path)
        for text, line, what in markdown_messages(markdown):
            existing = catalog.get(text, context)
            if existing is not None:
                existing.locations.append((context, line))
                continue
            catalog.add(text, locations=[(context, line)], context=context,
                        auto_comments=[what])
    return catalog


# ------------------------------------------------------------------ ui


def shared_messages(project: Path) -> Catalog:
    """The words of the shared templates and of the renderer: every game's, named for none."""
    return _template_words(project, COMMON, new_catalog("publish", "templates"), shared=True)


def ui_messages(project: Path, game: Game) -> Catalog:
    """The template words of the game's own templates."""
    return _template_words(project, game.id, new_catalog(
        game.config.name, "ui", version=game.config.edition))


def _template_words(project: Path, templates_of: str, catalog: Catalog,
                    shared: bool = False) -> Catalog:
    """``catalog`` with the ``_("...")`` words of ``templates/<templates_of>/`` (and, for the
    ``shared`` catalog, of the renderer's modules)."""
    folder = project / "templates" / templates_of
    sources: list[tuple[Path, str, str]] = [
        (path, path.relative_to(project).as_posix(), "jinja2.ext:babel_extract")
        for path in (sorted(folder.rglob("*.j2")) if folder.is_dir() else [])]
    package = Path(__file__).resolve().parent.parent.parent
    for module in UI_MODULES if shared else ():
        sources.append((package / module, f"publish/{module}", "python"))
    options = {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}
    for path, shown, method in sources:
        data = io.BytesIO(read_bytes(path, package if method == "python" else project))
        for line, message, comments, context in babel_extract(
                method, data, keywords=KEYWORDS, options=options):
            if message and (isinstance(message, str) or all(message)):  # tuple: plural
                catalog.add(message, locations=[(shown, line)], context=context,
                            auto_comments=comments)
    return catalog


# ------------------------------------------------------------------ glossary


def glossary_messages(game: Game) -> Catalog:
    catalog = new_catalog(game.config.name, "glossary", version=game.config.edition)
    where = game.config_source
    for i, term in enumerate(game.config.locales.glossary):
        catalog.add(term, locations=[(rel(game, where.path), where.locate(
            ("locales", "glossary", i)).line)], context="term", auto_comments=[
            "forms separated by |: give yours likewise (crisis|crises); every card text "
            "using one of these forms must use one of yours"])
    return catalog


def templates(project: Path, game: Game, domains: Collection[str] | None = None
              ) -> dict[str, Catalog]:
    """Every domain's messages as they stand in the sources now (``domains``: only those)."""
    read: dict[str, Callable[[], Catalog]] = {
        "cards": lambda: card_messages(game), "rules": lambda: rules_messages(game),
        "ui": lambda: ui_messages(project, game),
        "templates": lambda: shared_messages(project),
        "glossary": lambda: glossary_messages(game)}
    return {name: make() for name, make in read.items() if domains is None or name in domains}
