"""Two versions of a game compared: the typed result every changes document is made from.

Both versions are read by the same loader (``publish.model.load``); one that
does not load whole is refused, its problems located in that version.  The
cards are compared by identity (``cards``), in every edition's words; the
rules paragraph by paragraph (``rules``); the catalogs for translations left
behind (``translations``).  A ``Comparison`` is plain data: the change report,
the errata sheet and any page (the rules site's) read the same one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from publish.app.changes.cards import card_changes, identities
from publish.app.changes.examples import example_changes
from publish.app.changes.rules import (
    Paragraph,
    paragraph_changes,
    paragraphs,
)
from publish.app.changes.translations import stale_translations
from publish.build.failures import Failure
from publish.core.problems import ProblemsFound
from publish.docs.changes.data import (
    Comparison,
    EditionChanges,
    StaleTranslation,
    Version,
)
from publish.i18n.translate import localize, translator
from publish.model.game import Game
from publish.model.load import load_game


def loaded(version: Version, game_id: str) -> Game:
    """``game_id`` as ``version`` has it, loaded whole; a Failure naming the version and
    every problem (at its file in that version) if it does not load."""
    game, problems = load_game(version.root, game_id)
    if game is None or problems:
        where = "" if version.revision else f" ({version.root})"
        raise Failure([f"changes: {game_id} does not load in {version.label}{where}:",
                       *(f"  {version.named(str(p))}" for p in problems)])
    return game


@dataclass(frozen=True)
class _Versions:
    """The two games, which card is which, and their rules paragraphs: read once, whatever
    the editions compared."""

    old: Game
    new: Game
    pairs: dict[str, str]
    old_rules: dict[str, list[Paragraph]]
    new_rules: dict[str, list[Paragraph]]


def _edition(versions: _Versions, locale: str, stale: tuple[StaleTranslation, ...]
             ) -> EditionChanges:
    old, new = versions.old, versions.new
    old_locale = locale if locale in old.config.locales.editions else old.config.locales.source
    old_words, new_words = translator(old, old_locale), translator(new, locale)
    return EditionChanges(
        locale,
        card_changes(localize(old, old_words), localize(new, new_words), locale, versions.pairs),
        paragraph_changes(versions.old_rules, versions.new_rules, old_words, new_words),
        stale)


def compare(before: Version, after: Version, game_id: str,
            locales: Sequence[str] | None = None) -> Comparison:
    """What changed in ``game_id`` from ``before`` to ``after``, in ``locales`` (default:
    every edition ``after`` publishes)."""
    return compare_games(before, after, loaded(before, game_id), loaded(after, game_id),
                         locales)


def editions(game: Game, locales: Sequence[str] | None) -> list[str]:
    """The editions compared, the source first: ``locales`` if given (a Failure naming the
    editions for one the game does not publish), else every one."""
    published = game.config.locales.editions
    unknown = [locale for locale in locales or () if locale not in published]
    if unknown:
        raise Failure([f"changes: {game.id} has no edition {unknown[0]} (editions: "
                       f"{', '.join(published)})"])
    chosen = list(locales or published)
    return sorted(chosen, key=lambda locale: locale != game.config.locales.source)


def compare_games(before: Version, after: Version, old: Game, new: Game,
                  locales: Sequence[str] | None = None, players: bool = False) -> Comparison:
    """What changed from ``old`` (the game as ``before`` has it) to ``new`` (``after``'s), in
    ``locales`` (default: every edition of ``new``); ``players``: only what players read,
    the cards and the rules (no translations left behind, no examples replayed: the
    manual's and the site's changes show neither, and the replays cost most)."""
    chosen = editions(new, locales)
    source = new.config.locales.source
    try:
        versions = _Versions(old, new, identities(old, new), paragraphs(old), paragraphs(new))
        stale = {} if players else stale_translations(
            old, new, [loc for loc in chosen if loc != source])
        return Comparison(new.id, before, after, tuple(
            _edition(versions, locale, stale.get(locale, ())) for locale in chosen),
            () if players else example_changes(old, new))
    except ProblemsFound as found:
        raise Failure(["changes: the catalogs or rules do not read:",
                       *(f"  {p}" for p in found.problems)]) from found
