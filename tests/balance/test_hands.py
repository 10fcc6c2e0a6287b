"""Holding a card against playing it, on hand-made records whose answers are known."""

from __future__ import annotations

import pytest

from publish.balance.figures import hand_figures
from publish.balance.tables import hands_csv
from publish.balance.tally import Tally, count_game
from publish.engines.protocol import GameRecord, Recording, RoundRecord

HANDS = Recording(held="played", held_label="played", opening="dealt", drawn="drew")


def game(index: int) -> GameRecord:
    """Seat 0 is dealt A every game; in even games it plays A and wins, in odd games it keeps
    A in hand and seat 1 wins.  Seat 1 draws B in every game and never plays it.  Seat 2
    never sees A, and wins nothing."""
    events: tuple = (("dealt", 0, "A"), ("drew", 1, "B"))
    if index % 2 == 0:
        events += (("played", 0, "A"),)
    return GameRecord(players=3, order=(0, 1, 2), rounds=(RoundRecord(5, (index % 2,)),),
                      winners=(index % 2,), cards=frozenset("AB"), events=events)


def tally(recording: Recording, games: int = 40) -> Tally:
    counted = Tally()
    for index in range(games):
        count_game(counted, 0, index, index, game(index), recording)
    return counted


def test_a_card_that_wins_only_when_played_shows_it():
    figures = {f.card: f for f in hand_figures({card: counts for (_, card), counts
                                                in tally(HANDS).cards.items()})}
    a = figures["A"]
    assert (a.opening.hits, a.opening.trials) == (20, 40)   # in seat 0's hand every game
    assert (a.played.hits, a.played.trials) == (20, 20)     # played only in the games it won
    assert a.played.rate == 1.0 and a.in_hand.rate == 0.5
    assert (a.drawn.trials, a.unseen.trials) == (0, 80)     # seats 1 and 2, every game
    assert a.unseen.hits == 20                              # seat 1's wins in odd games
    difference, low, high = a.improvement                   # in hand 50% against unseen 25%
    assert difference == pytest.approx(0.25) and low < 0.25 < high


def test_a_card_drawn_later_counts_as_drawn_and_in_hand_not_in_the_opening_hand():
    b = {f.card: f for f in hand_figures({card: counts for (_, card), counts
                                          in tally(HANDS).cards.items()})}["B"]
    assert (b.opening.trials, b.drawn.trials, b.in_hand.trials) == (0, 40, 40)
    assert b.drawn.hits == 20 and b.played.trials == 0
    assert (b.unseen.trials, b.unseen.hits) == (80, 20)  # seat 0 wins the even games


def test_an_engine_that_cannot_say_gets_no_figures_of_hands():
    plain = Recording(held="played", held_label="played")
    counted = tally(plain)
    assert not any(counts.seats for counts in counted.cards.values())
    assert not plain.hands and HANDS.hands


def test_hands_csv_gives_counts_rates_and_the_improvement():
    figures = hand_figures({card: c for (_, card), c in tally(HANDS).cards.items()})
    text = hands_csv({"bot": figures}, {"A": "Ace"})
    header, first = text.splitlines()[:2]
    assert header.startswith("agents,card,name,in_opening_hand_seats,in_opening_hand_won,")
    assert header.endswith("improvement_when_drawn,improvement_low,improvement_high")
    assert first.startswith("bot,A,Ace,40,20,0.500000,")
