"""The `publish` command line: it parses options, calls one function of publish.app.commands and
prints what that returns; the work, the policy and the error messages are there."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from publish import __version__
from publish.app import commands, scaffold
from publish.app.changes.command import ChangesRequest
from publish.app.changes.command import changes as compare_versions
from publish.app.preflight import expectation_from_options, preflight_files, service_preflight
from publish.app.preview import preview as preview_cards
from publish.app.serve import HOST, BuildState, build_reporting, make_server, serving
from publish.app.sheets import commands as sheetcommands
from publish.app.watcher import rebuild_on_save
from publish.build.failures import Failure
from publish.checks.preflight.expectation import VARIANTS
from publish.cli.common import (
    EngineCommand,
    echo,
    echo_all,
    editions_option,
    game_option,
    jobs_option,
    locale_option,
    project_option,
    reports,
    strict_option,
)
from publish.cli.crashlog import crash_line
from publish.cli.layouts import layouts
from publish.cli.targets import TargetGroup, target_command
from publish.render.preview import DPI
from publish.targets.base import Target


@click.group()
@click.version_option(__version__, prog_name="publish")
def main() -> None:
    """Check card games and publish their decks, rules and manuals."""


@main.command()
@project_option
@game_option
@click.option("--safe-zone", is_flag=True, help="Also lay every face out and warn where its "
              "text leaves the safe zone (game.yaml's print.safe_mm inside the trim); slower.")
@reports
def check(project: str | None, game: str | None, safe_zone: bool) -> None:
    """Validate a game's cards and rules; list every problem with file:line:col."""
    report = commands.check_game(project, game, safe_zone)
    lines = [*map(str, report.problems), *(f"{w.location}: warning: {w.message}"
                                           for w in report.warnings),
             *(f"note: {note}" for note in report.skipped)]
    echo_all([*lines, report.summary()], 0 if report.ok else 1)


@main.command()
@project_option
@click.argument("name")
@click.option("--layout", type=click.Choice(scaffold.LAYOUTS), default="art", show_default=True,
              help="art: a picture on every card; text: text only, in labelled boxes.")
@click.option("--locale", default="en", show_default=True,
              help="The game's source language (the example words stay English).")
@click.option("--author", default=None, help="Your name, for the licence (default: git's).")
@click.option("--title", default=None, help="The game's printed name (default: from NAME).")
@reports
def new(project: str | None, name: str, **chosen: Any) -> None:
    """Create a complete, working game in cards/NAME/ and templates/NAME/ to start from."""
    created = scaffold.create(project, scaffold.NewGame(name, **chosen))
    echo_all(scaffold.report(created))


