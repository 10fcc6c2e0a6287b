"""Two versions of a game compared: the typed result every changes document is made from.

Both versions are read by the same loader (``publish.model.load``); one that
does not load whole is refused, its problems located in that version.  The
cards are compared by identity (``cards``), in every edition's words; the
rules paragraph by paragraph (``rules``); the catalogs for translations left
behind (``translations``).  A ``Comparison`` is plain data: the change report,
the errata sheet and any page (the rules site's) read the same one.
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.app.changes.cards import CardChange, card_changes, identities
from publish.app.changes.rules import ParagraphChange, paragraph_changes, paragraphs
from publish.app.changes.translations import StaleTranslation, stale_translations
from publish.app.changes.versions import Version
from publish.build.failures import Failure
from publish.core.problems import ProblemsFound
from publish.i18n.translate import localize, translator
from publish.model.game import Game
from publish.model.load import load_game


@dataclass(frozen=True)
class EditionChanges:
    """What changed, in one edition's words."""

    locale: str
    cards: tuple[CardChange, ...]
    rules: tuple[ParagraphChange, ...]
    stale: tuple[StaleTranslation, ...]

    @property
    def errata(self) -> tuple[CardChange, ...]:
        """The cards a player prints anew: every changed card but those removed."""
        return tuple(change for change in self.cards if change.on_errata)

    @property
    def removed(self) -> tuple[CardChange, ...]:
        return tuple(change for change in self.cards if change.new_number is None)


@dataclass(frozen=True)
class Comparison:
    """Two versions of one game compared, edition by edition (the source edition first)."""

    game: str
    before: Version
    after: Version
    editions: tuple[EditionChanges, ...]

    @property
    def source(self) -> EditionChanges:
        return self.editions[0]

    @property
    def unchanged(self) -> bool:
        return not any(e.cards or e.rules or e.stale for e in self.editions)


def loaded(version: Version, game_id: str) -> Game:
    """``game_id`` as ``version`` has it, loaded whole; a Failure naming the version and
    every problem (at its file in that version) if it does not load."""
    game, problems = load_game(version.root, game_id)
    if game is None or problems:
        raise Failure([f"changes: {game_id} does not load in {version.label} "
                       f"({version.root}):", *(f"  {p}" for p in problems)])
    return game


def _edition(old: Game, new: Game, locale: str, pairs: dict[str, str],
             stale: tuple[StaleTranslation, ...]) -> EditionChanges:
    old_locale = locale if locale in old.config.locales.editions else old.config.locales.source
    old_words, new_words = translator(old, old_locale), translator(new, locale)
    return EditionChanges(
        locale,
        card_changes(localize(old, old_words), localize(new, new_words), locale, pairs),
        paragraph_changes(paragraphs(old), paragraphs(new), old_words, new_words),
        stale)


def compare(before: Version, after: Version, game_id: str) -> Comparison:
    """What changed in ``game_id`` from ``before`` to ``after``, in every edition ``after``
    publishes."""
    return compare_games(before, after, loaded(before, game_id), loaded(after, game_id))


def compare_games(before: Version, after: Version, old: Game, new: Game) -> Comparison:
    """What changed from ``old`` (the game as ``before`` has it) to ``new`` (``after``'s)."""
    game_id = new.id
    pairs = identities(old, new)
    editions = list(new.config.locales.editions)
    source = new.config.locales.source
    editions.sort(key=lambda locale: locale != source)
    try:
        stale = stale_translations(old, new, [loc for loc in editions if loc != source])
        return Comparison(game_id, before, after, tuple(
            _edition(old, new, locale, pairs, stale.get(locale, ())) for locale in editions))
    except ProblemsFound as found:
        raise Failure(["changes: the catalogs or rules do not read:",
                       *(f"  {p}" for p in found.problems)]) from found


def edition_of(comparison: Comparison, locale: str) -> EditionChanges:
    """The changes in ``locale``'s words (a Failure naming the editions if it has none)."""
    for edition in comparison.editions:
        if edition.locale == locale:
            return edition
    known = ", ".join(e.locale for e in comparison.editions)
    raise Failure([f"changes: {comparison.game} has no edition {locale} (editions: {known})"])
