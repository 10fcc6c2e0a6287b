"""The Bourdieu field (manual 164-198) and the seven hegemonies (manual 309-341).

Four players; columns 0-3 in seat order unless said otherwise; seat 0 plays.
"""

from __future__ import annotations

import pytest
from agencia_helpers import Scripted, events, infos, make, play

OTHERS = ["038", "039", "042"]


def won_by_seat_0(**kw):
    """Seat 0 plays "Descarte 1 carta" with 1 card: the only empty hand, he wins the partida."""
    e = make([["043"], ["045", "046"], ["047", "049"], ["050", "051"]], ["048", *OTHERS], **kw)
    play(e)
    assert e.state.partida.winners == [0]
    e.end_partida()
    return e


def moves(e):
    return [entry[1:] for entry in events(e, "field_move")]


# ---------------------------------------------------------------- climbing and blocking

def test_the_winner_climbs_a_row_then_moves_someone_sideways():
    e = won_by_seat_0(rows=[0, 0, 0, 0], agents={0: Scripted(moves=[(1, -1)])})
    fld = e.state.field
    assert fld.row == [1, 0, 0, 0]
    assert fld.col == [0, 0, 2, 3]  # seat 1 moved into the square seat 0 left
    assert moves(e) == [(0, 1, -1)]
    assert (e.state.wins, e.state.win_order) == ([1, 0, 0, 0], [0])


def test_a_player_directly_above_blocks_the_climb():
    e = won_by_seat_0(rows=[0, 1, 0, 0], cols=[0, 0, 2, 3],
                      agents={1: Scripted(moves=[(1, 1)])})
    fld = e.state.field
    assert fld.row == [0, 1, 0, 0]
    assert fld.col == [0, 1, 2, 3]
    assert fld.blocked_wins[0] == 1


def test_a_second_win_while_blocked_swaps_with_the_blocker():
    e = won_by_seat_0(rows=[0, 1, 0, 0], cols=[0, 0, 2, 3], blocked_wins=[1, 0, 0, 0],
                      agents={0: Scripted(moves=[(2, -1)])})
    fld = e.state.field
    assert fld.row == [1, 0, 0, 0]
    assert fld.col == [0, 0, 1, 3]
    assert fld.blocked_wins[0] == 0


def test_two_wins_pass_any_blocker_not_only_the_first():
    # the first blocked win was against someone else; now seat 2 blocks
    e = won_by_seat_0(rows=[0, 0, 1, 0], cols=[0, 1, 0, 3], blocked_wins=[1, 0, 0, 0],
                      agents={0: Scripted(moves=[(0, 1)])})
    fld = e.state.field
    assert fld.row == [1, 0, 0, 0]
    assert fld.col == [1, 1, 0, 3]


def test_lateral_moves_go_in_ascending_row_order_newest_first():
    # rows 2, 1, 1, 0 reached at ticks 1, 2, 3; seat 3 wins and climbs to row 1
    e = make([["043", "044"], ["045", "046"], ["047", "049"], ["050"]], ["042", "038", "039",
             "048"], turn=3, rows=[2, 1, 1, 0], since=[1, 2, 3, 0])
    play(e)
    assert e.state.partida.winners == [3]
    e.end_partida()
    assert e.state.field.row == [2, 1, 1, 1]
    # seat 3 is newest on row 1, then seat 2, then seat 1; seat 0 (row 2) moves last
    assert [m[0] for m in moves(e)] == [3, 2, 1, 0]


def test_reaching_row_4_wins_the_game():
    e = won_by_seat_0(rows=[3, 0, 0, 0])
    assert e.state.field.row[0] == 4
    assert e.state.game_winners == [0]
    assert e.state.game_over
    assert moves(e) == []


# ---------------------------------------------------------------- hegemonies

def hegemony(structures, rows=(0, 0, 0, 0), cols=None, since=None, hands=None, changes=(),
             pile=("180",), agents=None, **kw):
    """Seat 0 plays; the society has the given structures (seat 0's first)."""
    n = len(structures)
    hands = hands or [["043", "044"], *[[f"{45 + i:03d}", f"{50 + i:03d}"] for i in range(n - 1)]]
    agents = {0: Scripted(changes=list(changes)), **(agents or {})}
    e = make(hands, structures, rows=list(rows)[:n], cols=cols, since=since, pile=list(pile),
             agents=agents, **kw)
    play(e)
    return e


