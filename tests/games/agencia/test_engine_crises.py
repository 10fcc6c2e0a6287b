"""Crises (a failing part cancels the whole card; who solves) and revolts.

Manual lines 218-222 (order of a jogada), 238-253 (crises), 263-273 (revolts).
Seat 0 plays; the crisis solver's script puts its first structural card in seat 0's
structure unless told otherwise.
"""

from __future__ import annotations

import pytest
from agencia_helpers import Scripted, agent, events, make, play

OTHERS = ["038", "039", "042"]


def society(card: str) -> list[str]:
    return [card, *OTHERS]


# ---------------------------------------------------------------- a failing part

def test_104_a_part_that_fails_cancels_the_whole_card():
    """Manual 219: if B cannot discard 2, A does not draw either."""
    e = make([["043", "044"], ["045"], ["046", "047"], ["049", "050", "051"]], society("104"),
             pile=["180", "181"])
    play(e)
    assert e.state.pile == ["180", "181"]  # the last to play did not draw 2
    assert e.state.hands[1] == ["045"]
    assert events(e, "crisis") == [("crisis", 0, 3)]


def test_043_discard_2_with_one_card_nobody_draws():
    e = make([["044"], ["045", "046"], ["047"], ["049", "050", "051"]], society("043"),
             pile=["180", "181"])
    play(e)
    assert e.state.pile == ["180", "181"]
    assert e.state.hands[0] == ["044"]
    assert events(e, "crisis") == [("crisis", 0, 3)]
    assert e.state.hands[3] == ["050", "051", "043"]
    assert e.state.structures == ["049", *OTHERS]


def test_002_discard_impossible_the_two_next_do_not_draw():
    # Prosperidade e afluência (056) doubles discards: seat 0 must discard 2 with 1 card
    e = make([["044"], ["045"], ["046", "047"], ["049", "050", "051"]],
             ["002", "038", "056", "042"], pile=["180", "181"])
    play(e)
    assert e.state.pile == ["180", "181"]
    assert [len(h) for h in e.state.hands] == [1, 1, 2, 3]
    assert events(e, "crisis") == [("crisis", 0, 3)]


@pytest.mark.parametrize("hands", [
    [["043", "044", "045"], ["046"], ["047", "049"], ["050"]],  # the owner alone has most
    [["043", "044", "045"], ["046"], ["047", "049", "051"], ["050"]],  # tied with seat 2
])
def test_062_a_gift_to_oneself_is_a_crisis(hands):
    """Manual, crises: nobody gives cards to themselves, among the instructions that cannot
    be done.  062 makes the player(s) with most cards give 1 each to its owner: when the
    owner is one of them, the card cannot be done as written, and nobody gives."""
    e = make(hands, society("062"))
    play(e)
    assert events(e, "crisis")
    assert not events(e, "give")


def test_062_the_players_with_most_cards_give_to_the_owner_who_is_not_one_of_them():
    e = make([["043"], ["044", "045"], ["046"], ["047", "049"]], society("062"))
    play(e)
    assert not events(e, "crisis")
    assert events(e, "give") == [("give", 1, 0, 1), ("give", 3, 0, 1)]
    assert [len(h) for h in e.state.hands] == [2, 1, 1, 1]  # then the owner discards 1


# ---------------------------------------------------------------- who solves

CAUSER = ["043", "044", "045", "046", "047", "049"]  # seat 0 has most cards: never solves


def test_the_player_with_most_cards_solves_never_the_causer():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             society("104"), pile=["180", "181"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 3)]
    assert e.state.structures == ["055", *OTHERS]
    assert e.state.hands[3] == ["057", "058", "059", "060", "104"]
    assert e.state.hands[0] == CAUSER
    part = e.state.partida
    assert (part.crises, part.last_crisis_solver, part.crisis_since_revolt) == (1, 3, True)
    assert e.state.turn == 1


