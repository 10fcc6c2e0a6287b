"""`publish layouts`: the command line of publish.app.layouts, registered by publish.cli.main."""

from __future__ import annotations

import click

from publish.app.layouts import layout_lines
from publish.cli.common import echo_all, game_option, project_option, reports
from publish.render.geometry import CARD_SIZES, PAPERS


@click.command()
@project_option
@game_option
@click.option("--paper", type=click.Choice(list(PAPERS)), help="Only the layouts for this paper.")
@click.option("--size", type=click.Choice(list(CARD_SIZES)),
              help="Only the layouts for this card size.")
@reports
def layouts(project: str | None, game: str | None, paper: str | None, size: str | None) -> None:
    """The sheet layouts a game's decks may print with (`publish build decks --layout ID`):
    the package's and the game's own (layouts/), what each is for, the cards a page takes
    and which is the default."""
    echo_all(layout_lines(project, game, paper, size))
