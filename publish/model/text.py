"""Card effect text typography: a game's rules (data) applied to untrusted plain text.

A locale's ``Typography`` (game.yaml) says which words are set bold or italic
and whether quantities print as Roman numerals; ``:name:`` tokens stand for
icons.  None of it is typed in the card data: the data stays plain text and
the rules live in one place, applied here when rendering.

Everything is computed as spans over the original plain text of each block:
*tokens* (icons, numerals) are replaced by markup and are indivisible;
*emphasis* spans wrap text in ``<strong>``/``<em>``.  A span is accepted only
if it nests with those already accepted, so the output is always well formed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup, escape

from publish.core.patterns import PatternTimeout, find
from publish.core.problems import Problem, PublishError
from publish.model.game import EmphasisRule, Game, GameConfig, Typography

ICON = re.compile(r":([a-z][a-z0-9-]*):")
"""An icon token; a colon followed by a space ("Cards: three") never matches."""

_COUNT_SPACE = re.compile(r"(?<=\d) (?=" + ICON.pattern + ")")
"""The space between a number and the icon it counts."""

_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)


class UnknownIcon(PublishError, ValueError):
    """An icon token names no icon the caller knows: most likely a typo in the card text."""

    def __init__(self, name: str, known: Iterable[str], where: str = "") -> None:
        self.name = name
        self.known = sorted(known)
        self.where = where
        listing = ", ".join(self.known) or "none"
        place = f"{where}: " if where else ""
        super().__init__(f"{place}unknown icon :{name}: (known icons: {listing})")

    def __reduce__(self):  # raised in a deck's worker process, it must cross back whole
        return type(self), (self.name, self.known, self.where)


def untranslated(text: str, mark: bool) -> Markup:
    """``text`` (escaped unless it is markup), inside the visible mark of a fallback to the
    source language when ``mark``."""
    if mark:
        return Markup('<span class="untranslated">{}</span>').format(text)
    return escape(text)


class NoNumeral(PublishError, ValueError):
    """A quantity a locale that prints Roman numerals cannot print."""


def roman(n: int) -> str:
    """``n`` in Roman numerals; only 1..3999 have a standard spelling, so others raise
    NoNumeral."""
    if not 1 <= n <= 3999:
        raise NoNumeral(f"no Roman numeral for {n}: only 1 to 3999")
    letters = []
    for value, symbol in _ROMAN:
        count, n = divmod(n, value)
        letters.append(symbol * count)
    return "".join(letters)


@dataclass(frozen=True)
class _Span:
    """A stretch [start, end) of one block: wrapped in ``tag``, or replaced by ``markup``."""

    start: int
    end: int
    tag: str | None = None
    markup: Markup | None = None

    @property
    def is_token(self) -> bool:
        return self.markup is not None

    def within(self, other: _Span) -> bool:
        return other.start <= self.start and self.end <= other.end

    def nests_with(self, other: _Span) -> bool:
        """Whether both can be printed: apart, or one inside the other (never inside a token)."""
        if self.end <= other.start or other.end <= self.start:
            return True
        if other.within(self) and not self.is_token:
            return True
        return self.within(other) and not other.is_token


def _fits(span: _Span, accepted: Iterable[_Span]) -> bool:
    return span.start < span.end and all(span.nests_with(other) for other in accepted)


def _icon(name: str, icons: Mapping[str, str]) -> Markup:
    """The caller's trusted SVG for ``name``, labelled for screen readers."""
    if name not in icons:
        raise UnknownIcon(name, icons)
    return Markup('<span class="icon icon-{0}" role="img" aria-label="{0}">{1}</span>').format(
        name, Markup(icons[name])
    )


def _tokens(text: str, typography: Typography, icons: Mapping[str, str]) -> list[_Span]:
    """The spans of ``text`` replaced by markup: icons first, then numerals outside them."""
    spans = [_Span(m.start(), m.end(), markup=_icon(m[1], icons)) for m in ICON.finditer(text)]
    # a count and its icon ("Gain 2 :coin:") never part at a line's end
    spans += [_Span(m.start(), m.end(), markup=Markup("\u00a0"))
              for m in _COUNT_SPACE.finditer(text)]
    if typography.numerals == "roman":
        for m in find(typography.quantity, text):
            span = _Span(m.start(), m.end(), markup=Markup())
            if _fits(span, spans):  # a number inside an icon name is part of the name
                spans.append(replace(span, markup=Markup(roman(int(m[0])))))
    return spans


