"""`publish preview CARD...`: a PNG of each named card, quick enough to make on every save.

Only the game is loaded (no deck rules, no engine, no examples: `publish
check` does those) and only the named cards are laid out.  A card is named by
its number or its name (in the game's source language, any case).
"""

from __future__ import annotations

import os
from pathlib import Path

from publish.app.commands import failing, locate
from publish.build.failures import Failure
from publish.core.atomic import write_atomic
from publish.core.problems import Problem, did_you_mean
from publish.model.game import Card, Game
from publish.model.icons import read_icons
from publish.model.load import load_game
from publish.render.edition import EditionContext
from publish.render.fit import Shrunk
from publish.render.preview import DPI, card_png

FOLDER = "preview"
"""Under build/<game>/<locale>/: <number>.png per card previewed (<number>-proof.png with
the proof guides)."""


def preview(project: str | None, game: str | None, names: tuple[str, ...],
            locale: str | None = None, dpi: int = DPI, proof: bool = False) -> list[str]:
    """Write the PNG of each named card in ``locale`` (default: every edition), with the proof
    guides if ``proof`` (as <number>-proof.png); the lines to print: each file's path, and a
    note if the game has problems elsewhere."""
    root, game_id = locate(project, game)
    with failing():
        loaded, problems = load_game(root, game_id)
    if loaded is None:
        raise Failure([str(p) for p in problems])
    cards = [named(loaded, name, problems) for name in names]
    locales = [locale] if locale else list(loaded.config.locales.editions)
    written: list[str] = []
    shrunk: list[Shrunk] = []
    with failing():
        icons = read_icons(loaded)
        for edition in locales:
            context = EditionContext.make(root, loaded, edition, icons)
            by_number = {card.number: card for card in context.game.cards}
            folder = root / "build" / game_id / edition / FOLDER
            for card in cards:
                path = folder / f"{card.number}{'-proof' if proof else ''}.png"
                write_atomic(path, card_png(context, by_number[card.number], dpi, shrunk, proof))
                written.append(shown(path))
    notes = [f"note: {game_id} has {len(problems)} problem(s) elsewhere (publish check)"]
    return written + (notes if problems else []) + [f"note: {s}" for s in shrunk]


def named(game: Game, name: str, problems: list[Problem]) -> Card:
    """The card numbered (``7`` for ``007``) or called ``name``; a Failure saying what is
    close if none is, with the game's problems (one may be why the card did not load)."""
    for card in game.cards:
        if (name.casefold() == card.name.casefold()
                or (name.isdigit() and name.zfill(len(card.number)) == card.number)):
            return card
    choices = [] if name.isdigit() else [c.name for c in game.cards]  # 005 is not close to 002
    unloaded = "; the game's problems (one may be why):" if problems else ""
    raise Failure([f"preview: {game.id} has no card numbered or named '{name}'"
                   f"{did_you_mean(name, choices)}{unloaded}", *map(str, problems)])


def shown(path: Path) -> str:
    """``path`` as typed from where the command runs, when it is under it."""
    relative = os.path.relpath(path)
    return path.as_posix() if relative.startswith("..") else relative
