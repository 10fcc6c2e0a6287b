"""The effect lint: silent on the shipped Agência data, loud on planted mistakes.

Each mutation test changes one block of the real data (its effect, or its
printed text) the way a careless edit would, and expects exactly one problem,
located at that block's ``effect`` in its deck file and naming the card.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from conftest import REPO
from publish.core.problems import Problem
from publish.games.agencia.lint import lint_game
from publish.games.agencia.lint_amounts import text_amounts
from publish.games.agencia.lint_ranks import text_ranks
from publish.games.agencia.plugin import AgenciaEngine
from publish.model.game import Game
from publish.model.load import load_game

REMOVE = object()  # as a value: delete the item at that path


@pytest.fixture(scope="module")
def game() -> Game:
    loaded, problems = load_game(REPO, "agencia")
    assert loaded is not None and problems == []
    return loaded


def edited(game: Game, number: str, index: int, *, path: tuple[Any, ...] = (),
           value: Any = None, text: str | None = None) -> Game:
    """A copy of the game with one block's effect (at ``path``) or text changed."""
    card = game.card(number)
    block = card.blocks[index]
    effect = copy.deepcopy(block.effect)
    if path:
        *parents, last = path
        target = effect
        for step in parents:
            target = target[step]
        if value is REMOVE:
            del target[last]
        else:
            target[last] = value
    changed = dataclasses.replace(block, effect=effect, text=block.text if text is None else text)
    blocks = [changed if b is block else b for b in card.blocks]
    new_card = dataclasses.replace(card, blocks=blocks)
    return dataclasses.replace(game, cards=[new_card if c is card else c for c in game.cards])


def the_problem(game: Game, number: str, index: int) -> Problem:
    """The one problem the lint finds in the block, checked to point at its effect.

    (An edit that changes what a card does may also contradict its family tags;
    that check is tested on its own below.)
    """
    problems = [p for p in lint_game(game) if " text[" in p.message]
    assert len(problems) == 1, [p.message for p in problems]
    problem = problems[0]
    card = game.card(number)
    assert problem.location == card.where("text", index, "effect")
    assert problem.location.path == card.source.path
    assert problem.location.path.suffix == ".yaml"
    assert problem.location.line > 0 and problem.location.col > 0
    assert problem.message.startswith(f"card {number} text[{index + 1}]: ")
    return problem


# ---------------------------------------------------------------- the shipped data


def test_the_shipped_data_says_what_it_does(game: Game) -> None:
    assert [str(p) for p in lint_game(game)] == []


def test_publish_check_runs_the_lint(game: Game) -> None:
    broken = edited(game, "049", 0, path=(0, "n"), value=2)
    messages = [p.message for p in AgenciaEngine().check(broken).problems]
    assert any(m.startswith("card 049 text[1]:") for m in messages), messages


# ---------------------------------------------------------------- planted mistakes

