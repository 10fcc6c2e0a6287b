"""The figures depend on the study and its seed, never on who played the chunks."""

from __future__ import annotations

from pathlib import Path

import pytest
from distributed import LocalCluster
from distributed.security import Security

from conftest import run
from publish.balance.distribute import play_study
from publish.balance.study import Study
from publish.balance.tables import cards_csv, games_csv
from publish.core.parallel import cluster as cluster_module
from publish.core.parallel.cluster import ClusterUnreachable, Tls
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
        monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 2)
        with pytest.raises(ClusterUnreachable, match="give --tls-ca-file, --tls-cert and "
                                                     "--tls-key"):
            play_study(agencia, study(4), scheduler=cluster.scheduler_address)


def test_the_tls_files_go_together_with_a_scheduler(tmp_path):
    files = pem_files(tmp_path)
    result = run("balance", "--game", "agencia", "--tls-cert", str(files.cert))
    assert result.exit_code == 2
    assert "--tls-ca-file, --tls-cert and --tls-key go together, with --scheduler" \
        in result.output
