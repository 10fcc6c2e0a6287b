"""The engine registry: a plug-in that cannot be made, or lacks what its EngineInfo promises,
is a problem at its own file; an exception inside one is said as the engine's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import name_engine, run
from publish.core.problems import ProblemsFound
from publish.engines.protocol import EngineFault, GameRecord, GameSpec, check_records
from publish.engines.registry import engine_named

HEAD = """
from publish.engines.protocol import CheckResult, EngineInfo, Recording

class Engine:
    info = EngineInfo(name="Tiny", modes=("basic",), agents=("any",), default_agents=("any",),
                      players=(2, 3), default_players=(2, 3), records=Recording())

    def check(self, game):
        return CheckResult()

    def check_cards(self, game):
        return []

    def effect_schema(self):
        return None

    def directives(self):
        return {}

    def simulate(self, root, game, request, progress=None):
        return {}

    def describe(self, result):
        return ""
"""

PLAYS = HEAD + """
    def table_problem(self, game, spec):
        return None

    def play(self, game, specs):
        return [1 / 0 for _ in specs]
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    assert run("new", "tiny", "--project", str(root), "--layout", "text",
               "--author", "A").exit_code == 0
    return root


def test_an_engine_lacking_what_its_info_promises_is_a_problem_at_its_file(project,
                                                                            engine_plugin):
    path = engine_plugin("tiny", "tiny_engine", HEAD, "Engine")  # records, but no play
    name_engine(project / "cards" / "tiny", "tiny")  # game.yaml names it
    with pytest.raises(ProblemsFound) as found:
        engine_named("tiny")
    [problem] = found.value.problems
    assert problem.location.path == path
    assert problem.message == (
        "the rules engine 'tiny_engine:Engine' registered as 'tiny' lacks "
        "table_problem() (an engine that records its games (records)), play() (an engine "
        "that records its games (records)); docs/engines.md says what an engine provides")
    result = run("check", "--project", str(project))
    assert result.exit_code == 1
    assert f"{path}: the rules engine 'tiny_engine:Engine'" in result.output
    assert "internal error" not in result.output


def test_an_engine_without_its_info_is_said_so(engine_plugin):
    engine_plugin("tiny", "tiny_bare", "class Engine:\n    pass\n", "Engine")
    with pytest.raises(ProblemsFound) as found:
        engine_named("tiny")
    assert found.value.problems[0].message.endswith(
        "lacks an `info` attribute holding a publish.engines.protocol.EngineInfo; "
        "docs/engines.md says what an engine provides")


def test_an_engine_that_cannot_be_made_is_said_so(project, engine_plugin):
    engine_plugin("tiny", "tiny_made", "def make(size):\n    return None\n", "make")
    name_engine(project / "cards" / "tiny", "tiny")  # game.yaml names it
    result = run("check", "--project", str(project))
    assert result.exit_code == 1
    assert ("tiny_made: the rules engine 'tiny_made:make' registered as 'tiny' could "
            "not be made (TypeError: make() missing 1 required positional argument: 'size'); "
            "it must be a class or function that takes no argument and returns the engine "
            "(docs/engines.md)") in result.output


def test_an_exception_inside_an_engine_is_said_as_the_engine_s(project, engine_plugin):
    path = engine_plugin("tiny", "tiny_crash", PLAYS, "Engine")
    name_engine(project / "cards" / "tiny", "tiny")  # game.yaml names it
    result = run("balance", "--project", str(project), "--games", "4", "--workers", "1")
    assert result.exit_code == 2
    line = PLAYS.splitlines().index("        return [1 / 0 for _ in specs]") + 1
    assert (
        f"\npublish: the rules engine tiny_crash failed (ZeroDivisionError: division by zero) "
        f"at {path}:{line}; that is a bug in the engine, not in your cards: the traceback "
        "is in ") in result.output
    assert "internal error" not in result.output


def test_a_game_without_an_engine_is_told_where_to_read(project):
    result = run("balance", "--project", str(project))
    assert result.exit_code == 2
    assert "tiny: this game has no rules engine that records its games, so there is " \
           "nothing to study (docs/engines.md: giving a game one)" in result.output


def test_an_engine_without_listed_checks_is_skipped_in_plain_words(project, engine_plugin):
    engine_plugin("tiny", "tiny_checks", PLAYS, "Engine")  # its EngineInfo lists no checks
    name_engine(project / "cards" / "tiny", "tiny")  # game.yaml names it
    deck = project / "cards" / "tiny" / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cost: 2", "cost: two", 1),
                    encoding="utf-8")
    result = run("check", "--project", str(project))
    assert result.exit_code == 1
    assert "note: the Tiny rules engine's checks were not run beyond each card's own" \
        in result.output


BAD_WINNER = HEAD + """
    def table_problem(self, game, spec):
        return None

    def play(self, game, specs):
        from publish.engines.protocol import GameRecord, RoundRecord
        return [GameRecord(spec.players, tuple(range(spec.players)), (RoundRecord(3, (7,)),),
                           (7,), frozenset(), ()) for spec in specs]
"""


def test_a_record_that_breaks_the_contract_is_said_as_the_engine_s_bug(project, engine_plugin):
    path = engine_plugin("tiny", "tiny_records", BAD_WINNER, "Engine")
    name_engine(project / "cards" / "tiny", "tiny")  # game.yaml names it
    result = run("balance", "--project", str(project), "--games", "4", "--workers", "1")
    assert result.exit_code == 2
    assert f"{path}: the rules engine's play() returned a record that names seat 7 among " \
           "winners at a table of 2 (the game of seed " in result.output
    assert "a bug in the engine (docs/engines.md, GameRecord)" in result.output
    assert "internal error" not in result.output


@pytest.mark.parametrize(("record", "said"), [
    ("not a record", "is a str, not a publish.engines.protocol.GameRecord"),
    (GameRecord(3, (0, 1, 2), (), (), frozenset(), ()), "has 3 players for a table of 2"),
    (GameRecord(2, (0, 0), (), (), frozenset(), ()), "has the order of play (0, 0), not every"),
    (GameRecord(2, (1, 0), (), (), frozenset(), (("held", 2, "001"),)),
     "has the event ('held', 2, '001'), not (key, seat, card) with a seat of the table"),
])
def test_records_are_held_to_the_spec_they_answer(record, said):
    spec = GameSpec(2, "basic", ("main",), ("any", "any"), 5)
    with pytest.raises(EngineFault, match=re.escape(said)):
        check_records(object(), [spec], [record])
    with pytest.raises(EngineFault, match="returned 0 records for 1 games"):
        check_records(object(), [spec], [])


def test_event_keys_must_differ_from_each_other_and_from_the_report_s_own(engine_plugin):
    clash = HEAD.replace("records=Recording()",
                         'records=Recording(held="won", outcomes=(("won", "won"),))')
    engine_plugin("tiny", "tiny_keys", clash, "Engine")
    with pytest.raises(ProblemsFound) as found:
        engine_named("tiny")
    assert "a Recording whose event keys (won, won) differ from each other and from 'won', " \
           "the report's own figure" in found.value.problems[0].message