MUTATIONS = [
    # card, block, path in the effect, new value, words the message must contain
    pytest.param("049", 0, (0, "n"), 2, ["'Descarte 3 cartas'", "discards 2"], id="049-n"),
    pytest.param("099", 0, (0, "n"), 2, ["'descartam 1 carta'", "discards 2"], id="099-n"),
    pytest.param("137", 0, (0, "n"), 2, ["'Entregue 3 cartas'", "gives 2"], id="137-n"),
    pytest.param("066", 0, (1, "n"), 2, ["gives 2", "never says 2"], id="066-second-give"),
    pytest.param("181", 0, (0, "do", 1, "n"), 2, ["'compram 1 carta'", "draws 2"],
                 id="181-trigger-n"),
    pytest.param("140", 0, (0, "n"), 1, ["'compra de 2 cartas'", "draws 1"], id="140-penalty"),
    pytest.param("174", 0, (0, "n", "times"), 3, ["'Entregue 2 cartas'", "gives 3"],
                 id="174-computed-times"),
    pytest.param("072", 0, (0, "n", "divide"), 2, ["'cada 3 cartas'", "divides by 3"],
                 id="072-computed-divide"),
    pytest.param("014", 0, (0, "to", "where", "cards", "eq"), 4, ["'com 5 cartas'", "= 5"],
                 id="014-condition"),
    pytest.param("024", 0, (0, "to", "where", "cards"), {"lt": 2},
                 ["'com no máximo 2 cartas'", "≤ 2"], id="024-condition-bound"),
    pytest.param("067", 0, (0, "who"), "most_cards_all",
                 ["'O jogador com mais cartas' (a tie is a crisis)", "most_cards_all"],
                 id="067-tie-tolerant"),
    pytest.param("050", 0, (0, "who"), "most_cards",
                 ["'O(s) jogador(es) com mais cartas' (ties allowed)", "uses most_cards"],
                 id="050-tie-strict"),
    pytest.param("193", 0, (0, "who"), "highest",
                 ["'O(s) jogador(es) mais alto(s)'", "uses highest"], id="193-field-tie"),
    pytest.param("192", 0, (0, "who"), "highest_all",
                 ["'O jogador mais alto'", "highest_all"], id="192-field-tie"),
    pytest.param("074", 0, (0, "to", "take"), "all", ["rank fewest_cards", "ties allowed"],
                 id="074-ranked-query"),
    pytest.param("194", 1, (0, "who", "exclude"), "lowest_all", ["lowest_all"],
                 id="194-os-demais"),
    pytest.param("054", 0, (0, "who"), "last", ["'O próximo a jogar'", "names last"],
                 id="054-next-to-last"),
    pytest.param("002", 1, (0, "who"), "next", ["'Os 2 próximos a jogar'", "names next"],
                 id="002-next_2"),
    pytest.param("001", 0, (0, "who"), "opponents", ["'Um adversário'", "names opponents"],
                 id="001-an_opponent"),
    pytest.param("009", 1, (0, "who"), "everyone", ["'Todo adversário'", "names everyone"],
                 id="009-opponents"),
    pytest.param("045", 0, (0, "who"), "opponents", ["'Todos'", "names opponents"],
                 id="045-everyone"),
    pytest.param("167", 2, (0, "who", 1), "next", ["'o último a jogar'", "names next"],
                 id="167-qualifier-block"),
    pytest.param("201", 0, (1,), REMOVE, ["'descartam'", "no discard"],
                 id="201-discard-removed"),
    pytest.param("995", 0, (0,), REMOVE, ["'descarte esta carta'", "do:discard_this"],
                 id="995-discard_this-removed"),
    pytest.param("043", 0, (0, "do"), "draw", ["'Descarte'", "has do:draw"],
                 id="043-discard-to-draw"),
    pytest.param("031", 0, (0, "do"), "draw", ["'descarta'", "has do:draw"],
                 id="031-condition-verb-stays-a-condition"),
    pytest.param("093", 0, (0, "act"), ["draw", "discard", "give"], ["'trocar'", "exchange"],
                 id="093-a-serem-trocadas"),
    pytest.param("011", 0, (0, "do"), "shuffle_pile", ["embaralhad", "do:shuffle_pile"],
                 id="011-shuffle"),
    pytest.param("016", 1, (0, "do"), "field_move", ["'Altere uma estrutura'", "field_move"],
                 id="016-change_structure"),
    pytest.param("108", 0, (0, "direction"), "flow", ["'contrária ao fluxo'", "flow"],
                 id="108-direction"),
    pytest.param("092", 1, (0, "rows"), -1, ["'Suba'", "-1 row"], id="092-rows"),
]


@pytest.mark.parametrize(("number", "index", "path", "value", "words"), MUTATIONS)
def test_an_edited_effect_is_reported_at_its_block(
    game: Game, number: str, index: int, path: tuple[Any, ...], value: Any, words: list[str]
) -> None:
    problem = the_problem(edited(game, number, index, path=path, value=value), number, index)
    for word in words:
        assert word in problem.message