@main.command()
@project_option
@game_option
@click.option("--format", "fmt", type=click.Choice(["json", "csv", "xlsx", "ods"]),
              default="json", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Write to this file (atomically); xlsx and ods need one.")
@reports
def cards(project: str | None, game: str | None, fmt: str, output: str | None) -> None:
    """Every card as JSON (a row per card per deck), or as a spreadsheet to edit and bring
    back with `publish import`: CSV, or XLSX and ODS with a sheet per deck (a row per card,
    a column per field, text block and deck's copies)."""
    click.echo(sheetcommands.export_cards(project, game, fmt, output), nl=False)


@main.command("import")
@project_option
@game_option
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@reports
def import_(project: str | None, game: str | None, file: str, dry_run: bool) -> None:
    """Update the deck files from a spreadsheet made by `publish cards` (.csv, .xlsx, .ods):
    cards changed, added, moved and removed, shown as a diff of the YAML. Nothing is written
    unless every row is valid and the game passes `publish check` as it would be."""
    echo_all(sheetcommands.import_cards(project, game, file, dry_run))


@main.command()
@project_option
@game_option
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Write the schema to this file (atomically) instead of printing it.")
@reports
def schema(project: str | None, game: str | None, output: str | None) -> None:
    """JSON Schema of a game's deck files, for editors and other tools."""
    click.echo(commands.schema(project, game, output), nl=False)


main.add_command(layouts)


def build_command(target: Target[Any]) -> click.Command:
    """`publish build NAME` for any registered target (publish.cli.targets): the project, the
    game, the options the target declares, the edition, and --jobs if its jobs run side by
    side."""
    return target_command(target, build_one, [project_option, game_option],
                          [locale_option, strict_option, *([jobs_option] if target.parallel
                                                           else [])])


@main.group(cls=TargetGroup, command_for=build_command, invoke_without_command=True)
@project_option
@game_option
@locale_option
@strict_option
@click.option("--force", is_flag=True, help="Remake every output, changed or not.")
@jobs_option
@click.pass_context
@reports
def build(ctx: click.Context, project: str | None = None, game: str | None = None,
          locale: str | None = None, strict: bool = False, force: bool = False,
          jobs: int | None = None) -> None:
    """Build outputs into build/<game>/<locale>/. No target: the decks, print-shop files,
    manual and summaries of every edition (or of --locale), remaking only the outputs
    whose inputs changed since they were made."""
    # defaults for a target named after the group's options: `build --game g --locale en manual`
    ctx.obj = {"project": project, "game": game, "locale": locale, "strict": strict,
               "jobs": jobs}
    if ctx.invoked_subcommand is None:
        build_changed(project, game, locale, strict, force, jobs)


def build_changed(project: str | None, game: str | None, locale: str | None, strict: bool,
                  force: bool, jobs: int | None, only: str | None = None) -> None:
    """Plan; render only if something is out of date, with a progress bar; ``only``: that
    target's outputs alone."""
    prepared = commands.prepare_build(project, game, locale, strict, force, only)
    echo(prepared.headline)
    if prepared.work is None:
        return
    for line in prepared.notes:
        echo(line)
    # a bar only on a terminal: in a log its label would run into the lines after it
    with click.progressbar(length=prepared.count, label="building", file=sys.stderr,
                           show_pos=True, hidden=not sys.stderr.isatty()) as bar:
        outcome = commands.run_build(prepared, jobs, echo, bar.update)
    echo(outcome.summary())


@reports
def build_one(target: str, project: str | None, game: str | None, locale: str | None,
              strict: bool, jobs: int | None = None, **chosen: Any) -> None:
    """`publish build <target>`: the project, game, edition and jobs from the group's options
    (`publish build --game g decks`) unless given here;
    ``chosen``: the values of the options the target declares."""
    parent = click.get_current_context().find_object(dict) or {}
    outcome = commands.build_target(project or parent.get("project"),
                                    game or parent.get("game"), target,
                                    locale or parent.get("locale"),
                                    strict or bool(parent.get("strict")),
                                    jobs if jobs is not None else parent.get("jobs"), echo,
                                    chosen)
    for item in outcome.built:
        echo(f"  {item.path} ({item.pages} pages)")
    echo(outcome.summary())


@main.group()
def i18n() -> None:
    """Translation catalogs (gettext PO, with Babel): extract, update, status."""


@i18n.command()
@project_option
@game_option
@reports
def extract(project: str | None, game: str | None) -> None:
    """Write the message templates (locale/*.pot) from the sources."""
    echo_all(commands.i18n_extract(project, game))


@i18n.command()
@project_option
@game_option
@editions_option
@reports
def update(project: str | None, game: str | None, chosen: tuple[str, ...]) -> None:
    """Bring each edition's PO files up to the sources: new messages, fuzzy, obsolete."""
    echo_all(commands.i18n_update(project, game, chosen))


@i18n.command()
@project_option
@click.option("--locale", "chosen", multiple=True,
              help="A language to make the shared catalog in (default: those it ships in).")
@reports
def shared(project: str | None, chosen: tuple[str, ...]) -> None:
    """For the toolchain's maintainers: bring the shared catalog of the templates' words
    (templates/_common/locale) up to the shared templates, in every language it ships in."""
    echo_all(commands.i18n_shared(project, chosen))


@i18n.command()
@project_option
@game_option
@editions_option
@click.option("--strict", is_flag=True, help="Exit 1 unless every edition is complete.")
@reports
def status(project: str | None, game: str | None, chosen: tuple[str, ...],
           strict: bool) -> None:
    """Per edition: messages missing, fuzzy (source changed since), glossary misuses, % done."""
    echo_all(*commands.i18n_status(project, game, chosen, strict))


@main.command()
@project_option
@game_option
@click.option("--locale", default=None,
              help="Edition to rebuild (default: the source locale's).")
@click.option("--all-editions", is_flag=True, help="Rebuild every edition.")
@click.argument("target", required=False, type=click.Choice(["all", *commands.target_names()]))
@reports
def watch(project: str | None, game: str | None, locale: str | None, all_editions: bool,
          target: str | None) -> None:
    """Rebuild on every save (cards, rules, templates, fonts, catalogs) what changed, of every
    output or of TARGET's, in the source edition (--locale: another, --all-editions: every
    one); errors are printed and watching goes on. Stop with Ctrl-C."""
    if locale and all_editions:
        raise click.UsageError("--locale and --all-editions: give one or the other")
    root, game_id = commands.locate(project, game)
    only = None if target in (None, "all") else target

    def once() -> None:
        chosen = None if all_editions else locale or commands.source_locale(root, game_id)
        build_changed(str(root), game_id, chosen, False, False, None, only)

    rebuild_on_save(root, game_id, functools.partial(rebuild, once), echo)


@main.command()
@project_option
@game_option
@click.option("--locale", default=None, help="Only this edition.  [default: every edition]")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 (0: any free one).")
@click.option("--gallery", is_flag=True, help="Build and serve the review gallery too.")
@reports
def serve(project: str | None, game: str | None, locale: str | None, port: int,
          gallery: bool) -> None:
    """Serve the website (build/<game>/site/) on 127.0.0.1, rebuilt on every save as `publish
    watch` does; open pages reload themselves, and a failed build's error shows in them as
    here. Stop with Ctrl-C."""
    root, game_id = commands.locate(project, game)
    build = builder(str(root), game_id, locale, ["site", *(["gallery"] if gallery else [])])
    state = BuildState()
    server = serving(make_server(root / "build" / game_id, state, port))
    echo(f"serving http://{HOST}:{server.server_address[1]}/ (the site of {game_id}"
         + ("; the gallery: /<locale>/gallery/" if gallery else "") + ")")
    try:
        rebuild_on_save(root, game_id, build_reporting(state, build), echo)
    finally:
        server.shutdown()


def builder(root: str, game_id: str, locale: str | None, targets: list[str]
            ) -> Callable[[], str | None]:
    """One build of `publish serve`: each of ``targets`` as `publish watch TARGET` builds it;
    what failed is printed and returned (None: nothing failed), and serving goes on."""

    def build() -> str | None:
        said: list[str] = []
        for target in targets:
            try:
                build_changed(root, game_id, locale, False, False, None, target)
            except Failure as failure:
                said += failure.lines
            except Exception as exc:  # a bug must not end the session: said, as in watch
                said.append(crash_line(exc))
        for line in said:
            echo(line, err=True)
        return "\n".join(said) or None

    return build


def rebuild(once: Callable[[], None]) -> None:
    """One build of `publish watch`: a failure is said, and watching goes on."""
    try:
        once()
    except Failure as failure:
        for line in failure.lines:
            echo(line, err=True)
        echo(f"watch: build failed (exit {failure.status}); fix and save again", err=True)
    except Exception as exc:  # a bug must not end the session: said (traceback logged), on
        echo(crash_line(exc), err=True)


@main.command()
@project_option
@game_option
@click.argument("cards", nargs=-1, required=True, metavar="CARD...")
@click.option("--locale", default=None, help="Only this edition.  [default: every edition]")
@click.option("--dpi", type=click.IntRange(30, 1200), default=DPI, show_default=True)
@click.option("--proof", is_flag=True, help="With its bleed, and the trim, the bleed and the "
              "safe zone drawn over it, as <number>-proof.png.")
@click.option("--in-process", is_flag=True, help="Make it in this process, not in the warm "
              "preview server (kept running between previews, ended when idle 15 min).")
@reports
def preview(project: str | None, game: str | None, cards: tuple[str, ...], locale: str | None,
            dpi: int, proof: bool, in_process: bool) -> None:
    """A PNG of each card named (by number or name) as the decks print it, into
    build/<game>/<locale>/preview/; prints each file's path."""
    echo_all(preview_cards(project, game, cards, locale, dpi, proof))


@main.command()
@project_option
@game_option
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PDF|FOLDER]...")
@click.option("--locale", default=None,
              help="With no paths: only this edition's folder.  [default: every edition]")
