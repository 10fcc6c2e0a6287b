"""Natural cards (manual 227-230, 279-288) and winning a partida (manual 152, 208).

Seat 0 plays; seats 1-3 hold structures without standing rules.
"""

from __future__ import annotations

import pytest
from agencia_helpers import Scripted, agent, events, make, play

OTHERS = ["038", "039", "042"]


def society(card: str, **at: str) -> list[str]:
    cards = [card, *OTHERS]
    for seat, number in at.items():
        cards[int(seat[1:])] = number
    return cards


# ---------------------------------------------------------------- natural cards

def test_998_nova_geracao_after_the_structure_discard_it_and_change_a_structure():
    e = make([["043", "998"], ["045"], ["046"], ["047"]], society("064"), pile=["180"],
             agents={0: Scripted(natural="998", changes=[(2, "043")])})
    play(e)
    assert e.state.discard == ["998"]
    assert e.state.hands[0] == ["180", "039"]
    assert e.state.structures == ["064", "038", "043", "042"]
    assert agent(e, 0).offered == [["998"]]


def test_a_natural_card_can_be_used_in_the_jogada_it_is_drawn():
    e = make([["043"], ["045"], ["046"], ["047"]], society("064"), pile=["998"],
             agents={0: Scripted(natural="998", changes=[(1, "043")])})
    play(e)
    assert e.state.hands[0] == ["038"]
    assert e.state.discard == ["998"]
    assert e.state.structures == ["064", "043", "039", "042"]


def test_999_lideranca_with_strictly_fewest_cards_after_the_structure():
    # 3 cards like seat 1 before the structure; 2 after discarding, strictly the fewest
    e = make([["043", "044", "999"], ["045", "046", "047"], ["049", "050", "051", "053"],
              ["054", "055", "057", "058", "059"]], society("048"),
             agents={0: Scripted(natural="999", changes=[(1, "044")])})
    play(e)
    assert e.state.discard == ["043", "999"]
    assert e.state.hands[0] == ["038"]
    assert e.state.structures == ["048", "044", "039", "042"]


TIED = [["043", "044", "999"], ["045", "046"], ["049", "050", "051", "053"],
        ["054", "055", "057", "058", "059"]]


def test_999_lideranca_tied_for_fewest_cannot_be_used():
    e = make(TIED, society("048"), agents={0: Scripted(natural="999", changes=[(1, "044")])})
    play(e)
    assert e.state.hands[0] == ["044", "999"]
    assert e.state.structures == society("048")
    assert agent(e, 0).offered == []


def test_999_lideranca_with_any_number_of_cards_under_card_005():
    e = make(TIED, society("048", s2="005"),
             agents={0: Scripted(natural="999", changes=[(1, "044")])})
    play(e)
    assert e.state.discard == ["043", "999"]
    assert e.state.structures == ["048", "044", "005", "042"]


def test_999_lideranca_forbidden_by_card_119():
    e = make([["043", "044", "999"], ["045", "046", "047"], ["049", "050", "051", "053"],
              ["054", "055", "057", "058", "059"]], society("048", s2="119"),
             agents={0: Scripted(natural="999", changes=[(1, "044")])})
    play(e)
    assert e.state.hands[0] == ["044", "999"]
    assert e.state.structures == society("048", s2="119")


def test_997_momento_historico_changes_two_structures():
    e = make([["043", "044", "045", "997"], ["046"], ["047"], ["049"]], society("048"),
             agents={0: Scripted(natural="997", changes=[(1, "044"), (2, "045")])})
    play(e)
    assert e.state.structures == ["048", "044", "045", "042"]
    assert e.state.hands[0] == ["038", "039"]
    assert e.state.discard == ["043", "997"]


def test_996_novo_paradigma_the_next_structure_with_a_discard_is_a_crisis():
    e = make([["043", "996"], ["045"], ["046", "047"], ["049", "050", "051", "053"]],
             ["064", "186", "048", "099"], pile=["180", "181", "182"],
             agents={0: Scripted(natural="996")})
    play(e)
    assert e.state.discard == ["996"]
    assert e.state.partida.crisis_next_discard
    play(e)  # seat 1, Dupla jornada: draw 2, no discard, no crisis
    assert events(e, "crisis") == []
    assert len(e.state.hands[1]) == 3
    play(e)  # seat 2, "Descarte 1 carta": a crisis
    assert [c[1] for c in events(e, "crisis")] == [2]
    assert e.state.hands[2] == ["046", "047"]
    play(e)  # seat 3, "Todos descartam 1 carta": the scheduled crisis has happened already
    assert [c[1] for c in events(e, "crisis")] == [2]
    assert e.state.discard[0] == "996"
    assert sorted(e.state.discard[1:]) == ["043", "045", "046", "050"]