def test_forca_dos_antepassados_the_first_winner_of_the_game_wins_and_passes_his_blocker():
    e = hegemony(["048", "001", "002", "003"], rows=[0, 1, 0, 0], cols=[0, 2, 2, 3],
                 wins=[0, 0, 1, 1], win_order=[2, 3], agents={2: Scripted(moves=[(1, -1)])})
    part = e.state.partida
    assert (part.hegemony, part.winners, part.ended) == ("forca-dos-antepassados", [2], True)
    e.end_partida()
    fld = e.state.field
    # blocked by seat 1, seat 2 swaps with him at once: seat 2 to (1, 2), seat 1 to (0, 2);
    # then seat 2, now on row 1, moves seat 1 one column left
    assert moves(e) == [(2, 1, -1)]
    assert fld.row == [0, 0, 1, 0]
    assert fld.col == [0, 1, 2, 3]


def test_forca_dos_antepassados_unavailable_before_a_first_winner():
    e = hegemony(["048", "001", "002", "003"])
    assert (e.state.partida.hegemony, e.state.partida.ended) == (None, False)


def test_leviata_benevolente_most_wins_ties_to_the_most_recent():
    e = hegemony(["048", "004", "005", "070"], wins=[1, 2, 2, 0], win_order=[0, 2, 1, 2, 1])
    part = e.state.partida
    assert (part.hegemony, part.winners) == ("leviata-benevolente", [1])


def test_leviata_benevolente_unavailable_without_winners():
    e = hegemony(["048", "004", "005", "070"])
    assert e.state.partida.hegemony is None


def test_utopia_austriaca_the_highest_the_longest_there():
    e = hegemony(["048", "008", "009", "170"], rows=[2, 1, 2, 0], since=[5, 1, 3, 0])
    part = e.state.partida
    assert (part.hegemony, part.winners) == ("utopia-austriaca", [2])


def test_utopia_austriaca_unavailable_when_the_tie_cannot_be_broken():
    e = hegemony(["048", "008", "009", "170"], rows=[2, 1, 2, 0], since=[3, 1, 3, 0])
    assert e.state.partida.hegemony is None


def test_espirito_de_cicero_who_inserted_the_last_card_wins():
    # Desobediência civil: draw 1, change a structure; seat 0 puts in the third card
    e = hegemony(["134", "074", "175", "042"], hands=[["176", "043"], ["045"], ["046"], ["047"]],
                 changes=[(3, "176")])
    part = e.state.partida
    assert e.state.structures == ["134", "074", "175", "176"]
    assert (part.hegemony, part.winners, part.ended) == ("espirito-de-cicero", [0], True)


def test_two_cards_of_an_ideology_are_not_enough_with_4_players():
    e = hegemony(["134", "074", "039", "042"], hands=[["175", "043"], ["045"], ["046"],
                                                      ["047"]], changes=[(3, "175")])
    assert e.state.structures == ["134", "074", "039", "175"]
    assert e.state.partida.hegemony is None


def test_two_cards_of_an_ideology_are_enough_with_3_players():
    e = hegemony(["134", "074", "039"], hands=[["175", "043"], ["045"], ["046"]],
                 changes=[(2, "175")])
    part = e.state.partida
    assert (part.hegemony, part.winners) == ("espirito-de-cicero", [0])


def test_serpente_do_fascismo_the_only_blocker_wins_and_the_others_fall():
    # seat 1 (row 1) blocks seat 0; seat 2 falls from row 2 to row 1
    e = hegemony(["048", "013", "014", "015"], rows=[0, 1, 2, 0], cols=[0, 0, 2, 3])
    part = e.state.partida
    assert (part.hegemony, part.winners) == ("serpente-do-fascismo", [1])
    assert e.state.field.row == [0, 1, 1, 0]


