"""One edition's rules sources, read and resolved: chapters, summaries, glossary terms.

Everything the manual and the summaries share is done here once: the
Markdown is parsed against the card data, the glossary's terms are found,
and the bold mentions of those terms are marked for the index.
"""

from __future__ import annotations

import html as html_lib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from markupsafe import Markup

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import sources
from publish.docs.context import Labels, RulesContext, Source, Words
from publish.docs.markdown import SOURCE_TEXT, RulesMarkdown, slug
from publish.model.game import Game
from publish.model.text import edition_typography
from publish.render.edition import EditionContext
from publish.render.tagging import titled

Gettext = Callable[[str], str]


def _identity(message: str) -> str:
    return message


def babel_locale(tag: str) -> Locale:
    return Locale.parse(tag, sep="-")


def labels(game: Game, locale: str, _: Gettext = _identity) -> Labels:
    """The renderer's own words; message ids are in English, like the shared templates'."""
    babel = babel_locale(locale)
    typography = edition_typography(game.config, locale)
    return Labels(
        callouts={"tip": _("Tip"), "caution": _("Watch out"), "note": _("Note")},
        list_joiner=lambda items: format_list(items, locale=babel) if items else "",
        example_meta=_("{players} players · {mode} mode · {decks}"),
        **({"quotes": typography.quotes} if typography else {}),
    )


def rules_dir(game: Game) -> Path:
    """The rules sources, in the source language; other editions translate them."""
    return game.root / "rules" / game.config.locales.source


def chapter_paths(game: Game) -> list[Path]:
    """The manual's chapters: ``rules/<source locale>/*.md`` in file-name order."""
    return sources(rules_dir(game), "*.md")


def summary_paths(game: Game) -> list[Path]:
    return sources(rules_dir(game) / "summaries", "*.md")


@dataclass
class Term:
    """A glossary term and the places the index points at."""

    name: str
    anchors: list[str] = field(default_factory=list)


def term_key(text: str) -> str:
    """How a bold mention is matched to a term: lower case, spaces folded, no plural."""
    key = " ".join(text.lower().split())
    return re.sub(r"(?<=[a-zà-ú])(es|s)$", "", key) if len(key) > 3 else key


def sort_key(text: str) -> str:
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


@dataclass
class Edition:
    """The parsed rules of one game in one language."""

    game: Game
    locale: str
    markdown: RulesMarkdown
    chapters: list[Source]
    summaries: list[Source]
    terms: dict[str, Term]
    shared: EditionContext
    """What the edition's renderers share: its templates, its icons, its faces' style."""
    words: Words | None = None
    """The edition's catalogs (None: every word as written in the sources)."""

    @property
    def gettext(self) -> Gettext:
        return self.words.gettext if self.words is not None else _identity

    @property
    def ctx(self) -> RulesContext:
        return self.markdown.ctx

    def raise_problems(self) -> None:
        if self.ctx.problems:
            raise ProblemsFound(sorted(set(self.ctx.problems), key=lambda p: p.location))


def named_icons(shared: EditionContext) -> dict[str, str]:
    """The game's icons as the rules show them: each SVG titled with the icon's name in the
    edition's words (game.yaml's ``icons``; a group's icon, the group's name; else its
    token), its text alternative in a tagged PDF."""
    config = shared.game.config
    names = {token: value.name for token, value in
             (config.groups.values if config.groups else {}).items()}
    names.update({token: icon.name for token, icon in config.icons.items()})
    return {token: titled(svg, names.get(token, token)) for token, svg in shared.icons.items()}


