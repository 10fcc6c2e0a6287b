"""An edition's words: catalog lookups, and the game with its cards in that language.

A build in a translated locale reads the PO files directly.  A message with
no translation, or whose translation is fuzzy (made for an older source),
falls back to the source text and is recorded as untranslated, so the
renderer can mark it visibly; ``--strict`` builds refuse to start instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.yamlsource import SourceMap
from publish.i18n.catalog import DOMAINS, SHARED, po_path, read_catalog
from publish.i18n.fields import misfit
from publish.i18n.keeps import unkept
from publish.i18n.plurals import compiled, plural_index
from publish.model.game import Card, Game, GameConfig

TEMPLATE_LOCALE = "en"
"""The language the shared templates' and the renderer's own words are written in (their
msgids): every other edition, the source edition of a game included, translates them through
the shared catalog (``templates/_common/locale``)."""


def N_(message: str) -> str:
    """Mark a constant as a shared message for extraction; it is translated where printed."""
    return message


def domains_for(game: Game, locale: str) -> list[str]:
    """The catalogs an edition needs: the game's own unless it is the source edition, and the
    shared one unless the edition is in the templates' language."""
    source = game.config.locales.source
    return [d.name for d in DOMAINS
            if (locale != TEMPLATE_LOCALE if d.name == SHARED else locale != source)]


UI = ("ui", SHARED)
"""The template-word domains: a game's own, then the shared one."""


def plural_form(forms: Sequence[str], n: int, locale: str) -> str:
    """The one of ``forms`` (in ``locale``'s gettext plural order, publish.i18n.plurals)
    that goes with ``n``."""
    return forms[min(plural_index(locale, n), len(forms) - 1)]


@dataclass(frozen=True)
class Found:
    """A translation and where it is written (for errors in translated Markdown)."""

    text: str
    where: Location


@dataclass
class Translator:
    """Lookups into one edition's catalogs; the source edition translates nothing."""

    locale: str
    source: str
    catalogs: dict[str, Catalog] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)
    untranslated: set[tuple[str, str | None, str]] = field(default_factory=set)

    @property
    def is_source(self) -> bool:
        return self.locale == self.source

    def _translates(self, domain: str) -> bool:
        """Whether ``domain``'s msgids are in another language than this edition."""
        return self.locale != TEMPLATE_LOCALE if domain == SHARED else not self.is_source

    def _message(self, domain: str, context: str | None, text: str) -> Message | None:
        """The usable (translated, not fuzzy) message for ``text``; None, recorded, if none."""
        catalog = self.catalogs.get(domain)
        message = catalog.get(text, context) if catalog is not None else None
        strings = message.string if message is not None else None
        forms = strings if isinstance(strings, tuple | list) else (strings,)
        if message is None or not all(forms) or message.fuzzy:
            self.untranslated.add((domain, context, text))
            return None
        return message

    def get(self, domain: str, context: str | None, text: str) -> Found | None:
        """The translation of ``text``; None (and recorded) if there is no usable one."""
        if not self._translates(domain):
            return None
        message = self._message(domain, context, text)
        if message is None:
            return None
        line = getattr(message, "lineno", 0) or 0
        return Found(str(message.string), Location(self.paths[domain], line, 1 if line else 0))

    def text(self, domain: str, context: str | None, text: str) -> tuple[str, bool]:
        """(the edition's text, whether it is translated); the source edition is translated."""
        if self.is_source or not text:
            return text, True
        found = self.get(domain, context, text)
        return (found.text, True) if found else (text, False)

    def forms(self, domain: str, context: str | None, forms: Sequence[str]
              ) -> tuple[tuple[str, ...], bool]:
        """A plural message's forms in this edition (its gettext order) and whether they are
        translated; untranslated, the source forms."""
        if not self._translates(domain) or not forms:
            return tuple(forms), True
        message = self._message(domain, context, forms[0])
        if message is None or not isinstance(message.string, tuple | list):
            if message is not None:  # translated as a singular message: not usable
                self.untranslated.add((domain, context, forms[0]))
            return tuple(forms), False
        return tuple(str(f) for f in message.string), True

    def _domain_of(self, message: str) -> str:
        own = self.catalogs.get("ui")
        return "ui" if own is not None and own.get(message) is not None else SHARED

    def gettext(self, message: str) -> str:
        """Template and renderer words (no context), in any edition but the templates' own."""
        if not message:
            return message
        domain = self._domain_of(message)
        found = self.get(domain, None, message)
        if found is None:
            return message
        self._fitting(domain, (message,), found.text)
        return found.text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """A count's words: the catalog's form for ``n`` by its language's plural rule;
        untranslated, the singular or the plural by the rule of the msgids' language."""
        domain = self._domain_of(singular)
        forms, done = self.forms(domain, None, (singular, plural))
        catalog = self.catalogs.get(domain)
        if done and catalog is not None and self._translates(domain):
            form = forms[min(compiled(catalog.plural_expr)(n), len(forms) - 1)]
            self._fitting(domain, (singular, plural), form)
            return form
        return plural_form(forms, n, TEMPLATE_LOCALE if domain == SHARED else self.source)


    def _fitting(self, domain: str, sources: tuple[str, ...], text: str) -> None:
        """Raise, at its message in the PO file, if a template word's translation has fields
        its source lacks (`publish check` says so first: ``field_problems``)."""
        why = misfit(sources, text)
        if why is not None:
            message = self.catalogs[domain].get(sources[0])
            assert message is not None, "the translation was read from this message"
            raise ProblemsFound([_misfit_problem(self.paths[domain], message, why)])


