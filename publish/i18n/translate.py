"""An edition's words: catalog lookups, and the game with its cards in that language.

A build in a translated locale reads the PO files directly.  A message with
no translation, or whose translation is fuzzy (made for an older source),
falls back to the source text and is recorded as untranslated, so the
renderer can mark it visibly; ``--strict`` builds refuse to start instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from babel.messages.catalog import Catalog

from publish.i18n.catalog import DOMAINS, po_path, read_catalog
from publish.model import Card, Game, GameConfig
from publish.problems import Location, Problem, ProblemsFound

TEMPLATE_LOCALE = "pt-BR"
"""The language the templates' and the renderer's own words are written in (their msgids)."""


def domains_for(game: Game, locale: str) -> list[str]:
    """The catalogs an edition needs: all of them, or for the source, the template words only
    (when the templates are in another language than the game)."""
    if locale != game.config.locales.source:
        return [d.name for d in DOMAINS]
    return ["ui", "templates"] if locale != TEMPLATE_LOCALE else []


UI = ("ui", "templates")
"""The template-word domains: a game's own, then the shared one."""


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

    def get(self, domain: str, context: str | None, text: str) -> Found | None:
        """The translation of ``text``; None (and recorded) if there is no usable one."""
        if self.is_source if domain not in UI else self.locale == TEMPLATE_LOCALE:
            return None
        catalog = self.catalogs.get(domain)
        message = catalog.get(text, context) if catalog is not None else None
        if message is None or not message.string or message.fuzzy:
            self.untranslated.add((domain, context, text))
            return None
        line = getattr(message, "lineno", 0) or 0
        return Found(str(message.string), Location(self.paths[domain], line, 1 if line else 0))

    def text(self, domain: str, context: str | None, text: str) -> tuple[str, bool]:
        """(the edition's text, whether it is translated); the source edition is translated."""
        if self.is_source or not text:
            return text, True
        found = self.get(domain, context, text)
        return (found.text, True) if found else (text, False)

    def gettext(self, message: str) -> str:
        """Template and renderer words (no context), in any edition but the templates' own."""
        if not message:
            return message
        own = self.catalogs.get("ui")
        domain = "ui" if own is not None and own.get(message) is not None else "templates"
        found = self.get(domain, None, message)
        return found.text if found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def check_edition(game: Game, locale: str) -> None:
    """Raise if game.yaml does not publish ``locale`` (reads no catalog)."""
    locales = game.config.locales
    if locale not in locales.editions:
        where = game.config_source.locate(("locales", "editions"))
        raise ProblemsFound([Problem(where, f"'{locale}' is not an edition of {game.id} "
                                     f"(editions: {', '.join(locales.editions)}): add it to "
                                     "locales.editions and translate its catalogs "
                                     "(publish i18n update)")])


def _reading(game: Game, locale: str, domains: Iterable[str]) -> Translator:
    """A translator holding those of ``domains`` that have a PO file."""
    result = Translator(locale, game.config.locales.source)
    for domain in domains:
        path = po_path(game.root, locale, domain)
        if path.is_file():
            result.catalogs[domain] = read_catalog(path, locale)
            result.paths[domain] = path
    return result


def translator(game: Game, locale: str) -> Translator:
    """The catalogs of ``locale``; an edition game.yaml does not publish is an error."""
    check_edition(game, locale)
    return _reading(game, locale, domains_for(game, locale))


def template_words(game: Game, locale: str) -> Callable[[str], str] | None:
    """The templates' words in ``locale`` (None where the templates already speak it)."""
    if locale == TEMPLATE_LOCALE:
        return None
    return _reading(game, locale, UI).gettext


def localize(game: Game, words: Translator) -> Game:
    """``game`` with its cards and its game.yaml words in the translator's language."""
    if words.is_source:
        return game
    return replace(game, config=_config(game.config, words),
                   cards=[_card(card, words) for card in game.cards])


def _card(card: Card, words: Translator) -> Card:
    missing: set[str] = set()

    def tr(field_name: str, context: str, text: str) -> str:
        value, done = words.text("cards", f"card {card.number} {context}", text)
        if not done:
            missing.add(field_name)
        return value

    name = tr("name", "name", card.name)
    blocks = [replace(b, text=tr(f"text {i}", f"text {i}", b.text))
              for i, b in enumerate(card.blocks, start=1)]
    notes = tr("notes", "notes", card.notes) if card.notes else card.notes
    return replace(card, name=name, blocks=blocks, notes=notes,
                   untranslated=frozenset(missing))


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
        "name": tr("licence name", config.licence.name),
        "url": tr("licence url", config.licence.url),
        "attribution": tr("licence attribution", config.licence.attribution)})
    return config.model_copy(update={
        "name": tr("game name", config.name), "source": tr("game source", config.source),
        "licence": licence, "card_kinds": named(config.card_kinds, "kind"),
        "text_blocks": named(config.text_blocks, "text block"), "decks": decks,
        "groups": groups, "tags": tags})
