"""The statistics, on hand-made game records whose answers are known."""

from __future__ import annotations

import math

import pytest

from publish.balance.figures import (
    CardFigures,
    Share,
    by_lineup,
    card_figures,
    chi2_survival,
    evenness,
    lengths,
    outliers,
    ranking,
    rest_of,
    seats,
    spearman,
    wilson,
)
from publish.balance.study import Cell
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import GameRecord, Recording, RoundRecord

RECORDING = Recording(held="held", held_label="held", outcomes=(("fired", "fired"),))
CELLS = [Cell(4, "plain", ("base",), ("bot",))]
POOL = frozenset("ABCDE")


def game(index: int) -> GameRecord:
    """Seat 0 always holds A, fires it and wins; B, C never fire; D or E in turn at seat 3."""
    other = "D" if index % 2 else "E"
    events = (("held", 0, "A"), ("fired", 0, "A"), ("held", 1, "B"), ("held", 2, "C"),
              ("held", 3, other))
    if index % 4 == 0:
        events += (("fired", 3, other),)
    return GameRecord(players=4, order=(0, 1, 2, 3), rounds=(RoundRecord(10, (0,)),),
                      winners=(0,), cards=POOL, events=events)


@pytest.fixture
def tally() -> Tally:
    counted = Tally()
    for index in range(40):
        count_game(counted, 0, index, index, game(index), RECORDING)
    return counted


def test_wilson_matches_the_formula_at_known_points():
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(0, 0) == (0.0, 0.0)
    low, high = wilson(500, 1000)
    assert high - low == pytest.approx(2 * 1.96 * (0.25 / 1000) ** 0.5, rel=0.01)


def test_all_or_none_has_its_exact_bound_at_every_number_of_trials():
    # rounding once left 100% of 205 with an upper bound of 0.9999999999999998
    for trials in range(1, 400):
        assert wilson(trials, trials)[1] == 1.0 and wilson(0, trials)[0] == 0.0


def test_a_card_at_100_percent_like_every_other_does_not_stand_apart():
    """A figure every card has at 100% (or 0%): nobody lies beyond the others."""
    def card(number: str, trials: int) -> CardFigures:
        full = Share(trials, trials)
        return CardFigures(number, full, (full, Share(0, trials)), full, 0.25)
    figures = [card(f"{n:03d}", trials) for n, trials in enumerate((205, 104, 96, 100, 112, 310))]
    assert outliers(figures) == []


def test_a_card_that_always_wins_shows_it_and_stands_apart(tally: Tally):
    figures = {f.card: f for f in card_figures(by_lineup(CELLS, tally.cards)["bot"], "held",
                                               ["fired"])}
    a = figures["A"]
    assert (a.won.hits, a.won.trials, a.won.rate) == (40, 40, 1.0)
    assert a.won.interval[0] > 0.9
    assert a.expected == pytest.approx(0.25)  # one winner of four players
    assert (a.held.hits, a.held.trials) == (40, 40)
    assert (a.outcomes[0].hits, a.outcomes[0].trials) == (40, 40)
    above = {(o.card, o.figure) for o in outliers(list(figures.values())) if o.direction > 0}
    won = len(a.shares()) - 1
    assert ("A", won) in above  # its holders' wins
    assert ("A", 1) in above  # it always fired
    assert {card for card, figure in above if figure == won} == {"A"}
    [outlier] = [o for o in outliers(list(figures.values())) if (o.card, o.figure) == ("A", won)]
    assert (outlier.rest.median, outlier.rest.low, outlier.rest.high) == (0, 0, 0)


def test_the_rest_is_the_spread_of_the_other_cards():
    rest = rest_of([0.1, 0.2, 0.3, 0.4, 0.5])
    assert (rest.median, rest.low, rest.high) == pytest.approx((0.3, 0.0, 0.7))
    # a card far outside, but on too few trials to tell, is not listed
    few = CardFigures("X", Share(1, 1), (), Share(1, 1), 0.5)
    many = [CardFigures(c, Share(n, 10), (), Share(n, 10), 0.5)
            for n, c in enumerate("ABCDE", start=1)]
    assert outliers([few, *many]) == []
    sure = CardFigures("Y", Share(90, 100), (), Share(90, 100), 0.5)
    assert {(o.card, o.direction) for o in outliers([sure, *many])} == {("Y", 1)}


def test_cards_that_never_win_or_fire_are_counted_as_such(tally: Tally):
    figures = {f.card: f for f in card_figures(by_lineup(CELLS, tally.cards)["bot"], "held",
                                               ["fired"])}
    assert (figures["B"].won.hits, figures["B"].won.trials) == (0, 40)
    assert (figures["B"].outcomes[0].hits, figures["B"].outcomes[0].trials) == (0, 40)
    # D and E each sit at seat 3 in half the games; E fires in every other one of its games
    assert (figures["D"].held.hits, figures["D"].held.trials) == (20, 40)
    assert (figures["E"].outcomes[0].hits, figures["E"].outcomes[0].trials) == (10, 20)
    assert tally.cards[(0, "E")].events == {"held": 20, "fired": 10}


