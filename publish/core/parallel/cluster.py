"""Tasks on dask.distributed: an embedded cluster on this machine, or one of the user's.

By default an embedded LocalCluster starts one single-threaded worker process
per core; ``scheduler`` joins a cluster already running (docs/balance.md).
What the tasks share is sent to each worker once; each task sends back its
result.

Whoever reaches a Dask scheduler runs code on its workers and on its clients.
The embedded cluster listens on the loopback only, speaks TLS with a key and
certificate made for the run (in memory, never written), which every one of
its processes must show, and keeps no HTTP server open; a cluster of the
user's is reached with the TLS files given (``Tls``).

This module imports Dask (about a second): only those who play on a cluster
import it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dask
from distributed import Client, Future, LocalCluster, Nanny, Worker, as_completed
from distributed.security import Security

from publish.core.parallel import Outcome, Session, Tasks
from publish.core.problems import PublishError

LOOPBACK = "127.0.0.1"
"""Where the embedded cluster listens: no other machine reaches it."""

CONNECT_SECONDS = 20
"""How long joining a cluster (``scheduler``) may take, TLS agreed on included."""


@dataclass(frozen=True)
class Tls:
    """The files shown to a cluster that speaks TLS: the certificate authority its
    scheduler's certificate is signed by, and this client's own certificate and key."""

    ca_file: Path
    cert: Path
    key: Path

    def security(self) -> Security:
        return Security(tls_ca_file=str(self.ca_file), tls_client_cert=str(self.cert),
                        tls_client_key=str(self.key), require_encryption=True)


class ClusterUnreachable(PublishError, ValueError):
    """The cluster named by ``scheduler`` could not be reached, or would not speak with us."""


@dataclass(frozen=True)
class Cluster:
    """The tasks on Dask: ``workers`` processes of an embedded cluster (default: one per
    core), or the workers of the running scheduler at ``scheduler`` (tcp://host:8786,
    tls://host:8786 with ``tls``)."""

    workers: int | None = None
    scheduler: str | None = None
    tls: Tls | None = None

    def session(self, tasks: Tasks[Any, Any, Any]) -> AbstractContextManager[Session]:
        return _on_cluster(self, tasks)


@contextmanager
def _on_cluster(way: Cluster, tasks: Tasks[Any, Any, Any]) -> Iterator[Session]:
    with client_of(way) as (client, where):
        count = len(client.scheduler_info().get("workers", {}))
        # hash=False: Dask would otherwise tokenize all that is shared for a key (a game: 5 s)
        shared = client.scatter([tasks.shared], broadcast=True, hash=False)[0]
        futures = client.map(_apply, tasks.items, call=tasks.call, shared=shared, pure=False)
        yield Session(count, where, _outcomes(futures))


def _apply(item: Any, call: Callable[[Any, Any], Any], shared: Any) -> Any:
    """One task, on a worker."""
    return call(shared, item)


def _outcomes(futures: list[Future]) -> Iterator[Outcome[Any]]:
    index = {future.key: i for i, future in enumerate(futures)}
    for future in as_completed(futures):
        if future.status == "error":
            yield Outcome(index[future.key], error=future.exception())
        else:
            yield Outcome(index[future.key], future.result())


@contextmanager
def client_of(way: Cluster) -> Iterator[tuple[Client, str]]:
    """A client of the cluster ``way`` names (an embedded one started for it, and ended
    after), and where its tasks run, in words."""
    if way.scheduler is not None:
        with _joined(way.scheduler, way.tls) as client:
            yield client, f"the cluster at {way.scheduler}"
        return
    count = way.workers or os.cpu_count() or 1
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
