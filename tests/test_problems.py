"""A location prints as editors and terminals link it: path:line:col, path:line, or path."""

from pathlib import Path

from publish.problems import Location, Problem


def test_a_location_prints_only_what_it_knows():
    path = Path("cards/demo/decks/main.yaml")
    assert str(Location(path, 12, 5)) == "cards/demo/decks/main.yaml:12:5"
    assert str(Location(path, 38)) == "cards/demo/decks/main.yaml:38"  # a template line
    assert str(Location(path)) == "cards/demo/decks/main.yaml"


def test_a_problem_is_its_location_then_what_to_do():
    problem = Problem(Location(Path("game.yaml"), 3, 1), "unknown key 'nmae'")
    assert str(problem) == "game.yaml:3:1: unknown key 'nmae'"