def holds(effect: Any, entries: list[dict[str, str]]) -> bool:
    """Whether a block's structured effect holds one of ``entries``: a mapping, at any
    depth, whose every key of the entry equals its value or, a list, lists it."""
    stack = [effect]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for entry in entries:
                if all(_has(item.get(key), value) for key, value in entry.items()):
                    return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _has(found: Any, value: str) -> bool:
    return found == value or (isinstance(found, list) and value in found)


def _emphasise(rule: EmphasisRule, tag: str, blocks: list[str], about: list[tuple[Any, Any]],
               accepted: list[list[_Span]], done: set[tuple[str, str]]) -> None:
    """Accept the rule's matches that nest with the spans so far, card order, in the blocks
    whose (kind, effect) the rule allows; once: the first, unless a rule of its name set
    one."""
    if rule.once and (tag, rule.name) in done:
        return
    for text, (kind, effect), spans in zip(blocks, about, accepted, strict=True):
        if (rule.kinds is not None and kind not in rule.kinds) or (
                rule.effect is not None and not holds(effect, rule.effect)):
            continue
        for m in find(rule.pattern, text):
            span = _Span(m.start(), m.end(), tag=tag)
            if _fits(span, spans):
                spans.append(span)
                if rule.once:
                    done.add((tag, rule.name))
                    return


def _render(text: str, spans: list[_Span]) -> Markup:
    """``text`` escaped, with the (well nested) spans turned into tags and markup."""
    out: list[Markup] = []
    pos = 0
    open_tags: list[_Span] = []

    def close(span: _Span) -> None:
        nonlocal pos
        out.append(escape(text[pos : span.end]))
        out.append(Markup(f"</{span.tag}>"))
        pos = span.end

    # Outer spans first; at equal extent, the one accepted first (higher priority) is outer.
    order = sorted(enumerate(spans), key=lambda e: (e[1].start, -e[1].end, e[1].is_token, e[0]))
    for _, span in order:
        while open_tags and open_tags[-1].end <= span.start:
            close(open_tags.pop())
        out.append(escape(text[pos : span.start]))
        pos = span.start
        if span.markup is not None:
            out.append(span.markup)
            pos = span.end
        else:
            out.append(Markup(f"<{span.tag}>"))
            open_tags.append(span)
    while open_tags:
        close(open_tags.pop())
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def style_blocks(
    blocks: list[str], typography: Typography, icons: Mapping[str, str] | None = None,
    effects: list[Any] | None = None, kinds: list[str | None] | None = None,
) -> list[Markup]:
    """One card's effect blocks (plain text, printed order) as HTML, one Markup per block.

    The blocks are styled together because a ``once`` rule sets only the first
    match on the whole card.  Italic rules take priority over bold ones.  ``effects``
    and ``kinds``: each block's structured effect and kind, for the rules kept to some
    blocks (``EmphasisRule.effect`` and ``kinds``; without them such rules set nothing).
    Raises UnknownIcon for a ``:name:`` token not in ``icons``, PatternTimeout for a rule
    that runs over its time on a block.
    """
    accepted = [_tokens(text, typography, icons or {}) for text in blocks]
    rules = [("em", rule) for rule in typography.italic] + [
        ("strong", rule) for rule in typography.bold
    ]
    done: set[tuple[str, str]] = set()  # the (tag, name) of the once rules that set a match
    about = list(zip(kinds or [None] * len(blocks), effects or [None] * len(blocks),
                     strict=True))
    for tag, rule in rules:
        _emphasise(rule, tag, blocks, about, accepted, done)
    return [_render(text, spans) for text, spans in zip(blocks, accepted, strict=True)]


CHECK_SECONDS = 10.0
"""The time `publish check` gives a game's typography patterns over all its cards' texts, in
every locale. Our games take hundredths of a second; a pattern a little under
``patterns.MATCH_SECONDS`` a card would otherwise hold up the check for an hour over
``load.MAX_CARDS`` cards."""


