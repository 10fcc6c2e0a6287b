"""Selectors: every Named player, the Query forms and the conditions, against a fixed state.

Rules, "Crises": "o jogador com mais cartas" names one player (a tie is a crisis);
"o(s) jogador(es)" tolerates ties; "um adversário" is the acting player's choice.
"""

from __future__ import annotations

import typing
from collections import Counter

import pytest
from agencia_helpers import Scripted, ctx, events, make, play

from publish.games.agencia import effects as fx
from publish.games.agencia.select import Crisis, resolve
from publish.games.agencia.state import Jogada

NAMED = typing.get_args(fx.Named)


def hands_of(*sizes: int) -> list[list[str]]:
    """Distinct structural cards, ``sizes[i]`` for seat i."""
    numbers = iter(range(22, 70))
    return [[f"{next(numbers):03d}" for _ in range(size)] for size in sizes]


@pytest.fixture
def engine():
    """Hands 2, 6, 3, 4; rows 1, 0, 3, 2; some history of winners, solvers and revolts."""
    return make(hands_of(2, 6, 3, 4), ["048", "038", "039", "042"], rows=[1, 0, 3, 2],
                agents={0: Scripted(targets=[2])}, win_order=[3, 2], wins=[0, 0, 1, 1],
                last_crisis_solver=3, last_discarder=1, last_revolter=2)


EXPECTED = {
    "self": [0], "next": [1], "last": [3], "next_2": [1, 2], "last_2": [3, 2],
    "everyone": [0, 1, 2, 3], "opponents": [1, 2, 3], "an_opponent": [2],
    "most_cards": [1], "fewest_cards": [0], "most_cards_all": [1], "fewest_cards_all": [0],
    "highest": [2], "lowest": [1], "highest_all": [2], "lowest_all": [1],
    "last_winner": [2], "last_crisis_solver": [3], "last_discarder": [1], "last_revolter": [2],
}
EVENTS = ["crisis_causer", "crisis_solver", "revolter", "winner", "drawer", "changer"]


