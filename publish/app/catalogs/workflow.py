"""`publish i18n extract|update|status|shared`: templates written, catalogs merged, progress
counted.

A game's commands write only the game's catalogs (``cards/<game>/locale``): the shared
catalog of the templates' words (``templates/_common/locale``) ships with the toolchain and
is read, never written, by them; its maintainers bring it up to the shared templates with
``publish i18n shared`` (update_shared).  Status never needs an update first: it merges each
catalog with the current sources in memory, so a source edited a minute ago already shows as
fuzzy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from publish.app.catalogs.extract import shared_messages, templates
from publish.core.problems import Problem
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
from publish.i18n.translate import domains_for, kept_problems
from publish.model.game import Game


def translated_locales(game: Game) -> list[str]:
    """The editions that need catalogs: every translation, and the source edition too unless
    it is in the shared templates' language (English)."""
    return [loc for loc in game.config.locales.editions if domains_for(game, loc)]


def extract(project: Path, game: Game) -> list[Path]:
    """Write the template (.pot) of each of the game's own domains from the sources; returns
    the files changed.  The shared one is the toolchain's (update_shared)."""
    written = []
    for name, catalog in templates(project, game, _OWN).items():
        path = pot_path(game.root, name)
        if _worth_writing(path, catalog) and write_catalog(path, catalog):
            written.append(path)
    return written


def _worth_writing(path: Path, catalog: Catalog) -> bool:
    """An empty domain (a game whose templates have no words of their own) gets no file."""
    return path.is_file() or any(m.id for m in catalog) or bool(catalog.obsolete)


def merged(project: Path, game: Game, locale: str, current: dict[str, Catalog] | None = None,
           parsed: dict[Path, Catalog] | None = None) -> dict[str, Catalog]:
    """Each domain of ``locale`` merged with the current sources (nothing written);
    ``parsed``: PO files already read, by path, each one read added to it (a merge leaves
    the file's catalog as it was read)."""
    parsed = {} if parsed is None else parsed
    current = templates(project, game) if current is None else current
    out = {}
    wanted = domains_for(game, locale)
    for name, template in current.items():
        if name not in wanted:
            continue
        path = po_path(game.root, locale, name)
        owner = "publish" if name == SHARED else game.config.name  # shared: every game's
        if path not in parsed and path.is_file():
            parsed[path] = read_catalog(path, locale, project=game.project)
        old = parsed[path] if path in parsed else new_catalog(owner, name, locale)
        out[name] = merge(template, old, domain(name))
    return out


_OWN = frozenset(d.name for d in DOMAINS if d.name != SHARED)
"""The domains whose catalogs are the game's to write."""


def update(project: Path, game: Game, locales: list[str]) -> list[Path]:
    """Bring each edition's own catalogs up to the sources (new messages, fuzzy, obsolete);
    the shared catalog is left as it ships (update_shared)."""
    current = templates(project, game, _OWN)
    written = []
    for locale in locales:
        for name, catalog in merged(project, game, locale, current).items():
            path = po_path(game.root, locale, name)
            if _worth_writing(path, catalog) and write_catalog(path, catalog):
                written.append(path)
    return written


def shared_locales(project: Path) -> list[str]:
    """The languages the shared catalog ships in (``templates/_common/locale/<lang>``)."""
    folder = shared_dir(project)
    return sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{SHARED}.po"))


def shared_dir(project: Path) -> Path:
    return project / "templates" / "_common" / "locale"


def update_shared(project: Path, locales: list[str]) -> list[Path]:
    """The toolchain maintainers' command: write the shared template (``templates.pot``) from
    the shared templates and the renderer, and bring the shared catalog of every language it
    ships in, and of ``locales`` (a new one made), up to it; returns the files changed."""
    template = shared_messages(project)
    folder = shared_dir(project)
    written = []
    if write_catalog(folder / f"{SHARED}.pot", template):
        written.append(folder / f"{SHARED}.pot")
    for locale in sorted({*shared_locales(project), *(x.replace("-", "_") for x in locales)}):
        path = folder / locale / "LC_MESSAGES" / f"{SHARED}.po"
        old = (read_catalog(path, locale, project=project) if path.is_file()
               else new_catalog("publish", SHARED, locale))
        if write_catalog(path, merge(template, old, domain(SHARED))):
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
    unkept: list[Problem] = field(default_factory=list)
    """Translations that drop or add an icon, a directive, a field or bold (at their line)."""
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
        return not self.pending and not self.misuses and not self.unkept

    def summary(self) -> str:
        by_domain = {d.name: 0 for d in DOMAINS}
        for p in self.pending:
            by_domain[p.domain] += 1
        detail = ", ".join(f"{d} {n}" for d, n in by_domain.items() if n)
        return (f"{self.locale}: {self.done:.1f}% done, {len(self.missing)} missing, "
                f"{len(self.fuzzy)} fuzzy, {len(self.misuses)} glossary misuses, "
                + (f"{len(self.unkept)} not keeping their source, " if self.unkept else "")
                + f"of {self.total} messages" + (f" ({detail})" if detail else ""))


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
        parsed: dict[Path, Catalog] = {}  # each PO file read once for both questions
        catalogs = merged(project, game, locale, current, parsed)
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
        result.unkept = kept_problems(game, [locale], parsed)
        report.append(result)
    return report


def _same_as_pot(game: Game, name: str, catalog: Catalog) -> bool:
    path = pot_path(game.root, name)
    if not path.is_file():
        return not any(m.id for m in catalog)
    written = read_catalog(path, project=game.project)
    return ({(m.context, str(m.id)) for m in written if m.id}
            == {(m.context, str(m.id)) for m in catalog if m.id})
