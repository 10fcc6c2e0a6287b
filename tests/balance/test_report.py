"""The report's views of the figures: what it prints and what it marks."""

from __future__ import annotations

from publish.balance.figures import seats
from publish.balance.report import p_view, seats_view
from publish.balance.study import Cell
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import GameRecord, Recording, RoundRecord

RECORDING = Recording(held="held", held_label="held")
CELLS = [Cell(4, "plain", ("base",), ("bot",))]


def _seat_zero_always_wins() -> Tally:
    """40 games of four, the first to move drawn in turn; seat 0 wins every one."""
    counted = Tally()
    for index in range(40):
        order = tuple((index % 4 + k) % 4 for k in range(4))
        record = GameRecord(players=4, order=order, rounds=(RoundRecord(9, (0,)),),
                            winners=(0,), cards=frozenset(), events=())
        count_game(counted, 0, index, index, record, RECORDING)
    return counted


def test_an_uneven_row_points_at_the_seat_that_stands_out():
    [row] = seats(CELLS, _seat_zero_always_wins().games)
    view = seats_view(row)
    assert view["numbers_even"] == {"text": "< 0.001", "uneven": True}
    assert [n["apart"] for n in view["numbers"]] == [True, True, True, True]  # 100% and 0%s
    assert view["numbers"][0]["rate"] == "100.0%"
    # the places are even: nothing in that row is marked, whatever the intervals
    assert view["places_even"] == {"text": "1.000", "uneven": False}
    assert not any(p["apart"] for p in view["places"])
    assert (view["games"], view["fair"]) == (40, "25.0%")


def test_p_values_as_printed():
    assert p_view(None) == {"text": "–", "uneven": False}
    assert p_view(0.0004) == {"text": "< 0.001", "uneven": True}
    assert p_view(0.009) == {"text": "0.009", "uneven": True}
    assert p_view(0.01) == {"text": "0.010", "uneven": False}
