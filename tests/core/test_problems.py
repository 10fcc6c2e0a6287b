"""A location prints as editors and terminals link it: path:line:col, path:line, or path."""

from pathlib import Path

from publish.core.problems import Location, Problem


def test_a_location_prints_only_what_it_knows():
    path = Path("cards/demo/decks/main.yaml")
    assert str(Location(path, 12, 5)) == "cards/demo/decks/main.yaml:12:5"
    assert str(Location(path, 38)) == "cards/demo/decks/main.yaml:38"  # a template line
    assert str(Location(path)) == "cards/demo/decks/main.yaml"


def test_a_problem_is_its_location_then_what_to_do():
    problem = Problem(Location(Path("game.yaml"), 3, 1), "unknown key 'nmae'")
    assert str(problem) == "game.yaml:3:1: unknown key 'nmae'"


def test_what_a_terminal_would_act_on_is_written_as_its_escape():
    from publish.core.problems import terminal_safe

    said = "a\x1b]0;title\x07b\u202ec\rd\x85e\u2066f\x7fg"
    assert terminal_safe(said) == "a\\x1b]0;title\\x07b\\u202ec\\x0dd\\x85e\\u2066f\\x7fg"
    # what a terminal shows as it is stays: tab, line feed, accents, other scripts
    assert terminal_safe("é\tñ\nالعربية 日本") == "é\tñ\nالعربية 日本"
