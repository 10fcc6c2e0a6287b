"""Turnos: "the last turno" counted back from the jogada, and the end of each turno.

Seed 000's glossary: a turno is a run of jogadas holding at least one jogada of every
player, seen from the current jogada.  So the last turno reaches back as far as it
must to hold everyone, which is further than one jogada per player when someone
played twice (a second jogada in a row, a flow turned back); and a turno ends when
everyone has played since the last one ended, not every N jogadas from the partida's
start.  Four players; seat 0 plays first, clockwise.
"""

from __future__ import annotations

from collections import Counter

from agencia_helpers import events, make, play

from publish.games.agencia.state import Jogada

PILE = [str(n) for n in range(165, 181)]


def hands_of(*sizes: int) -> list[list[str]]:
    cards = iter(str(n) for n in range(43, 100) if n not in (48, 52, 56, 62))
    return [[f"{next(cards):0>3}" for _ in range(size)] for size in sizes]


def test_the_last_turno_reaches_back_past_a_player_who_played_twice():
    """Seat 3 played twice in a row: the last turno, back from seat 0's jogada, must reach
    seat 0's own last jogada, five jogadas back, where it drew: 031 has it discard."""
    history = [Jogada(0, drew=Counter({0: 1})), Jogada(1), Jogada(2), Jogada(3), Jogada(3)]
    e = make(hands_of(3, 2, 2, 3), ["031", "038", "039", "042"], history=history)
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert not events(e, "crisis")
    assert e.state.hands == [hands[0][1:], hands[1], hands[2], hands[3]]


def test_the_last_turno_is_no_longer_than_it_must_be():
    """Seat 0 drew six jogadas back; the five jogadas since hold everyone: not counted."""
    history = [Jogada(0, drew=Counter({0: 1})), Jogada(1), Jogada(2), Jogada(3), Jogada(0),
               Jogada(1), Jogada(2), Jogada(3)]
    e = make(hands_of(3, 2, 2, 3), ["031", "038", "039", "042"], history=history)
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]  # nobody drew: 031 cannot discard


def six_jogadas_with_the_flow_turned_back(tally: str) -> list[int]:
    """Seats 0, 1, 2 play; seat 2's 030 turns the flow; seats 1, 0 and 3 play: everyone has
    played only at the sixth jogada.  The jogadas after which a turno ended."""
    e = make(hands_of(4, 4, 4, 4), ["064", "039", "030", tally], pile=PILE)
    ends = []
    for jogada in range(1, 7):
        play(e)
        if events(e, "turn_end")[len(ends):]:
            ends.append(jogada)
    assert [entry[1] for entry in events(e, "jogada")] == [0, 1, 2, 1, 0, 3]
    return ends


def test_a_turno_ends_when_everyone_has_played_not_every_four_jogadas():
    assert six_jogadas_with_the_flow_turned_back("042") == [6]


def test_card_182_tallies_the_whole_turno_at_its_end():
    """182 Gamificação, at the end of each turno.  In the six jogadas seat 0 drew 3 cards
    (064 twice, 039 once), seat 2 one; seat 2 discarded 2 (039, then its own 030), seat 0
    one (039 again): seat 0 draws 1 and seat 2 discards 1, once, after the sixth."""
    e = make(hands_of(4, 4, 4, 4), ["064", "039", "030", "182"], pile=PILE)
    for _ in range(5):
        play(e)
    assert not events(e, "trigger")
    assert [len(h) for h in e.state.hands] == [4 + 3 - 1, 4, 4 + 1 - 2, 4]
    play(e)
    assert events(e, "trigger") == [("trigger", 3, "182")] * 2
    assert [len(h) for h in e.state.hands] == [4 + 3 - 1 + 1, 4, 4 + 1 - 2 - 1, 4]
    assert six_jogadas_with_the_flow_turned_back("182") == [6]
