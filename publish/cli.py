"""The `publish` command line: options and output only; the work is elsewhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from publish import __version__
from publish.problems import ProblemsFound


def _root(project: str | None) -> Path:
    from publish.load import find_root

    return find_root(Path(project) if project else None)


def _game(root: Path, game: str | None) -> str:
    from publish.load import default_game

    return game or default_game(root)


def _fail(problems: list) -> None:
    for problem in problems:
        click.echo(str(problem), err=True)
    sys.exit(1)


project_option = click.option(
    "--project", type=click.Path(file_okay=False), help="Project folder (default: found upwards)."
)
game_option = click.option("--game", help="Game id under cards/ (default: the project's default).")


@click.group()
@click.version_option(__version__, prog_name="publish")
def main() -> None:
    """Check card games and publish their decks, rules and manuals."""


@main.command()
@project_option
@game_option
def check(project: str | None, game: str | None) -> None:
    """Validate a game's cards and rules; list every problem with file:line:col."""
    from publish.check import check as run_check

    try:
        root = _root(project)
        report = run_check(root, _game(root, game))
    except ProblemsFound as found:
        _fail(found.problems)
    for problem in report.problems:
        click.echo(str(problem))
    click.echo(report.summary())
    sys.exit(0 if report.ok else 1)


def _loaded(project: str | None, game: str | None):
    from publish.check import check as run_check

    try:
        root = _root(project)
        report = run_check(root, _game(root, game))
    except ProblemsFound as found:
        _fail(found.problems)
    if not report.ok:
        click.echo(f"{report.game_id}: fix these problems first (publish check):", err=True)
        _fail(report.problems)
    return report.game


@main.command()
@project_option
@game_option
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json",
              show_default=True)
def cards(project: str | None, game: str | None, fmt: str) -> None:
    """Print every card, one row per card per deck, as JSON or CSV."""
    from publish.export import to_csv, to_json

    loaded = _loaded(project, game)
    click.echo(to_json(loaded) if fmt == "json" else to_csv(loaded), nl=False)


@main.command()
@project_option
@game_option
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Write the schema to this file (atomically) instead of printing it.")
def schema(project: str | None, game: str | None, output: str | None) -> None:
    """JSON Schema of a game's deck files, for editors and other tools."""
    from publish.atomic import write_atomic
    from publish.cardschema import json_schema
    from publish.load import load_config

    try:
        root = _root(project)
        config, _ = load_config(root / "cards" / _game(root, game))
    except ProblemsFound as found:
        _fail(found.problems)
    text = json.dumps(json_schema(config), ensure_ascii=False, indent=2) + "\n"
    if output:
        write_atomic(Path(output), text)
    else:
        click.echo(text, nl=False)
