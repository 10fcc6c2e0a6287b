"""Copies per player: game.yaml's players range and per_player on decks and cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import declare, give, run
from publish.core.problems import OptionError
from publish.model.copies import copies, players_for, players_suffix
from publish.model.load import load_game


def per_player_alpha(project: Path) -> Path:
    """The demo with its deck alpha counted per player."""
    game_yaml = project / "cards" / "demo" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    alpha = "    name: Alpha\n"
    game_yaml.write_text(text.replace(alpha, f"{alpha}    per_player: true\n", 1),
                         encoding="utf-8")
    return project


def check_output(project: Path) -> str:
    return run("check", "--project", str(project), "--game", "demo").output


def test_a_per_player_deck_prints_its_copies_once_per_player(demo):
    declare(per_player_alpha(demo), "players: {min: 2, max: 5, default: 3}\n")
    game, found = load_game(demo, "demo")
    assert not found
    natural = game.card("998")  # copies {alpha: 2, beta: 1}
    assert copies(game, natural, "alpha") == 2  # as written: one player's set
    assert copies(game, natural, "alpha", 4) == 8
    assert copies(game, natural, "beta", 4) == 1  # beta is not per player
    assert players_for(game, None) == 3
    assert players_suffix(game, 3) == "" and players_suffix(game, 4) == "-4p"


def test_a_card_says_its_own_copies_are_per_player_or_not(demo):
    per_player_alpha(demo)
    give(demo, "Primeira", "per_player: false")
    game, found = load_game(demo, "demo")
    assert not found
    assert copies(game, game.card("001"), "alpha", 3) == 1
    assert copies(game, game.card("002"), "alpha", 3) == 3


def test_a_card_per_player_in_a_shared_deck(demo):
    give(demo, "Segunda", "per_player: true")
    game, found = load_game(demo, "demo")
    assert not found
    assert copies(game, game.card("002"), "alpha", 4) == 4
    assert copies(game, game.card("001"), "alpha", 4) == 1
    assert players_for(game, None) == 1  # no players in game.yaml: printed for one


def test_players_outside_the_range_are_refused_saying_the_range(demo):
    declare(per_player_alpha(demo), "players: {min: 2, max: 4}\n")
    game, _ = load_game(demo, "demo")
    with pytest.raises(OptionError, match=r"--players 5: demo is for 2 to 4 players"):
        players_for(game, 5)
    with pytest.raises(OptionError, match=r"--players 1: demo is for 2 to 4 players"):
        players_for(game, 1)
    assert players_for(game, None) == 2  # no default: the fewest


def test_players_for_a_game_with_nothing_per_player_is_refused(demo):
    game, _ = load_game(demo, "demo")
    with pytest.raises(OptionError, match="no deck or card of demo has copies per player"):
        players_for(game, 3)
    assert players_for(game, 1) == 1  # the usual number prints what it always did


@pytest.mark.parametrize(("players", "said"), [
    ("{min: 4, max: 2}", "min 4 is more than max 2"),
    ("{min: 2, max: 4, default: 6}", "default 6 is outside min..max (2-4)"),
    ("{min: 0, max: 4}", "less than 1"),
    ("{min: 2, max: 99}", "more than 20"),
])
def test_a_wrong_players_range_is_a_located_error(demo, players, said):
    declare(demo, f"players: {players}\n")
    output = check_output(demo)
    assert "game.yaml:" in output and said in output, output


def test_per_player_on_a_card_must_be_true_or_false(demo):
    give(demo, "Primeira", "per_player: 2")
    output = check_output(demo)
    assert "alpha.yaml:" in output and "per_player" in output and "true or false" in output, \
        output


def test_the_order_digest_changes_when_a_deck_turns_per_player(demo):
    from publish.model.inputs import order_digest

    before = order_digest(load_game(demo, "demo")[0], "alpha")
    after = order_digest(load_game(per_player_alpha(demo), "demo")[0], "alpha")
    assert before != after