def test_tied_on_cards_the_highest_row_solves():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058"]], society("104"),
             pile=["180", "181"], rows=[0, 0, 0, 1])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 3)]


@pytest.mark.parametrize(("flow", "solver"), [(1, 2), (-1, 3)])
def test_tied_on_cards_and_rows_the_nearest_to_play_solves(flow, solver):
    # Estado de bem-estar social: "o jogador com mais cartas" is tied, a crisis
    e = make([["043", "044"], ["050"], ["051", "053", "054"], ["055", "057", "058"]],
             society("067"), flow=flow, rows=[1, 0, 1, 1], cols=[1, 1, 2, 3])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, solver)]


def test_card_187_the_causer_solves_his_own_crisis():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             ["104", "038", "187", "042"], pile=["180", "181"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 0)]
    assert e.state.structures[0] == "043"


def test_the_queue_passes_over_a_player_with_only_natural_cards():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["998", "998", "999", "998", "998"]],
             society("104"), pile=["180", "181"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 2)]
    assert e.state.structures == ["051", *OTHERS]


def test_card_027_its_owner_cannot_solve_the_queue_passes():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             ["104", "038", "039", "027"], pile=["180", "181"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 2)]


def test_nobody_able_to_solve_ends_the_partida_without_winner():
    e = make([CAUSER, ["998"], ["998", "999", "998"], ["999", "998", "998", "998", "998"]],
             society("104"), pile=["180", "181"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, None)]
    assert e.state.partida.ended
    assert e.state.partida.winners == []
    assert e.state.structures == society("104")


def test_a_natural_card_is_not_used_after_a_crisis():
    e = make([["043", "044", "998"], ["050"], ["051"], ["055", "057", "058", "059"]],
             society("104"), pile=["180", "181"], agents={0: Scripted(natural="998")})
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.hands[0] == ["043", "044", "998"]
    assert agent(e, 0).offered == []


# ---------------------------------------------------------------- revolts

def revolt_state(sizes=(2, 6, 3, 3), structures=None, approver=2, **kw):
    """Seat 0 plays Hubris (draw 1); a crisis happened since the last revolt."""
    cards = iter(["043", "044", "045", "046", "047", "049", "050", "051", "053", "054", "055",
                  "057", "058", "059", "060", "061", "062", "063", "066", "068", "069"])
    hands = [[next(cards) for _ in range(n)] for n in sizes]
    agents = kw.pop("agents", {})
    if approver is not None:
        agents.setdefault(approver, Scripted(approve=True))
    for seat in range(4):
        agents.setdefault(seat, Scripted())
    agents[1].changes = [(0, hands[1][0])]
    agents[3].changes = [(0, hands[3][0])]
    e = make(hands, structures or society("064"), pile=["180"], agents=agents,
             crisis_since_revolt=kw.pop("crisis_since_revolt", True), **kw)
    return e, hands


def test_a_revolt_changes_a_structure_and_ends_the_jogada():
    e, hands = revolt_state()
    play(e)
    s = e.state
    assert events(e, "revolt") == [("revolt", 1, True)]
    assert s.structures == [hands[1][0], *OTHERS]
    assert s.hands[1] == [*hands[1][1:], "064"]
    assert s.hands[0] == hands[0]  # Hubris was not executed
    assert s.pile == ["180"]
    assert (s.partida.crisis_since_revolt, s.partida.last_revolter) == (False, 1)
    assert s.partida.turns[-1].revolt == "succeeded"
    assert (2, 1) in s.partida.approvals
    assert s.turn == 1


def test_the_proposer_may_decline_and_keeps_the_right():
    e, hands = revolt_state(agents={1: Scripted(revolt=False)})
    play(e)
    assert events(e, "revolt") == []
    assert agent(e, 1).asked_revolt == 1
    assert e.state.hands[0] == [*hands[0], "180"]  # Hubris executed
    assert e.state.partida.crisis_since_revolt