def _misfit_problem(path: Path, message: Message, why: str) -> Problem:
    source = message.id[0] if isinstance(message.id, tuple | list) else message.id
    shown = source if len(source) <= 40 else source[:39] + "…"
    return Problem(Location(path, getattr(message, "lineno", 0) or 1, 1),
                   f"the translation of '{shown}': {why}")


def field_problems(game: Game) -> list[Problem]:
    """In every edition, each template word (the game's ``ui`` catalog, the shared
    ``templates`` one) whose translation has a field its source lacks, or a field that is no
    name, at its message in the PO file: the build would fail on it. A catalog that cannot
    be read is said too. Fuzzy translations are not printed, so not read."""
    problems = []
    for locale in game.config.locales.editions:
        try:
            words = template_words(game, locale)
        except ProblemsFound as found:
            problems += found.problems
            continue
        if words is None:
            continue
        for domain, catalog in words.catalogs.items():
            if not words._translates(domain):
                continue
            for message in catalog:
                sources = message.id if isinstance(message.id, tuple | list) else (message.id,)
                strings = (message.string if isinstance(message.string, tuple | list)
                           else (message.string,))
                why = next((why for text in strings if text and not message.fuzzy
                            if (why := misfit(sources, text)) is not None), None)
                if message.id and why is not None:
                    problems.append(_misfit_problem(words.paths[domain], message, why))
    return problems


def kept_problems(game: Game, locales: Iterable[str] | None = None,
                  parsed: dict[Path, Catalog] | None = None) -> list[Problem]:
    """In every translated edition, each translation that drops or adds an icon, a directive,
    a field or a bold span of its source (publish.i18n.keeps), at its message in the PO file;
    a template word whose fields are wrong is said once, by ``field_problems``.  Fuzzy
    translations are not printed, so not read; a catalog that cannot be read is said by
    ``field_problems`` or the build.  ``parsed``: PO files already read, by path (one read
    is added to it)."""
    problems = []
    for locale in game.config.locales.editions if locales is None else locales:
        try:
            check_edition(game, locale)
            words = _reading(game, locale, domains_for(game, locale), parsed)
        except ProblemsFound:
            continue
        for domain, catalog in words.catalogs.items():
            if not words._translates(domain) or domain == "glossary":
                continue
            for message in catalog:
                if not message.id or message.fuzzy or not _all_forms(message):
                    continue
                sources = _forms(message.id)
                strings = _forms(message.string)
                if any(misfit(sources, text) for text in strings):
                    continue
                why = unkept(sources, strings)
                if why is not None:
                    problems.append(_misfit_problem(words.paths[domain], message, why))
    return problems