@pytest.mark.parametrize(("number", "index", "text", "words"), [
    pytest.param("049", 0, "Descarte 2 cartas.", ["'Descarte 2 cartas'", "discards 3"],
                 id="049-amount"),
    pytest.param("067", 0, "O(s) jogador(es) com mais cartas descarta(m) 1 carta.",
                 ["(ties allowed)", "uses most_cards (a tie is a crisis)"], id="067-tie"),
    pytest.param("038", 1, "O próximo a jogar descarta 1 carta.",
                 ["'descarta'", "has do:draw"], id="038-verb"),
])
def test_an_edited_text_is_reported_at_its_block(
    game: Game, number: str, index: int, text: str, words: list[str]
) -> None:
    problem = the_problem(edited(game, number, index, text=text), number, index)
    for word in words:
        assert word in problem.message


def test_a_prohibition_accepts_either_tie_reading(game: Game) -> None:
    """Card 142's note: a tie on "o jogador mais alto" does not itself cause a crisis
    in a standing prohibition, so ``highest`` and ``highest_all`` are both faithful."""
    assert lint_game(edited(game, "142", 0, path=(0, "who"), value="highest")) == []


# ---------------------------------------------------------------- reading the words


def amounts(text: str) -> list[tuple[int, str, str]]:
    return [(m.n, m.role, m.op) for m in text_amounts(text)]


def test_conditions_are_not_amounts() -> None:
    assert amounts("Cada jogador que comprou 1 ou mais cartas no último turno descarta "
                   "1 carta.") == [(1, "discard", "eq")]
    assert amounts("Todo jogador com 3 cartas ou menos descarta 1 carta.") == [
        (3, "count", "le"), (1, "discard", "eq")]
    assert amounts("Entregue 2 cartas para alguém com 5 cartas.") == [
        (2, "give", "eq"), (5, "count", "eq")]
    assert amounts("Todo jogador com várias cartas na mão que chegou a ter apenas 1 carta "
                   "durante a partida atual compra 1 carta.") == [(1, "draw", "eq")]


def test_each_amount_belongs_to_its_nearest_verb() -> None:
    assert amounts("O jogador que resolver crises descarta 2 cartas, enquanto os outros "
                   "compram 1 carta.") == [(2, "discard", "eq"), (1, "draw", "eq")]
    assert amounts("Entregue 2 cartas para o último a jogar a cada 1 carta comprada ou "
                   "entregue para você no último turno.") == [(2, "give", "eq"),
                                                              (1, "each", "eq")]


def test_singular_and_plural_rankings_differ_on_ties() -> None:
    def ranks(text: str) -> list[tuple[str, bool | None]]:
        return [(r.rank, r.strict) for r in text_ranks(text)]

    assert ranks("O jogador com mais cartas descarta 1 carta.") == [("most", True)]
    assert ranks("O(s) jogador(es) com mais cartas compram 2 cartas.") == [("most", False)]
    assert ranks("Os 2 jogadores com menos cartas entregam 1 carta.") == [("fewest", True)]
    assert ranks("O(s) jogador(es) mais baixo(s) no campo joga(m) duas vezes.") == [
        ("lowest", False)]
    assert ranks("O jogador na linha mais alta do campo descarta 1 carta.") == [
        ("highest", True)]
    assert ranks("Troque de estrutura com alguém com mais cartas.") == []


def retagged(game: Game, number: str, tags: tuple[str, ...]) -> Game:
    card = game.card(number)
    new_card = dataclasses.replace(card, tags=tags)
    return dataclasses.replace(game, cards=[new_card if c is card else c for c in game.cards])


def test_a_field_card_without_its_family_tag_is_found(game):
    problems = lint_game(retagged(game, "082", ()))
    assert [p.message for p in problems] == [
        "card 082: its effect has do:field_move: add the tag 'campo-durante-a-partida'"]
    assert problems[0].location == game.card("082").where("name")


def test_a_family_tag_the_effect_does_not_bear_out_is_found(game):
    card = game.card("049")
    problems = lint_game(retagged(game, "049", (*card.tags, "depois-da-revolta")))
    assert [p.message for p in problems] == [
        "card 049: tagged 'depois-da-revolta' but its effect has none of at:revolt, "
        "at:successful_revolt: remove the tag or fix the effect"]


def test_natural_cards_are_not_asked_for_the_structure_changing_tag(game):
    assert "altera-estruturas" not in game.card("998").tags
    assert not [p for p in lint_game(game) if "998" in p.message]
