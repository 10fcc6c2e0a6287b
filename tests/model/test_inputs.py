"""The records of outputs: what changed, and when only some cards did."""

from __future__ import annotations

from PIL import Image

from conftest import declare, give
from publish.model.inputs import Inputs, Stamps, assets_digest
from publish.model.load import load_game


def stamps(tmp_path, record):
    return Stamps(tmp_path / ".stamps.json", {"deck.pdf": record})


def test_only_card_digests_changed_names_those_cards(tmp_path):
    old = {"code": "a", "order": "o", "card 001": "x", "card 002": "y"}
    now = {**old, "card 002": "z"}
    assert stamps(tmp_path, old).changed_cards("deck.pdf", now) == ["002"]
    assert stamps(tmp_path, old).why("deck.pdf", now, True) == "card 002 changed"


def test_anything_else_changed_means_the_whole_output(tmp_path):
    old = {"code": "a", "order": "o", "card 001": "x", "card 002": "y"}
    assert stamps(tmp_path, old).changed_cards("deck.pdf", {**old, "card 002": "z",
                                                            "order": "p"}) == []
    assert stamps(tmp_path, old).changed_cards("deck.pdf", {**old, "card 003": "w"}) == []
    assert stamps(tmp_path, old).changed_cards("deck.pdf", old) == []
    assert stamps(tmp_path, old).changed_cards("other.pdf", old) == []


def test_files_a_template_may_load_count_as_assets_and_card_pictures_with_their_cards(demo):
    declare(demo, "fields:\n  art: {type: image}\n")
    give(demo, "Primeira", "art: art/001.png")
    art = demo / "cards" / "demo" / "art"
    art.mkdir()
    Image.new("RGB", (10, 10), "red").save(art / "001.png")
    Image.new("RGB", (10, 10), "red").save(art / "back.png")
    game, _ = load_game(demo, "demo")
    before = assets_digest(game)
    cards_before = Inputs(demo, game).cards(["001", "002"], "pt-BR")
    Image.new("RGB", (10, 10), "blue").save(art / "001.png")
    assert assets_digest(game) == before
    after = Inputs(demo, game).cards(["001", "002"], "pt-BR")
    assert after["card 001"] != cards_before["card 001"]
    assert after["card 002"] == cards_before["card 002"]
    Image.new("RGB", (10, 10), "blue").save(art / "back.png")
    assert assets_digest(game) != before


def test_the_common_inputs_are_named_where_the_face_documents_read_them(demo):
    """publish.render.facedoc keeps a deck's faces while these stay the same: an input added
    to Inputs.common but not to COMMON_INPUTS would leave faces stale."""
    from publish.model.inputs import COMMON_INPUTS

    game, _ = load_game(demo, "demo")
    assert game is not None
    assert set(Inputs(demo, game).common("pt-BR")) == set(COMMON_INPUTS)
