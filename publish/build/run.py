"""One way through a build: plan every target's jobs, render the stale ones over the cores.

Planning renders nothing and imports no renderer, so a build with nothing to
do answers at once.  Each job renders in a worker process that got the game
as loaded and checked once by the main process; each output is written
atomically as soon as its job ends, and its record right after, so an
interrupted build keeps what it finished.  Final jobs (joining the decks, the
gallery's page) run in the main process as soon as their target's other jobs of
their edition are done, while the workers go on with the rest.  A named target
(`publish build manual`) is the same plan with that target alone, forced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from publish.core.atomic import remove_inside, write_atomic
from publish.core.parallel import Tasks, each_done
from publish.core.parallel.pool import Processes
from publish.model.inputs import Inputs, Stamps, records_file
from publish.render.misuse import template_misuse
from publish.targets import TARGETS
from publish.targets.base import Built, Job, Joining, Rendered, Work, job_dir

Say = Callable[[str], None]


@dataclass
class Request:
    """What to build: targets (with their options, None for the defaults), editions, force."""

    locales: list[str]
    targets: dict[str, Any] = field(default_factory=dict)
    """Target name -> options; empty: every target of a default build, with its defaults."""
    force: bool = False
    together: bool = False
    """Write nothing unless every job succeeds (a named target: its files belong together);
    otherwise each output is written as soon as its job ends."""


@dataclass(frozen=True)
class Plan:
    """What the planner decided: the jobs to run and why each runs, the outputs to keep."""

    jobs: tuple[Job, ...]
    """Out of date, in the order they were planned, as they must run (only their stale
    outputs, only their changed cards' pages, forced); final jobs among them."""
    reasons: Mapping[Job, str]
    """Why each job runs ("card 003 changed; only the pages showing 003")."""
    up_to_date: tuple[str, ...]
    inputs: Inputs
    together: bool = False

    @property
    def renders(self) -> list[Job]:
        """The jobs for the worker processes (final jobs run after those they join)."""
        return [job for job in self.jobs if not job.final]


def chosen_targets(work: Work, request: Request) -> dict[str, Any]:
    """Target name -> options: those named (each says what it lacks, if anything), else those
    of a default build that apply to the game."""
    if request.targets:
        return dict(request.targets)
    return {name: None for name, target in TARGETS.items()
            if target.in_default_build and target.applies(work.game)}


def plan(work: Work, request: Request) -> Plan:
    """Which outputs are out of date, and why; renders nothing."""
    inputs = Inputs(work.project, work.game)
    runs: list[tuple[Job, str]] = []
    up_to_date: list[str] = []
    targets = chosen_targets(work, request)
    for locale in request.locales:
        stamps = Stamps.read(records_file(work.project, work.game.id, locale))
        for name, options in targets.items():
            target = TARGETS[name]
            planned = target.jobs(work, inputs, locale,
                                  options if options is not None else target.options())
            stale, fresh = _decide(work, planned, stamps, inputs, request.force)
            runs += stale
            up_to_date += fresh
    return Plan(tuple(job for job, _ in runs), dict(runs), tuple(up_to_date), inputs,
                request.together)


def _decide(work: Work, planned: list[Job], stamps: Stamps, inputs: Inputs, force: bool
            ) -> tuple[list[tuple[Job, str]], list[str]]:
    """The jobs of one target's edition that must run, as they must run and why, in the
    order the target gave them; and the outputs that are up to date."""
    stale: list[Job] = []
    decided: dict[int, tuple[Job, str]] = {}
    fresh: list[str] = []
    for job in planned:
        if not job.final:
            must, why, kept = _consider(work, job, stamps, inputs, force)
            fresh += kept
            if must is not None:
                stale.append(must)
                decided[id(job)] = must, why
    for job in planned:
        if job.final:
            why = _stale_final(work, job, stamps, stale, force)
            if why:
                decided[id(job)] = replace(job, forced=force), why
            else:
                fresh += job.outputs
    return [decided[id(job)] for job in planned if id(job) in decided], fresh


def _expected(job: Job, name: str, stamps: Stamps, inputs: Inputs) -> Mapping[str, str]:
    """The record ``name`` must have to be up to date (with the cards it showed last time)."""
    if not job.shows_cards:
        return job.inputs
    shown = [k.removeprefix("card ") for k in stamps.records.get(name, {})
             if k.startswith("card ")]
    return {**job.inputs, **inputs.cards(shown, job.locale)}


def _consider(work: Work, job: Job, stamps: Stamps, inputs: Inputs, force: bool
              ) -> tuple[Job | None, str, list[str]]:
    """``job`` as it must run (None: it need not) and why, with its outputs that are up to
    date: when less than all of it changed, only its stale outputs (narrow) or only the
    changed cards' pages (paged) are remade."""
    out = job_dir(work.project, work.game.id, job)
    reasons = [stamps.why(name, _expected(job, name, stamps, inputs), (out / name).is_file())
               for name in job.outputs]
    if force:
        return replace(job, forced=True), "forced", []
    reason = next((r for r in reasons if r), None)
    if reason is None:
        return None, "", list(job.outputs)
    fresh: list[str] = []
    if job.narrow:
        fresh = [n for n, r in zip(job.outputs, reasons, strict=True) if not r]
        job = replace(job, outputs=tuple(n for n, r in zip(job.outputs, reasons, strict=True)
                                         if r))
    if job.paged:
        job = replace(job, cards=tuple(stamps.changed_cards(job.outputs[0], job.inputs)))
    why = reason + ("; only the pages showing " + ", ".join(job.cards) if job.cards else "")
    return job, why, fresh


def _stale_final(work: Work, job: Job, stamps: Stamps, stale: list[Job], force: bool) -> str:
    """Why a final job runs ('': it need not): when forced, when its target remade anything,
    or when it is stale."""
    out = job_dir(work.project, work.game.id, job)
    remade = [j for j in stale if j.target == job.target and j.locale == job.locale]
    if force:
        return "forced"
    if remade:
        return f"{remade[0].noun or remade[0].target} {', '.join(j.key for j in remade)} remade"
    return stamps.why(job.outputs[0], job.inputs, (out / job.outputs[0]).is_file()) or ""


# ------------------------------------------------------------------ running


def _render(work: Work, job: Job) -> Rendered:
    """One task of the pool: the job rendered in a worker, from the game it got once."""
    return TARGETS[job.target].render(work, job)


def run(work: Work, the_plan: Plan, jobs: int | None = None, say: Say = print,
        progress: Callable[[int], Any] | None = None) -> list[Built]:
    """Render the planned jobs over the cores, biggest first; write each output and its
    record as its job ends (or all at the end, if the plan says they belong together);
    each final job as soon as the jobs it joins are done."""
    stamps = {loc: Stamps.read(records_file(work.project, work.game.id, loc))
              for loc in {j.locale for j in the_plan.jobs}}
    made: dict[tuple[str, str], dict[str, bytes]] = {}
    held: list[tuple[Job, Rendered]] = []
    built: list[tuple[Job, list[Built]]] = []

    def keep(job: Job, rendered: Rendered) -> None:
        made.setdefault((job.target, job.locale), {}).update(rendered.files)
        held.append((job, rendered))
        if not the_plan.together:
            put(*held.pop())

    def put(job: Job, rendered: Rendered) -> None:
        outputs = write(work, job, rendered, stamps[job.locale], the_plan.inputs)
        built.append((job, outputs))
        say(_report(job, rendered, outputs, the_plan.reasons[job]))

    def finish(job: Job) -> None:
        target = TARGETS[job.target]
        if not isinstance(target, Joining):
            raise TypeError(f"target {job.target} planned a final job but has no finish()")
        keep(job, target.finish(work, job, made.get((job.target, job.locale), {})))

    finals = [job for job in the_plan.jobs if job.final]
    waiting = Counter((job.target, job.locale) for job in the_plan.renders)
    for job, rendered in _rendered(work, the_plan.renders, jobs):
        keep(job, rendered)
        if progress:
            progress(1)
        waiting[(job.target, job.locale)] -= 1
        # a final job runs here, while the workers go on, once its edition's jobs of its
        # target are done: joining the decks of one edition overlaps the other's manual
        for final in [f for f in finals if waiting[(f.target, f.locale)] == 0]:
            finals.remove(final)
            finish(final)
    for job in finals:  # those whose target had nothing else to make
        finish(job)
    for job, rendered in held:
        put(job, rendered)
    order = {id(job): i for i, job in enumerate(the_plan.jobs)}
    return [b for _, outputs in sorted(built, key=lambda jb: order[id(jb[0])]) for b in outputs]


def _rendered(work: Work, renders: list[Job], jobs: int | None) -> Iterator[tuple[Job, Rendered]]:
    """Each job with what it made, as the worker processes finish them (biggest first), each
    within the ceilings of publish.core.ceilings (its label named past them); a template's
    mistake said at its line in the worker, where the traceback that places it still is.

    When jobs fail, the others still run, so that one build reports every failing job
    (an overflow in each of two decks, say), in the order the jobs were started: the same
    report whatever the timing.  Nothing more is written once a job has failed.
    """
    if not renders:
        return
    ordered = start_order(renders)
    tasks = Tasks(_render, work, ordered, [job.label for job in ordered])
    for index, rendered in each_done(Processes(jobs, explain=template_misuse), tasks,
                                     keep_going=True):
        yield ordered[index], rendered


def start_order(renders: list[Job]) -> list[Job]:
    """The order jobs start in: the biggest first, but each deck's first job of an edition
    (whichever lays out its faces, publish.render.facedoc) before any second one, so that
    two workers never wait on one face document while another deck's is still to make."""
    by_cost = sorted(renders, key=lambda j: -j.cost)
    seen: dict[tuple[str, str], int] = {}
    rank = {}
    for job in by_cost:
        subject = (job.locale, job.key)
        rank[id(job)] = seen.get(subject, 0) if job.key else 0
        seen[subject] = rank[id(job)] + 1
    return sorted(by_cost, key=lambda j: rank[id(j)])


def _report(job: Job, rendered: Rendered, outputs: list[Built], why: str) -> str:
    pages = f"{sum(b.pages for b in outputs)} pages"
    if job.final and rendered.note:
        return f"  {job.label}: {rendered.note} ({why})"
    return f"  {job.label}: {pages} ({why})" + (f"; {rendered.note}" if rendered.note else "")


def write(work: Work, job: Job, rendered: Rendered, stamps: Stamps, inputs: Inputs
          ) -> list[Built]:
    """A job's files, atomically, and right after them the records of its outputs."""
    out = job_dir(work.project, work.game.id, job)
    for name, data in rendered.files.items():
        write_atomic(out / name, data, within=out)
    for name in rendered.remove:
        remove_inside(out / name, out)
    outputs = []
    for name, pages in rendered.pages.items():
        shown = rendered.shows.get(name, ())
        stamps.records[name] = {**job.inputs, **inputs.cards(shown, job.locale)}
        outputs.append(Built(out / name, pages))
    stamps.write()
    return outputs


def make(project: Path, work: Work, target: str, locale: str, options: Any = None,
         jobs: int | None = None, say: Say = print) -> list[Built]:
    """One target of one edition, made whether or not it is up to date."""
    request = Request([locale], {target: options}, force=True, together=True)
    return run(work, plan(work, request), jobs, say)