def test_serpente_do_fascismo_completed_by_a_change():
    e = hegemony(["134", "013", "014", "042"], rows=[0, 1, 2, 0], cols=[0, 0, 2, 3],
                 hands=[["015", "043"], ["045"], ["046"], ["047"]], changes=[(3, "015")])
    part = e.state.partida
    assert (part.hegemony, part.winners) == ("serpente-do-fascismo", [1])
    assert e.state.field.row == [0, 1, 1, 0]


def test_serpente_do_fascismo_unavailable_with_two_blockers():
    e = hegemony(["134", "013", "014", "042"], rows=[0, 1, 1, 0], cols=[0, 0, 3, 3],
                 hands=[["015", "043"], ["045"], ["046"], ["047"]], changes=[(3, "015")])
    assert e.state.partida.hegemony is None
    assert e.state.field.row == [0, 1, 1, 0]


def test_vanguarda_do_proletariado_reshuffles_the_field():
    e = hegemony(["134", "010", "011", "042"], rows=[1, 3, 2, 0], cols=[2, 1, 0, 3],
                 hands=[["012", "043"], ["045"], ["046"], ["047"]], changes=[(3, "012")])
    fld = e.state.field
    assert e.state.partida.hegemony == "vanguarda-do-proletariado"
    assert fld.col == [0, 1, 2, 3]  # everyone back to their home column
    assert fld.row == [3, 0, 1, 2]  # the inserter to row 3; 3 -> 0, 2 -> 1, 0 -> 2
    assert e.state.game_winners == []


def test_vanguarda_do_proletariado_from_row_3_wins_the_game():
    e = hegemony(["134", "010", "011", "042"], rows=[3, 0, 0, 0], cols=[0, 1, 2, 3],
                 hands=[["012", "043"], ["045"], ["046"], ["047"]], changes=[(3, "012")])
    assert e.state.game_winners == [0]
    assert e.state.game_over


def test_sociedade_contra_o_estado_majority_on_one_row_the_inserter_wins_the_game():
    e = hegemony(["134", "021", "177", "042"], rows=[0, 0, 0, 1],
                 hands=[["178", "043"], ["045"], ["046"], ["047"]], changes=[(3, "178")])
    assert e.state.partida.hegemony == "sociedade-contra-o-estado"
    assert e.state.game_winners == [0]
    assert e.state.game_over


def test_sociedade_contra_o_estado_unavailable_without_a_majority_on_one_row():
    e = hegemony(["134", "021", "177", "042"], rows=[0, 0, 1, 1],
                 hands=[["178", "043"], ["045"], ["046"], ["047"]], changes=[(3, "178")])
    assert e.state.partida.hegemony is None
    assert e.state.game_winners == []


@pytest.mark.parametrize("group", ["forca-dos-antepassados", "leviata-benevolente",
                                   "utopia-austriaca", "espirito-de-cicero",
                                   "serpente-do-fascismo", "vanguarda-do-proletariado",
                                   "sociedade-contra-o-estado"])
def test_each_ideology_has_eight_cards(group):
    assert sum(1 for i in infos().values() if i.group == group) == 8


def test_no_hegemony_in_simple_mode():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], ["048", "001", "002", "003"],
             win_order=[2], wins=[0, 0, 1, 0])
    play(e)
    assert (e.state.partida.hegemony, e.state.partida.ended) == (None, False)


# ---------------------------------------------------------------- edges, resets, ties

def test_a_sideways_move_never_wraps_round_the_edge():
    """Seat 0 on column 0 cannot go left; seat 3 on the last column cannot go right."""
    e = make([["043", "044"], ["045"], ["046"], ["047"]], ["101", *OTHERS], rows=[1, 0, 0, 0])
    play(e)
    assert e.agents[0].asked_moves == [[(0, 1), (1, -1)]]


def test_changing_rows_resets_the_blocked_wins():
    # Obras monumentais: seat 0, with one win counted against a blocker, climbs a row
    e = make([["043"], ["045"], ["046"], ["047"]], ["092", *OTHERS], rows=[0, 1, 0, 0],
             cols=[0, 1, 1, 3], blocked_wins=[1, 0, 0, 0],
             pile=[str(n) for n in range(180, 190)])
    play(e)
    assert e.state.field.row == [1, 1, 0, 0]
    assert e.state.field.blocked_wins == [0, 0, 0, 0]


