"""The figures depend on the study and its seed, never on who played the chunks."""

from __future__ import annotations

import socket
import ssl
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from distributed import Client, LocalCluster
from distributed.security import Security

from conftest import run
from publish.balance import distribute
from publish.balance.distribute import ClusterUnreachable, Tls, _client, play_study
from publish.balance.study import Study
from publish.balance.tables import cards_csv, games_csv
from publish.engines.registry import engine_named

RECORDING = engine_named("agencia").info.records


def study(chunk: int) -> Study:
    return Study("agencia", (3, 4), ("simple",), (("principal",),),
                 (("greedy",), ("greedy", "random")), games_per_cell=9, seed=5, chunk=chunk)


def tables(agencia, played, plan: Study) -> tuple[str, str]:
    names = {card.number: card.name for card in agencia.cards}
    cells = plan.cells()
    return (games_csv(cells, played.tally),
            cards_csv(cells, played.tally, RECORDING, names))


def test_one_process_and_a_two_worker_cluster_write_the_same_csv(agencia):
    here = play_study(agencia, study(4), workers=1)
    cluster = play_study(agencia, study(4), workers=2)
    assert here.workers == 1 and cluster.workers == 2
    assert "local Dask cluster of 2" in cluster.where
    assert tables(agencia, here, study(4)) == tables(agencia, cluster, study(4))
    assert len(here.tally.games) == 36


def test_the_size_of_the_chunks_changes_nothing(agencia):
    small, large = study(2), study(5)
    assert tables(agencia, play_study(agencia, small, workers=1), small) == \
        tables(agencia, play_study(agencia, large, workers=1), large)


def test_another_seed_plays_other_games(agencia):
    plan = study(4)
    other = Study(**{**plan.__dict__, "seed": 6})
    assert tables(agencia, play_study(agencia, plan, workers=1), plan)[0] != \
        tables(agencia, play_study(agencia, other, workers=1), other)[0]


# who may reach the cluster (issue 46, finding 9; docs/balance.md) ---------------------------


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
    with _client(2, None) as (client, _):
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
    with _client(2, None) as (client, _):
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


def pem_files(folder: Path) -> Tls:
    """A certificate authority, certificate and key, as files: one self-signed pair."""
    made = Security.temporary()
    for name, text in (("ca.pem", made.tls_ca_file), ("cert.pem", made.tls_client_cert),
                       ("key.pem", made.tls_client_key)):
        (folder / name).write_text(text)
    return Tls(folder / "ca.pem", folder / "cert.pem", folder / "key.pem")


def test_a_study_on_ones_own_tls_cluster_gives_the_same_figures(agencia, tmp_path,
                                                                monkeypatch):
    files = pem_files(tmp_path)
    roles = {f"tls_{role}_{part}": str(getattr(files, "cert" if part == "cert" else "key"))
             for role in ("scheduler", "worker", "client") for part in ("cert", "key")}
    own = Security(tls_ca_file=str(files.ca_file), require_encryption=True, **roles)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tls://",
                      host="127.0.0.1", security=own, dashboard_address=None) as cluster:
        played = play_study(agencia, study(4), scheduler=cluster.scheduler_address, tls=files)
        assert tables(agencia, played, study(4)) == \
            tables(agencia, play_study(agencia, study(4), workers=1), study(4))
        monkeypatch.setattr(distribute, "CONNECT_SECONDS", 2)
        with pytest.raises(ClusterUnreachable, match="give --tls-ca-file, --tls-cert and "
                                                     "--tls-key"):
            play_study(agencia, study(4), scheduler=cluster.scheduler_address)


def test_the_tls_files_go_together_with_a_scheduler(tmp_path):
    files = pem_files(tmp_path)
    result = run("balance", "--game", "agencia", "--tls-cert", str(files.cert))
    assert result.exit_code == 2
    assert "--tls-ca-file, --tls-cert and --tls-key go together, with --scheduler" \
        in result.output
