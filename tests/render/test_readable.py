"""Render data are frozen dataclasses a template reads by attribute, and by key as
docs/templates.md has always documented; a game's own fields read both ways too."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from conftest import declare
from publish.model.load import load_game
from publish.render.env import TemplateNameError, environment
from publish.render.faces import FACE_KEYS, Face, face_context


@pytest.fixture
def face(demo: Path) -> Face:
    declare(demo, "fields:\n  cost: {type: integer, default: 2}\n  items: {type: text}\n")
    game, _ = load_game(demo, "demo")
    return face_context(game, game.card("001"), "alpha", "pt-BR", {"estrela": "<svg/>"})


def draw(project: Path, source: str, **data: object) -> str:
    return environment(project, "demo").from_string(source).render(**data)


def test_a_face_reads_by_attribute_and_by_key_its_own_fields_too(face, demo):
    source = ("{{ card.number }} {{ card['number'] }} {{ card.cost }} {{ card['cost'] }} "
              "{{ card.boxes[0].kind }} {{ card['boxes'][0]['kind'] }} {{ card.items }} "
              "{{ 'cost' in card }} {{ card | list | length }}")
    assert draw(demo, source, card=face) == (
        f"001 001 2 2 direct direct None True {len(FACE_KEYS) + 2}")


def test_a_face_is_frozen_and_names_what_it_has(face, demo):
    with pytest.raises(FrozenInstanceError):
        face.name = "other"  # type: ignore[misc]
    assert sorted(face) == sorted([*FACE_KEYS, "cost", "items"])
    with pytest.raises(TemplateNameError) as said:
        draw(demo, "{{ card.boxes[0].nmae }}", card=face)
    assert "no 'nmae' in this box (did you mean 'name'?); it has: html, kind, name" \
        in str(said.value)
    with pytest.raises(TemplateNameError, match="no 'nosuch' in this card"):
        draw(demo, "{{ card.nosuch }}", card=face)


def test_a_private_part_of_the_data_stays_out_of_a_template(face, demo):
    with pytest.raises(Exception, match="_own"):
        draw(demo, "{{ card._own }}", card=face)
