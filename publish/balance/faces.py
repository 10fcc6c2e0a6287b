"""Where a card's face already is: the report links each outlier to a picture of it.

The cheapest face is one a build has made: the review gallery's image
(build/<game>/<locale>/gallery/images/<number>.png, trimmed, screen size),
else the print-shop PNG of the first deck that holds the card
(printshop/tgc/<deck>/front-<number>.png, made by every default build).
Nothing is rendered here; a card with no face yet is shown without one, and
the report says which command makes them.
"""

from __future__ import annotations

from pathlib import Path

from publish.model.game import Game
from publish.targets.base import output_dir

MAKES_FACES = "publish build printshop"
"""The command that makes the print-shop PNGs (part of every default build)."""


def face_paths(project: Path, game: Game, cards: list[str]) -> dict[str, Path]:
    """Each card's face image that exists, relative to the project (cards without one: absent)."""
    locales = [game.config.locales.source,
               *(e for e in game.config.locales.editions if e != game.config.locales.source)]
    decks = {card.number: [d for d in game.config.decks if d in card.copies]
             for card in game.cards}
    found: dict[str, Path] = {}
    for number in cards:
        for locale in locales:
            folder = output_dir(project, game.id, locale)
            candidates = [folder / "gallery" / "images" / f"{number}.png"]
            candidates += [folder / "printshop" / "tgc" / deck / f"front-{number}.png"
                           for deck in decks.get(number, [])]
            hit = next((path for path in candidates if path.is_file()), None)
            if hit is not None:
                found[number] = hit.relative_to(project)
                break
    return found
