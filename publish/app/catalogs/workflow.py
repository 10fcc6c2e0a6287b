"""`publish i18n extract|update|status`: templates written, catalogs merged, progress counted.

Status never needs an update first: it merges each catalog with the current
sources in memory, so a source edited a minute ago already shows as fuzzy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from publish.app.catalogs.extract import templates
from publish.i18n.catalog import (
    DOMAINS,
    SHARED,
    domain,
    merge,
    new_catalog,
    po_path,
    pot_path,
    read_catalog,
    translated,
    write_catalog,
)
from publish.i18n.terms import Misuse, terminology
from publish.i18n.translate import domains_for
from publish.model.game import Game


def translated_locales(game: Game) -> list[str]:
    """The editions that need catalogs: every translation, and the source edition too unless
    it is in the shared templates' language (English)."""
    return [loc for loc in game.config.locales.editions if domains_for(game, loc)]


def extract(project: Path, game: Game) -> list[Path]:
    """Write every domain's template (.pot) from the sources; returns the files changed."""
    written = []
    for name, catalog in templates(project, game).items():
        path = pot_path(game.root, name)
        if _worth_writing(path, catalog) and write_catalog(path, catalog):
            written.append(path)
    return written


def _worth_writing(path: Path, catalog: Catalog) -> bool:
    """An empty domain (a game whose templates have no words of their own) gets no file."""
    return path.is_file() or any(m.id for m in catalog) or bool(catalog.obsolete)


def merged(project: Path, game: Game, locale: str,
           current: dict[str, Catalog] | None = None) -> dict[str, Catalog]:
    """Each domain of ``locale`` merged with the current sources (nothing written)."""
    current = templates(project, game) if current is None else current
    out = {}
    wanted = domains_for(game, locale)
    for name, template in current.items():
        if name not in wanted:
            continue
        path = po_path(game.root, locale, name)
        owner = "publish" if name == SHARED else game.config.name  # shared: every game's
        old = (read_catalog(path, locale, project=game.project) if path.is_file()
               else new_catalog(owner, name, locale))
        out[name] = merge(template, old, domain(name))
    return out


def update(project: Path, game: Game, locales: list[str]) -> list[Path]:
    """Bring each edition's catalogs up to the sources (new messages, fuzzy, obsolete)."""
    current = templates(project, game)
    written = []
    for locale in locales:
        for name, catalog in merged(project, game, locale, current).items():
            path = po_path(game.root, locale, name)
            if _worth_writing(path, catalog) and write_catalog(path, catalog):
                written.append(path)
    return written


@dataclass
class Pending:
    """A message an edition still needs: missing, or translated from an older source (fuzzy)."""

    domain: str
    state: str
    message: Message

    @property
    def where(self) -> str:
        places = ", ".join(f"{p}:{n}" for p, n in self.message.locations[:1])
        return places or "?"

    def describe(self) -> str:
        what = self.message.context or ""
        if self.domain == "rules" or not what:
            what = _excerpt(str(self.message.id))
        return f"{self.where}: {self.state}: {what}"


def _excerpt(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


@dataclass
class LocaleStatus:
    locale: str
    total: int = 0
    pending: list[Pending] = field(default_factory=list)
    misuses: list[Misuse] = field(default_factory=list)
    stale_templates: list[str] = field(default_factory=list)

    @property
    def missing(self) -> list[Pending]:
        return [p for p in self.pending if p.state == "missing"]

    @property
    def fuzzy(self) -> list[Pending]:
        return [p for p in self.pending if p.state == "fuzzy"]

    @property
    def done(self) -> float:
        return 100.0 * (self.total - len(self.pending)) / self.total if self.total else 100.0

    @property
    def complete(self) -> bool:
        return not self.pending and not self.misuses

    def summary(self) -> str:
        by_domain = {d.name: 0 for d in DOMAINS}
        for p in self.pending:
            by_domain[p.domain] += 1
        detail = ", ".join(f"{d} {n}" for d, n in by_domain.items() if n)
        return (f"{self.locale}: {self.done:.1f}% done, {len(self.missing)} missing, "
                f"{len(self.fuzzy)} fuzzy, {len(self.misuses)} glossary misuses, "
                f"of {self.total} messages" + (f" ({detail})" if detail else ""))


def status(project: Path, game: Game, locales: list[str] | None = None) -> list[LocaleStatus]:
    """Per edition: what is missing, what is fuzzy, and the card texts off the glossary.

    Given ``locales``, only the domains they need are read from the sources (a build of the
    source edition reads no rules or card texts for it), and templates are said to be stale
    among those."""
    current = templates(project, game, None if locales is None else
                        {d for locale in locales for d in domains_for(game, locale)})
    needed = {d for locale in game.config.locales.editions for d in domains_for(game, locale)}
    stale = [name for name, catalog in current.items()
             if name in needed and not _same_as_pot(game, name, catalog)]
    report = []
    for locale in locales if locales is not None else translated_locales(game):
        result = LocaleStatus(locale, stale_templates=stale)
        catalogs = merged(project, game, locale, current)
        for name, catalog in catalogs.items():
            for message in catalog:
                if not message.id:
                    continue
                result.total += 1
                if not translated(message):
                    result.pending.append(Pending(name, "missing", message))
                elif message.fuzzy:
                    result.pending.append(Pending(name, "fuzzy", message))
        result.misuses = terminology(catalogs)
        report.append(result)
    return report


def _same_as_pot(game: Game, name: str, catalog: Catalog) -> bool:
    path = pot_path(game.root, name)
    if not path.is_file():
        return not any(m.id for m in catalog)
    written = read_catalog(path, project=game.project)
    return ({(m.context, str(m.id)) for m in written if m.id}
            == {(m.context, str(m.id)) for m in catalog if m.id})