def test_no_revolt_before_a_crisis_since_the_last_revolt():
    e, hands = revolt_state(crisis_since_revolt=False)
    play(e)
    assert events(e, "revolt") == []
    assert e.state.hands[0] == [*hands[0], "180"]
    assert agent(e, 1).asked_revolt == 0


def test_no_revolt_with_a_gap_of_3_cards():
    e, hands = revolt_state(sizes=(3, 6, 3, 4))
    play(e)
    assert events(e, "revolt") == []
    assert e.state.hands[0] == [*hands[0], "180"]


def test_a_gap_of_4_cards_is_enough():
    e, _ = revolt_state(sizes=(3, 7, 3, 4))
    play(e)
    assert events(e, "revolt") == [("revolt", 1, True)]


def test_the_proposer_tied_on_cards_is_the_last_of_them_to_play():
    # seats 1 and 3 hold 6 cards; after seat 0, seat 3 is the last of the two to play
    e, _ = revolt_state(sizes=(2, 6, 3, 6))
    play(e)
    assert events(e, "revolt") == [("revolt", 3, True)]


def test_the_proposer_tied_on_cards_is_the_one_on_the_lowest_row():
    e, _ = revolt_state(sizes=(2, 6, 3, 6), rows=[0, 0, 0, 1], cols=[0, 1, 2, 3])
    play(e)
    assert events(e, "revolt") == [("revolt", 1, True)]


@pytest.mark.parametrize("card", ["003", "026", "027"])
def test_a_proposer_who_may_not_propose_blocks_the_revolt(card):
    """Card 003's note: the priority does not pass to the next player."""
    e, hands = revolt_state(sizes=(1, 6, 3, 5), structures=["064", card, "039", "042"],
                            approver=2)
    play(e)
    assert events(e, "revolt") == []
    assert agent(e, 3).asked_revolt == 0
    assert e.state.hands[0] == [*hands[0], "180"]
    assert e.state.structures == ["064", card, "039", "042"]


def test_a_revolt_nobody_approves_fails_and_still_ends_the_jogada():
    e, hands = revolt_state(approver=None)
    play(e)
    s = e.state
    assert events(e, "revolt") == [("revolt", 1, False)]
    assert s.structures == society("064")
    assert s.hands == hands  # nobody changed anything, and Hubris was not executed
    assert s.partida.failed_revolts == {1}
    assert not s.partida.crisis_since_revolt
    assert s.partida.turns[-1].revolt == "failed"


def test_card_036_revolts_need_no_approval():
    e, hands = revolt_state(approver=None, structures=["064", "038", "036", "042"])
    play(e)
    assert events(e, "revolt") == [("revolt", 1, True)]
    assert e.state.structures[0] == hands[1][0]


def test_a_crisis_comes_before_a_revolt():
    # Teoria crítica: the next to play (1 card) cannot discard 2; seat 3 could revolt
    e, _ = revolt_state(sizes=(2, 1, 3, 6), structures=society("104"))
    play(e)
    assert events(e, "revolt") == []
    assert events(e, "crisis") == [("crisis", 0, 3)]
    assert agent(e, 3).asked_revolt == 0


def test_a_natural_card_is_not_used_after_a_revolt():
    e, hands = revolt_state(sizes=(1, 6, 3, 3), agents={0: Scripted(natural="998")})
    e.state.hands[0].append("998")
    e._total = e.state.cards_in_play()
    play(e)
    assert events(e, "revolt") == [("revolt", 1, True)]
    assert e.state.hands[0] == [*hands[0], "998"]
    assert agent(e, 0).offered == []


def test_card_102_after_a_crisis_is_solved_everyone_discards_1():
    """Manual 221: after the solution, structures acting after a crisis (Secularismo)."""
    e = make([["043", "044"], ["045", "046"], ["047", "049", "050", "051", "053"],
              ["054", "055", "057", "058", "059"]], ["067", "038", "102", "042"])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 2)]
    assert [len(h) for h in e.state.hands] == [1, 1, 4, 4]
    assert sorted(e.state.discard) == ["043", "045", "049", "054"]


