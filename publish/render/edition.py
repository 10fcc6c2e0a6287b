"""One edition as every renderer of a process shares it, each part made once.

A build's worker renders many jobs of one edition (each deck, the print-shop
files, the gallery, the manual); each needs the game in the edition's words,
its catalogs, its icons, the Jinja environment, and the decks' faces, and the
rules need the engine.  Made per job, a deck build parsed each PO file once a
job, read and checked every icon once a job, and made an environment once a
document; the context makes each once, when first asked, and the renderers
take it with a small spec of what to draw (publish.render.decks.SheetSpec,
publish.render.printshop.PageSpec).  publish.targets.base.Work keeps one per
edition, so each worker process builds it once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from publish.engines.protocol import Engine
from publish.engines.registry import engine_for
from publish.i18n.translate import Translator, edition_words, localize
from publish.model.copies import copies
from publish.model.game import Card, Game
from publish.model.icons import read_icons
from publish.render.env import environment
from publish.render.faces import Back, Face, FaceStyle, card_back, face_context, face_style
from publish.render.sandbox import BoundedSandbox

Made = TypeVar("Made")


@dataclass(eq=False)
class EditionContext:
    """``source`` (the game as loaded) in the edition ``locale``, for its renderers."""

    project: Path
    source: Game
    locale: str
    game: Game
    """The game in the edition's words (words with no translation marked)."""
    words: Translator
    """The edition's catalogs: the cards', the rules', the glossary's, the template words'."""
    template_words: Translator | None
    """The templates' words (None where the templates already speak the edition's language)."""
    _icons: dict[str, str] | None = field(default=None, repr=False)
    _made: dict[Hashable, Any] = field(default_factory=dict, repr=False)
    _styles: dict[tuple[str, bool, bool], FaceStyle] = field(default_factory=dict, repr=False)
    _faces: dict[tuple[str, int], tuple[tuple[Face, ...], tuple[Back, ...]]] = field(
        default_factory=dict, repr=False)

    @classmethod
    def make(cls, project: Path, game: Game, locale: str,
             icons: dict[str, str] | None = None) -> EditionContext:
        """The context of ``game``'s edition ``locale``; an edition game.yaml does not publish
        is an error.  Each catalog is parsed here, once; ``icons``: the game's, if another
        edition already read them."""
        words, template_words = edition_words(game, locale)
        return cls(project, game, locale, localize(game, words), words, template_words,
                   _icons=icons)

    @property
    def icons(self) -> dict[str, str]:
        """The game's icons as inline SVG, by token, read and checked once."""
        if self._icons is None:
            self._icons = read_icons(self.source)
        return self._icons

    @cached_property
    def env(self) -> BoundedSandbox:
        """The templates, with the templates' words: cards, sheets, print-shop pages, gallery."""
        return environment(self.project, self.game.id, self.template_words)

    @cached_property
    def rules_env(self) -> BoundedSandbox:
        """The templates with the edition's catalogs for words: the manual and the summaries."""
        return environment(self.project, self.game.id, self.words)

    @cached_property
    def engine(self) -> Engine | None:
        """The game's rules engine, or None for a game without one."""
        return engine_for(self.source)

    def once(self, key: Hashable, make: Callable[[], Made]) -> Made:
        """What ``make`` makes, made once in this context under ``key`` (a target's options
        resolved for the edition, say: publish.render.decks.resolved)."""
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    def style(self, size: str, bw: bool = False, proof: bool = False) -> FaceStyle:
        """What every face of a document at card ``size`` shares (publish.render.faces)."""
        if (size, bw, proof) not in self._styles:
            self._styles[size, bw, proof] = face_style(self.game, size, bw, self.icons, proof)
        return self._styles[size, bw, proof]

    def deck_faces(self, deck: str, players: int = 1
                   ) -> tuple[tuple[Face, ...], tuple[Back, ...]]:
        """The faces of ``deck`` with copies expanded for ``players`` players (per-player
        copies once per player: Game.copies), and the matching backs (each card's: the
        deck's, the one it names, or its second face): made once, whichever documents show
        them."""
        if (deck, players) not in self._faces:
            faces: list[Face] = []
            backs: list[Back] = []
            for card in self.game.deck_cards(deck):
                face = self._face(card, deck)
                back = self._back(card, deck)
                count = copies(self.game, card, deck, players)
                faces += [face] * count
                backs += [back] * count
            self._faces[deck, players] = tuple(faces), tuple(backs)
        return self._faces[deck, players]

    def _face(self, card: Card, deck: str) -> Face:
        """One card's face in ``deck``, made once whatever the players."""
        return self.once(("face", card.number, deck),
                         lambda: face_context(self.game, card, deck, self.locale, self.icons))

    def _back(self, card: Card, deck: str) -> Back:
        """One card's back in ``deck`` (publish.render.faces.card_back), made once whatever
        the players."""
        return self.once(("back", card.number, deck),
                         lambda: card_back(self.game, card, deck, self.locale, self.icons))
