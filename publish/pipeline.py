"""`publish build` with no target: every output of every edition, only what changed, in parallel.

The outputs are planned first (publish.incremental says which are out of date
and why); only then, if anything needs making, the game is checked and the
stale outputs are rendered, one process per job over the machine's cores.
Each output is written atomically as soon as its job ends, and its record
right after, so an interrupted build keeps what it finished.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from publish.atomic import write_atomic
from publish.build import Built, output_dir, pool_for, printshop_name, write_printshop
from publish.incremental import Inputs, Stamps
from publish.model import Game
from publish.render.splice import join_pdfs

SHOP = "tgc"
"""The print service `publish build` makes files for (`build printshop --service` for others)."""
PAGED = ("deck", "printshop")
"""Outputs whose pages each show their own cards: a card edit remakes only its pages."""


@dataclass
class Job:
    """One unit of rendering and the outputs it makes."""

    kind: str  # deck, printshop, manual, summaries
    locale: str
    deck: str | None = None
    outputs: list[str] = field(default_factory=list)
    inputs: dict[str, str] = field(default_factory=dict)
    why: str = ""
    expected: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per output, the record it must match if it differs from ``inputs`` (summaries)."""
    cards: list[str] = field(default_factory=list)
    """When only these cards changed: lay out their pages alone and put them back."""
    forced: bool = False
    """Made again on demand: nothing kept from earlier builds is reused (the manual's parts)."""

    @property
    def label(self) -> str:
        return f"{self.kind} {self.deck or ''}".strip() + f" ({self.locale})"


@dataclass
class Plan:
    jobs: list[Job]
    join: dict[str, str]  # locale -> why decks-all must be joined again ('' if not)
    up_to_date: list[str]
    inputs: Inputs
    """The digests the plan computed: the records written after each job reuse them."""


def plan(project: Path, game: Game, locales: list[str], force: bool = False) -> Plan:
    """Which outputs are out of date, and why; renders nothing."""
    from publish.docs.edition import chapter_paths, summary_paths

    inputs = Inputs(project, game)
    jobs: list[Job] = []
    join: dict[str, str] = {}
    fresh: list[str] = []
    for locale in locales:
        out = output_dir(project, game.id, locale)
        stamps = Stamps.read(out)
        common = inputs.common(locale)

        def consider(job: Job, stamps: Stamps = stamps, out: Path = out) -> None:
            reasons = [stamps.why(name, job.expected.get(name, job.inputs),
                                  (out / name).is_file()) for name in job.outputs]
            reason = "forced" if force else next((r for r in reasons if r), None)
            job.forced = force
            if reason is None:
                fresh.extend(job.outputs)
                return
            if job.kind == "summaries" and not force:  # only the summaries out of date
                stale = [n for n, r in zip(job.outputs, reasons, strict=True) if r]
                fresh.extend(n for n in job.outputs if n not in stale)
                job.outputs = stale
            if job.kind in PAGED and not force:
                job.cards = stamps.changed_cards(job.outputs[0], job.inputs)
            job.why = reason + ("; only the pages showing " + ", ".join(job.cards)
                                if job.cards else "")
            jobs.append(job)

        deck_jobs = []
        for deck in game.config.decks:
            cards = {**inputs.order(deck), **inputs.cards(c.number for c in game.deck_cards(deck))}
            job = Job("deck", locale, deck, [f"deck-{deck}.pdf"], {**common, **cards})
            consider(job)
            deck_jobs.append(job)
            consider(Job("printshop", locale, deck, [f"printshop/{printshop_name(deck, SHOP)}"],
                         {**common, **cards}))
        stale_decks = [j.deck for j in deck_jobs if j in jobs]
        all_inputs = {**common, **inputs.cards(c.number for c in game.cards)}
        why_join = stamps.why("decks-all.pdf", all_inputs, (out / "decks-all.pdf").is_file())
        join[locale] = ("forced" if force else
                        f"deck {', '.join(stale_decks)} remade" if stale_decks else why_join or "")
        if not join[locale]:
            fresh.append("decks-all.pdf")
        if chapter_paths(game):
            consider(Job("manual", locale, None, ["manual.pdf"],
                         {**all_inputs, "rules": inputs.get("rules")}))
        summaries = [p.stem for p in summary_paths(game)]
        if summaries:
            # a summary is out of date when a card it showed changed: those cards only
            job = Job("summaries", locale, None, [f"summary-{s}.pdf" for s in summaries],
                      {**common, "rules": inputs.get("rules"),
                       "selection": inputs.get("selection")})
            for name in job.outputs:
                shown = [k.removeprefix("card ") for k in stamps.records.get(name, {})
                         if k.startswith("card ")]
                job.expected[name] = {**job.inputs, **inputs.cards(shown)}
            consider(job)
    return Plan(jobs, join, fresh, inputs)


# ------------------------------------------------------------------ jobs (in worker processes)