def test_card_008_after_a_revolt_the_revolter_draws_1():
    """Manual 224: after a revolt, structures acting after one (Neoliberalismo)."""
    e, hands = revolt_state(structures=["064", "038", "008", "042"])
    e.state.pile.insert(0, "181")
    e._total = e.state.cards_in_play()
    play(e)
    assert events(e, "revolt") == [("revolt", 1, True)]
    assert e.state.hands[1] == [*hands[1][1:], "064", "180"]
    assert e.state.hands[0] == hands[0]


# ---------------------------------------------------------------- priority cards, bans

def test_card_029_its_holders_jogada_is_a_crisis_while_nobody_has_solved_one():
    """Note of 029: while "quem resolveu a última crise" names nobody, its jogada is a crisis."""
    e = make([["043", "044"], ["045"], ["046", "047"], ["049", "050", "051"]], society("029"),
             agents={3: Scripted(changes=[(1, "049")])})
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 3)]
    assert e.state.partida.last_crisis_solver == 3
    assert e.state.structures == ["029", "049", "039", "042"]
    assert e.stats.crises_caused["029"] == 1


def test_card_029_once_a_crisis_was_solved_in_the_partida_its_jogada_does_nothing():
    e = make([["043", "044"], ["045"], ["046", "047"], ["049", "050", "051"]], society("029"),
             last_crisis_solver=2)
    play(e)
    assert events(e, "crisis") == []
    assert [len(h) for h in e.state.hands] == [2, 1, 2, 3]
    assert e.stats.executed["029"] == 1


def test_card_029_cancelled_by_card_028_causes_no_crisis():
    # Guerra total: a structure without draws or discards has no effect, and no crisis
    e = make([["043", "044"], ["045"], ["046", "047"], ["049", "050", "051"]],
             ["029", "038", "028", "042"])
    play(e)
    assert events(e, "crisis") == []
    assert events(e, "vetoed") == [("vetoed",)]


def test_card_029_the_last_solver_has_priority():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             ["104", "029", "039", "042"], pile=["180", "181"], last_crisis_solver=1)
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 1)]


def test_card_029_when_the_last_solver_caused_the_crisis_the_ordinary_queue_decides():
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             ["104", "029", "039", "042"], pile=["180", "181"], last_crisis_solver=0)
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 3)]


@pytest.mark.parametrize(("structures", "solver"), [
    (["104", "121", "109", "042"], 2),  # Psicanálise (seat 1), Capital simbólico (seat 2)
    (["104", "029", "109", "042"], 2),  # Tecnocracia names seat 1, Capital simbólico seat 2
])
def test_two_priority_cards_for_different_players_the_ordinary_criteria_decide(structures,
                                                                               solver):
    """Notes of 029, 109, 121: between the favoured, most cards first (3 against 1)."""
    e = make([CAUSER, ["050"], ["051", "053", "054"], ["055", "057", "058", "059", "060"]],
             structures, pile=["180", "181"], last_crisis_solver=1)
    play(e)
    assert events(e, "crisis") == [("crisis", 0, solver)]


def test_card_157_a_ban_bites_when_the_banned_player_is_told_to_draw():
    """Crises come from acts: seat 3's Zona de exclusão aérea bars the next 2 from drawing."""
    hands = [["043"], ["045"], ["046", "047"], ["049", "050", "051"]]
    e = make(hands, ["064", "038", "039", "157"], pile=["180"])
    play(e)  # seat 0's Hubris tells him to draw: a crisis
    assert events(e, "crisis") == [("crisis", 0, 3)]
    own = make(hands, ["064", "038", "039", "157"], pile=["180"], turn=3)
    play(own)  # the card's holder is not barred: his "Compre 1 carta" is done
    assert events(own, "crisis") == []
    assert own.state.hands[3] == ["049", "050", "051", "180"]
