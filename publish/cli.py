"""The `publish` command line: options and output only; the work is elsewhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from publish import __version__
from publish.problems import ProblemsFound

if TYPE_CHECKING:
    from publish.model import Game


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


def _loaded(project: str | None, game: str | None) -> tuple[Path, Game]:
    """The project root and its game, checked; exit 1 listing problems if any."""
    from publish.check import check as run_check

    try:
        root = _root(project)
        report = run_check(root, _game(root, game))
    except ProblemsFound as found:
        _fail(found.problems)
    if not report.ok:
        click.echo(f"{report.game_id}: fix these problems first (publish check):", err=True)
        _fail(report.problems)
    return root, report.game


@main.command()
@project_option
@game_option
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json",
              show_default=True)
def cards(project: str | None, game: str | None, fmt: str) -> None:
    """Print every card, one row per card per deck, as JSON or CSV."""
    from publish.export import to_csv, to_json

    _, loaded = _loaded(project, game)
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
        config_game = _game(root, game)
        config, _ = load_config(root / "cards" / config_game)
    except ProblemsFound as found:
        _fail(found.problems)
    from publish.engines import engine_for

    engine = engine_for(config_game)
    effect = engine.effect_schema() if engine is not None else None
    text = json.dumps(json_schema(config, effect), ensure_ascii=False, indent=2) + "\n"
    if output:
        write_atomic(Path(output), text)
    else:
        click.echo(text, nl=False)


locale_option = click.option("--locale", default=None,
                             help="Edition to build (default: the source locale).")
strict_option = click.option("--strict", is_flag=True,
                             help="Fail if the edition has any missing or fuzzy translation.")


@main.group(invoke_without_command=True)
@project_option
@game_option
@locale_option
@strict_option
@click.option("--force", is_flag=True, help="Remake every output, changed or not.")
@click.option("--jobs", type=int, default=None, help="Processes (default: one per core).")
@click.pass_context
def build(ctx: click.Context, project: str | None = None, game: str | None = None,
          locale: str | None = None, strict: bool = False, force: bool = False,
          jobs: int | None = None) -> None:
    """Build outputs into build/<game>/<locale>/. No target: the decks, print-shop files,
    manual and summaries of every edition (or of --locale), remaking only the outputs
    whose inputs changed since they were made."""
    ctx.obj = {"locale": locale, "strict": strict}  # defaults for `build --locale en manual`
    if ctx.invoked_subcommand is not None:
        return
    build_changed(project, game, locale, strict, force, jobs)


def build_changed(project: str | None, game: str | None, locale: str | None, strict: bool,
                  force: bool, jobs: int | None) -> None:
    """Plan without rendering anything; check and render only if something is out of date."""
    from publish.load import load_game
    from publish.pipeline import plan, run

    try:
        root = _root(project)
        game_id = _game(root, game)
    except ProblemsFound as found:
        _fail(found.problems)
    quick, problems = load_game(root, game_id)
    if quick is None or problems:
        _loaded(project, game)  # prints every problem and exits
        return
    editions = quick.config.locales.editions
    if locale and locale not in editions:
        _edition(root, quick, locale, strict)  # says why and exits
    the_plan = plan(root, quick, [locale] if locale else editions, force)
    joins = [loc for loc, why in the_plan.join.items() if why]
    if not the_plan.jobs and not joins:
        click.echo(f"{game_id}: up to date ({len(the_plan.up_to_date)} outputs; "
                   "--force remakes them)")
        return
    _, checked = _loaded(project, game)
    for edition in sorted({job.locale for job in the_plan.jobs} | set(joins)):
        _edition(root, checked, edition, strict)
    click.echo(f"{game_id}: {len(the_plan.jobs)} job(s) to run, "
               f"{len(the_plan.up_to_date)} output(s) up to date")
    with click.progressbar(length=len(the_plan.jobs), label="building", file=sys.stderr,
                           show_pos=True) as bar:
        _run_build(lambda: run(root, checked, the_plan, jobs, click.echo, bar.update),
                   list_outputs=False)


def _edition(root: Path, loaded: Game, locale: str | None, strict: bool) -> str:
    """The locale to build, checked: published, and complete if ``strict``.

    A draft build of an incomplete translation goes on, printing the missing
    words in the source language, marked; it says so here.
    """
    from publish.i18n.translate import check_edition, domains_for
    from publish.i18n.workflow import status

    parent = click.get_current_context().find_object(dict) or {}
    locale = locale or parent.get("locale") or loaded.config.locales.source
    strict = strict or bool(parent.get("strict"))
    checked = parent.setdefault("checked", set())  # `build` checks once for all its targets
    if locale in checked:
        return locale
    checked.add(locale)
    try:
        check_edition(loaded, locale)
    except ProblemsFound as found:
        _fail(found.problems)
    if not domains_for(loaded, locale):
        return locale
    report = status(root, loaded, [locale])[0]
    if report.complete:
        return locale
    if strict:
        click.echo(f"build refused (--strict): {report.summary()}", err=True)
        for line in _pending_lines(report):
            click.echo(f"  {line}", err=True)
        sys.exit(1)
    click.echo(f"  draft: {report.summary()}; untranslated words print as the sources "
               "write them, the game's marked (publish i18n status)")
    return locale


def _pending_lines(report) -> list[str]:
    return [p.describe() for p in report.pending] + [m.describe() for m in report.misuses]


def _run_build(work, list_outputs: bool = True) -> None:
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError

    from publish.build import timed
    from publish.render.decks import Overflow
    from publish.render.pdf import RenderError

    try:
        built = timed(work, click.echo)
    except (Overflow, RenderError, ValueError) as exc:
        click.echo(f"build failed: {exc}", err=True)
        sys.exit(1)
    except TemplateSyntaxError as exc:
        click.echo(f"build failed: {exc.filename or exc.name}:{exc.lineno}: {exc.message}",
                   err=True)
        sys.exit(1)
    except TemplateNotFound as exc:
        click.echo(f"build failed: no template '{exc.name}' in templates/<game>/ or "
                   "templates/_common/ of the project: add it", err=True)
        sys.exit(1)
    except TemplateError as exc:
        click.echo(f"build failed: template error: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"build failed: cannot write {exc.filename or 'an output'}: "
                   f"{exc.strerror or exc}", err=True)
        sys.exit(1)
    except ProblemsFound as found:
        _fail(found.problems)
    for item in built if list_outputs else []:
        click.echo(f"  {item.path} ({item.pages} pages)")


@build.command()
@project_option
@game_option
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--size", type=click.Choice(["poker", "bridge", "tarot", "mini", "square"]),
              default="poker", show_default=True)
@click.option("--bw", is_flag=True, help="Black-and-white printer-friendly variant.")
@click.option("--backs", type=click.Choice(["none", "long-edge", "short-edge", "fold"]),
              default="none", show_default=True, help="Double-sided backs for this duplex flip.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Offset read on the calibration page (mm); backs are moved to cancel it.")
@locale_option
@strict_option
@click.option("--jobs", type=int, default=None, help="Processes (default: one per core).")
def decks(project: str | None = None, game: str | None = None, paper: str = "a4",
          size: str = "poker", bw: bool = False, backs: str = "none", back_offset: str = "0,0",
          locale: str | None = None, strict: bool = False, jobs: int | None = None) -> None:
    """Print-and-cut deck PDFs: one per deck and one with all decks."""
    from publish.build import build_decks
    from publish.render.decks import DeckOptions

    root, loaded = _loaded(project, game)
    locale = _edition(root, loaded, locale, strict)
    try:
        offset_x, offset_y = (float(v) for v in back_offset.split(","))
    except ValueError:
        raise click.BadParameter("write it as X,Y in millimetres, e.g. 0.5,-1",
                                 param_hint="--back-offset") from None
    options = DeckOptions(paper=paper, size=size, bw=bw, backs=backs,
                          locale=locale,
                          back_offset=(offset_x, offset_y))
    _run_build(lambda: build_decks(root, loaded, options, jobs, click.echo))


@build.command()
@project_option
@game_option
@click.option("--service", type=click.Choice(["tgc", "mpc"]), default="tgc", show_default=True,
              help="Card and image size of the print service.")
@click.option("--interleave", is_flag=True,
              help="Each front followed by its back (DriveThruCards).")
@click.option("--images/--no-images", default=True, show_default=True,
              help="Also write a 300 dpi PNG per card.")
@locale_option
@strict_option
@click.option("--jobs", type=int, default=None, help="Processes (default: one per core).")
def printshop(project: str | None = None, game: str | None = None, service: str = "tgc",
              interleave: bool = False, images: bool = True, locale: str | None = None,
              strict: bool = False, jobs: int | None = None) -> None:
    """Print-shop files: one card per page (TrimBox/BleedBox) and PNG images."""
    from publish.build import build_printshop

    root, loaded = _loaded(project, game)
    locale = _edition(root, loaded, locale, strict)
    _run_build(lambda: build_printshop(root, loaded, service, interleave, images,
                                       locale, jobs, click.echo))


paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
                            show_default=True)


def _docs_options(root: Path, loaded: Game, paper: str, locale: str | None, strict: bool):
    from publish.docs.manual import ManualOptions

    return ManualOptions(paper=paper, locale=_edition(root, loaded, locale, strict))


@build.command()
@project_option
@game_option
@paper_option
@locale_option
@strict_option
def manual(project: str | None = None, game: str | None = None, paper: str = "a4",
           locale: str | None = None, strict: bool = False) -> None:
    """The full manual: rules, card lists, cards by effect, examples, index."""
    from publish.build import build_manual

    root, loaded = _loaded(project, game)
    options = _docs_options(root, loaded, paper, locale, strict)
    _run_build(lambda: build_manual(root, loaded, options, click.echo))


@build.command()
@project_option
@game_option
@paper_option
@locale_option
@strict_option
def summaries(project: str | None = None, game: str | None = None, paper: str = "a4",
              locale: str | None = None, strict: bool = False) -> None:
    """Rule summaries, one PDF each, each within the pages its front matter allows."""
    from publish.build import build_summaries

    root, loaded = _loaded(project, game)
    options = _docs_options(root, loaded, paper, locale, strict)
    _run_build(lambda: build_summaries(root, loaded, options, click.echo))


@main.group()
def i18n() -> None:
    """Translation catalogs (gettext PO, with Babel): extract, update, status."""


@i18n.command()
@project_option
@game_option
def extract(project: str | None, game: str | None) -> None:
    """Write the message templates (locale/*.pot) from the sources."""
    from publish.i18n.workflow import extract as run

    root, loaded = _loaded(project, game)
    for path in run(root, loaded):
        click.echo(f"  {path.relative_to(root)}")


def _locales(loaded: Game, chosen: tuple[str, ...]) -> list[str]:
    from publish.i18n.workflow import translated_locales

    known = translated_locales(loaded)
    for locale in chosen:
        if locale not in known:
            raise click.BadParameter(f"'{locale}' is not a translated edition of {loaded.id} "
                                     f"({', '.join(known) or 'none'}; game.yaml "
                                     "locales.editions)", param_hint="--locale")
    return list(chosen) or known


@i18n.command()
@project_option
@game_option
@click.option("--locale", "chosen", multiple=True, help="Edition(s) (default: every one).")
def update(project: str | None, game: str | None, chosen: tuple[str, ...]) -> None:
    """Bring each edition's PO files up to the sources: new messages, fuzzy, obsolete."""
    from publish.i18n.workflow import update as run

    root, loaded = _loaded(project, game)
    try:
        written = run(root, loaded, _locales(loaded, chosen))
    except ProblemsFound as found:
        _fail(found.problems)
    for path in written:
        click.echo(f"  {path.relative_to(root)}")


@i18n.command()
@project_option
@game_option
@click.option("--locale", "chosen", multiple=True, help="Edition(s) (default: every one).")
@click.option("--strict", is_flag=True, help="Exit 1 unless every edition is complete.")
def status(project: str | None, game: str | None, chosen: tuple[str, ...],
           strict: bool) -> None:
    """Per edition: messages missing, fuzzy (source changed since), glossary misuses, % done."""
    from publish.i18n.workflow import status as run

    root, loaded = _loaded(project, game)
    try:
        report = run(root, loaded, _locales(loaded, chosen))
    except ProblemsFound as found:
        _fail(found.problems)
    stale = report[0].stale_templates if report else []
    for result in report:
        for line in _pending_lines(result):
            click.echo(f"  {result.locale}: {line}")
        click.echo(result.summary())
    if stale:
        click.echo(f"templates out of date ({', '.join(stale)}.pot): publish i18n extract")
    sys.exit(1 if strict and not all(r.complete for r in report) else 0)


@main.command()
@project_option
@game_option
@locale_option
@click.argument("target", required=False,
                type=click.Choice(["all", "decks", "printshop", "manual", "summaries"]))
def watch(project: str | None, game: str | None, locale: str | None,
          target: str | None) -> None:
    """Rebuild on every save (cards, rules, templates, fonts, catalogs); errors are printed
    and watching goes on. Stop with Ctrl-C."""
    from watchfiles import watch as file_events

    root = _root(project)
    game_id = _game(root, game)
    folders = [root / "cards" / game_id, root / "templates", root / "fonts"]
    args = ["--project", str(root), "--game", game_id] + (["--locale", locale] if locale else [])
    command = ["build"] if target in (None, "all") else ["build", target]

    def once() -> None:
        try:
            main.main([*command, *args], standalone_mode=False)
        except SystemExit as done:
            if done.code:
                click.echo(f"watch: build failed (exit {done.code}); fix and save again",
                           err=True)
        except click.ClickException as exc:
            exc.show()
        except Exception as exc:  # a bug must not end the session: say it, keep watching
            click.echo(f"watch: {type(exc).__name__}: {exc}", err=True)

    once()
    click.echo(f"watching {', '.join(str(f.relative_to(root)) for f in folders)} (Ctrl-C stops)")
    for changes in file_events(*[f for f in folders if f.exists()],
                               watch_filter=lambda _, path: not Path(path).name.startswith(".")):
        names = sorted({Path(p).relative_to(root).as_posix() for _, p in changes})
        click.echo(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
        once()


@build.command()
@project_option
@game_option
@locale_option
@strict_option
@click.option("--jobs", type=int, default=None, help="Processes (default: one per core).")
def gallery(project: str | None = None, game: str | None = None, locale: str | None = None,
            strict: bool = False, jobs: int | None = None) -> None:
    """A review page of every card face, filterable by deck, group and kind, and a
    contact-sheet PNG per deck (build/<game>/<locale>/gallery/)."""
    from publish.render.gallery import build_gallery

    root, loaded = _loaded(project, game)
    locale = _edition(root, loaded, locale, strict)
    _run_build(lambda: build_gallery(root, loaded, locale, jobs, say=click.echo))


def _player_range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("..")
    try:
        pair = (int(low), int(high or low))
    except ValueError:
        raise click.BadParameter(f"'{text}': give a count (4) or a range (3..6)") from None
    if pair[0] < 3 or pair[1] < pair[0]:
        raise click.BadParameter(f"'{text}': at least 3 players, low..high")
    return pair


@main.command()
@project_option
@game_option
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--players", default="3..6", show_default=True, help="A count or a range (3..6).")
@click.option("--mode", type=click.Choice(["simple", "bourdieu"]), default="simple",
              show_default=True)
@click.option("--decks", default=None, help="Comma-separated decks (default: the first deck).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--agents", default="greedy,random", show_default=True,
              help="Agents seated in turn: greedy, random.")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Processes (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@click.option("--progress", is_flag=True, help="Show a progress bar.")
@click.option("--logs", type=click.Path(file_okay=False), default=None,
              help="Write each game's log into this folder.")
def simulate(project: str | None, game: str | None, games: int, players: str, mode: str,
             decks: str | None, seed: int, agents: str, workers: int | None, as_json: bool,
             progress: bool, logs: str | None) -> None:
    """Play many seeded games with the rules engine and report what each card did."""
    from publish.engines import engine_for

    root, loaded = _loaded(project, game)
    engine = engine_for(loaded.id)
    if engine is None or not hasattr(engine, "simulate"):
        click.echo(f"{loaded.id}: this game has no rules engine to simulate", err=True)
        sys.exit(2)
    options = {
        "games": games, "players": _player_range(players), "mode": mode, "seed": seed,
        "decks": tuple(decks.split(",")) if decks else (next(iter(loaded.config.decks)),),
        "agents": tuple(agents.split(",")), "workers": workers, "logs": logs,
    }
    try:
        if progress:
            with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
                result = engine.simulate(root, loaded, options, bar.update)
        else:
            result = engine.simulate(root, loaded, options, None)
    except ValueError as err:
        click.echo(f"publish simulate: {err}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        click.echo(engine.describe(result))


@main.command()
@project_option
@game_option
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--edition", type=click.Choice(["2.180423", "4.190617"]), default=None,
              help="Rules to replay by (default: the file's front matter, else 2.180423).")
@click.option("--bookkeeping-only", is_flag=True,
              help="Skip the effects level (card effects replayed by the engine).")
def replay(project: str | None, game: str | None, files: tuple[str, ...], edition: str | None,
           bookkeeping_only: bool) -> None:
    """Replay game logs; list every finding with file:line:col."""
    from publish.engines import engine_for

    _, loaded = _loaded(project, game)
    engine = engine_for(loaded.id)
    if engine is None or not hasattr(engine, "replay"):
        click.echo(f"{loaded.id}: this game has no rules engine to replay logs", err=True)
        sys.exit(2)
    try:
        problems = engine.replay(loaded, list(files), edition, effects=not bookkeeping_only)
    except ValueError as err:
        click.echo(f"publish replay: {err}", err=True)
        sys.exit(2)
    for problem in problems:
        click.echo(str(problem))
    click.echo(f"{len(files)} log(s) replayed, {len(problems)} finding(s)")
    sys.exit(1 if problems else 0)
