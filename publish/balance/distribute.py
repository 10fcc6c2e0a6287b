"""A study's chunks played on dask.distributed, or in this process.

Three ways, one result: ``workers=1`` plays every chunk here, in order; by
default an embedded LocalCluster starts one single-threaded worker process
per core; ``scheduler`` joins a cluster already running (docs/balance.md).
The loaded game is sent to each worker once; each task plays one chunk and
sends back its counts, which are summed in the study's order of chunks, so
the figures are the same whoever played what.

Whoever reaches a Dask scheduler runs code on its workers and on its clients.
The embedded cluster listens on the loopback only, speaks TLS with a key and
certificate made for the run (in memory, never written), which every one of
its processes must show, and keeps no HTTP server open; a cluster of the
user's is reached with the TLS files given (``Tls``).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask
from distributed import Client, LocalCluster, Nanny, Worker, as_completed
from distributed.security import Security

from publish.balance.study import Chunk, Study
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import Engine, check_records, engine_for
from publish.model.game import Game

Progress = Callable[[int], object]

_ENGINES: dict[str, Engine] = {}

LOOPBACK = "127.0.0.1"
"""Where the embedded cluster listens: no other machine reaches it."""

CONNECT_SECONDS = 20
"""How long `--scheduler` tries to reach a cluster (and to agree on TLS with it)."""


@dataclass(frozen=True)
class Tls:
    """The files `publish balance --scheduler` shows a cluster that speaks TLS: the
    certificate authority its scheduler's certificate is signed by, and this client's own
    certificate and key."""

    ca_file: Path
    cert: Path
    key: Path

    def security(self) -> Security:
        return Security(tls_ca_file=str(self.ca_file), tls_client_cert=str(self.cert),
                        tls_client_key=str(self.key), require_encryption=True)


class ClusterUnreachable(ValueError):
    """The cluster named by `--scheduler` could not be reached, or would not speak with us."""


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
    # typeshed types a Counter's counts as int; Counter takes any number, and these are seconds
    tally.seconds[chunk.cell] += time.process_time() - start  # type: ignore[assignment]
    return tally


def play_study(game: Game, study: Study, workers: int | None = None,
               scheduler: str | None = None, progress: Progress | None = None,
               tls: Tls | None = None) -> Played:
    """Every chunk of the study, summed in order.

    ``workers``: processes of the embedded cluster (default: one per core; 1:
    this process, no cluster).  ``scheduler``: the address of a running
    scheduler (tcp://host:8786, tls://host:8786 with ``tls``), whose workers
    play instead.
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
        with _client(workers, scheduler, tls) as (client, where):
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
def _client(workers: int | None, scheduler: str | None,
            tls: Tls | None = None) -> Iterator[tuple[Client, str]]:
    if scheduler is not None:
        with _joined(scheduler, tls) as client:
            yield client, f"the cluster at {scheduler}"
        return
    count = workers or os.cpu_count() or 1
    security = Security.temporary()  # this run's own key: no other client is let in
    # The workers' statistical profiler samples every 10 ms: 5-8% of a core lost to play.
    quiet = dask.config.set({"distributed.worker.profile.enabled": False,
                             "distributed.scheduler.http.routes": [],
                             "distributed.worker.http.routes": []})
    with quiet, LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                             host=LOOPBACK, protocol="tls://", security=security,
                             dashboard_address=f"{LOOPBACK}:0", worker_class=_Nanny,
                             silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster, security=security) as client:
        cluster.scheduler.http_server.stop()
        yield client, f"a local Dask cluster of {count} worker processes"


@contextmanager
def _joined(scheduler: str, tls: Tls | None) -> Iterator[Client]:
    """A client of the cluster at ``scheduler``; ClusterUnreachable if it cannot be one."""
    if scheduler.startswith("tls://") and tls is None:
        raise ClusterUnreachable(f"the scheduler at {scheduler} speaks TLS: give "
                                 "--tls-ca-file, --tls-cert and --tls-key")
    try:
        client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s",
                        security=tls.security() if tls else None)
    except (OSError, ValueError) as exc:  # refused, timed out, TLS refused or misread
        how = ("check the address, and that its certificate is signed by --tls-ca-file" if tls
               else "if it speaks TLS (tls://), give --tls-ca-file, --tls-cert and --tls-key")
        raise ClusterUnreachable(f"no Dask scheduler answered at {scheduler} within "
                                 f"{CONNECT_SECONDS} s ({exc}): {how}") from None
    with client:
        yield client


class _Worker(Worker):
    """A worker whose HTTP server (Dask opens one on every worker, whatever the dashboard)
    is closed as soon as it is opened: the embedded cluster speaks TLS and nothing else."""

    def start_http_server(self, *args: Any, **kwargs: Any) -> None:
        super().start_http_server(*args, **kwargs)
        self.http_server.stop()


class _Nanny(Nanny):
    """The embedded cluster's nanny: it starts a ``_Worker`` in its process."""

    def __init__(self, scheduler_ip: str | None = None, **kwargs: Any) -> None:
        super().__init__(scheduler_ip, worker_class=_Worker, **kwargs)