def test_the_first_seat_winning_every_game_shows_in_the_seat_figures(tally: Tally):
    [row] = seats(CELLS, tally.games)
    assert (row.players, row.games, row.fair) == (4, 40, 0.25)
    assert [(p.hits, p.trials) for p in row.places] == [(40, 40), (0, 40), (0, 40), (0, 40)]
    assert row.places[0].interval[0] > 0.9 > row.fair


@pytest.mark.parametrize(("x", "df", "p"), [
    (3.841, 1, 0.05), (6.635, 1, 0.01), (5.991, 2, 0.05), (9.210, 2, 0.01), (7.815, 3, 0.05),
    (9.488, 4, 0.05), (11.070, 5, 0.05), (15.086, 5, 0.01), (1.0, 7, 0.99483), (0.0, 3, 1.0)])
def test_the_chi_squared_tail_matches_the_tables(x, df, p):
    assert chi2_survival(x, df) == pytest.approx(p, abs=2e-4)


def test_evenness_of_counts():
    assert evenness([100, 100, 100]) == 1.0
    assert evenness([90, 100, 110]) == pytest.approx(math.exp(-1))  # chi-squared 2, df 2
    assert evenness([40, 0, 0, 0]) < 1e-15
    assert evenness([]) is None and evenness([0, 0]) is None


def test_a_seat_number_that_wins_too_often_shows_though_places_are_even():
    """Seat 0 wins every game from every place in turn: the places are even, the seat
    numbers are not (what a deal favouring seat 0 looks like)."""
    counted = Tally()
    for index in range(40):
        first = index % 4
        order = tuple((first + k) % 4 for k in range(4))
        record = GameRecord(players=4, order=order, rounds=(RoundRecord(9, (0,)),),
                            winners=(0,), cards=frozenset(), events=())
        count_game(counted, 0, index, index, record, RECORDING)
    [row] = seats(CELLS, counted.games)
    assert [p.hits for p in row.places] == [10, 10, 10, 10]
    assert row.places_even == 1.0
    assert [n.hits for n in row.numbers] == [40, 0, 0, 0]
    assert row.numbers_even < 1e-15


def test_places_follow_the_order_of_play_not_seat_numbers():
    counted = Tally()
    record = GameRecord(players=3, order=(2, 0, 1), rounds=(RoundRecord(5, (2,)),),
                        winners=(2,), cards=frozenset(), events=())
    count_game(counted, 0, 0, 0, record, RECORDING)
    [row] = seats([Cell(3, "plain", ("base",), ("bot",))], counted.games)
    assert [p.hits for p in row.places] == [1, 0, 0]


def test_lengths_and_games_without_a_winner():
    counted = Tally()
    records = [GameRecord(4, (0, 1, 2, 3), (RoundRecord(30, ()), RoundRecord(10, (1,))), (1,),
                          frozenset(), ()),
               GameRecord(4, (0, 1, 2, 3), (RoundRecord(20, ()),), (), frozenset(), (),
                          stopped=True)]
    for index, record in enumerate(records):
        count_game(counted, 0, index, index, record, RECORDING)
    [row] = lengths(CELLS, counted.games)
    assert (row.games, row.rounds, row.moves, row.stopped) == (2, 1.5, 20.0, 1)
    assert (row.no_winner.hits, row.no_winner.trials) == (1, 2)
    assert (row.rounds_no_winner.hits, row.rounds_no_winner.trials) == (2, 3)
    assert row.round_moves == (30, 10, 20)


def test_shared_wins_and_a_card_held_by_two_seats():
    counted = Tally()
    record = GameRecord(3, (0, 1, 2), (RoundRecord(8, (0, 1)),), (0, 1), frozenset("AB"),
                        (("held", 0, "A"), ("held", 1, "A"), ("held", 2, "A"), ("held", 2, "B")))
    count_game(counted, 0, 0, 0, record, RECORDING)
    a = counted.cards[(0, "A")]
    assert (a.in_pool, a.held_games, a.holdings, a.wins) == (1, 1, 3, 2)
    assert a.expected == 2  # three holdings, each 2 winners of 3 players


def test_rankings_and_their_correlation():
    figures = card_figures({c: counts for (_, c), counts in _tally_of_rates().cards.items()},
                           "held", [])
    assert ranking(figures) == {"A": 1, "B": 2, "C": 2, "D": 4}
    assert spearman({"A": 1, "B": 2, "C": 3}, {"A": 1, "B": 2, "C": 3}) == pytest.approx(1)
    assert spearman({"A": 1, "B": 2, "C": 3}, {"A": 3, "B": 2, "C": 1}) == pytest.approx(-1)
    assert spearman({"A": 1, "B": 2}, {"A": 1, "B": 2}) is None


def _tally_of_rates() -> Tally:
    """Four cards whose holders win 3, 2, 2 and 0 of 4 games."""
    counted = Tally()
    wins = {"A": 3, "B": 2, "C": 2, "D": 0}
    for index in range(4):
        events = tuple(("held", seat, card) for seat, card in enumerate("ABCD"))
        won = tuple(seat for seat, card in enumerate("ABCD") if index < wins[card])
        count_game(counted, 0, index, index, GameRecord(4, (0, 1, 2, 3), (
            RoundRecord(1, won),), won, frozenset("ABCD"), events), RECORDING)
    return counted
