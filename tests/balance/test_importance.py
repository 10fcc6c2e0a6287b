"""Card importance: each card taken out in turn on the same seeds, ranked by how far the
figures of games move; hand-made records with known answers, and the real game."""

from __future__ import annotations

import csv
import io

from conftest import REPO, run
from publish.balance.distribute import play_study
from publish.balance.importance import chosen_cards, importance_csv, rank
from publish.balance.patch import removal
from publish.balance.study import Cell, Study
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import GameRecord, Recording, RoundRecord
from publish.engines.registry import engine_named

RECORDING = Recording(held="held", held_label="held", outcomes=())
CELLS = [Cell(2, "plain", ("base",), ("bot",))]
TITLES = ["held", "holder won"]


def tally(winners: list[int], moves: int = 10) -> Tally:
    counted = Tally()
    for index, winner in enumerate(winners):
        count_game(counted, 0, index, index, GameRecord(
            players=2, order=(0, 1), rounds=(RoundRecord(moves, (winner,)),),
            winners=(winner,), cards=frozenset("AB"), events=(("held", winner, "A"),)),
            RECORDING)
    return counted


def test_the_card_whose_removal_moves_the_games_most_ranks_first():
    base = tally([k % 2 for k in range(40)])
    removals = [("A", tally([k % 2 for k in range(40)])),       # nothing moves
                ("B", tally([0] * 40)),                          # the first to move wins all
                ("C", tally([0] * 30 + [1] * 10))]               # 75%: moves less
    ranked = rank(CELLS, base, removals, RECORDING, TITLES)
    assert [(i.place, i.card) for i in ranked] == [(1, "B"), (2, "C"), (3, "A")]
    assert ranked[-1].strength == 0.0
    first = {d.figure: d for d in ranked[0].games}["games won by the first to move"]
    assert (first.baseline, first.variant) == (0.5, 1.0) and first.moved
    rows = list(csv.DictReader(io.StringIO(importance_csv(ranked, {"B": "Bee"}))))
    assert rows[0]["card"] == "B" and rows[0]["name"] == "Bee" and rows[0]["place"] == "1"


def test_the_cards_taken_out_are_the_flagged_every_dealt_or_those_named():
    assert chosen_cards(("flagged",), ["001", "002"], {"002"}) == ["002"]
    assert chosen_cards(("all",), ["002", "001"], set()) == ["001", "002"]
    assert chosen_cards(("003", "001"), ["001"], set()) == ["003", "001"]


def test_an_importance_study_writes_the_same_csv_in_one_process_and_on_two_workers(agencia):
    study = Study("agencia", (4,), ("simple",), (("principal",),), (("greedy",),),
                  games_per_cell=6, seed=2, chunk=3)
    recording = engine_named("agencia").info.records
    names = {c.number: c.name for c in agencia.cards}
    base = play_study(agencia, study, workers=1)
    cards = ["052", "015"]

    def table(workers: int) -> str:
        removed = play_study(agencia, study, workers=workers, baseline=False,
                             variants=[removal(agencia, c).game for c in cards])
        assert not removed.tally.games  # only the removals played
        return importance_csv(rank(study.cells(), base.tally, list(zip(
            cards, removed.variants, strict=True)), recording,
            ["played as a structure", "ran", "caused a crisis", "holder won"]), names)

    here = table(1)
    assert here == table(2)
    assert {row["card"] for row in csv.DictReader(io.StringIO(here))} == {"052", "015"}


def test_an_unknown_card_to_take_out_is_said_at_its_line(tmp_path):
    study = tmp_path / "study.yaml"
    study.write_text("players: 4\nimportance: [\"052\", \"0999\"]\n", encoding="utf-8")
    result = run("balance", "--project", str(REPO), "--game", "agencia", str(study))
    assert result.exit_code == 1
    assert f"{study}:2:21: importance: no card 0999" in result.output
