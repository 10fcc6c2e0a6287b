"""A study's chunks played on dask.distributed, or in this process.

Three ways, one result: ``workers=1`` plays every chunk here, in order; by
default an embedded LocalCluster starts one single-threaded worker process
per core; ``scheduler`` joins a cluster already running (docs/balance.md).
The loaded game is sent to each worker once; each task plays one chunk and
sends back its counts, which are summed in the study's order of chunks, so
the figures are the same whoever played what.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import dask
from distributed import Client, LocalCluster, as_completed

from publish.balance.study import Chunk, Study
from publish.balance.tally import Tally, count_game
from publish.engines import Engine, check_records, engine_for
from publish.model import Game

Progress = Callable[[int], object]

_ENGINES: dict[str, Engine] = {}


@dataclass(frozen=True)
class Played:
    """A study's counts, and how it was played (wall time, where)."""

    tally: Tally
    wall: float
    workers: int
    where: str


def engine_of(game_id: str) -> Engine:
    """The game's engine, looked up once per process."""
    if game_id not in _ENGINES:
        engine = engine_for(game_id)
        if engine is None or engine.info.records is None:
            raise ValueError(f"{game_id}: no rules engine that records its games")
        _ENGINES[game_id] = engine
    return _ENGINES[game_id]


def play_chunk(chunk: Chunk, game: Game, study: Study) -> Tally:
    """One task: a chunk's games played by the game's engine, counted."""
    start = time.process_time()
    engine = engine_of(game.id)
    cell = study.cells()[chunk.cell]
    specs = [study.spec(cell, index) for index in range(chunk.start, chunk.stop)]
    records = engine.play(game, specs)
    check_records(engine, specs, records)
    tally = Tally()
    recording = engine.info.records
    assert recording is not None  # engine_of refuses an engine without records
    for index, spec, record in zip(range(chunk.start, chunk.stop), specs, records, strict=True):
        count_game(tally, chunk.cell, index, spec.seed, record, recording)
    tally.seconds[chunk.cell] += time.process_time() - start
    return tally


def play_study(game: Game, study: Study, workers: int | None = None,
               scheduler: str | None = None, progress: Progress | None = None) -> Played:
    """Every chunk of the study, summed in order.

    ``workers``: processes of the embedded cluster (default: one per core; 1:
    this process, no cluster).  ``scheduler``: the address of a running
    scheduler (tcp://host:8786), whose workers play instead.
    """
    engine_of(game.id)  # refuse a game without a recording engine before starting anything
    chunks = study.chunks()
    started = time.perf_counter()
    if scheduler is None and workers == 1:
        results = []
        for chunk in chunks:
            results.append(play_chunk(chunk, game, study))
            if progress:
                progress(chunk.stop - chunk.start)
        count, where = 1, "this process"
    else:
        with _client(workers, scheduler) as (client, where):
            count = len(client.scheduler_info().get("workers", {}))
            results = _on_cluster(client, chunks, game, study, progress)
    total = Tally()
    for result in results:
        total.add(result)
    return Played(total, time.perf_counter() - started, count, where)


def _on_cluster(client: Client, chunks: list[Chunk], game: Game, study: Study,
                progress: Progress | None) -> list[Tally]:
    # hash=False: Dask would otherwise tokenize the whole game for a key (5 s here)
    shared = client.scatter(game, broadcast=True, hash=False)
    futures = client.map(play_chunk, chunks, game=shared, study=study, pure=False)
    sizes = {future.key: chunk.stop - chunk.start
             for future, chunk in zip(futures, chunks, strict=True)}
    for future in as_completed(futures):
        if future.status == "error":
            future.result()  # raises the task's own error, here
        if progress:
            progress(sizes[future.key])
    return client.gather(futures)


@contextmanager
def _client(workers: int | None, scheduler: str | None) -> Iterator[tuple[Client, str]]:
    if scheduler is not None:
        with Client(scheduler, timeout="20s") as client:
            yield client, f"the cluster at {scheduler}"
        return
    count = workers or os.cpu_count() or 1
    # The workers' statistical profiler samples every 10 ms: 5-8% of a core lost to play.
    quiet = dask.config.set({"distributed.worker.profile.enabled": False})
    with quiet, LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                             dashboard_address=None, silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster) as client:
        yield client, f"a local Dask cluster of {count} worker processes"
