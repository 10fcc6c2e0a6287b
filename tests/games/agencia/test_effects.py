"""`publish check` validates every structured effect, with file:line:col and suggestions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO, run
from publish.checks.run import check
from publish.games.agencia.effects import ACTIONS, RULES
from publish.games.agencia.plugin import AgenciaEngine


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A copy of Agência whose main deck is replaced by cards with broken effects."""
    root = tmp_path / "project"
    shutil.copytree(REPO / "cards" / "agencia", root / "cards" / "agencia")
    shutil.copy(FIXTURES / "broken" / "agencia" / "bad_effects.yaml",
                root / "cards" / "agencia" / "decks" / "principal.yaml")
    return root


def _messages(root: Path) -> list[str]:
    return [str(p) for p in check(root, "agencia").problems if "principal.yaml" in str(p)]


def test_real_cards_pass():
    report = check(REPO, "agencia")
    assert report.ok, [str(p) for p in report.problems]
    assert report.engine == AgenciaEngine.info.name


def test_unknown_action_is_located_with_a_suggestion(broken):
    found = [m for m in _messages(broken) if "unknown do 'drow'" in m]
    assert len(found) == 1
    assert found[0].startswith(f"{broken}/cards/agencia/decks/principal.yaml:9:23:")
    assert "did you mean 'draw'" in found[0]


def test_unknown_selector_is_located_with_a_suggestion(broken):
    found = [m for m in _messages(broken) if "'nxt_2'" in m]
    assert len(found) == 1
    assert ":17:34:" in found[0] and "did you mean 'next_2'" in found[0]


def test_wrong_argument_type_is_located(broken):
    found = [m for m in _messages(broken) if "wrong type" in m]
    assert len(found) == 1
    assert ":23:" in found[0] and "true or false" in found[0]


def test_a_block_without_effect_is_reported(broken):
    found = [m for m in _messages(broken) if "card 004" in m]
    assert len(found) == 1 and "no structured effect" in found[0] and ":28:9:" in found[0]


def test_exported_schema_has_the_effect_vocabulary(tmp_path):
    out = tmp_path / "schema.json"
    assert run("schema", "--game", "agencia", "-o", str(out)).exit_code == 0
    schema = json.loads(out.read_text())
    effect = schema["$defs"]["TextBlock"]["properties"]["effect"]
    assert "anyOf" in effect
    text = out.read_text()
    for name in (*ACTIONS, *RULES):
        assert f'"{name}"' in text, name


def test_every_card_block_has_an_effect_of_its_kind():
    from publish.model.load import load_game

    game, _ = load_game(REPO, "agencia")
    for card in game.cards:
        for block in card.blocks:
            assert block.effect, card.number
            key = "do" if block.kind == "direct" else "rule"
            assert all(key in item for item in block.effect), card.number
