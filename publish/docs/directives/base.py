"""What a rules-Markdown directive is: handlers by where it stands, and a pass over the
parsed source.  See docs/rules-markdown.md, "Writing a directive"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from markdown_it.token import Token
from markupsafe import Markup

from publish.core.problems import Location
from publish.docs.context import RulesContext, Source
from publish.model.game import Card


class Rules(Protocol):
    """What a directive may use of the renderer (publish.docs.markdown.RulesMarkdown)."""

    ctx: RulesContext
    html: Any
    """The macros of templates/_common/directives.html.j2, called as functions."""

    def find_card(self, arg: str, where: Location, in_translation: bool = False
                  ) -> Card | None: ...

    def card_link(self, card: Card) -> Markup: ...

    def effect_html(self, card: Card, only: frozenset[str] = frozenset()) -> Markup: ...

    def parse_file(self, path: Path, prefix: str | None = None) -> Source: ...

    def render(self, source: Source) -> Markup: ...

    def render_inline(self, inline: Token) -> Markup: ...

    def render_markdown_inline(self, text: str, path: Path) -> Markup: ...

    def unique_id(self, wanted: str) -> str: ...


@dataclass(frozen=True)
class Call:
    """One use of a directive: `{name arg}` written at ``where``."""

    rules: Rules
    name: str
    arg: str
    where: Location
    meta: dict[str, Any]
    """The token's notes: what a pass over the source recorded on it (`{for}`: its groups)."""

    @property
    def ctx(self) -> RulesContext:
        return self.rules.ctx

    @property
    def in_translation(self) -> bool:
        """Whether the directive is written in a translation (a catalog's text), not in the
        source: names in it are the edition's."""
        return bool(self.meta.get("in_translation"))

    def fail(self, message: str) -> Markup:
        """Record a problem at the directive; what to print in its place."""
        return self.ctx.fail(self.where, message)


Handler = Callable[[Call], Markup]
Pass = Callable[[Rules, list[Token], str], None]
"""A pass over a parsed source: the renderer, its tokens, the name the directive has."""


@dataclass(frozen=True)
class Directive:
    """A directive's handlers.

    ``inline`` renders it in running text; without one the directive is
    block-only: written anywhere but alone in its paragraph it is an error.
    ``block`` renders it alone in its paragraph; without one that is the
    inline form in a paragraph.  ``parsed`` runs over each parsed source (after
    its headings have ids), to check where the directive stands or to collect
    what other directives print.
    """

    inline: Handler | None = None
    block: Handler | None = None
    parsed: Pass | None = None

    @property
    def block_only(self) -> bool:
        return self.inline is None


def directive_tokens(tokens: list[Token], name: str):
    """(index of the inline token, index of the child, child) of each `{name}` in running text."""
    for i, token in enumerate(tokens):
        for j, child in enumerate(token.children or []):
            if child.type == "directive" and child.meta["name"] == name:
                yield i, j, child