def read_edition(shared: EditionContext, *, link_cards: bool = True, stable_ids: bool = False,
                 check_example: Callable[[Path], list[Problem]] | None = None,
                 face_html: Callable[[Any], Markup] | None = None,
                 tagged: bool = False) -> Edition:
    """Parse every rules source in the edition of ``shared`` (its game in the edition's
    words); problems are collected.

    The edition's catalogs translate the source-language Markdown text by text.  ``tagged``:
    for a tagged PDF, each icon titled with its name (an untagged PDF is drawn as before).  The
    game's rules engine, if it has one, adds its own directives to the core's.
    """
    game, locale, words = shared.game, shared.locale, shared.words
    engine = shared.engine
    ctx = RulesContext(game=game, locale=locale,
                       icons=named_icons(shared) if tagged else shared.icons,
                       labels=labels(game, locale, words.gettext),
                       link_cards=link_cards, stable_ids=stable_ids,
                       examples_dir=game.root / "examples",
                       check_example=check_example, face_html=face_html, words=words,
                       source_names={c.name: c.number for c in shared.source.cards},
                       directives=engine.directives() if engine is not None else {})
    markdown = RulesMarkdown(ctx)
    chapters = [markdown.parse_file(p) for p in chapter_paths(game)]
    if not chapters:
        ctx.problems.append(Problem(Location(rules_dir(game)), "no rules chapters (*.md): "
                                    "write them here (docs/rules-markdown.md)"))
    summaries = [markdown.parse_file(p, prefix=f"summary-{p.stem}") for p in summary_paths(game)]
    terms = _glossary_terms(markdown, chapters)
    _mark_mentions(markdown, chapters, terms)
    return Edition(game, locale, markdown, chapters, summaries, terms, shared, words)


def _glossary_terms(markdown: RulesMarkdown, chapters: list[Source]) -> dict[str, Term]:
    """Every term of a definition list, anchored where it is defined."""
    terms: dict[str, Term] = {}
    for source in chapters:
        for i, token in enumerate(source.tokens):
            if token.type != "dt_open":
                continue
            text = heading_text(markdown.render_inline(source.tokens[i + 1]))
            name = " ".join(text.split())
            stable = token.meta.get(SOURCE_TEXT) if token.meta else None
            key = slug(stable) if stable else term_key(name).replace(" ", "-")
            anchor = markdown.unique_id(f"term-{key}")
            token.attrSet("id", anchor)
            terms.setdefault(term_key(name), Term(name)).anchors.append(anchor)
    return terms


def _mark_mentions(markdown: RulesMarkdown, chapters: list[Source],
                   terms: dict[str, Term]) -> None:
    """Bold mentions of a term and headings naming one get an anchor for the index."""
    for source in chapters:
        tokens = source.tokens
        for i, token in enumerate(tokens):
            if token.type == "heading_open":
                term = terms.get(term_key(_text(tokens[i + 1].children or [])))
                if term is not None:
                    term.anchors.append(str(token.attrGet("id") or ""))
            if token.type != "inline":
                continue
            kids = token.children or []
            for j in range(len(kids) - 2):
                if kids[j].type == "strong_open" and kids[j + 2].type == "strong_close":
                    term = terms.get(term_key(kids[j + 1].content))
                    if term is not None:
                        anchor = markdown.unique_id(f"mention-{len(term.anchors)}-"
                                                    f"{term_key(term.name).replace(' ', '-')}")
                        kids[j].attrSet("id", anchor)
                        term.anchors.append(anchor)


def _text(children: list) -> str:
    return "".join(c.content for c in children if c.type == "text")


def index_entries(edition: Edition, pages: dict[str, int] | None) -> list[dict]:
    """The index: each term with its pages (one link per page), sorted for the locale."""
    entries = []
    for term in sorted(edition.terms.values(), key=lambda t: sort_key(t.name)):
        links: dict[int, str] = {}
        for anchor in term.anchors:
            page = pages.get(anchor, 0) if pages is not None else 0
            links.setdefault(page, anchor)
        entries.append({"name": term.name,
                        "pages": [{"page": p, "anchor": a} for p, a in sorted(links.items())]})
    return entries


def heading_text(html: Markup) -> str:
    """A heading's plain text (for the contents, which escape it again); an icon's title,
    its text alternative in a tagged PDF, is not printed."""
    untitled = re.sub(r"<title>.*?</title>", "", str(html), flags=re.S)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", untitled))
