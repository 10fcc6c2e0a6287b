"""The records of outputs: what changed, and when only some cards did."""

from __future__ import annotations

from publish.incremental import Stamps


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
