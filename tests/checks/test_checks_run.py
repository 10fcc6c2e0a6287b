"""`publish check` on broken fixtures: each error located, all listed, exit status 1."""

import pytest

from conftest import break_with, declare, run


def check(project):
    return run("check", "--project", str(project))


def test_demo_project_passes(demo):
    result = check(demo)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == (
        "demo: 6 cards (8 with copies) in 2 decks; structure only: this game has no rules "
        "engine; no problems"
    )


@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        ("bad_syntax", [
            "beta.yaml:8:11: YAML syntax error: did not find expected ',' or ']' (parsing a "
            "flow sequence that starts at line 7, column 17)",
        ]),
        ("duplicate_number", [
            "beta.yaml:8:13: duplicate number 001: 'Quinta' and 'Primeira' (",
            "alpha.yaml:3:13)",
        ]),
        ("unknown_field", [
            "beta.yaml:10:5: card 005: unknown field 'ideolgy' (did you mean 'ideology'?)",
        ]),
        ("wrong_type", [
            "beta.yaml:6:13: wrong type for 'card 004 copies': expected a whole number or a "
            "mapping (key: value), got text 'two'",
        ]),
        ("wrong_total", [
            "beta.yaml:1:7: deck 'beta' has 4 cards, counting copies; game.yaml expects 3 "
            "(line 24)",
            "beta.yaml:1:7: deck 'beta' has 3 cards of kind 'structural', counting copies; "
            "game.yaml expects 2 (line 24)",
            "game.yaml:31:11: ideology 'blue' has 3 cards (002, 005); game.yaml expects 2",
        ]),
        ("python_tag", [
            "beta.yaml:4:11: tag '!!python/object/apply:os.system' is not allowed",
        ]),
    ],
)
def test_each_broken_fixture_is_reported_with_its_location(demo, fixture, expected):
    break_with(demo, fixture)
    result = check(demo)
    assert result.exit_code == 1
    for line in expected:
        assert line in result.output, result.output
    assert result.output.rstrip().endswith("problem(s)")


def test_all_problems_are_listed_in_one_run(demo):
    break_with(demo, "unknown_deck_and_ideology")
    result = check(demo)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[:-1] == [
        f"{demo}/cards/demo/decks/beta.yaml:5:15: card 004 ideology: unknown value 'rede' "
        "(did you mean 'red'?); expected one of: red, blue",
        f"{demo}/cards/demo/decks/beta.yaml:6:30: card 004 copies.gamma: unknown key 'gamma'; "
        "expected one of: alpha, beta",
        f"{demo}/cards/demo/decks/beta.yaml:9:9: card 004 text[2]: unknown field 'drect' "
        "(did you mean 'direct'?); expected one of: direct, general, effect",
        f"{demo}/cards/demo/decks/beta.yaml:10:13: number 950 is out of range for kind "
        "'structural' (001-899); renumber the card or change its kind",
        "note: the rules chapters and summaries were not read: they name cards, icons and "
        "examples, which must load first",
    ]
    assert lines[-1].endswith("4 problem(s)")


def test_unknown_game_is_named(demo):
    result = run("check", "--project", str(demo), "--game", "nope")
    assert result.exit_code == 1
    assert "no game 'nope' (games here: demo)" in result.output


def test_game_yaml_problems_stop_before_cards(demo):
    game = demo / "cards" / "demo" / "game.yaml"
    game.write_text(game.read_text().replace("edition:", "editon:"), encoding="utf-8")
    result = check(demo)
    assert result.exit_code == 1
    assert "game.yaml:2:1: unknown field 'editon' (did you mean 'edition'?)" in result.output
    assert "game.yaml:1:1: missing field 'edition'" in result.output


def test_missing_field_names_the_card(demo):
    path = demo / "cards" / "demo" / "decks" / "beta.yaml"
    path.write_text(path.read_text().replace("    name: Quinta\n", ""), encoding="utf-8")
    result = check(demo)
    assert result.exit_code == 1
    assert "beta.yaml:8:5: card 005: missing field 'name'" in result.output


def test_a_deck_schema_that_no_longer_matches_game_yaml_is_a_warning(demo):
    schema = demo / "cards" / "demo" / "deck.schema.json"
    made = run("schema", "--project", str(demo), "--game", "demo", "-o", str(schema))
    assert made.exit_code == 0, made.output
    assert "warning" not in run("check", "--project", str(demo), "--game", "demo").output
    declare(demo, "fields:\n  cost: {type: integer, min: 0, max: 9, default: 0}\n")
    checked = run("check", "--project", str(demo), "--game", "demo")
    assert checked.exit_code == 0, checked.output  # the build does not need it
    assert (f"{schema}: warning: out of date with game.yaml (its kinds, decks or fields): "
            "publish schema --game demo -o cards/demo/deck.schema.json") in checked.output


def test_the_rules_chapters_are_checked_as_the_manual_would_read_them(demo):
    """What the build would refuse in a chapter (an unknown icon) fails the check, located."""
    chapter = demo / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    lines = chapter.read_text(encoding="utf-8").splitlines()
    chapter.write_text("\n".join([*lines, "", "Ganhe :nosuchicon: agora."]) + "\n",
                       encoding="utf-8")
    result = check(demo)
    assert result.exit_code == 1
    assert (f"{chapter}:{len(lines) + 2}:7: unknown icon :nosuchicon: (known icons: estrela)"
            in result.output), result.output
