"""Translations that became stale: messages an edition had translated and no longer has.

A source text that changed leaves its translation behind: `publish i18n
update` marks it fuzzy, or the new text has none.  Either is pending in
`publish i18n status`; a message pending now that was not before is stale.
"""

from __future__ import annotations

from pathlib import Path

from publish.app.catalogs.workflow import status
from publish.docs.changes.data import StaleTranslation
from publish.model.game import Game


def _pending(project: Path, game: Game, locales: list[str]
             ) -> dict[str, set[tuple[str, str, str, str]]]:
    return {report.locale: {(p.domain, p.message.context or "", str(p.message.id), p.state)
                            for p in report.pending}
            for report in status(project, game, locales)}


def stale_translations(old: Game, new: Game, locales: list[str]
                       ) -> dict[str, tuple[StaleTranslation, ...]]:
    """Per translated edition of ``new``: the messages pending now and not before."""
    if not locales:
        return {}
    before = _pending(old.project, old, [loc for loc in locales
                                         if loc in old.config.locales.editions])
    after = _pending(new.project, new, locales)
    return {locale: tuple(StaleTranslation(locale, *key) for key in sorted(
        after[locale] - before.get(locale, set()))) for locale in locales}
