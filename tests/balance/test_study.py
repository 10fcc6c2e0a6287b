"""A study from options and YAML: its cells, seeds and chunks, and its located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.balance.study import Study, game_seed
from publish.balance.studyfile import read_study
from publish.core.problems import ProblemsFound
from publish.engines.registry import engine_named

ENGINE = engine_named("agencia")


def study_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "study.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_defaults_come_from_the_engine(agencia):
    study = read_study(agencia, ENGINE, None)
    assert study.players == (3, 4, 5, 6)
    # every card: the main deck in simple mode beside all five decks in Bourdieu mode
    assert study.pairs() == [("simple", ("principal",)), ("bourdieu", (
        "principal", "historico", "teorico", "estrategico", "social"))]
    assert study.modes == ("simple", "bourdieu")
    assert study.lineups == (("greedy",), ("random",), ("planner",))
    assert study.games == 24 * study.games_per_cell >= 2000
    assert "4/bourdieu/principal+historico+teorico+estrategico+social/greedy" in [
        c.key for c in study.cells()]


def test_a_file_describes_the_cells_and_games_split_them(agencia, tmp_path):
    path = study_file(tmp_path, "seed: 9\nplayers: [4, 3]\nagents: [greedy, greedy+random]\n"
                                "games_per_cell: 7\nchunk: 3\n")
    study = read_study(agencia, ENGINE, path)
    assert [c.key for c in study.cells()] == [
        "3/simple/principal/greedy", "4/simple/principal/greedy",
        "3/simple/principal/greedy+random", "4/simple/principal/greedy+random"]
    assert (study.seed, study.games_per_cell, study.games) == (9, 7, 28)
    assert [(c.cell, c.start, c.stop) for c in study.chunks()][:3] == [(0, 0, 3), (0, 3, 6),
                                                                       (0, 6, 7)]
    assert read_study(agencia, ENGINE, path, games=100, seed=2).games_per_cell == 25
    mixed = study.spec(study.cells()[2], 1)
    assert mixed.agents == ("random", "greedy", "random")  # seated in turn from game's number


def test_seeds_depend_on_the_study_alone():
    assert game_seed(0, "3/simple/principal/greedy", 0) == 6383142319533599076
    assert len({game_seed(s, c, i) for s in (0, 1) for c in "ab" for i in range(50)}) == 200
    one = Study("g", (3,), ("m",), (("d",),), (("a",),), 10, seed=4, chunk=3)
    other = Study("g", (3,), ("m",), (("d",),), (("a",),), 10, seed=4, chunk=7)
    cell = one.cells()[0]
    assert [one.spec(cell, i) for i in range(10)] == [other.spec(cell, i) for i in range(10)]


@pytest.mark.parametrize(("text", "said"), [
    ("plyers: 3\n", "study.yaml:1:1: unknown key 'plyers' (did you mean 'players'?)"),
    ("players: 2..9\n", "study.yaml:1:10: players: a count, a range low..high or a list, "
                        "each from 3 to 6"),
    ("agents: [greedy, wizard]\n", "study.yaml:1:9: agents: 'wizard' is not one the"),
    ("modes: bourdieu\ndecks: [[social]]\n", "study.yaml:2:8: every game needs the principal"),
    ("games: 0\n", "study.yaml:1:8: games: a whole number, at least 1"),
    ("- a list\n", "study.yaml:1:1: a study is a mapping of keys"),
])
def test_problems_are_located_and_nothing_is_played(agencia, tmp_path, text, said):
    with pytest.raises(ProblemsFound) as found:
        read_study(agencia, ENGINE, study_file(tmp_path, text))
    assert str(found.value).replace(str(tmp_path) + "/", "").startswith(said)


def test_a_problem_of_the_options_names_the_command(agencia):
    with pytest.raises(ProblemsFound) as found:
        read_study(agencia, ENGINE, None, games=0)
    assert str(found.value) == "publish balance: games: a whole number, at least 1"


def test_a_file_may_list_its_tables_instead_of_every_mode_with_every_deck_set(agencia,
                                                                              tmp_path):
    path = study_file(tmp_path, "players: 3\nagents: [greedy]\ntables:\n"
                                "  - {mode: simple, decks: [principal]}\n"
                                "  - {mode: bourdieu, decks: [principal, social]}\n")
    assert [c.key for c in read_study(agencia, ENGINE, path).cells()] == [
        "3/simple/principal/greedy", "3/bourdieu/principal+social/greedy"]
    bad = study_file(tmp_path, "tables: [{mode: simple}]\n")
    with pytest.raises(ProblemsFound) as found:
        read_study(agencia, ENGINE, bad)
    assert "tables: a list of tables, each {mode: MODE, decks: [DECK, ...]}" in str(
        found.value.problems[0])