def test_card_140_pax_romana_a_field_change_in_the_partida_costs_2_cards():
    e = make([["043", "044"], ["045"], ["046"], ["047"]], ["101", "038", "140", "042"],
             rows=[0, 1, 0, 0], pile=["180", "181"], agents={0: Scripted(moves=[(1, 1)])})
    play(e)
    assert e.state.field.col == [0, 2, 2, 3]
    assert e.state.hands[0] == ["043", "044", "181", "180"]


def shared_win(rows, cols, blocked_wins=None):
    """Seat 0's Tratados internacionais empties seats 0 and 1; Secularismo lets both win."""
    e = make([["043"], ["045"], ["046", "047", "049"], ["050", "051"]],
             ["158", "038", "102", "042"], rows=rows, cols=cols, blocked_wins=blocked_wins)
    play(e)
    assert sorted(e.state.partida.winners) == [0, 1]
    e.end_partida()
    return e


def test_a_shared_win_that_takes_two_players_to_row_4_ties_the_game():
    e = shared_win(rows=[3, 3, 0, 0], cols=[0, 1, 2, 3])
    assert e.state.field.row[:2] == [4, 4]
    assert sorted(e.state.game_winners) == [0, 1]
    assert e.state.game_over


def test_when_blocker_and_blocked_win_together_the_blocker_on_row_3_wins_the_game():
    """Even if the blocked player's second win would swap them, the blocker climbs first."""
    e = shared_win(rows=[2, 3, 0, 0], cols=[0, 0, 2, 3], blocked_wins=[1, 0, 0, 0])
    assert e.state.game_winners == [1]
    assert e.state.field.row[1] == 4


class Watcher(Scripted):
    """Records every hegemony it is asked to request."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.asked: list[str] = []

    def request_hegemony(self, engine, me, group, favours):
        self.asked.append(group)
        return self.hegemony


def test_an_unrequested_hegemony_stays_until_a_change_makes_it_vanish():
    # Leviatã benevolente (004, 005, 070) favours seat 1; nobody asks for it
    watcher = Watcher(hegemony=False)
    e = make([["043", "998"], ["045"], ["046"], ["047"]], ["064", "004", "005", "070"],
             rows=[0, 0, 0, 0], wins=[1, 2, 2, 0], win_order=[0, 2, 1, 2, 1],
             pile=["181", "180"],
             agents={1: watcher, 0: Scripted(changes=[(3, "043")], hegemony=False),
                     2: Scripted(hegemony=False), 3: Scripted(hegemony=False)})
    play(e)
    assert watcher.asked == ["leviata-benevolente"]
    assert not e.state.partida.ended
    e.state.turn = 0
    e.agents[0].use = "998"  # this time seat 0 uses Nova geração: 043 replaces 070
    play(e)
    assert e.state.structures == ["064", "004", "005", "043"]
    assert watcher.asked == ["leviata-benevolente"]  # gone: nobody is asked again
    assert e.state.partida.hegemony is None


def test_a_hegemony_its_favoured_player_leaves_may_be_requested_by_another():
    """Manual, ideologies and hegemony: someone must notice the hegemony and request it,
    any player, not only the one it favours.  Leviatã benevolente favours seat 1, who is
    asked first and declines; seat 0, next in the order of play, asks: seat 1 wins."""
    watcher = Watcher(hegemony=False)
    asker = Watcher(hegemony=True)
    e = make([["043", "049"], ["045"], ["046"], ["047"]], ["064", "004", "005", "070"],
             rows=[0, 0, 0, 0], wins=[1, 2, 2, 0], win_order=[0, 2, 1, 2, 1],
             pile=["181", "180"], agents={1: watcher, 0: asker})
    play(e)
    assert watcher.asked == asker.asked == ["leviata-benevolente"]
    assert e.state.partida.hegemony == "leviata-benevolente"
    assert e.state.partida.winners == [1]
