"""Rules Markdown: markdown-it-py with our directives for cards, lists, examples and icons.

Directives are written in braces (`{card 049}`, `{cards tag=field}`,
`{example stem}`) and resolved against the card data when rendering, so a
renamed card is renamed everywhere.  Each is a handler of the registry
(publish.docs.directives, plus the game plug-in's own); their HTML comes from
templates/_common/directives.html.j2.  Raw HTML in the sources is escaped:
rules text is data.  Every problem is collected with its file, line and
column; the caller raises them together.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markupsafe import Markup

from publish.core.patterns import PatternTimeout
from publish.core.problems import Location, did_you_mean
from publish.docs.context import Heading, Labels, RulesContext, Source
from publish.docs.directives import CORE
from publish.docs.directives.base import Call, Directive
from publish.docs.html import directive_macros
from publish.docs.messages import rel
from publish.docs.parser import (
    MAX_DIRECTIVES,
    MAX_EDITION_CHARS,
    lift_block_directives,
    locate,
    new_parser,
    read_markdown,
)
from publish.docs.reading import front_matter, translate_meta, translate_tokens, typed_card_names
from publish.model.game import Card, Typography
from publish.model.text import UnknownIcon, edition_typography, style_blocks, untranslated

__all__ = ["Heading", "Labels", "RulesContext", "RulesMarkdown", "Source"]

CALLOUTS = ("tip", "caution", "note")


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "s"


class RulesMarkdown:
    """Parses and renders the rules sources of one edition against its game."""

    def __init__(self, ctx: RulesContext) -> None:
        self.ctx = ctx
        self.directives: dict[str, Directive] = {**CORE, **ctx.directives}
        self.md = new_parser(ctx.labels.quotes, self.directives)
        self.renderer = _html_renderer(self.md)
        self.html = directive_macros(ctx.game)
        self._ids: set[str] = set()
        self._cards_by_name = {c.name: c for c in ctx.game.cards}
        """The cards by their name in the edition's language: what a translation names."""
        self._source_names = dict(ctx.source_names) or {
            c.name: c.number for c in ctx.game.cards}
        """The cards' numbers by their name in the source language: what the source names."""
        self.chars = 0
        """Characters of Markdown parsed so far (MAX_EDITION_CHARS)."""
        self.met = 0
        """Directives and icons met so far (MAX_DIRECTIVES)."""
        for name, rule in (("directive", self._render_directive), ("icon", self._render_icon),
                           ("untranslated_open", lambda *_: '<span class="untranslated">'),
                           ("untranslated_close", lambda *_: "</span>"),
                           ("directive_block", self._render_block),
                           ("container_callout_open", self._render_callout),
                           ("container_callout_close", self._render_callout),
                           ("fence", self._render_fence), ("front_matter", lambda *_: "")):
            # markdown-it infers its rule table as bound methods only; it calls any callable
            self.renderer.rules[name] = rule  # type: ignore[assignment]

    # -------------------------------------------------------- reading

    def parse_file(self, path: Path, prefix: str | None = None) -> Source:
        """One rules source, read inside the project (publish.core.projectfiles) within
        publish.docs.parser.MAX_MARKDOWN_BYTES."""
        return self.parse_text(read_markdown(path, self.ctx.game.project), path, prefix)

    def parse_text(self, text: str, path: Path, prefix: str | None = None) -> Source:
        """Tokens of one file, with locations, heading ids and block directives resolved;
        nothing (its problem said) once the edition's rules are over what they may parse
        (MAX_EDITION_CHARS) or hold (MAX_DIRECTIVES)."""
        if not self.afford(text, Location(path, 1, 1)):
            return Source(path, [], {}, [])
        tokens = self.md.parse(text, {"path": path})
        words = self.ctx.words
        if words is not None and words.is_source:
            words = None  # the source edition is read as written
        if self.ctx.stable_ids:
            keep_source_text(tokens)
        if words is not None:
            translate_tokens(self.md, tokens, rel(self.ctx.game, path), words, self.afford)
        meta: dict[str, Any] = {}
        last_line = 0
        for token in tokens:
            if token.map:
                last_line = token.map[0]
            if token.type == "front_matter":
                meta = front_matter(self.ctx, token, path)
                if words is not None:
                    meta = translate_meta(meta, rel(self.ctx.game, path), words)
            if token.type == "inline":
                translation = "translation" in (token.meta or {})
                for child in token.children or []:
                    if child.type in ("directive", "icon"):
                        child.meta["where"] = locate(path, token, child.meta["offset"], last_line)
                        child.meta["in_translation"] = translation
        if not self._count_directives(tokens):
            return Source(path, [], {}, [])
        tokens = lift_block_directives(tokens)
        self._check_blocks(tokens)
        headings = self._headings(tokens, prefix or slug(path.stem))
        for name, directive in self.directives.items():
            if directive.parsed is not None:
                directive.parsed(self, tokens, name)
        typed_card_names(self.ctx, tokens, path)
        return Source(path, tokens, meta, headings)

    def afford(self, text: str, where: Location) -> bool:
        """Whether ``text`` may be parsed within MAX_EDITION_CHARS (a problem at ``where``,
        the first time it may not; nothing once a limit was passed)."""
        if self.chars > MAX_EDITION_CHARS or self.met > MAX_DIRECTIVES:
            return False
        self.chars += len(text)
        if self.chars > MAX_EDITION_CHARS:
            self.ctx.fail(where, f"the rules of this edition come to more than "
                                 f"{MAX_EDITION_CHARS:,} characters of Markdown with this "
                                 "text, the limit: nothing from here on is read")
            return False
        return True

    def _count_directives(self, tokens: list[Token]) -> bool:
        """Whether the directives and icons of ``tokens`` keep the edition within
        MAX_DIRECTIVES (a problem at the first one over, the first time they do not)."""
        if self.met > MAX_DIRECTIVES:
            return False
        for token in tokens:
            for child in token.children or []:
                if child.type in ("directive", "icon"):
                    self.met += 1
                    if self.met > MAX_DIRECTIVES:
                        self.ctx.fail(child.meta["where"], f"more than {MAX_DIRECTIVES:,} "
                                      "directives and icons in the rules of this edition, the "
                                      "limit: nothing from here on is read")
                        return False
        return True

    def _check_blocks(self, tokens: list[Token]) -> None:
        for token in tokens:
            for child in token.children or []:
                if child.type == "directive" and self.directives[child.meta["name"]].block_only:
                    self.ctx.fail(child.meta["where"],
                                  f"{{{child.meta['name']}}} must be a paragraph of its own")

    def unique_id(self, wanted: str) -> str:
        candidate, n = wanted, 2
        while candidate in self._ids:
            candidate, n = f"{wanted}-{n}", n + 1
        self._ids.add(candidate)
        return candidate

    def _headings(self, tokens: list[Token], prefix: str) -> list[Heading]:
        headings = []
        for i, token in enumerate(tokens):
            if token.type != "heading_open":
                continue
            level = int(token.tag[1])
            html = self.render_inline(tokens[i + 1])
            text = token.meta.get(SOURCE_TEXT) or re.sub(r"<[^>]+>", "", str(html))
            ident = self.unique_id(prefix if level == 1 else f"{prefix}--{slug(text)}")
            token.attrSet("id", ident)
            headings.append(Heading(level, ident, html))
        return headings

    # -------------------------------------------------------- writing

    def render(self, source: Source) -> Markup:
        return Markup(self.md.renderer.render(source.tokens, self.md.options,
                                              {"path": source.path}))

    def render_inline(self, inline: Token) -> Markup:
        return Markup(self.renderer.renderInline(inline.children or [], self.md.options, {}))

    def render_markdown_inline(self, text: str, path: Path, in_translation: bool = False
                               ) -> Markup:
        """A short Markdown text (a card's notes) as inline HTML; ``in_translation``: the
        text is a catalog's, whose card names are the edition's."""
        tokens = self.md.parseInline(text, {"path": path})
        for token in tokens:
            for child in token.children or []:
                if child.type in ("directive", "icon"):
                    child.meta["where"] = locate(path, token, child.meta["offset"], 0)
                    child.meta["in_translation"] = in_translation
        return Markup(self.md.renderer.render(tokens, self.md.options, {"path": path}))

    def card_link(self, card: Card) -> Markup:
        self.ctx.cards_shown.add(card.number)
        name = untranslated(card.name, "name" in card.untranslated)
        return self.html.card_link(card.number, name, self.ctx.link_cards)

    def find_card(self, arg: str, where: Location, in_translation: bool = False
                  ) -> Card | None:
        """The card `{card ARG}` names: by its number, or by its name in the language of the
        text it is written in (``in_translation``: the edition's, else the source's), so a
        name written right is right in every edition."""
        game = self.ctx.game
        if arg.isdigit():
            number = arg.zfill(game.config.number_digits)
            try:
                return game.card(number)
            except KeyError:
                numbers = [c.number for c in game.cards]
                self.ctx.fail(where, f"{{card {arg}}}: no card numbered {number}"
                              f"{did_you_mean(number, numbers)}")
                return None
        if in_translation:
            card = self._cards_by_name.get(arg)
            if card is None:
                self.ctx.fail(where, f"{{card {arg}}}: no card has this name in this "
                              f"translation{did_you_mean(arg, self._cards_by_name)}; write its "
                              "number or its translated name exactly as in the cards catalog")
            return card
        named = self._source_names.get(arg)
        if named is None:
            self.ctx.fail(where, f"{{card {arg}}}: no card has this name"
                          f"{did_you_mean(arg, self._source_names)}; write its number or "
                          "its name exactly as in the deck file")
            return None
        return game.card(named)

    def effect_html(self, card: Card, only: frozenset[str] = frozenset()) -> Markup:
        """A card's effect text, styled by the edition's typography, as in the card list.

        ``only``: the kinds of block to show (all if empty).
        """
        self.ctx.cards_shown.add(card.number)
        typography = edition_typography(self.ctx.game.config, self.ctx.locale) or Typography()
        try:
            html = style_blocks([b.text for b in card.blocks], typography, self.ctx.icons,
                                [b.effect for b in card.blocks], [b.kind for b in card.blocks])
        except (UnknownIcon, PatternTimeout) as exc:
            return self.ctx.fail(card.where("text"), f"card {card.number}: {exc}")
        return self.html.effect([
            {"kind": b.kind or "text", "untranslated": f"text {i}" in card.untranslated,
             "html": h}
            for i, (b, h) in enumerate(zip(card.blocks, html, strict=True), start=1)
            if not only or b.kind in only])

    def _call(self, tokens: Sequence[Token], idx: int) -> tuple[Directive, Call]:
        meta = tokens[idx].meta
        call = Call(self, meta["name"], meta["arg"], meta["where"], meta)
        return self.directives[call.name], call

    def _render_directive(self, tokens: Sequence[Token], idx: int, _o: Any, _env: Any) -> str:
        directive, call = self._call(tokens, idx)
        if directive.inline is None:
            return ""  # block-only directives were reported when parsing
        return directive.inline(call)

    def _render_block(self, tokens: Sequence[Token], idx: int, _o: Any, _env: Any) -> str:
        directive, call = self._call(tokens, idx)
        if directive.block is not None:
            return directive.block(call)
        return self.html.paragraph(self._render_directive(tokens, idx, _o, _env))

    def _render_icon(self, tokens: Sequence[Token], idx: int, _o: Any, _env: Any) -> str:
        meta = tokens[idx].meta
        name = meta["name"]
        if name not in self.ctx.icons:
            known = ", ".join(sorted(self.ctx.icons)) or "none"
            return self.ctx.fail(meta["where"], f"unknown icon :{name}: (known icons: {known})")
        return self.html.icon(name, Markup(self.ctx.icons[name]))

    def _render_callout(self, tokens: Sequence[Token], idx: int, _o: Any, env: Any) -> str:
        token = tokens[idx]
        if token.nesting == -1:
            return "</aside>\n"
        kind, _, title = token.info.strip().partition(" ")
        if kind not in CALLOUTS:
            where = Location(env.get("path", Path("?")), (token.map[0] + 1) if token.map else 0, 1)
            self.ctx.fail(where, f"unknown callout '::: {kind}'{did_you_mean(kind, CALLOUTS)}; "
                          f"kinds: {', '.join(CALLOUTS)}")
        label = title.strip() or self.ctx.labels.callouts.get(kind, kind)
        return str(self.html.callout_open(kind, label)) + "\n"

    def _render_fence(self, tokens: Sequence[Token], idx: int, _o: Any, _env: Any) -> str:
        token = tokens[idx]
        lang = token.info.strip().split(" ")[0] if token.info else ""
        lines = token.content.strip("\n").split("\n")
        return str(self.html.log(lang or "text", lines)) + "\n"


SOURCE_TEXT = "source_text"
"""A heading's or term's text as the source language writes it, kept on its opening token
before translation (RulesContext.stable_ids): what its id is made from."""


def keep_source_text(tokens: list[Token]) -> None:
    """Note on each heading and defined term the source-language text it is made of."""
    for token, inline in pairwise(tokens):
        if token.type in ("heading_open", "dt_open") and inline.type == "inline":
            token.meta = {**(token.meta or {}), SOURCE_TEXT: _plain(inline.content)}


def _plain(markdown: str) -> str:
    """A line of Markdown without its markup: directives, icons, emphasis and code marks."""
    return re.sub(r"[{}*_`:\[\]]", " ", markdown)


def _html_renderer(md: MarkdownIt) -> RendererHTML:
    """``md``'s renderer, the HTML one: markdown-it types it as a protocol, which lacks the
    rule table and ``renderInline`` this module uses."""
    renderer = md.renderer
    if not isinstance(renderer, RendererHTML):
        raise TypeError(f"{type(renderer).__name__} is not markdown-it's HTML renderer")
    return renderer