@click.option("--font", "fonts", multiple=True, metavar="FAMILY",
              help="A font family the PDFs should use (repeat for more): any other is a "
                   "fallback-font finding.  [default: the game's templates' fonts for its "
                   "own builds; none, so no font rule, for other PDFs]")
@reports
def lint(project: str | None, game: str | None, paths: tuple[str, ...], locale: str | None,
         fonts: tuple[str, ...]) -> None:
    """The layout check of built PDFs: text outside the page or cut off by its box, table
    overflow, fallback fonts, broken names... (docs/layout-check.md).  With no paths, every
    PDF under build/<game>/; exit 1 if anything is found."""
    report = commands.lint_pdfs(project, game, paths, fonts, locale)
    echo_all([*map(str, report.findings), *(f"note: {n}" for n in report.notes),
              report.summary()], 0 if report.ok else 1)


@main.command()
@project_option
@game_option
@click.argument("before", required=False, metavar="[FROM]")
@click.argument("after", required=False, metavar="[TO]")
@click.option("--locale", default=None, help="Only this edition.  [default: every edition]")
@click.option("--documents/--no-documents", default=True, show_default=True,
              help="Write the change report and the errata sheet of each edition.")
@click.option("--pdf/--no-pdf", default=True, show_default=True,
              help="The report as PDF too, and the errata sheet.")
