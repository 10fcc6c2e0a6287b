"""The figures depend on the study and its seed, never on who played the chunks."""

from __future__ import annotations

from publish.balance.distribute import play_study
from publish.balance.study import Study
from publish.balance.tables import cards_csv, games_csv
from publish.engines import engine_for

RECORDING = engine_for("agencia").info.records


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