def test_995_aliancas_with_more_than_2_cards_forms_a_team():
    e = make([["043", "995"], ["045"], ["046"], ["047"]], society("064"), pile=["180"],
             agents={0: Scripted(natural="995", targets=[3])})
    play(e)
    assert e.state.partida.teams == [(0, 3)]
    assert e.state.hands[0] == ["043", "180"]


def test_995_aliancas_with_2_cards_cannot_be_used():
    e = make([["043", "044", "995"], ["045"], ["046"], ["047"]], society("048"),
             agents={0: Scripted(natural="995", targets=[3])})
    play(e)
    assert e.state.partida.teams == []
    assert e.state.hands[0] == ["044", "995"]


def test_995_aliancas_the_team_wins_together():
    e = make([["043", "044"], ["045"], ["046", "047"], ["049", "050"]], society("064",
             s1="048"), turn=1, teams=[(3, 1)])
    play(e)
    assert sorted(e.state.partida.winners) == [1, 3]
    assert e.state.partida.ended


def test_natural_card_used_to_empty_the_hand_wins():
    e = make([["043", "998"], ["045", "046"], ["047"], ["049"]], society("048"),
             agents={0: Scripted(natural="998")})
    play(e)
    # the structure discards 043; Nova geração is then discarded: the hand is empty
    assert e.state.hands[0] == []
    assert e.state.partida.winners == [0]


def test_a_natural_card_is_usable_after_a_cancelled_structure():
    """Manual 230: usable after a structure cancelled by another (no crisis)."""
    # Guerra total (028): structures without draw or discard have no effect
    e = make([["043", "998"], ["045"], ["046"], ["047"]], society("047", s2="028"),
             agents={0: Scripted(natural="998", changes=[(1, "043")])})
    play(e)
    assert e.state.hands == [["038"], ["045"], ["046"], ["047"]]
    assert e.state.structures == ["047", "043", "028", "042"]


# ---------------------------------------------------------------- winning a partida

def test_the_only_player_with_an_empty_hand_wins():
    e = make([["043"], ["045"], ["046"], ["047"]], society("048"))
    play(e)
    assert e.state.partida.winners == [0]
    assert e.state.partida.ended


def test_the_winner_need_not_be_the_one_who_plays():
    e = make([["043"], ["045", "046"], ["047"], ["049"]], society("054"))
    play(e)
    assert e.state.partida.winners == [1]


def test_two_emptied_hands_is_a_crisis():
    e = make([["043"], ["045"], ["046", "047", "049"], ["050", "051"]], society("158"))
    play(e)
    assert events(e, "crisis") == [("crisis", 0, 2)]
    assert e.state.partida.winners == []
    assert not e.state.partida.ended
    assert [len(h) for h in e.state.hands] == [1, 1, 3, 2]


@pytest.mark.parametrize("shared", ["102", "177"])
def test_two_emptied_hands_both_win_with_a_shared_victory_card(shared):
    e = make([["043"], ["045"], ["046", "047", "049"], ["050", "051"]],
             society("158", s2=shared))
    play(e)
    assert events(e, "crisis") == []
    assert sorted(e.state.partida.winners) == [0, 1]
    assert e.state.partida.ended


def test_two_emptied_hands_both_win_in_a_team():
    e = make([["043"], ["045"], ["046", "047", "049"], ["050", "051"]], society("158"),
             teams=[(0, 2)])
    play(e)
    assert events(e, "crisis") == []
    assert sorted(e.state.partida.winners) == [0, 1, 2]


# ---------------------------------------------------------------- the effect must be carried out

class Declines(Scripted):
    """Uses the natural card offered, then declines to say which structure to change."""

    def change(self, engine, me, options, slots):
        return None


