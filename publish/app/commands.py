"""The work behind each command of `publish`, for a command line that only parses and prints.

Here live the loading (once per command), the check that must pass before
anything is made, the edition policy (published, complete, or a draft that
says so), the plan of a build and the errors turned into messages.  Every
function returns what the command prints, or raises Failure.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from publish.app.catalogs.workflow import (
    LocaleStatus,
    extract,
    status,
    translated_locales,
    update,
    update_shared,
)
from publish.app.changes.since import identified, watched, with_changes
from publish.app.lint import LintReport, lint
from publish.build.failures import Failure, build_failure
from publish.build.run import Plan, Request, plan, run
from publish.build.stamps import Snapshot, key, remember, snapshot
from publish.build.startup import checked_while_warming
from publish.checks.phases import SAFE_ZONE
from publish.checks.run import CheckReport, check, check_loaded
from publish.checks.schema import deck_schema
from publish.core.atomic import write_atomic
from publish.core.ceilings import OverCeiling
from publish.core.parallel import WorkerLost
from publish.core.problems import ProblemsFound
from publish.engines.protocol import Engine, EngineInfo, ReplayWarning, SimulateRequest
from publish.engines.registry import engine_for, engine_in
from publish.i18n.catalog import SHARED
from publish.i18n.translate import check_edition, domains_for
from publish.model.game import Game
from publish.model.load import default_game, find_root, game_ids, load_config, load_game
from publish.targets import TARGETS
from publish.targets.base import Built, Work

Say = Callable[[str], None]


@contextmanager
def failing() -> Iterator[None]:
    """Problems and build errors raised inside become a Failure naming them."""
    try:
        yield
    except Failure:
        raise
    except Exception as exc:
        failure = build_failure(exc)
        if failure is None:
            raise
        raise failure from exc


def locate(project: str | None, game: str | None) -> tuple[Path, str]:
    """The project root (given, or found upwards) and the game (given, or the default)."""
    with failing():
        root = find_root(Path(project) if project else None)
        return root, game or default_game(root)


def source_locale(root: Path, game_id: str) -> str | None:
    """The game's source locale, as game.yaml says now (None if it cannot be read: the
    build then says why)."""
    try:
        return load_config(root / "cards" / game_id)[0].locales.source
    except ProblemsFound:
        return None


def check_game(project: str | None, game: str | None, safe_zone: bool = False) -> CheckReport:
    """`publish check`: every problem of the game (a game that cannot be found fails); with
    ``safe_zone``, every face laid out and its text measured against the safe zone too."""
    root, game_id = locate(project, game)
    with failing():
        return check(root, game_id, asked=[SAFE_ZONE] if safe_zone else [])


def lint_pdfs(project: str | None, game: str | None, paths: tuple[str, ...],
              fonts: tuple[str, ...], locale: str | None) -> LintReport:
    """`publish lint`: the layout check of the PDFs named, or of the game's build folder.
    Outside a project, named PDFs are still checked (with no game's fonts or names)."""
    try:
        root, game_id = locate(project, game)
    except Failure:
        if not paths or project or game:
            raise
        root, game_id = None, None
    with failing():
        return lint(root, game_ids(root) if root else [], [Path(p) for p in paths],
                    list(fonts), locale, game_id)


def checked(project: str | None, game: str | None) -> Work:
    """The game loaded and checked as a build checks it; a Failure listing every problem if
    the check fails."""
    root, game_id = locate(project, game)
    with failing():
        report = check(root, game_id, building=True)
    return _work(root, report)


def _work(root: Path, report: CheckReport) -> Work:
    if not report.ok or report.game is None:
        raise Failure([f"{report.game_id}: fix these problems first (publish check):"]
                      + [str(p) for p in report.problems]
                      + [f"note: {note}" for note in report.skipped])
    return Work(root, report.game, report.examples, tuple(report.warnings))


def warning_lines(work: Work) -> list[str]:
    """The check's warnings as a build repeats them, once, before it starts: what `publish
    check` says of a picture too coarse to print sharp is said where the print is made."""
    return [f"{w.location}: warning: {w.message}" for w in work.warnings]


@dataclass
class Edition:
    """A locale to build, and what the build says about it (a draft's missing words)."""

    locale: str
    notes: list[str] = field(default_factory=list)


def edition(work: Work, locale: str | None, strict: bool) -> Edition:
    """The locale to build, checked: published, and complete if ``strict``.

    A draft build of an incomplete translation goes on, printing the missing
    words in the source language, marked; the notes say so.
    """
    game = work.game
    locale = locale or game.config.locales.source
    with failing():
        check_edition(game, locale)
        if not domains_for(game, locale):
            return Edition(locale)
        report = status(work.project, game, [locale])[0]
    if report.complete:
        return Edition(locale)
    if strict:
        raise Failure([f"build refused (--strict): {report.summary()}"]
                      + [f"  {line}" for line in pending_lines(report)])
    return Edition(locale, [f"  draft: {report.summary()}; untranslated words print as the "
                            "sources write them, the game's marked (publish i18n status)"])


def pending_lines(report: LocaleStatus) -> list[str]:
    return ([p.describe() for p in report.pending] + [m.describe() for m in report.misuses]
            + [str(problem) for problem in report.unkept])


# ------------------------------------------------------------------ building


@dataclass
class Prepared:
    """A planned build: what is out of date, and what the build says before it starts."""

    work: Work | None
    plan: Plan
    headline: str
    notes: list[str] = field(default_factory=list)
    taken: Snapshot | None = None
    """The inputs' stats before planning, and the options (a stamp once all is made)."""
    options: str = ""

    @property
    def count(self) -> int:
        return len(self.plan.renders)


@dataclass
class Outcome:
    built: list[Built]
    seconds: float

    def summary(self) -> str:
        pages = sum(b.pages for b in self.built)
        return f"{len(self.built)} outputs, {pages} pages in {self.seconds:.1f} s"


def prepare_build(project: str | None, game: str | None, locale: str | None, strict: bool,
                  force: bool, only: str | None = None) -> Prepared:
    """`publish build`: load once, plan, and check only if something is out of date; with
    ``only`` (a target: `publish watch decks`), that target's outputs alone."""
    root, game_id = locate(project, game)
    taken: Snapshot | None
    taken, options = snapshot(root, game_id), key(root, game, locale, strict)
    with failing():
        loaded, problems = load_game(root, game_id)
    if loaded is None:
        _work(root, CheckReport(game_id, None, list(problems)))  # fails, listing them
    assert loaded is not None
    if problems:
        _work(root, check_loaded(loaded, problems, building=True))  # fails, listing them
    editions = loaded.config.locales.editions
    if locale and locale not in editions:
        edition(Work(root, loaded), locale, strict)  # says why and fails
    if taken is not None:
        taken.add(watched(root, loaded))
    with failing():  # a digest reads every input: one leading out of the project is named
        planned = identified(Work(root, loaded), only)
        the_plan = plan(planned, Request([locale] if locale else editions,
                                         {only: None} if only else {}, force=force))
    if only:  # a stamp vouches for every output of a default build, not for one target's
        taken = None
    if not the_plan.jobs:
        headline = up_to_date(game_id, len(the_plan.up_to_date))
        if taken is not None and not force:
            remember(taken, options, headline)
        return Prepared(None, the_plan, headline)
    work = _work(root, checked_while_warming(loaded, problems))
    with failing():
        work = with_changes(replace(work, since=planned.since), the_plan.jobs)
    notes = warning_lines(work) + [line for loc in sorted({job.locale for job in the_plan.jobs})
             for line in edition(work, loc, strict).notes]
    return Prepared(work, the_plan, f"{game_id}: {len(the_plan.renders)} job(s) to run, "
                                    f"{len(the_plan.up_to_date)} output(s) up to date", notes,
                    taken, options)


def up_to_date(game_id: str, outputs: int) -> str:
    """What a build with nothing to do says."""
    return f"{game_id}: up to date ({outputs} outputs; --force remakes them)"


def run_build(prepared: Prepared, jobs: int | None, say: Say,
              progress: Callable[[int], Any] | None = None) -> Outcome:
    """Render a prepared build."""
    assert prepared.work is not None, "nothing to build"
    start = time.perf_counter()
    with failing():
        built = run(prepared.work, prepared.plan, jobs, say, progress)
    if prepared.taken is not None:  # every output now made from the inputs as planned
        the_plan = prepared.plan
        made = len(the_plan.up_to_date) + sum(len(job.outputs) for job in the_plan.jobs)
        remember(prepared.taken, prepared.options, up_to_date(prepared.work.game.id, made))
    return Outcome(built, time.perf_counter() - start)


def build_target(project: str | None, game: str | None, target: str, locale: str | None,
                 strict: bool, jobs: int | None, say: Say,
                 chosen: Mapping[str, Any] | None = None) -> Outcome:
    """`publish build <target>`: that target of one edition, made whether or not it changed;
    ``chosen``: values of the fields of its options (publish.targets.options), the others
    their defaults."""
    work = checked(project, game)
    chosen_edition = edition(work, locale, strict)
    for line in warning_lines(work) + chosen_edition.notes:
        say(line)
    with failing():  # a value its options refuse (an address that is not one) is said
        options = TARGETS[target].options(**(chosen or {}))
    locales = [chosen_edition.locale]
    if locale is None and getattr(TARGETS[target], "every_edition", False):
        locales = list(work.game.config.locales.editions) or locales  # one site, every edition
    request = Request(locales, {target: options}, force=True, together=True)
    start = time.perf_counter()
    with failing():
        work = identified(work, target)
        the_plan = plan(work, request)
        built = run(with_changes(work, the_plan.jobs), the_plan, jobs, say)
    return Outcome(built, time.perf_counter() - start)


def target_names(default: bool | None = None) -> list[str]:
    """The targets (those of a default build only, or only the others)."""
    return [name for name, t in TARGETS.items()
            if default is None or t.in_default_build == default]


def editions_of(game: Game, chosen: tuple[str, ...]) -> list[str]:
    """The translated editions named (default: all), each checked to be one."""
    known = translated_locales(game)
    wrong = [locale for locale in chosen if locale not in known]
    if wrong:
        raise Failure([f"Error: Invalid value for --locale: '{wrong[0]}' is not a translated "
                       f"edition of {game.id} ({', '.join(known) or 'none'}; game.yaml "
                       "locales.editions)"], 2)
    return list(chosen) or known


# ------------------------------------------------------------------ data, catalogs, engines


def schema(project: str | None, game: str | None, output: str | None) -> str:
    """`publish schema`: the deck files' JSON Schema, written to ``output`` or returned."""
    root, game_id = locate(project, game)
    with failing():
        config, source = load_config(root / "cards" / game_id)
        text = deck_schema(config, engine_in(config, source))
    if output:
        write_atomic(Path(output), text)
        return ""
    return text


def i18n_extract(project: str | None, game: str | None) -> list[str]:
    work = checked(project, game)
    return [f"  {path.relative_to(work.project)}" for path in extract(work.project, work.game)]


def i18n_update(project: str | None, game: str | None, chosen: tuple[str, ...]) -> list[str]:
    work = checked(project, game)
    with failing():
        written = update(work.project, work.game, editions_of(work.game, chosen))
    return [f"  {path.relative_to(work.project)}" for path in written]


def language_tag(text: str) -> bool:
    """Whether ``text`` is a language tag (``pl``, ``pt-BR``) of a language Babel knows."""
    if not re.fullmatch(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", text):
        return False
    try:
        Locale.parse(text.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return False
    return True


def i18n_shared(project: str | None, chosen: tuple[str, ...]) -> list[str]:
    """The shared catalog brought up to the shared templates, in every language it ships in
    and in ``chosen`` (a new language's made)."""
    for locale in chosen:
        if not language_tag(locale):
            raise Failure([f"Error: Invalid value for --locale: '{locale}' is not a language "
                           "tag Babel knows (fr, pt-BR, pl...)"], 2)
    with failing():
        root = find_root(Path(project) if project else None)
        written = update_shared(root, list(chosen))
    return [f"  {path.relative_to(root)}" for path in written]


def i18n_status(project: str | None, game: str | None, chosen: tuple[str, ...],
                strict: bool) -> tuple[list[str], int]:
    """(lines, exit status): per edition, what is missing, fuzzy or misused, and % done."""
    work = checked(project, game)
    with failing():
        report = status(work.project, work.game, editions_of(work.game, chosen))
    lines = []
    for result in report:
        lines += [f"  {result.locale}: {line}" for line in pending_lines(result)]
        lines.append(result.summary())
    for result in report:
        if any(p.domain == SHARED for p in result.missing):
            lines.append(f"  {result.locale}: the shared words (templates/_common/locale) ship "
                         "with the toolchain: its maintainers translate them (`publish i18n "
                         f"shared --locale {result.locale}` makes their catalog)")
    stale = report[0].stale_templates if report else []
    if stale:
        lines.append(f"templates out of date ({', '.join(stale)}.pot): publish i18n extract")
    return lines, 1 if strict and not all(r.complete for r in report) else 0


def _engine(work: Work, needs: str) -> Engine:
    """The game's engine, if it offers ``needs`` (simulate, replay); else a Failure."""
    engine = engine_for(work.game)
    if engine is None or not getattr(engine.info, f"{needs}s"):
        what = {"simulate": "simulate", "replay": "replay logs"}[needs]
        raise Failure([f"{work.game.id}: this game has no rules engine to {what} "
                       "(docs/engines.md: giving a game one)"], 2)
    return engine


def player_range(text: str, info: EngineInfo) -> tuple[int, int]:
    """"4" or "3..6", within the players the engine allows."""
    low, _, high = text.partition("..")
    try:
        pair = (int(low), int(high or low))
    except ValueError:
        raise Failure([f"publish simulate: '{text}': give a count (4) or a range (3..6)"],
                      2) from None
    fewest, most = info.players
    if pair[0] < fewest or pair[1] > most or pair[1] < pair[0]:
        raise Failure([f"publish simulate: '{text}': at least {fewest} and at most {most} "
                       "players, low..high"], 2)
    return pair


def _choice(value: str | None, choices: tuple[str, ...], option: str, engine: str) -> str:
    if value is None:
        return choices[0]
    if value not in choices:
        raise Failure([f"publish: {option} '{value}' is not one the {engine} rules engine "
                       f"offers: {', '.join(choices)}"], 2)
    return value


def simulate(project: str | None, game: str | None, *, games: int, players: str | None,
             mode: str | None, decks: str | None, seed: int, agents: str | None,
             workers: int | None, logs: str | None,
             progress: Callable[[int], Any] | None = None) -> tuple[dict[str, Any], str]:
    """`publish simulate`: the engine's report of seeded games (choices checked against it),
    as data and as text."""
    work = checked(project, game)
    engine = _engine(work, "simulate")
    info = engine.info
    low, high = info.default_players
    request = SimulateRequest(
        games=games, players=player_range(players or f"{low}..{high}", info),
        mode=_choice(mode, info.modes, "--mode", info.name),
        decks=tuple(decks.split(",")) if decks else (next(iter(work.game.config.decks)),),
        seed=seed, agents=tuple(agents.split(",")) if agents else info.default_agents,
        workers=workers, logs=Path(logs) if logs else None)
    try:
        if info.studies:  # the games of a balance study, played and counted the same way
            return _simulate_study(work, engine, request, progress)
        result = engine.simulate(work.project, work.game, request, progress)
    except ValueError as err:
        raise Failure([f"publish simulate: {err}"], 2) from err
    except (OverCeiling, WorkerLost) as err:  # a chunk of games too long, too large, killed
        raise Failure([f"publish simulate: {err}"]) from err
    return result, engine.describe(result)


def _simulate_study(work: Work, engine: Engine, request: SimulateRequest,
                    progress: Callable[[int], Any] | None) -> tuple[dict[str, Any], str]:
    """`publish simulate` for an engine that records its games: a small study played
    through its ``play``, as `publish balance` plays one (publish.balance.simulate)."""
    from publish.balance.run import run_simulate  # Dask: this path alone

    return run_simulate(work.game, engine, request, progress)


def balance(project: str | None, game: str | None, study: str | None, *, games: int | None,
            seed: int | None, workers: int | None, scheduler: str | None,
            bar: Callable[[int], Any], tls_ca_file: str | None = None,
            tls_cert: str | None = None, tls_key: str | None = None,
            variants: tuple[str, ...] = (), importance: str | None = None) -> list[str]:
    """`publish balance`: a study played and its report written (docs/balance.md); on the
    cluster at ``scheduler``, over TLS with the three files if given."""
    tls = (tls_ca_file, tls_cert, tls_key)
    if any(tls) and (not all(tls) or scheduler is None):
        raise Failure(["publish balance: --tls-ca-file, --tls-cert and --tls-key go together, "
                       "with --scheduler tls://HOST:PORT (the local cluster makes its own)"], 2)
    work = checked(project, game)
    engine = engine_for(work.game)
    if engine is None or not engine.info.studies:
        raise Failure([f"{work.game.id}: this game has no rules engine that records its games, "
                       "so there is nothing to study (docs/engines.md: giving a game one)"], 2)
    from publish.balance.run import run_balance  # Dask and matplotlib: this command alone

    with failing():
        return run_balance(work.project, work.game, engine, Path(study) if study else None,
                           games, seed, workers, scheduler, bar,
                           [Path(tls_ca_file), Path(tls_cert), Path(tls_key)]
                           if tls_ca_file and tls_cert and tls_key else None,
                           [Path(v).absolute() for v in variants], importance)


def replay(project: str | None, game: str | None, files: tuple[str, ...], edition: str | None,
           effects: bool, strict: bool = False) -> tuple[list[str], int]:
    """`publish replay`: (every finding with file:line:col and a count, exit status); the
    warnings fail it only if ``strict``."""
    work = checked(project, game)
    engine = _engine(work, "replay")
    info = engine.info
    chosen = None if edition is None else _choice(edition, info.editions, "--edition", info.name)
    problems = engine.replay(work.game, [Path(f) for f in files], chosen, effects=effects,
                             warnings=True)
    warned = sum(isinstance(p, ReplayWarning) for p in problems)
    lines = [str(p) for p in problems]
    lines.append(f"{len(files)} log(s) replayed, {len(problems) - warned} finding(s), "
                 f"{warned} warning(s)")
    return lines, 1 if len(problems) > warned or (strict and warned) else 0


def engine_help(project: str | None = None, game: str | None = None) -> str:
    """What the game's engine offers, for a command's help (empty when it has none)."""
    try:
        root, game_id = locate(project, game)
    except Failure:
        return ""
    try:
        engine = engine_in(*load_config(root / "cards" / game_id))
    except ProblemsFound as found:
        return "; ".join(str(problem) for problem in found.problems)
    if engine is None:
        return f"{game_id} has no rules engine."
    info = engine.info
    low, high = info.players
    return (f"{game_id} ({info.name}): modes {', '.join(info.modes) or '-'}; agents "
            f"{', '.join(info.agents) or '-'}; players {low}..{high}; editions "
            f"{', '.join(info.editions) or '-'}; logs: {info.log_name}")
