"""The checks' phases: each runs only when the phases it needs found nothing, says when it
did not, and a check added to a phase runs in `publish check` and before a build."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from conftest import break_with, declare, name_engine, run
from publish.checks import phases
from publish.checks.registry import LOAD, Findings, Phase, Subject, run_phases
from publish.core.problems import Location, Problem
from publish.model.load import load_game

PROBE = """
from pathlib import Path

from publish.core.problems import Location, Problem
from publish.engines.protocol import CheckResult, EngineInfo


class Probe:
    info = EngineInfo(name="Probe", checks=("the whole game",))

    def check(self, game):
        return CheckResult([Problem(Location(game.root / "game.yaml"), "whole-game check ran")])

    def check_cards(self, game):
        return [Problem(Location(game.root / "game.yaml"), "card check ran")]

    def effect_schema(self):
        return None

    def directives(self):
        return {}
"""


def found(message: str) -> Findings:
    return Findings([Problem(Location(Path("x")), message)])


def said(*messages: str):
    return lambda _: Findings([Problem(Location(Path("x")), m) for m in messages])


def messages(findings: Findings) -> list[str]:
    return [p.message for p in findings.problems]


@pytest.fixture
def subject(demo: Path) -> Subject:
    game, problems = load_game(demo, "demo")
    assert game is not None and not problems
    return Subject(game)


def test_a_phase_waits_for_the_phases_it_needs_and_says_so(subject):
    chain = (Phase("first", (said("first"),)),
             Phase("second", (said("second"),), needs=("first",), alone=(said("alone"),),
                   skipped=lambda _: "second not run"),
             Phase("third", (said("third"),)),
             Phase("fourth", (said("fourth"),), needs=("second",)))
    ran = run_phases(chain, subject, loaded_whole=True)
    assert messages(ran.found) == ["first", "alone", "third"]
    assert ran.skipped == ["second", "fourth"]  # what needs a skipped phase waits too
    assert ran.found.notes == ["second not run"]


def test_a_phase_that_found_nothing_lets_the_next_run(subject):
    chain = (Phase("first", (lambda _: Findings(),)),
             Phase("second", (said("second"),), needs=(LOAD, "first"), alone=(said("alone"),)))
    assert messages(run_phases(chain, subject, loaded_whole=True).found) == ["second"]
    assert messages(run_phases(chain, subject, loaded_whole=False).found) == ["alone"]


def test_what_an_earlier_phase_replayed_reaches_the_later_ones(subject):
    example = Path("examples/one.md")
    chain = (Phase("engine", (lambda _: Findings(examples={example: []}),)),
             Phase("rules", (lambda s: found(f"saw {sorted(map(str, s.examples))}"),)))
    assert messages(run_phases(chain, subject, loaded_whole=True).found) == [
        "saw ['examples/one.md']"]


def test_a_build_runs_only_the_phases_it_needs(subject):
    chain = (Phase("cards", (said("cards"),)),
             Phase("rules", (said("rules"),), skipped=lambda _: "not read", in_build=False))
    ran = run_phases(chain, subject, loaded_whole=True, building=True)
    assert messages(ran.found) == ["cards"] and ran.skipped == [] and ran.found.notes == []


def test_a_phase_that_must_be_asked_for_runs_only_when_it_is(subject):
    chain = (Phase("cards", (said("cards"),)),
             Phase("faces", (said("faces"),), in_build=False, asked="safe-zone"))
    assert messages(run_phases(chain, subject, loaded_whole=True).found) == ["cards"]
    assert messages(run_phases(chain, subject, loaded_whole=True, asked=["safe-zone"]).found
                    ) == ["cards", "faces"]
    assert messages(run_phases(chain, subject, loaded_whole=True, building=True,
                               asked=["safe-zone"]).found) == ["cards"]
    assert [p.asked for p in phases.PHASES if p.asked] == [phases.SAFE_ZONE]


def test_the_phases_are_in_the_order_the_report_lists_them():
    assert [p.name for p in phases.PHASES] == ["cards", "assets", "engine", "templates",
                                              "translations", "rules", "faces"]
    known = {LOAD}
    for phase in phases.PHASES:  # a phase needs only phases that run before it
        assert set(phase.needs) <= known, phase.name
        known.add(phase.name)


def missing_icon(project: Path) -> None:
    declare(project, "icons:\n  estrela: {name: Estrela}\n  lua: {name: Lua}\n")


def test_a_cards_problem_skips_the_engine_s_checks_but_not_the_assets(demo, engine_plugin):
    engine_plugin("probe", "probe_engine", PROBE, "Probe")
    name_engine(demo / "cards" / "demo", "probe")
    break_with(demo, "duplicate_number")  # the cards phase
    missing_icon(demo)  # the assets phase
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert "duplicate number 001" in result.output
    assert "icon :lua: no file icons/lua.svg" in result.output  # assets need no clean cards
    assert "card check ran" in result.output  # the engine's checks of each card alone
    assert "whole-game check ran" not in result.output
    assert ("note: the Probe rules engine's checks (the whole game) were not run beyond each "
            "card's own") in result.output
    assert "note: the rules chapters and summaries were not read" in result.output
    assert "the Probe rules engine's checks not run" in result.output


def test_an_assets_problem_leaves_the_engine_s_checks_to_run(demo, engine_plugin):
    engine_plugin("probe", "probe_engine", PROBE, "Probe")
    name_engine(demo / "cards" / "demo", "probe")
    missing_icon(demo)
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert "whole-game check ran" in result.output
    assert "card check ran" not in result.output  # check() runs its own, here none
    assert "were not run beyond each card's own" not in result.output
    assert "note: the rules chapters and summaries were not read" in result.output


def test_a_check_added_to_a_phase_runs_in_check_and_before_a_build(demo, monkeypatch):
    def no_card_named_quinta(subject: Subject) -> Findings:
        return Findings([Problem(card.location, "no card may be called Quinta")
                         for card in subject.game.cards if card.name == "Quinta"])

    cards, *rest = phases.PHASES
    added = dataclasses.replace(cards, checks=(*cards.checks, no_card_named_quinta))
    monkeypatch.setattr(phases, "PHASES", (added, *rest))
    checked = run("check", "--project", str(demo), "--game", "demo")
    assert checked.exit_code == 1
    assert "beta.yaml:8:5: no card may be called Quinta" in checked.output, checked.output
    built = run("build", "decks", "--project", str(demo), "--game", "demo")
    assert built.exit_code == 1
    assert "beta.yaml:8:5: no card may be called Quinta" in built.output, built.output
    assert not (demo / "build" / "demo" / "pt-BR").exists()
