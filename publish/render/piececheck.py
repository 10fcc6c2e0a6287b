"""What `publish check` finds in game.yaml's boxes and components before a build does.

A deck's box picture (``decks.<id>.box_art``) that leads to no file inside the game's
folder, and a component whose template is neither in templates/<game>/ nor in the shared
templates, are said at their line in game.yaml; the box and component renderers
(publish.render.boxes, publish.render.components) read the same answers.
"""

from __future__ import annotations

from pathlib import Path

from publish.core.problems import Problem
from publish.model.game import Game

COMMON = "_common"


def box_picture(game: Game, deck: str) -> Path | None:
    """The file game.yaml names for the front of ``deck``'s box, if it is one inside the
    game's folder (None otherwise, or when it names none)."""
    name = game.config.decks[deck].box_art
    if name is None:
        return None
    path = (game.root / name).resolve()
    return path if path.is_relative_to(game.root.resolve()) and path.is_file() else None


def missing_box_picture(game: Game, deck: str) -> str:
    """What is said of a box picture that is not there."""
    return (f"decks.{deck}.box_art: no picture {game.config.decks[deck].box_art!r} in the "
            f"game's folder ({game.root})")


def component_template(component: str, template: str | None) -> str:
    """The file in templates/<game>/ that draws one ``component``."""
    return template or f"component-{component}.html.j2"


def piece_problems(project: Path, game: Game) -> list[Problem]:
    """Box pictures and component templates game.yaml names that a build would not find."""
    config, where = game.config, game.config_source
    problems = [Problem(where.locate(("decks", deck, "box_art")),
                        missing_box_picture(game, deck))
                for deck, spec in config.decks.items()
                if spec.box_art is not None and box_picture(game, deck) is None]
    for component, spec in config.components.items():
        name = component_template(component, spec.template)
        if not any((project / "templates" / folder / name).is_file()
                   for folder in (game.id, COMMON)):
            problems.append(Problem(
                where.locate(("components", component, "template")),
                f"components.{component}: no template {name}: write templates/{game.id}/{name}, "
                "which draws one piece (docs/components.md)"))
    return problems
