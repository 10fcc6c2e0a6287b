"""game.yaml's components: one size each, a card size the game knows, a template by file name."""

import pytest
from pydantic import ValidationError

from publish.model.game import CARD_SIZES, Component


def test_a_component_is_a_card_size_a_width_and_height_or_a_diameter():
    assert Component(name="Aid", size="mini").trim == CARD_SIZES["mini"]
    assert Component(name="Pad", width_mm=90, height_mm=140).trim == (90, 140)
    coin = Component(name="Coin", diameter_mm=25, count=30)
    assert coin.trim == (25, 25) and coin.round and coin.count == 30
    assert not Component(name="Aid", size="poker").round


@pytest.mark.parametrize(("given", "said"), [
    ({}, "give one of size (a card size), width_mm and height_mm, or diameter_mm (a round "
         "token); given: none"),
    ({"size": "poker", "diameter_mm": 20}, "given: size, diameter_mm"),
    ({"width_mm": 60}, "give both width_mm and height_mm"),
    ({"size": "huge"}, "Input should be 'poker', 'bridge', 'tarot', 'mini' or 'square'"),
    ({"size": "poker", "template": "../secret.html.j2"}, "String should match pattern"),
    ({"size": "poker", "count": 0}, "greater than or equal to 1"),
])
def test_a_component_that_cannot_be_printed_is_refused_saying_why(given, said):
    with pytest.raises(ValidationError) as refused:
        Component(name="Piece", **given)
    assert said in str(refused.value)