def _run(project: Path, game_id: str, job: Job) -> tuple[Job, Any]:
    from publish import build
    from publish.docs.manual import ManualOptions
    from publish.render.decks import DeckOptions

    out = output_dir(project, game_id, job.locale)
    if job.kind == "deck":
        return job, build._deck_job(project, game_id, job.deck, DeckOptions(locale=job.locale),
                                    job.cards, out / job.outputs[0])
    if job.kind == "printshop":
        return job, build._printshop_job(project, game_id, job.deck, SHOP, False, True,
                                         job.locale, job.cards, out / job.outputs[0])
    game = build._load(project, game_id)
    options = ManualOptions(locale=job.locale)
    if job.kind == "manual":
        from publish.docs.manual import make_manual

        cache = build.manual_parts(out, options)
        if job.forced:
            shutil.rmtree(cache, ignore_errors=True)
        manual = make_manual(build.read_rules(game, job.locale, project=project), project,
                             options, cache=cache)
        return job, (manual.pdf, manual.pages)
    from publish.docs.summaries import render_summaries
    from publish.render.pdf import write_pdf

    edition = build.read_rules(game, job.locale, link_cards=False, project=project)
    only = {name.removeprefix("summary-").removesuffix(".pdf") for name in job.outputs}
    return job, [(s.id, write_pdf(doc, s.title), len(doc.pages), sorted(s.cards))
                 for s, doc in render_summaries(edition, project, options, only)]


def _write(project: Path, game: Game, job: Job, result: Any, stamps: Stamps,
           inputs: Inputs, decks: dict[str, tuple[bytes, int]]) -> list[Built]:
    out = output_dir(project, game.id, job.locale)
    built = []
    if job.kind == "deck":
        _, pdf, pages = result
        decks[job.deck or ""] = (pdf, pages)
        built.append(_put(out, job.outputs[0], pdf, pages, stamps, job.inputs))
    elif job.kind == "printshop":
        _, pdf, items, pngs = result
        name = job.outputs[0]
        built.append(write_printshop(out / "printshop", job.deck or "", Path(name).name, pdf,
                                     items, pngs))
        _record(stamps, name, job.inputs)
    elif job.kind == "manual":
        pdf, pages = result
        built.append(_put(out, "manual.pdf", pdf, pages, stamps, job.inputs))
    else:
        for summary_id, pdf, pages, shown in result:
            record = {**job.inputs, **inputs.cards(shown)}
            built.append(_put(out, f"summary-{summary_id}.pdf", pdf, pages, stamps, record))
    return built


def _put(out: Path, name: str, pdf: bytes, pages: int, stamps: Stamps,
         record: dict[str, str]) -> Built:
    write_atomic(out / name, pdf)
    _record(stamps, name, record)
    return Built(out / name, pages)


def _record(stamps: Stamps, name: str, record: dict[str, str]) -> None:
    """Right after its output: an interrupted build keeps the records of what it finished."""
    stamps.records[name] = record
    stamps.write()


def _join(project: Path, game: Game, locale: str, stamps: Stamps, inputs: Inputs,
          decks: dict[str, tuple[bytes, int]]) -> Built:
    """decks-all.pdf from the per-deck PDFs (just made, or as they are on disk)."""
    from pypdf import PdfReader

    out = output_dir(project, game.id, locale)
    pdfs, pages = [], 0
    for deck in game.config.decks:
        data = decks[deck][0] if deck in decks else (out / f"deck-{deck}.pdf").read_bytes()
        pages += decks[deck][1] if deck in decks else len(PdfReader(io.BytesIO(data)).pages)
        pdfs.append(data)
    record = {**inputs.common(locale), **inputs.cards(c.number for c in game.cards)}
    return _put(out, "decks-all.pdf", join_pdfs(pdfs, game.config.name), pages, stamps, record)


def run(project: Path, game: Game, the_plan: Plan, jobs: int | None = None,
        say: Callable[[str], None] = print,
        progress: Callable[[int], Any] | None = None) -> list[Built]:
    """Render the planned jobs over the cores; write each output and its record as it ends."""
    inputs = the_plan.inputs
    stamps = {loc: Stamps.read(output_dir(project, game.id, loc))
              for loc in {j.locale for j in the_plan.jobs} | set(the_plan.join)}
    decks: dict[str, dict[str, tuple[bytes, int]]] = {loc: {} for loc in stamps}
    built: list[Built] = []
    order = sorted(the_plan.jobs, key=lambda j: {"manual": 0, "printshop": 1, "deck": 2,
                                                  "summaries": 3}[j.kind])
    if order:
        with pool_for(jobs, len(order)) as pool:
            pending: set[Future] = {pool.submit(_run, project, game.id, job) for job in order}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    job, result = future.result()
                    made = _write(project, game, job, result, stamps[job.locale], inputs,
                                  decks[job.locale])
                    built.extend(made)
                    say(f"  {job.label}: {sum(b.pages for b in made)} pages ({job.why})")
                    if progress:
                        progress(1)
    for locale, why in the_plan.join.items():
        if why:
            built.append(_join(project, game, locale, stamps[locale], inputs, decks[locale]))
            say(f"  decks-all ({locale}): joined ({why})")
    return built


