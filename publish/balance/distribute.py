"""A study's chunks played in this process or on Dask (publish.core.parallel), summed.

Three ways, one result: ``workers=1`` plays every chunk here, in order; by
default an embedded Dask cluster starts one single-threaded worker process per
core; ``scheduler`` joins a cluster already running (docs/balance.md).  The
loaded game is sent to each worker once; each task plays one chunk and sends
back its counts, which are summed in the study's order of chunks, so the
figures are the same whoever played what.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from publish.balance.study import Chunk, Study
from publish.balance.tally import Tally, count_game
from publish.core.parallel import InProcess, Tasks, Way, run_all
from publish.core.parallel.cluster import Cluster, Tls
from publish.engines.protocol import Engine, check_records
from publish.engines.registry import engine_for
from publish.model.game import Game

Progress = Callable[[int], object]



@dataclass(frozen=True)
class Played:
    """A study's counts, and how it was played (wall time, where); ``variants``: the counts
    of each what-if variant's games, played on the same seeds, in the order given."""

    tally: Tally
    wall: float
    workers: int
    where: str
    variants: tuple[Tally, ...] = ()


def engine_of(game: Game) -> Engine:
    """The game's engine (made once per process, publish.engines.registry), if it records
    its games: `publish balance` refuses any other before it plays."""
    engine = engine_for(game)
    if engine is None or engine.info.records is None:
        raise ValueError(f"{game.id}: no rules engine that records its games")
    return engine


def play_chunk(played: tuple[tuple[Game, ...], Study], chunk: Chunk) -> Tally:
    """One task: a chunk's games played by the engine with game ``chunk.variant``, counted."""
    games, study = played
    game = games[chunk.variant]
    start = time.process_time()
    engine = engine_of(game)
    cell = study.cells()[chunk.cell]
    specs = [study.spec(cell, index) for index in range(chunk.start, chunk.stop)]
    records = engine.play(game, specs)
    check_records(engine, specs, records)
    tally = Tally()
    recording = engine.info.records
    assert recording is not None  # engine_of refuses an engine without records
    for index, spec, record in zip(range(chunk.start, chunk.stop), specs, records, strict=True):
        count_game(tally, chunk.cell, index, spec.seed, record, recording)
    # typeshed types a Counter's counts as int; Counter takes any number, and these are seconds
    tally.seconds[chunk.cell] += time.process_time() - start  # type: ignore[assignment]
    return tally


def play_study(game: Game, study: Study, workers: int | None = None,
               scheduler: str | None = None, progress: Progress | None = None,
               tls: Tls | None = None, way: Way | None = None,
               what: str = "the study", variants: Sequence[Game] = (),
               baseline: bool = True) -> Played:
    """Every chunk of the study, summed in order; then the same chunks with each of
    ``variants`` (the same seeds: common random numbers), each summed apart.

    ``workers``: processes of the embedded cluster (default: one per core; 1:
    this process, no cluster).  ``scheduler``: the address of a running
    scheduler (tcp://host:8786, tls://host:8786 with ``tls``), whose workers
    play instead.  ``way``, when given, runs the chunks instead (`publish
    simulate`: the pool of processes, without starting Dask).  A task is named in
    messages by its games, numbered through the study's cells, and ``what``.
    Without ``baseline``, only the variants play (the baseline's counts are empty).
    """
    engine_of(game)  # refuse a game without a recording engine before starting anything
    games = (game, *variants)
    chunks = [dataclasses.replace(chunk, variant=number)
              for number in range(0 if baseline else 1, len(games))
              for chunk in study.chunks()]  # a variant's chunks together: its cards read once
    started = time.perf_counter()
    if way is None:
        way = InProcess() if scheduler is None and workers == 1 else \
            Cluster(workers, scheduler, tls)

    def finished(index: int) -> None:
        if progress:
            progress(chunks[index].stop - chunks[index].start)

    first = study.games_per_cell
    labels = [f"games {c.cell * first + c.start} to {c.cell * first + c.stop - 1} of {what}"
              + (f" (variant {c.variant})" if c.variant else "") for c in chunks]
    ran = run_all(way, Tasks(play_chunk, (games, study), chunks, labels), finished)
    totals = [Tally() for _ in games]
    for chunk, result in zip(chunks, ran.results, strict=True):
        totals[chunk.variant].add(result)
    return Played(totals[0], time.perf_counter() - started, ran.workers, ran.where,
                  tuple(totals[1:]))
