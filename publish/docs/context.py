"""What rules Markdown is read against: the game, the edition's words and the build's state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from markdown_it.token import Token
from markupsafe import Markup

from publish.core.problems import Location, Problem
from publish.model.game import Card, Game


class Words(Protocol):
    """What the rules need of an edition's translator (publish.i18n.translate.Translator)."""

    @property
    def is_source(self) -> bool: ...

    def get(self, domain: str, context: str | None, text: str) -> Any:
        """The translation found (``.text``, ``.where``), or None."""
        ...

    def text(self, domain: str, context: str | None, text: str) -> tuple[str, bool]: ...

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


@dataclass
class Labels:
    """Words the renderer itself prints, in the edition's language."""

    callouts: dict[str, str]
    list_joiner: Callable[[list[str]], str]
    card_number: str = "№ {number}"
    example_meta: str = "{players} players · {mode} mode · {decks}"
    quotes: str = "\u201c\u201d\u2018\u2019"


@dataclass
class RulesContext:
    """What directives resolve against: the game, the edition and what the build knows."""

    game: Game
    locale: str
    icons: dict[str, str]
    labels: Labels
    link_cards: bool = True
    examples_dir: Path | None = None
    check_example: Callable[[Path], list[Problem]] | None = None
    face_html: Callable[[Card], Markup] | None = None
    words: Words | None = None
    source_names: Mapping[str, str] = field(default_factory=dict)
    """Card numbers by the cards' names in the source language, in a translated edition
    (empty: the game's names are the source's)."""
    directives: Mapping[str, Any] = field(default_factory=dict)
    """The game's own directives by name (its plug-in's), besides the core's."""
    stable_ids: bool = False
    """Heading and glossary-term ids made from the source-language text, not the edition's:
    the same id in every edition (the website's anchors).  Off for the printed documents,
    whose ids stay as they were."""
    collected: dict[str, Any] = field(default_factory=dict)
    """What directives gathered from the sources, by the name of the one that prints it
    (`{groups}`: each group's condition); also read as an attribute (``ctx.groups``)."""
    problems: list[Problem] = field(default_factory=list)
    examples_shown: list[str] = field(default_factory=list)
    cards_shown: set[str] = field(default_factory=set)
    """Numbers of the cards rendered so far (what an output shows, for incremental builds)."""

    def __getattr__(self, name: str) -> Any:
        collected = self.__dict__.get("collected") or {}
        if name in collected:
            return collected[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def fail(self, where: Location, message: str) -> Markup:
        """Record a problem; mark the spot in the output (a failed build shows no PDF anyway)."""
        self.problems.append(Problem(where, message))
        return Markup('<span class="error">{}</span>').format(message)


@dataclass
class Heading:
    level: int
    id: str
    html: Markup


@dataclass
class Source:
    """One parsed Markdown file."""

    path: Path
    tokens: list[Token]
    meta: dict[str, Any]
    headings: list[Heading]
