"""The rules sources of an edition, read against its cards: what the manual and summaries show.

Here the docs meet the renderer: `{face}` draws a card with the game's own
card template, and `{example}` takes the check's replay of each example
instead of replaying it again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from jinja2 import TemplateNotFound
from markupsafe import Markup

from publish.core.ceilings import ceilings
from publish.core.problems import Problem
from publish.docs.edition import Edition, read_edition
from publish.engines.registry import engine_for
from publish.i18n.translate import in_locale, template_words
from publish.model.game import Card, Game
from publish.model.icons import read_icons
from publish.render.decks import DeckOptions, face_style
from publish.render.env import environment
from publish.render.faces import face_context


def example_checker(game: Game, checked: Mapping[Path, list[Problem]] | None
                    ) -> Callable[[Path], list[Problem]] | None:
    """The findings of one example game: from the check if it replayed it, else replayed
    now by the game's engine (None if the game has no engine that replays logs)."""
    engine = engine_for(game)
    if engine is None or not engine.info.replays:
        return None
    known = {path.resolve(): found for path, found in (checked or {}).items()}

    def findings(path: Path) -> list[Problem]:
        found = known.get(path.resolve())
        return found if found is not None else engine.replay(game, [path], None)

    return findings


def read_rules(game: Game, locale: str, link_cards: bool = True, project: Path | None = None,
               examples: Mapping[Path, list[Problem]] | None = None) -> Edition:
    """The edition's rules sources, parsed against its cards (problems collected).

    ``game`` is the game as loaded (source language); examples replay against
    it unless ``examples`` (the check's findings) already holds them.  With
    ``project``, `{face}` shows cards drawn by the game's own card templates.
    """
    icons = read_icons(game)
    checker = example_checker(game, examples)
    game, words = in_locale(game, locale)
    return read_edition(game, locale, icons, link_cards=link_cards, check_example=checker,
                        face_html=face_drawer(project, game, locale, icons) if project else None,
                        words=words)


def rules_problems(game: Game, project: Path,
                   examples: Mapping[Path, list[Problem]] | None = None) -> list[Problem]:
    """What the manual and summaries would be refused for, in every edition, found without
    laying them out: unknown icons and cards, directives missing what they name; each
    edition within the ceilings of a build's job (its faces are drawn by the game's
    templates)."""
    found: set[Problem] = set()
    for locale in game.config.locales.editions:
        with ceilings(f"the rules of {game.id} ({locale}), drawn as the manual would"):
            edition = read_rules(game, locale, project=project, examples=examples)
            for source in edition.chapters + edition.summaries:
                edition.markdown.render(source)
        found.update(edition.ctx.problems)
    return sorted(found, key=lambda p: (p.location, p.message))


def face_drawer(project: Path, game: Game, locale: str, icons: dict[str, str]
                ) -> Callable[[Card], Markup] | None:
    """The game's `face` macro as a function of a card, or None if the game has no faces."""
    env = environment(project, game.id, template_words(game, locale))
    try:
        macro = env.get_template("cards.html.j2").module.face  # type: ignore[attr-defined]
    except (TemplateNotFound, AttributeError):  # no card faces: {face} says so where used
        return None
    style = face_style(game, DeckOptions(locale=locale), icons)

    def draw(card: Card) -> Markup:
        deck = next(iter(card.copies))
        return macro(face_context(game, card, deck, locale, icons), style)

    return draw
