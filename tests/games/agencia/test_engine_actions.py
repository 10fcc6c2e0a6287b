"""Every action kind of the effect schema, each run by a real card in a hand-built jogada.

Seat 0 plays; four players, clockwise (flow +1) unless said otherwise.  Seats 1-3 hold
structures without standing rules ("038", "039", "042").
"""

from __future__ import annotations

from collections import Counter

import pytest
from agencia_helpers import Scripted, agent, events, make, play

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import HANDLERS

OTHERS = ["038", "039", "042"]


def society(card: str) -> list[str]:
    return [card, *OTHERS]


def test_every_action_kind_is_covered_here():
    covered = {"draw", "discard", "give", "exchange", "swap_hands", "rotate_hands", "pass_cards",
               "equalise", "swap_structures", "change_structure", "reverse_flow", "flow_towards",
               "shuffle_structures", "redistribute_hands", "schedule_crisis", "field_move",
               "field_swap", "field_step", "win", "show_hand", "see_hands", "trade_with_pile",
               "shuffle_pile", "discard_this", "team_up", "own_crisis"}
    assert set(fx.ACTIONS) == covered


def test_every_action_kind_has_a_handler():
    assert sorted(HANDLERS) == sorted(fx.ACTIONS)


def test_draw_001_an_opponent_of_my_choice_draws_4():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("001"),
             pile=["180", "181", "182", "183", "184"], agents={0: Scripted(targets=[2])})
    play(e)
    s = e.state
    assert s.hands == [["043", "044"], ["045"], ["046", "184", "183", "182", "181"], ["047"]]
    assert s.pile == ["180"]
    assert s.partida.turns[-1].drew == Counter({2: 4})
    assert s.turn == 1


@pytest.mark.parametrize(("rule", "drawn"), [("093", 8), ("106", 1), ("038", 4)])
def test_draw_001_a_plain_number_is_doubled_or_capped_while_such_a_rule_stands(rule, drawn):
    # 093 Revolução industrial doubles draws, 106 Estado democrático de direito caps them
    # at 1: a plain number moves as written only while neither stands (038: no rule)
    e = make([["043", "044"], ["045"], ["046"], ["047"]], ["001", rule, "039", "042"],
             pile=[str(n) for n in range(170, 185)], agents={0: Scripted(targets=[2])})
    play(e)
    assert e.state.partida.turns[-1].drew == Counter({2: drawn})


def test_draw_064_from_an_empty_pile_the_shuffled_discards_become_the_pile():
    """Manual 200: the discards, shuffled, are the next pile, as often as needed."""
    e = make([["043"], ["045"], ["046"], ["047"]], society("064"), pile=[],
             discard=["180", "181", "182"])
    play(e)
    s = e.state
    assert s.discard == []
    assert len(s.hands[0]) == 2 and s.hands[0][0] == "043"
    assert sorted(s.pile + s.hands[0][1:]) == ["180", "181", "182"]


def test_draw_064_with_no_pile_and_no_discards_is_a_crisis():
    e = make([["043"], ["045"], ["046"], ["047", "049"]], society("064"), pile=[], discard=[])
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 3)]


def test_discard_048_discards_one_card():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("048"))
    play(e)
    assert e.state.hands[0] == ["044"]
    assert e.state.discard == ["043"]
    assert e.state.partida.last_discarder == 0


def test_give_066_gives_one_to_the_last_and_one_to_the_next():
    e = make([["043", "044", "049"], ["045"], ["046"], ["047"]], society("066"))
    play(e)
    assert e.state.hands == [["049"], ["045", "044"], ["046"], ["047", "043"]]


def test_exchange_021_exchanges_one_card_with_the_next():
    e = make([["043", "044"], ["045", "046"], ["047"], ["049"]], society("021"))
    play(e)
    assert e.state.hands[:2] == [["044", "045"], ["046", "043"]]


def test_swap_hands_023_swaps_with_the_next_then_draws():
    e = make([["043"], ["045", "046"], ["047"], ["049"]], society("023"), pile=["180"])
    play(e)
    assert e.state.hands[:2] == [["045", "046", "180"], ["043"]]