def _forms(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else (str(value),)


def _all_forms(message: Message) -> bool:
    return all(_forms(message.string))


def check_edition(game: Game, locale: str) -> None:
    """Raise if game.yaml does not publish ``locale`` (reads no catalog)."""
    locales = game.config.locales
    if locale not in locales.editions:
        where = game.config_source.locate(("locales", "editions"))
        raise ProblemsFound([Problem(where, f"'{locale}' is not an edition of {game.id} "
                                     f"(editions: {', '.join(locales.editions)}): add it to "
                                     "locales.editions and translate its catalogs "
                                     "(publish i18n update)")])


def _reading(game: Game, locale: str, domains: Iterable[str],
             parsed: dict[Path, Catalog] | None = None) -> Translator:
    """A translator holding those of ``domains`` that have a PO file; a file already in
    ``parsed`` is taken from it, one read is added to it."""
    result = Translator(locale, game.config.locales.source)
    parsed = {} if parsed is None else parsed
    for domain in domains:
        path = po_path(game.root, locale, domain)
        if path not in parsed and path.is_file():
            parsed[path] = read_catalog(path, locale, project=game.project)
        if path in parsed:
            result.catalogs[domain] = parsed[path]
            result.paths[domain] = path
    return result


def translator(game: Game, locale: str) -> Translator:
    """The catalogs of ``locale``; an edition game.yaml does not publish is an error."""
    check_edition(game, locale)
    return _reading(game, locale, domains_for(game, locale))


def template_words(game: Game, locale: str) -> Translator | None:
    """The templates' words in ``locale`` (None where the templates already speak it).

    An edition without a shared catalog for its language prints the shared words in
    English; the build says it is a draft (``publish i18n status`` lists them).
    """
    if locale == TEMPLATE_LOCALE:
        return None
    return _reading(game, locale, UI)


def edition_words(game: Game, locale: str) -> tuple[Translator, Translator | None]:
    """(``translator``, ``template_words``) of ``locale``, each PO file parsed once: the
    catalog of the game's own template words serves both."""
    check_edition(game, locale)
    parsed: dict[Path, Catalog] = {}
    words = _reading(game, locale, domains_for(game, locale), parsed)
    return words, None if locale == TEMPLATE_LOCALE else _reading(game, locale, UI, parsed)


def localize(game: Game, words: Translator) -> Game:
    """``game`` with its cards and its game.yaml words in the translator's language."""
    if words.is_source:
        return game
    return replace(game, config=_config(game.config, words),
                   cards=[_card(card, words, game.config.fields_of("translatable"))
                          for card in game.cards])


def _card(card: Card, words: Translator, translatable: list[str], side: str = "") -> Card:
    """``card`` in the translator's words; ``side`` "back ": the card's second face, whose
    messages say so ("card 004 back name")."""
    missing: set[str] = set()
    at: dict[tuple[object, ...], Location] = {}

    def tr(field_name: str, context: str, text: str, *where: object) -> str:
        if not text:
            return text
        found = words.get("cards", f"card {card.number} {side}{context}", text)
        if found is None:
            missing.add(field_name)
            return text
        at[(*card.path, *where)] = found.where
        if where[0] == "text":
            at.setdefault((*card.path, "text"), found.where)
        return found.text

    name = tr("name", "name", card.name, "name")
    blocks = [replace(b, text=tr(f"text {i}", f"text {i}", b.text, "text", i - 1))
              for i, b in enumerate(card.blocks, start=1)]
    notes = tr("notes", "notes", card.notes, "notes") if card.notes else card.notes
    fields = dict(card.fields)
    for field_id in translatable:
        if fields.get(field_id):
            fields[field_id] = tr(field_id, field_id, fields[field_id], field_id)
    back_face = (_card(card.back_face, words, translatable, "back ")
                 if card.back_face is not None else None)
    return replace(card, name=name, blocks=blocks, notes=notes, fields=fields,
                   untranslated=frozenset(missing), back_face=back_face,
                   source=Translated(card.source.path, card.source.values, card.source.keys,
                                     at) if at else card.source)


@dataclass
class Translated(SourceMap):
    """A card's source map in an edition's words: a translated field is written at its
    message in the PO file, so a problem with it (an unknown icon, an overflow) is said
    there, not at the source text the translator cannot change."""

    translated: dict[tuple[object, ...], Location] = field(default_factory=dict)

    def locate(self, loc: tuple[object, ...], *, key: bool = False) -> Location:
        loc = tuple(loc)
        found = next((self.translated[loc[:n]] for n in range(len(loc), 0, -1)
                      if loc[:n] in self.translated), None)
        return found or super().locate(loc, key=key)


def _kinds(config: GameConfig, words: Translator) -> dict:
    """The kinds with their names, and their forms after a number, in the edition's words
    (forms not yet translated of a kind game.yaml gives none: its translated name)."""
    kinds = {}
    for k, v in config.card_kinds.items():
        name = words.text("cards", f"kind {k} name", v.name)[0]
        counted, done = words.forms("cards", f"kind {k} counted", v.count_forms())
        kinds[k] = v.model_copy(update={
            "name": name, "counted": list(counted) if done or v.counted else None})
    return kinds


def _config(config: GameConfig, words: Translator) -> GameConfig:
    def tr(context: str, text: str) -> str:
        return words.text("cards", context, text)[0]

    def named(items: dict, what: str) -> dict:
        return {k: v.model_copy(update={"name": tr(f"{what} {k} name", v.name)})
                for k, v in items.items()}

    decks = {k: v.model_copy(update={
        "name": tr(f"deck {k} name", v.name),
        "indicator": tr(f"deck {k} indicator", v.indicator) if v.indicator else None})
        for k, v in config.decks.items()}
    tags = {k: v.model_copy(update={
        "name": tr(f"tag {k} name", v.name),
        "description": tr(f"tag {k} description", v.description)})
        for k, v in config.tags.items()}
    groups = config.groups
    if groups is not None:
        groups = groups.model_copy(update={"label": tr("group label", groups.label),
                                           "values": named(groups.values, "group")})
    licence = config.licence.model_copy(update={
        "id": tr("licence id", config.licence.id) if config.licence.in_words
        else config.licence.id,
        "name": tr("licence name", config.licence.name),
        "url": tr("licence url", config.licence.url),
        "attribution": tr("licence attribution", config.licence.attribution)})
    fields = {k: v.model_copy(update={"label": tr(f"field {k} label", v.label)}) if v.label
              else v for k, v in config.fields.items()}
    return config.model_copy(update={
        "name": tr("game name", config.name), "source": tr("game source", config.source),
        "fields": fields,
        "licence": licence, "card_kinds": _kinds(config, words),
        "text_blocks": named(config.text_blocks, "text block"), "decks": decks,
        "backs": named(config.backs, "back"),
        "groups": groups, "tags": tags, "icons": named(config.icons, "icon")})


def in_locale(game: Game, locale: str) -> tuple[Game, Translator]:
    """(``game`` in ``locale``'s words, the translator that did it); words with no
    translation stay in the source language, marked."""
    words = translator(game, locale)
    return localize(game, words), words