def test_998_nova_geracao_with_only_natural_cards_left_is_not_offered():
    """Manual 283: the change must be made; 999 left in hand cannot be put in the society."""
    e = make([["043", "998", "999"], ["045"], ["046"], ["047"]], society("048"),
             agents={0: Scripted(natural="998", cards=["043"])})
    play(e)
    assert agent(e, 0).offered == []
    assert e.state.hands[0] == ["998", "999"]
    assert e.state.discard == ["043"]
    assert e.state.structures == society("048")


def test_999_lideranca_with_no_structural_card_left_is_not_offered():
    e = make([["043", "999", "998"], ["045", "046", "047"], ["049", "050", "051"],
              ["054", "055", "057"]], society("048"),
             agents={0: Scripted(natural="999", cards=["043"])})
    play(e)
    assert agent(e, 0).offered == []
    assert e.state.hands[0] == ["999", "998"]


def test_999_lideranca_as_the_last_card_wins_without_a_change():
    """The one exception: the discard empties the hand, and that wins the partida."""
    e = make([["043", "999"], ["045", "046"], ["047", "049"], ["050", "051"]], society("048"),
             agents={0: Scripted(natural="999", cards=["043"])})
    play(e)
    assert agent(e, 0).offered == [["999"]]
    assert e.state.hands[0] == []
    assert e.state.structures == society("048")
    assert e.state.partida.winners == [0]


def test_a_last_natural_card_is_not_offered_when_its_discard_would_not_win():
    # Reforma agrária empties seat 1's hand: a second empty hand would not be a win
    e = make([["998"], ["045", "046"], ["047", "049"], ["050", "051"]], society("054"),
             agents={0: Scripted(natural="998")})
    play(e)
    assert agent(e, 0).offered == []
    assert e.state.hands[0] == ["998"]
    assert e.state.partida.winners == [1]


def test_998_with_card_058_kept_in_hand_needs_a_structural_card():
    # Explosão demográfica: Nova geração is used without discarding it, so it never empties
    # the hand; with nothing else to put in, it cannot be used
    e = make([["998"], ["045", "046"], ["047", "049"], ["050", "051"]], society("064", s3="058"),
             pile=["999"], agents={0: Scripted(natural="998")})
    play(e)
    assert agent(e, 0).offered == []
    kept = make([["998"], ["045", "046"], ["047", "049"], ["050", "051"]],
                society("064", s3="058"), pile=["043"],
                agents={0: Scripted(natural="998", changes=[(1, "043")])})
    play(kept)
    assert kept.state.hands[0] == ["998", "038"]
    assert kept.state.structures == ["064", "043", "039", "058"]


def test_998_under_card_079_only_a_card_seen_this_partida_can_enter():
    # Centro histórico tombado: 043 never was a structure this partida, so 998 is not offered
    e = make([["043", "044", "998"], ["045"], ["046"], ["047"]], society("048", s3="079"),
             agents={0: Scripted(natural="998", cards=["044"])})
    play(e)
    assert agent(e, 0).offered == []
    seen = make([["043", "044", "998"], ["045"], ["046"], ["047"]], society("048", s3="079"),
                society_seen={"043"}, agents={0: Scripted(natural="998", cards=["044"],
                                                          changes=[(1, "043")])})
    play(seen)
    assert seen.state.structures == ["048", "043", "039", "079"]


def test_a_use_whose_change_is_declined_is_undone_and_the_card_stays():
    e = make([["043", "044", "998"], ["045"], ["046"], ["047"]], society("048"),
             agents={0: Declines(natural="998", cards=["043"])})
    play(e)
    assert agent(e, 0).offered == [["998"]]
    assert e.state.hands[0] == ["044", "998"]
    assert e.state.discard == ["043"]
    assert events(e, "natural") == events(e, "natural_begin") == []
    assert e.stats.executed["998"] == 0


def test_998_a_change_vetoed_by_another_player_still_spends_the_card():
    # Levante de Pentrich: the player with most cards (seat 3) vetoes the change
    e = make([["043", "044", "998"], ["045"], ["046"], ["047", "049", "050"]],
             society("048", s2="081"),
             agents={0: Scripted(natural="998", cards=["043"], changes=[(1, "044")]),
                     3: Scripted(veto=True)})
    play(e)
    assert e.state.discard == ["043", "998"]
    assert e.state.hands[0] == ["044"]
    assert e.state.structures == society("048", s2="081")
    assert events(e, "proposal") == [("proposal", 0, 1, "038", "044")]