def test_rotate_hands_075_hands_move_along_the_flow_then_discard_from_the_new_hand():
    e = make([["043", "044"], ["045"], ["046"], ["047", "049", "050"]], society("075"))
    play(e)
    assert e.state.hands == [["049", "050"], ["043", "044"], ["045"], ["046"]]
    assert e.state.discard == ["047"]


def test_rotate_hands_108_against_the_flow_then_draw():
    e = make([["043", "044"], ["045"], ["046"], ["047", "049"]], society("108"), pile=["180"])
    play(e)
    assert e.state.hands == [["045", "180"], ["046"], ["047", "049"], ["043", "044"]]


def test_pass_cards_047_everyone_gives_one_card_along_the_flow():
    e = make([["043", "044"], ["045", "049"], ["046"], ["047"]], society("047"))
    play(e)
    assert e.state.hands == [["044", "047"], ["049", "043"], ["045"], ["046"]]


@pytest.mark.parametrize("single", [0, 2])
def test_pass_cards_007_a_player_with_one_card_receives_two_before_passing_and_wins(single):
    """007's note: whoever holds 1 card receives the 2 before passing them on, so the
    2 cards passed leave them with 1, the fewest alone: they discard it and win.  The
    owner of 007 (seat 0) is no exception: the owner once had to give first, a crisis."""
    hands = [["044", "045", "049"], ["046", "047", "050"], ["051", "053", "054"],
             ["055", "057", "058"]]
    hands[single] = ["043"]
    e = make(hands, society("007"))
    play(e)
    assert not events(e, "crisis")
    assert [len(h) for h in e.state.hands] == [0 if p == single else 3 for p in range(4)]
    assert e.state.partida.winners == [single]


def test_pass_cards_007_two_players_with_one_card_is_a_crisis():
    """007's note: two players left with 1 card tie for the fewest: the discard cannot name
    one player, a crisis."""
    e = make([["043"], ["044", "045", "049"], ["046"], ["051", "053", "054"]],
             society("007"))
    play(e)
    assert events(e, "crisis")


def test_equalise_120_most_gives_to_fewest_until_equal():
    e = make([["043", "044", "049"], ["045", "046", "047", "050", "051", "053"], ["054", "055"],
              ["057", "058", "059", "060"]], society("120"))
    play(e)
    assert e.state.hands[1] == ["047", "050", "051", "053"]
    assert e.state.hands[2] == ["054", "055", "045", "046"]


def test_swap_structures_006_with_the_one_player_with_fewer_cards_then_discard():
    e = make([["043", "044", "049"], ["045", "046"], ["047", "050", "051", "053"],
              ["054", "055", "057"]], society("006"))
    play(e)
    assert e.state.structures == ["038", "006", "039", "042"]
    assert e.state.hands[0] == ["044", "049"]  # the owner at the start of the jogada discards
    assert e.state.hands[1] == ["045", "046"]


def test_change_structure_134_draw_then_change_any_structure():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("134"), pile=["180"],
             agents={0: Scripted(changes=[(2, "043")])})
    play(e)
    assert e.state.structures == ["134", "038", "043", "042"]
    assert e.state.hands[0] == ["044", "180", "039"]
    assert events(e, "change") == [("change", 0, 2, "039", "043")]
    assert e.state.partida.turns[-1].changed == {0}


@pytest.mark.parametrize("bourdieu", [False, True])
def test_who_put_a_structure_in_is_noted_only_for_the_hegemonies(bourdieu):
    # only a hegemony (Bourdieu mode) asks it: a simple game does not note it
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("134"), pile=["180"],
             rows=[0, 0, 0, 0] if bourdieu else None,
             agents={0: Scripted(changes=[(2, "043")])})
    play(e)
    assert e.state.structures == ["134", "038", "043", "042"]
    assert e.state.partida.inserted_by == ({2: (0, 1)} if bourdieu else {})


@pytest.mark.parametrize("approver", [None, 3])
def test_change_structure_089_needs_an_opponents_approval(approver):
    agents = {0: Scripted(changes=[(2, "043")])}
    if approver is not None:
        agents[approver] = Scripted(approve=True)
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("089"), agents=agents)
    play(e)
    if approver is None:  # not approved: the status quo stands, and no crisis
        assert e.state.structures == society("089")
        assert e.state.hands[0] == ["043", "044"]
    else:
        assert e.state.structures == ["089", "038", "043", "042"]
        assert e.state.hands[0] == ["044", "039"]
    assert events(e, "crisis") == []


