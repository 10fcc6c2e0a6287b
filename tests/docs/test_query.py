"""Card queries: fields of the game's own vocabulary, ranges, and errors that say what to do."""

from __future__ import annotations

import pytest

from conftest import FIXTURES
from publish.docs.query import QueryError, parse_query
from publish.model.load import load_game


@pytest.fixture(scope="module")
def game():
    loaded, problems = load_game(FIXTURES / "projects" / "demo", "demo")
    assert not problems
    return loaded


def numbers(text, game):
    return [c.number for c in parse_query(text, game).select(game)]


def test_conditions_all_hold_and_a_comma_means_or(game):
    assert numbers("deck=alpha kind=structural", game) == ["001", "002", "003"]
    assert numbers("deck=beta", game) == ["004", "005", "998"]
    assert numbers("ideology=red,blue deck=beta", game) == ["004", "005"]
    assert numbers("tag=descarte", game) == ["002", "003"]


def test_group_field_answers_to_its_own_name_and_to_group(game):
    assert numbers("ideology=red", game) == numbers("group=red", game) == ["001", "004"]


def test_number_ranges_and_single_numbers(game):
    assert numbers("number=002-004", game) == ["002", "003", "004"]
    assert numbers("number=998,001", game) == ["001", "998"]


def test_how_it_prints_is_read_apart_from_the_conditions(game):
    query = parse_query("tag=compra as=table", game)
    assert query.show == "table"
    assert set(query.conditions) == {"tag"}


@pytest.mark.parametrize("text, expected", [
    ("decks=alpha", "unknown field 'decks'"),
    ("deck=alfa", "unknown deck 'alfa'"),
    ("tag=compras", "did you mean 'compra'"),
    ("kind", "write field=value"),
    ("as=grid deck=alpha", "as=grid"),
    ("number=9-3", "number=9-3"),
    ("deck=alpha deck=beta", "given twice"),
    ("", "needs a query"),
])
def test_bad_queries_say_what_is_wrong(game, text, expected):
    with pytest.raises(QueryError, match=expected):
        parse_query(text, game)


def test_a_query_that_matches_nothing_is_an_error(game):
    query = parse_query("tag=compra deck=beta", game)
    with pytest.raises(QueryError, match="matches no card"):
        query.select(game)