@reports
def changes(project: str | None, game: str | None, **chosen: Any) -> None:
    """What changed from FROM to TO: git revisions (FROM: HEAD; TO: the working tree) or
    two project folders. Prints each change; writes build/<game>/changes/<locale>/:
    changes.html, changes.pdf, errata.pdf."""
    echo_all(compare_versions(ChangesRequest(project, game, **chosen)))


@main.command(cls=EngineCommand)
@project_option
@game_option
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--players", default=None, help="A count or a range, low..high "
              "(default: the engine's).")
@click.option("--mode", default=None, help="A way to play the engine offers (default: its "
              "first).")
@click.option("--decks", default=None, help="Comma-separated decks (default: the first deck).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--agents", default=None, help="Comma-separated agents seated in turn "
              "(default: the engine's).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Processes (default: every core).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@click.option("--progress", is_flag=True, help="Show a progress bar.")
@click.option("--logs", type=click.Path(file_okay=False), default=None,
              help="Write each game's log into this folder.")
@reports
def simulate(project: str | None, game: str | None, as_json: bool, progress: bool,
             **chosen: Any) -> None:
    """Play many seeded games with the rules engine and report what each card did."""
    with click.progressbar(length=chosen["games"], label="simulating", file=sys.stderr,
                           hidden=not progress) as bar:
        result, text = commands.simulate(project, game, progress=bar.update, **chosen)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        echo(text)


@main.command(cls=EngineCommand)
@project_option
@game_option
@click.argument("study", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--games", type=click.IntRange(1), default=None,
              help="Games in all, split evenly over the study's tables (default: 2000).")
@click.option("--seed", type=int, default=None, help="Seed of the study (default: the file's, 0).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Worker processes of the local Dask cluster (default: one per core; 1: none).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play on a running Dask cluster instead (tcp://host:8786; tls://host:8786 "
                   "with the three --tls options). Whoever reaches it runs code on its "
                   "workers and on this process (docs/balance.md).")
@click.option("--tls-ca-file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="With --scheduler tls://...: the certificate authority of the cluster's "
                   "certificates (PEM).")
@click.option("--tls-cert", type=click.Path(exists=True, dir_okay=False), default=None,
              help="With --scheduler tls://...: this client's certificate (PEM).")
@click.option("--tls-key", type=click.Path(exists=True, dir_okay=False), default=None,
              help="With --scheduler tls://...: this client's private key (PEM).")
@click.option("--variant", "variants", multiple=True,
              type=click.Path(exists=True, dir_okay=False),
              help="A what-if patch file (docs/balance.md), played on the same seeds as the "
                   "game as it is; may be given several times.")
@click.option("--importance", default=None, metavar="CARDS",
              help="Play the study again without each card in turn and rank the cards by how "
                   "far the figures move: 'flagged' (the cards that stand apart), 'all', or "
                   "card numbers with commas.")
@reports
def balance(project: str | None, game: str | None, study: str | None, **chosen: Any) -> None:
    """Play a balance study (STUDY.yaml, or the engine's defaults); write build/<game>/balance/."""
    def bar(total: int) -> Any:
        return click.progressbar(length=total, label="playing", file=sys.stderr)
    echo_all(commands.balance(project, game, study, bar=bar, **chosen))


@main.command(cls=EngineCommand)
@project_option
@game_option
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--edition", default=None,
              help="Rules edition to replay by (default: the file's, else the engine's first).")