def test_reverse_flow_030_then_the_last_plays_next():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("030"))
    play(e)
    assert e.state.flow == -1
    assert e.state.turn == 3
    assert e.state.hands[0] == ["044"]


def test_flow_towards_070_turns_to_the_neighbour_with_more_cards():
    e = make([["043", "044"], ["045", "046"], ["047"], ["049", "050", "051", "053", "054"]],
             society("070"))
    play(e)
    assert e.state.flow == -1
    assert e.state.turn == 3
    assert e.state.hands[0] == ["044"]


def test_flow_towards_070_neighbours_tied_is_a_crisis():
    e = make([["043", "044"], ["045", "046"], ["047"], ["049", "050"]], society("070"))
    play(e)
    assert e.state.flow == 1
    assert [c[1] for c in events(e, "crisis")] == [0]


def test_shuffle_structures_011_permutes_the_society_and_schedules_a_crisis():
    e = make([["043", "044"], ["045"], ["046", "050"], ["047"]], society("011"))
    play(e)
    assert sorted(e.state.structures) == sorted(society("011"))
    assert e.state.partida.crisis_next_play
    play(e)  # the next jogada is a crisis, whatever structure seat 1 has now
    assert [c[1] for c in events(e, "crisis")] == [1]
    assert not e.state.partida.crisis_next_play


def test_redistribute_hands_034_keeps_each_hand_size():
    hands = [["043", "044", "049"], ["045", "046"], ["047"], ["050", "051"]]
    e = make(hands, society("034"))
    play(e)
    assert [len(h) for h in e.state.hands] == [2, 2, 1, 2]  # seat 0 then discards 1
    after = [c for h in e.state.hands for c in h] + e.state.discard
    assert sorted(after) == sorted(c for h in hands for c in h)
    assert e.state.partida.crisis_next_play


def test_schedule_crisis_087_the_next_jogada_is_a_crisis():
    e = make([["043", "044"], ["045"], ["046"], ["047", "049", "050"]],
             ["087", "064", "039", "042"], pile=[str(n) for n in range(180, 187)])
    play(e)
    assert [len(h) for h in e.state.hands] == [2, 3, 3, 5]
    play(e)  # seat 1's Hubris would draw 1: it does not, seat 3 (most cards) solves
    assert events(e, "crisis") == [("crisis", 1, 3)]
    assert len(e.state.hands[1]) == 3
    assert e.state.structures[1] == "047"


def test_field_move_101_moves_any_player_one_column():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("101"), rows=[0, 1, 0, 0],
             agents={0: Scripted(moves=[(1, 1)])})
    play(e)
    assert e.state.field.col == [0, 2, 2, 3]
    assert e.state.field.row == [0, 1, 0, 0]


def test_field_move_101_with_no_free_square_is_a_crisis():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("101"), rows=[0, 0, 0, 0])
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.field.col == [0, 1, 2, 3]


def test_field_swap_077_swaps_with_someone_higher_then_draws_2():
    e = make([["043"], ["045"], ["046"], ["047"]], society("077"), rows=[0, 0, 2, 0],
             pile=["180", "181", "182"])
    play(e)
    assert e.state.field.row == [2, 0, 0, 0]
    assert e.state.field.col == [2, 1, 0, 3]
    assert e.state.hands[0] == ["043", "182", "181"]


@pytest.mark.parametrize(("rows", "crisis"), [
    ([2, 0, 1, 0], True),  # 069's holder is the highest: its own rule takes its effect away
    ([2, 2, 1, 0], True),  # tied for the highest row: no single highest player
    ([0, 2, 1, 0], False),  # someone else is: 069's holder draws 1
])
def test_own_crisis_069_its_rule_falling_on_its_holder_is_a_crisis(rows, crisis):
    """069: "A estrutura do jogador mais alto no campo não tem efeito" (general) and "Causa
    crise caso esta seja a estrutura do jogador na linha mais alta" (direct: only direct
    effects cause crises, compendium 2.12)."""
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("069"), rows=rows,
             pile=["180"])
    play(e)
    assert bool(events(e, "crisis")) is crisis
    assert e.state.pile == (["180"] if crisis else [])


