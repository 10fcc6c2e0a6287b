"""Card facts computed once: how a society's standing rules are filed."""

from __future__ import annotations

from agencia_helpers import infos

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import (
    BARRED,
    SCALES,
    Plain,
    derived,
    kept_records,
    plain,
    rules_by_type,
)


def test_a_prohibition_is_filed_under_its_type_and_each_act_it_bars():
    # 071 O fim da história bars drawing and discarding; 003 bars proposing and supporting
    filed = rules_by_type(("048", "071", "003", "042"), infos())
    (seat, rule), = filed[BARRED["draw"]]
    assert seat == 1 and rule.act == ["draw", "discard"]
    assert filed[BARRED["discard"]] == [(1, rule)]
    assert [seat for seat, _ in filed[BARRED["propose_revolt"]]] == [2]
    assert [seat for seat, _ in filed[fx.Cannot]] == [1, 2]
    assert BARRED["receive"] not in filed and BARRED["exchange"] not in filed


def test_the_rules_that_change_amounts_are_filed_together():
    # 056 doubles discards, 106 caps draws: either makes the amounts worth working out
    doubled = rules_by_type(("056", "048", "044", "042"), infos())[SCALES]
    capped = rules_by_type(("048", "106", "044", "042"), infos())[SCALES]
    assert [(seat, rule.act) for seat, rule in doubled + capped] == [(0, ["discard"]),
                                                                      (1, "draw")]
    assert SCALES not in rules_by_type(("048", "044", "005", "042"), infos())


def test_an_action_of_a_plain_number_says_so():
    # 001 makes an opponent draw 4; 174 gives twice what its owner received last turn
    assert infos()["001"].actions[0].fixed and not infos()["174"].actions[0].fixed


def test_a_society_without_prohibitions_files_no_act():
    filed = rules_by_type(("048", "044", "005", "042"), infos())
    assert fx.Cannot not in filed
    assert not set(BARRED.values()) & set(filed)


def test_a_cards_actions_are_plain_records_of_its_effect_models():
    action = fx.Draw(do="draw", who=fx.Query(where=fx.Condition(cards=fx.Count(ge=2))), n=1)
    record = plain(action)
    assert isinstance(record, Plain) and not isinstance(record, fx.Draw)
    assert record.do == "draw" and record.n == 1 and record.crisis is True
    assert isinstance(record.who, Plain) and record.who.where.cards.ge == 2
    assert record.who.where.cards.eq is None  # every field, the defaults too
    assert plain(["self", fx.Query(take="one")])[1].take == "one"
    # 153 Hamartia: its draw names the players by a query, and the engine gets it plain
    (draw,) = infos()["153"].actions
    assert isinstance(draw, Plain) and draw.who.where.had_one_card_this_partida is True


def readers(record):
    """The cards of the game that read ``record`` (``CardInfo.reads``)."""
    return {number for number, info in infos().items() if record in info.reads}


def test_the_cards_that_ask_who_had_one_card_are_found():
    one_card = readers("had_one_card")
    assert "153" in one_card  # Hamartia: a query of its draw asks it
    assert "048" not in one_card and "998" not in one_card


def test_the_cards_that_read_the_gifts_and_the_discards_are_found():
    received, discards = readers("received"), readers("discards")
    assert received == {"174"}  # Culto militarista: cards given to its owner last turn
    assert discards == {"113"}  # Mais-valia: discards since the opponent's last play
    # 031 asks who drew last turn and 032 who discarded: read by every game, never filed
    assert not {"031", "032"} & (received | discards)


def test_the_cards_that_ask_which_were_structures_are_found():
    seen = readers("society_seen")
    assert seen == {"079"}  # Centro histórico tombado: Nova geração brings back only those


def test_the_cards_that_ask_who_changed_a_structure_are_found():
    changed = readers("changed")
    assert changed == {"161"}  # A contrarrevolução: who changed a structure last turn


def test_the_records_a_deck_keeps_are_found_once_per_set_of_cards():
    assert kept_records(infos(), ["153", "174", "048"]) == {"had_one_card", "received"}
    reading = derived(infos())["reading"]
    assert reading == {number for number, info in infos().items() if info.reads}
    assert kept_records(infos(), ["048"]) == set()
    assert derived(infos())["reading"] is reading
