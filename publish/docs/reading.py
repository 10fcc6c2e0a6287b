"""Passes over a freshly parsed rules source: its translation into the edition's language,
its front matter, and the card names typed where a reference belongs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from publish.core.problems import Location, ProblemsFound
from publish.core.yamlsource import load_front_matter
from publish.docs.context import RulesContext, Words
from publish.docs.messages import FRONT_MATTER_MESSAGES, has_words, normalise


def translate_tokens(md: MarkdownIt, tokens: list[Token], context: str, words: Words,
                     afford: Callable[[str, Location], bool]) -> None:
    """Each text of the source in the edition's language; untranslated ones marked, and those
    the edition cannot ``afford`` to parse (publish.docs.parser.MAX_EDITION_CHARS)."""
    for token in tokens:
        if token.type == "container_callout_open":
            kind, _, title = token.info.strip().partition(" ")
            if has_words(title):
                text, _done = words.text("rules", context, normalise(title))
                token.info = f"{kind} {text}"
        if token.type != "inline" or not has_words(token.content):
            continue
        found = words.get("rules", context, normalise(token.content))
        if found is None or not afford(found.text, found.where):
            kids = token.children or []
            token.children = [Token("untranslated_open", "span", 1), *kids,
                              Token("untranslated_close", "span", -1)]
            continue
        parsed = md.parseInline(found.text, {})
        token.content = found.text
        token.children = parsed[0].children if parsed else []
        token.meta = {**(token.meta or {}), "translation": found.where}


def translate_meta(meta: dict[str, Any], context: str, words: Words) -> dict[str, Any]:
    """The printed values of the front matter (title, mode) in the edition's language."""
    out = dict(meta)
    for name in FRONT_MATTER_MESSAGES:
        value = meta.get(name)
        if isinstance(value, str) and has_words(value):
            out[name] = words.text("rules", context, normalise(value))[0]
    return out


def front_matter(ctx: RulesContext, token: Token, path: Path) -> dict[str, Any]:
    """The YAML between the `---` lines, or {} with a located problem."""
    try:
        return load_front_matter(path, token.content, front_matter_line(token))[0]
    except ProblemsFound as found:
        ctx.problems.extend(found.problems)
        return {}


def front_matter_line(token: Token) -> int:
    """The line of the file where a front matter token's YAML starts (after its '---')."""
    return token.map[0] + 2 if token.map else 2


def typed_card_names(ctx: RulesContext, tokens: list[Token], path: Path) -> None:
    """A card name typed in bold or italics would not follow a rename: ask for a reference."""
    names = {" ".join(c.name.split()).casefold(): c for c in ctx.game.cards}
    last_line = 0
    for token in tokens:
        if token.map:
            last_line = token.map[0]
        kids = token.children or []
        for j in range(len(kids) - 2):
            if (kids[j].type in ("strong_open", "em_open") and kids[j + 1].type == "text"
                    and kids[j + 2].type in ("strong_close", "em_close")):
                card = names.get(" ".join(kids[j + 1].content.split()).casefold())
                if card is not None:
                    ctx.fail(Location(path, last_line + 1, 1),
                             f"'{kids[j + 1].content}' is the name of card {card.number}: "
                             f"write {{card {card.number}}} so a rename reaches this text "
                             f"(*{{card {card.number}}}* keeps the emphasis)")