def test_every_named_selector_is_tested():
    assert set(NAMED) == set(EXPECTED) | set(EVENTS) | {"previous"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_named_selector(engine, name):
    assert resolve(engine, ctx(engine, 0), name) == EXPECTED[name]


def test_named_selectors_counted_from_the_acting_player_and_against_the_flow():
    e = make(hands_of(1, 1, 1, 1), ["048", "038", "039", "042"], flow=-1)
    c = ctx(e, 1)
    assert resolve(e, c, "next") == [0]
    assert resolve(e, c, "last") == [2]
    assert resolve(e, c, "next_2") == [0, 3]
    assert resolve(e, c, "last_2") == [2, 3]
    assert resolve(e, c, "opponents") == [0, 3, 2]  # in the order of play


@pytest.mark.parametrize("name", EVENTS)
def test_event_selectors_name_the_player_of_the_event(engine, name):
    assert resolve(engine, ctx(engine, 0, **{name: 3}), name) == [3]
    with pytest.raises(Crisis):
        resolve(engine, ctx(engine, 0), name)


@pytest.mark.parametrize("name", ["last_winner", "last_crisis_solver", "last_discarder",
                                  "last_revolter"])
def test_history_selectors_with_no_such_player_yet_are_a_crisis(name):
    e = make(hands_of(1, 2, 3, 4), ["048", "038", "039", "042"])
    with pytest.raises(Crisis):
        resolve(e, ctx(e, 0), name)


@pytest.mark.parametrize(("one", "every", "tied"), [
    ("most_cards", "most_cards_all", [1, 3]),
    ("fewest_cards", "fewest_cards_all", [0, 2]),
])
def test_the_player_with_a_tie_is_a_crisis_the_players_keep_ties(one, every, tied):
    e = make(hands_of(2, 5, 2, 5), ["048", "038", "039", "042"])
    with pytest.raises(Crisis):
        resolve(e, ctx(e, 0), one)
    assert resolve(e, ctx(e, 0), every) == tied


@pytest.mark.parametrize(("one", "every", "tied"), [
    ("highest", "highest_all", [1, 2]), ("lowest", "lowest_all", [0, 3])])
def test_rows_tied_the_player_is_a_crisis_the_players_keep_ties(one, every, tied):
    e = make(hands_of(1, 1, 1, 1), ["048", "038", "039", "042"], rows=[0, 2, 2, 0])
    with pytest.raises(Crisis):
        resolve(e, ctx(e, 0), one)
    assert resolve(e, ctx(e, 0), every) == tied


def test_card_067_the_player_with_most_cards_tied_is_a_crisis():
    e = make(hands_of(2, 5, 1, 5), ["067", "038", "039", "042"])
    before = [h[:] for h in e.state.hands]
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.discard == []
    assert [len(h) for h in e.state.hands] == [len(h) for h in before]


def test_card_050_the_players_with_most_cards_tied_all_discard_3():
    e = make(hands_of(2, 5, 1, 5), ["050", "038", "039", "042"])
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert events(e, "crisis") == []
    assert e.state.hands == [hands[0], hands[1][3:], hands[2], hands[3][3:]]
    assert e.state.flow == -1


# ---------------------------------------------------------------- Query forms

def q(**fields) -> fx.Query:
    return fx.Query(**fields)


def test_query_take_one_exactly_one_match(engine):
    assert resolve(engine, ctx(engine), q(where=fx.Condition(cards=fx.Count(eq=3)),
                                          take="one")) == [2]


def test_query_take_one_two_matches_is_a_crisis():
    e = make(hands_of(3, 2, 3, 4), ["048", "038", "039", "042"])
    with pytest.raises(Crisis):
        resolve(e, ctx(e), q(where=fx.Condition(cards=fx.Count(eq=3)), take="one"))


def test_query_take_all_keeps_every_match_and_none_is_a_crisis(engine):
    assert resolve(engine, ctx(engine), q(where=fx.Condition(cards=fx.Count(ge=3)))) == [1, 2, 3]
    with pytest.raises(Crisis):
        resolve(engine, ctx(engine), q(where=fx.Condition(cards=fx.Count(ge=7))))


def test_query_take_choose_the_acting_player_picks_among_the_matches(engine):
    c = ctx(engine)
    got = resolve(engine, c, q(among="opponents", where=fx.Condition(cards=fx.Count(ge=4)),
                               take="choose"))
    assert got == [1]  # seat 0 prefers 2, who does not match; the script then takes the lowest
    assert c.picked == (1,)
    engine.agents[0].targets = [3]
    assert resolve(engine, ctx(engine), q(among="opponents",
                                          where=fx.Condition(cards=fx.Count(ge=4)),
                                          take="choose")) == [3]
    with pytest.raises(Crisis):
        resolve(engine, ctx(engine), q(among="opponents", where=fx.Condition(
            cards=fx.Count(ge=9)), take="choose"))


def test_query_take_exactly_with_rank_and_top(engine):
    two_fewest = q(rank="fewest_cards", top=2, take="exactly", count=2)
    assert resolve(engine, ctx(engine), two_fewest) == [0, 2]
    tied = make(hands_of(2, 6, 3, 3), ["048", "038", "039", "042"])
    with pytest.raises(Crisis):  # the second place is shared
        resolve(tied, ctx(tied), two_fewest)


def test_query_rank_nth(engine):
    assert resolve(engine, ctx(engine), q(rank="most_cards", nth=2, take="one")) == [3]
    assert resolve(engine, ctx(engine), q(rank="highest", nth=2, take="one")) == [3]
    assert resolve(engine, ctx(engine), q(rank="fewest_cards", nth=2, take="one")) == [2]
    tied = make(hands_of(2, 6, 3, 3), ["048", "038", "039", "042"])
    with pytest.raises(Crisis):
        resolve(tied, ctx(tied), q(rank="fewest_cards", nth=2, take="one"))


def test_query_among_opponents_leaves_the_acting_player_out(engine):
    assert resolve(engine, ctx(engine), q(rank="fewest_cards", take="one")) == [0]
    assert resolve(engine, ctx(engine), q(among="opponents", rank="fewest_cards",
                                          take="one")) == [2]


def test_query_exclude(engine):
    assert resolve(engine, ctx(engine), q(among="opponents", exclude="most_cards")) == [2, 3]
    assert resolve(engine, ctx(engine), q(exclude=["self", "lowest"])) == [2, 3]


def test_query_distinct_from_previous(engine):
    c = ctx(engine)
    c.picked = (*c.picked, 2)
    assert resolve(engine, c, q(among="opponents", distinct_from="previous")) == [1, 3]


def test_card_074_fewest_swaps_hands_with_the_second_fewest():
    e = make(hands_of(4, 1, 2, 5), ["074", "038", "039", "042"])
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert e.state.hands == [hands[0], hands[2], hands[1], hands[3]]


def test_card_078_the_two_fewest_each_give_one_to_the_most():
    e = make(hands_of(2, 3, 6, 4), ["078", "038", "039", "042"])
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert e.state.hands == [hands[0][1:], hands[1][1:], hands[2] + [hands[0][0], hands[1][0]],
                             hands[3]]


def test_card_172_the_second_highest_draws_2():
    e = make(hands_of(2, 3, 6, 4), ["172", "038", "039", "042"], rows=[1, 0, 3, 2],
             pile=["180", "181"])
    play(e)
    assert e.state.hands[3][-2:] == ["181", "180"]
    assert len(e.state.hands[3]) == 6


def test_card_191_take_one_player_with_2_cards_draws():
    e = make(hands_of(3, 2, 4, 5), ["191", "038", "039", "042"], pile=["180"])
    play(e)
    assert e.state.hands[1][-1] == "180"
    e = make(hands_of(3, 2, 2, 5), ["191", "038", "039", "042"], pile=["180"])
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.pile == ["180"]


def test_card_014_choose_an_opponent_with_5_cards():
    e = make(hands_of(3, 5, 5, 4), ["014", "038", "039", "042"], agents={0: Scripted(
        targets=[3, 2])})
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert e.state.hands[0] == hands[0][2:]
    assert e.state.hands[2] == hands[2] + hands[0][:2]
    assert e.state.hands[3] == hands[3]


def test_a_choice_skips_a_player_who_cannot_be_chosen():
    """Manual 212: with Defesas naturais (057) seat 2 draws nothing from others' structures."""
    e = make(hands_of(2, 1, 1, 1), ["001", "038", "057", "042"],
             pile=["180", "181", "182", "183"], agents={0: Scripted(targets=[2])})
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert events(e, "crisis") == []
    assert e.state.hands[1] == [*hands[1], "183", "182", "181", "180"]
    assert e.state.hands[2] == hands[2]


def test_card_195_two_players_with_the_same_count_none_such_is_a_crisis():
    """'2 jogadores com o mesmo número de cartas descartam 2 cartas' (same_count)."""
    e = make(hands_of(2, 3, 4, 5), ["195", "038", "039", "042"])
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.discard == []


# ---------------------------------------------------------------- conditions

@pytest.fixture
def cond_engine():
    """Hands 3, 2, 3, 4; rows 1, 0, 2, 1 (0, 0, 2, 1 at the start of the jogada); history."""
    history = [Jogada(1, drew=Counter({1: 1})),
               Jogada(2, discarded=Counter({2: 1}), gave={(3, 0)}),
               Jogada(3, changed={3}),
               Jogada(0)]  # the jogada being played, as the engine keeps it
    e = make(hands_of(3, 2, 3, 4), ["064", "149", "048", "052"], rows=[1, 0, 2, 1],
             history=history, failed_revolts={2}, approvals={(1, 0)}, had_one_card={3})
    return e


# "neighbour: false" never names the acting player himself
C, N = fx.Condition, fx.Count
CONDITIONS = [
    (C(me=True), [0]), (C(me=False), [1, 2, 3]),
    (C(cards=N(lt="self")), [1]), (C(cards=N(eq="self")), [0, 2]), (C(cards=N(gt="self")), [3]),
    (C(cards=N(le=2)), [1]), (C(cards=N(ge=4)), [3]), (C(cards=N(ge=3, le=3)), [0, 2]),
    (C(parity="odd"), [0, 2]), (C(parity="even"), [1, 3]),
    (C(prime=True), [0, 1, 2]), (C(prime=False), [3]),
    (C(unique_count=True), [1, 3]), (C(unique_count=False), [0, 2]),
    (C(row=N(gt="self")), [2]), (C(row=N(eq=1)), [0, 3]),
    (C(row_at_start=N(eq="self")), [0, 1]),
    (C(neighbour=True), [1, 3]), (C(neighbour=False), [2]),
    (C(drew_last_turn=True), [1]), (C(drew_last_turn=False), [0, 2, 3]),
    (C(discarded_last_turn=True), [2]), (C(discarded_last_turn=False), [0, 1, 3]),
    (C(gave_to_self_last_turn=True), [3]),
    (C(changed_structure_last_turn=True), [3]),
    (C(failed_revolt_this_partida=True), [2]),
    (C(approved_own_revolt=True), [1]),
    (C(had_one_card_this_partida=True), [3]),
    (C(structure_makes_others_draw=True), [1, 3]),
    (C(structure_makes_others_draw=False), [0, 2]),
]


@pytest.mark.parametrize(("cond", "expected"), CONDITIONS,
                         ids=[str(c.model_dump(exclude_none=True)) for c, _ in CONDITIONS])
def test_condition(cond_engine, cond, expected):
    c = ctx(cond_engine)
    c.start_rows = [0, 0, 2, 1]
    assert resolve(cond_engine, c, q(where=cond)) == expected


def test_every_condition_field_is_tested():
    tested = {name for cond, _ in CONDITIONS for name in cond.model_dump(exclude_none=True)}
    assert tested == set(fx.Condition.model_fields)


def test_card_031_history_who_drew_last_turn_discards():
    history = [Jogada(1, drew=Counter({1: 1})), Jogada(2), Jogada(3, drew=Counter({3: 2}))]
    e = make(hands_of(2, 2, 2, 3), ["031", "038", "039", "042"], history=history)
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert e.state.hands == [hands[0], hands[1][1:], hands[2], hands[3][1:]]


def test_card_031_nobody_drew_last_turn_is_a_crisis():
    history = [Jogada(1), Jogada(2), Jogada(3)]
    e = make(hands_of(2, 2, 2, 3), ["031", "038", "039", "042"], history=history)
    play(e)
    assert [c[1] for c in events(e, "crisis")] == [0]
    assert e.state.discard == []


def test_card_032_give_one_to_each_opponent_who_discarded_last_turn():
    history = [Jogada(1, discarded=Counter({1: 1})), Jogada(2), Jogada(3, discarded=Counter(
        {3: 1}))]
    e = make(hands_of(3, 2, 2, 3), ["032", "038", "039", "042"], history=history)
    hands = [h[:] for h in e.state.hands]
    play(e)
    assert e.state.hands == [hands[0][2:], hands[1] + hands[0][:1], hands[2],
                             hands[3] + hands[0][1:2]]


def test_card_201_previous_you_and_the_opponent_swap_hands_and_both_discard():
    """'Você e um adversário trocam de mão e descartam 1 carta' (who: [self, previous])."""
    e = make([["043", "044"], ["045"], ["046", "047", "049"], ["050"]],
             ["201", "038", "039", "042"], agents={0: Scripted(targets=[2])})
    play(e)
    assert events(e, "crisis") == []
    assert e.state.hands == [["047", "049"], ["045"], ["044"], ["050"]]
    assert e.state.discard == ["046", "043"]