def edition_typography(config: GameConfig, locale: str) -> Typography | None:
    """An edition's typography: its own section of game.yaml, else, until it has one, the
    source edition's (a new edition keeps the source's bold and italic rules, quotes and
    numerals instead of silently losing them; `publish check` says so: inherited_typography)."""
    own = config.typography.get(locale)
    return own if own is not None else config.typography.get(config.locales.source)


def inherited_typography(game: Game) -> list[Problem]:
    """A warning for each edition that has no typography of its own and takes the source's."""
    config = game.config
    source = config.locales.source
    if source not in config.typography:
        return []
    return [Problem(game.config_source.locate(("typography",)), (
        f"typography: the '{locale}' edition has no section of its own and uses the source's "
        f"('{source}': its bold and italic words, quotes and numerals) until you write one"))
        for locale in config.locales.editions
        if locale != source and locale not in config.typography]


def typography_problems(game: Game) -> list[Problem]:
    """The rules kept to kinds of text block the game lacks; else the first pattern of
    game.yaml's typography (``quantity`` where Roman numerals use it, bold and italic rules)
    that runs over its time on a card's text, at the pattern, naming the rule and the card;
    then the quantities a Roman-numeral locale could not print.

    The check stops at that pattern (or when the patterns have had ``CHECK_SECONDS``): each
    further one could take as long."""
    unknown = _unknown_kinds(game)
    if unknown:
        return unknown
    deadline = time.monotonic() + CHECK_SECONDS
    for locale, typography in game.config.typography.items():
        rules: list[tuple[str, tuple[str | int, ...], str]] = [
            (f"{style}[{i + 1}]", (style, i, "pattern"), rule.pattern)
            for style in ("italic", "bold") for i, rule in enumerate(getattr(typography, style))]
        if typography.numerals == "roman":
            rules.insert(0, ("quantity", ("quantity",), typography.quantity))
        for name, key, pattern in rules:
            for card in game.card_sides():
                try:
                    for block in card.blocks:
                        find(pattern, block.text, seconds=deadline - time.monotonic())
                except PatternTimeout as exc:
                    said = str(exc) if time.monotonic() < deadline else (
                        f"the patterns had {CHECK_SECONDS} s over every card's text and ran out "
                        "at this one: make it simpler")
                    where = game.config_source.locate(("typography", locale, *key))
                    return [Problem(where, f"typography.{locale}.{name}: over the text of card "
                                           f"{card.number} ({card.where('text')}): {said}")]
    return [problem for locale, typography in game.config.typography.items()
            if typography.numerals == "roman"
            for problem in _numeral_problems(game, locale, typography)]


def _unknown_kinds(game: Game) -> list[Problem]:
    """The rules kept to a kind of text block that game.yaml's ``text_blocks`` lacks (a typo
    would keep the rule from every block), each at its ``kinds``."""
    known = game.config.text_blocks
    return [Problem(game.config_source.locate(("typography", locale, style, i, "kinds")),
                    f"typography.{locale}.{style}[{i + 1}] ({rule.name}): no text block kind "
                    f"{', '.join(sorted(set(rule.kinds) - set(known)))}; text_blocks has "
                    f"{', '.join(known) or 'none'}")
            for locale, typography in game.config.typography.items()
            for style in ("italic", "bold") for i, rule in enumerate(getattr(typography, style))
            if rule.kinds and not set(rule.kinds) <= set(known)]


def _numeral_problems(game: Game, locale: str, typography: Typography) -> list[Problem]:
    """The quantities of the cards' text that a Roman-numeral locale could not print (over
    3999, or not a whole number), each at its card: the build would fail on them."""
    problems = []
    for card in game.card_sides():
        for index, block in enumerate(card.blocks):
            for m in find(typography.quantity, block.text):
                try:
                    roman(int(m[0]))
                except ValueError as exc:
                    where = card.where("text", *(() if block.kind is None
                                                 else (index, block.kind)))
                    problems.append(Problem(where,
                                            f"card {card.number}: '{m[0]}' in its text: "
                                            f"{exc}, which {locale} prints them in; "
                                            "write the amount in words"))
    return problems
