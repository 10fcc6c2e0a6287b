"""Tasks on Dask: the same results as in this process, and a local cluster nobody else
reaches (loopback, TLS with the run's own certificate, no HTTP server; issue 46, finding 9;
docs/balance.md)."""

from __future__ import annotations

import socket
import ssl
import subprocess
import sys
from pathlib import Path

import psutil
from distributed import Client
from distributed.security import Security

from publish.core.parallel import InProcess, Tasks, run_all
from publish.core.parallel.cluster import Cluster, client_of


def cube_plus(offset: int, number: int) -> int:
    return number ** 3 + offset


def test_a_local_cluster_gives_the_results_of_this_process_in_the_same_order():
    tasks = Tasks(cube_plus, 7, list(range(12)))
    here, there = run_all(InProcess(), tasks), run_all(Cluster(2), tasks)
    assert there.results == here.results == [n ** 3 + 7 for n in range(12)]
    assert there.workers == 2 and there.where == "a local Dask cluster of 2 worker processes"


def listening() -> set[tuple[str, int]]:
    """Every socket this process and its children listen on."""
    me = psutil.Process()
    return {(c.laddr.ip, c.laddr.port) for p in [me, *me.children(recursive=True)]
            for c in p.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN}


def addresses(client: Client) -> set[str]:
    info = client.scheduler_info()
    return {info["address"], *info["workers"],
            *(worker["nanny"] for worker in info["workers"].values())}


def test_the_local_cluster_listens_on_the_loopback_over_tls_and_nothing_else():
    """No HTTP server (Dask opens one on 8787 and on each worker, dashboard or not)."""
    with client_of(Cluster(2)) as (client, _):
        served = addresses(client)
        assert all(a.startswith("tls://127.0.0.1:") for a in served), served
        assert listening() == {("127.0.0.1", int(a.rsplit(":", 1)[1])) for a in served}


def handshake(address: str, security: Security, folder: Path) -> bool:
    """Whether the server at ``address`` completes a TLS 1.2 handshake (the client's
    certificate checked within it) with a client that trusts any server and shows the
    certificate of ``security``."""
    (folder / "cert.pem").write_text(security.tls_client_cert)
    (folder / "key.pem").write_text(security.tls_client_key)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    context.maximum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    host, port = address.removeprefix("tls://").rsplit(":", 1)
    try:
        with socket.create_connection((host, int(port)), timeout=5) as raw, \
                context.wrap_socket(raw):
            return True
    except (ssl.SSLError, ConnectionError):
        return False


INTRUDER = """
import pathlib, sys
from distributed import Client
from distributed.security import Security
address, key, marker = sys.argv[1:]
try:
    client = Client(address, timeout="5s",
                    security=Security.temporary() if key == "own-key" else None)
except Exception as exc:
    sys.exit(f"refused: {type(exc).__name__}")
client.run(lambda: pathlib.Path(marker).write_text("ran"))
"""
"""Another local user's process: it connects to the scheduler and runs code on the workers."""


def test_a_client_without_the_runs_certificate_runs_nothing_on_the_cluster(tmp_path):
    with client_of(Cluster(2)) as (client, _):
        scheduler = client.scheduler_info()["address"]
        for key in ("no-key", "own-key"):
            marker = tmp_path / f"{key}.txt"
            done = subprocess.run([sys.executable, "-c", INTRUDER, scheduler, key,
                                   str(marker)], capture_output=True, text=True, timeout=120)
            assert done.returncode != 0 and "refused" in done.stderr, done.stderr[-2000:]
            assert not marker.exists()
        # even one that trusts any server: its own certificate fails the handshake
        assert not handshake(scheduler, Security.temporary(), tmp_path)
        assert handshake(scheduler, client.security, tmp_path)