@click.option("--bookkeeping-only", is_flag=True,
              help="Skip the effects level (card effects replayed by the engine).")
@click.option("--strict", is_flag=True, help="Fail on warnings too (variants read as intended).")
@reports
def replay(project: str | None, game: str | None, files: tuple[str, ...], edition: str | None,
           bookkeeping_only: bool, strict: bool) -> None:
    """Replay game logs; list every finding and warning with file:line:col."""
    echo_all(*commands.replay(project, game, files, edition, not bookkeeping_only, strict))


@main.command()
@project_option
@game_option
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--service", metavar="ID", help="Hold the files to this print service's data "
              "at the game's card size (no FILES: every file built for it); instead of the "
              "options below.")
@click.option("--trim", metavar="WxH", help="Trimmed card size in mm, e.g. 63.5x88.9.")
@click.option("--bleed", type=click.FloatRange(0), help="Bleed on each side, in mm.")
@click.option("--pixels", metavar="WxH", help="A picture's exact size in px, e.g. 822x1122.")
@click.option("--dpi", type=click.FloatRange(1), help="The resolution pictures must declare.")
@click.option("--cmyk", is_flag=True, help="CMYK only: any RGB or Lab object is a problem.")
@click.option("--variant", type=click.Choice(VARIANTS), help="The PDF/X part to check.")
@click.option("--ink-limit", type=click.FloatRange(0), metavar="PCT", help="Most C+M+Y+K, %.")
@click.option("--min-ppi", type=click.FloatRange(0), default=300, show_default=True,
              help="Least effective resolution of a placed picture.")
@reports
def preflight(project: str | None, game: str | None, files: tuple[str, ...],
              service: str | None, **options: Any) -> None:
    """Measure print files (PDF, PNG, JPEG) against what a print service expects; one
    located line per problem, exit 1 if any (docs/preflight.md)."""
    if service is not None:
        given = [name for name, value in options.items()
                 if value not in (None, False) and name != "min_ppi"]
        if given:
            raise Failure([f"preflight: --service states the figures; leave out "
                           f"{', '.join('--' + n.replace('_', '-') for n in given)}"], 2)
        echo_all(*service_preflight(project, game, service, files))
    if not files:
        raise Failure(["preflight: name the files to check, or a print service (--service)"],
                      2)
    echo_all(*preflight_files(files, expectation_from_options(**options)))
