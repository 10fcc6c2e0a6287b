"""Card facts computed once: how a society's standing rules are filed."""

from __future__ import annotations

from agencia_helpers import infos

from publish.games.agencia import effects as fx
from publish.games.agencia.cards import BARRED, rules_by_type


def test_a_prohibition_is_filed_under_its_type_and_each_act_it_bars():
    # 071 O fim da história bars drawing and discarding; 003 bars proposing and supporting
    filed = rules_by_type(("048", "071", "003", "042"), infos())
    (seat, rule), = filed[BARRED["draw"]]
    assert seat == 1 and rule.act == ["draw", "discard"]
    assert filed[BARRED["discard"]] == [(1, rule)]
    assert [seat for seat, _ in filed[BARRED["propose_revolt"]]] == [2]
    assert [seat for seat, _ in filed[fx.Cannot]] == [1, 2]
    assert BARRED["receive"] not in filed and BARRED["exchange"] not in filed


def test_a_society_without_prohibitions_files_no_act():
    filed = rules_by_type(("048", "044", "005", "042"), infos())
    assert fx.Cannot not in filed
    assert not set(BARRED.values()) & set(filed)
