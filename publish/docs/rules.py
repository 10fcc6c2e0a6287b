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
from publish.model.game import Card, Game
from publish.render.edition import EditionContext
from publish.render.faces import face_context


def example_checker(shared: EditionContext, checked: Mapping[Path, list[Problem]] | None
                    ) -> Callable[[Path], list[Problem]] | None:
    """The findings of one example game: from the check if it replayed it, else replayed
    now by the game's engine (None if the game has no engine that replays logs)."""
    engine, game = shared.engine, shared.source
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
    shared = EditionContext.make(project or game.project, game, locale)
    return rules_of(shared, link_cards=link_cards, examples=examples, faces=project is not None)


def rules_of(shared: EditionContext, *, link_cards: bool = True,
             examples: Mapping[Path, list[Problem]] | None = None,
             faces: bool = True, stable_ids: bool = False, tagged: bool = False) -> Edition:
    """The rules sources of the edition of ``shared``, parsed against its cards (problems
    collected); ``faces``: `{face}` draws cards with the game's own card templates;
    ``stable_ids``: ids the same in every edition (publish.docs.context.RulesContext);
    ``tagged``: for a tagged PDF (icons named)."""
    return read_edition(shared, link_cards=link_cards, stable_ids=stable_ids,
                        check_example=example_checker(shared, examples),
                        face_html=face_drawer(shared) if faces else None, tagged=tagged)


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


def face_drawer(shared: EditionContext) -> Callable[[Card], Markup] | None:
    """The game's `face` macro as a function of a card, or None if the game has no faces."""
    try:
        macro = shared.env.get_template("cards.html.j2").module.face  # type: ignore[attr-defined]
    except (TemplateNotFound, AttributeError):  # no card faces: {face} says so where used
        return None
    game = shared.game
    style = shared.style(game.config.print.default_size)

    def draw(card: Card) -> Markup:
        deck = next(iter(card.copies))
        return macro(face_context(game, card, deck, shared.locale, shared.icons), style)

    return draw