@pytest.mark.parametrize(("card", "hands", "rows"), [
    ("131", [["043"], ["045", "049"], ["046", "050"], ["047", "051"]], None),  # fewest cards
    ("141", [["043", "044"], ["045"], ["046"], ["047"]], [2, 0, 1, 0]),  # highest
])
def test_own_crisis_131_141_the_holder_named_by_its_own_refusal_rule_is_a_crisis(card, hands,
                                                                                rows):
    """131 and 141 let a player refuse their structure; "Causa crise caso esta seja a
    estrutura do jogador ...": when that player holds the card itself, a crisis."""
    e = make(hands, society(card), rows=rows, agents={0: Scripted(refuse=False)})
    play(e)
    assert events(e, "crisis")


def test_field_step_092_draw_10_and_climb_one_row():
    pile = [str(n) for n in range(180, 190)]
    e = make([["043"], ["045"], ["046"], ["047"]], society("092"), rows=[0, 0, 0, 0], pile=pile)
    play(e)
    assert e.state.field.row == [1, 0, 0, 0]
    assert len(e.state.hands[0]) == 11


def test_field_step_092_from_row_3_is_a_crisis_and_nothing_is_drawn():
    pile = [str(n) for n in range(180, 190)]
    e = make([["043"], ["045"], ["046", "049"], ["047"]], society("092"), rows=[3, 0, 0, 0],
             pile=pile)
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.field.row == [3, 0, 0, 0]
    assert e.state.pile == pile


def test_field_step_088_down_while_blocking_someone_is_a_crisis():
    e = make([["043"], ["045"], ["046", "049"], ["047"]], society("088"), rows=[1, 0, 0, 0],
             cols=[1, 1, 2, 3], pile=[str(n) for n in range(180, 192)])
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.field.row == [1, 0, 0, 0]


def test_win_122_the_player_with_most_cards_wins_the_partida():
    e = make([["043", "044"], ["045", "046", "047", "049", "050"], ["051"], ["053", "054"]],
             society("122"))
    play(e)
    assert e.state.partida.winners == [1]
    assert e.state.partida.ended


def test_show_hand_179_changes_nothing_but_the_discard():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("179"))
    play(e)
    assert e.state.hands == [["044"], ["045"], ["046"], ["047"]]
    assert events(e, "crisis") == []


def test_see_hands_143_then_draw():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("143"), pile=["180"])
    play(e)
    assert e.state.hands == [["043", "044", "180"], ["045"], ["046"], ["047"]]


def test_trade_with_pile_025_then_discard_and_shuffle_the_pile():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("025"), pile=["180", "181"],
             agents={0: Scripted(trade=("043", "181"))})
    play(e)
    assert e.state.hands[0] == ["181"]
    assert e.state.discard == ["044"]
    assert sorted(e.state.pile) == ["043", "180"]


def test_shuffle_pile_139_draw_the_chosen_card_shuffle_discard_2():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], society("139"),
             pile=["180", "181", "182"], agents={0: Scripted(pile_pick="181")})
    play(e)
    assert e.state.hands[0] == ["181"]
    assert e.state.discard == ["043", "044"]
    assert sorted(e.state.pile) == ["180", "182"]


def test_discard_this_998_the_natural_card_goes_to_the_discard():
    e = make([["043", "998"], ["045"], ["046"], ["047"]], society("064"), pile=["180"],
             agents={0: Scripted(natural="998", changes=[(1, "043")])})
    play(e)
    assert e.state.discard == ["998"]
    assert e.state.hands[0] == ["180", "038"]
    assert e.state.structures == ["064", "043", "039", "042"]


def test_team_up_995_forms_a_team_with_the_chosen_opponent():
    e = make([["043", "995"], ["045"], ["046"], ["047"]], society("064"), pile=["180"],
             agents={0: Scripted(natural="995", targets=[2])})
    play(e)
    assert e.state.partida.teams == [(0, 2)]
    assert e.state.discard == ["995"]
    assert e.state.hands[0] == ["043", "180"]
    assert agent(e, 0).offered == [["995"]]
