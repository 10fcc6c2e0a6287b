"""The game's plain data: the engine's own shuffle is Python's, draw for draw."""

from __future__ import annotations

import random

import pytest

from publish.games.agencia.state import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 64, 80, 129])
@pytest.mark.parametrize("seed", [0, 1, 11, 2**40 + 3])
def test_shuffle_gives_pythons_permutation_and_leaves_the_generator_as_python_does(size, seed):
    ours, python = random.Random(seed), random.Random(seed)
    cards, expected = [f"{i:03d}" for i in range(size)], [f"{i:03d}" for i in range(size)]
    shuffle(ours, cards)
    python.shuffle(expected)
    assert cards == expected
    assert ours.getstate() == python.getstate()


def test_shuffle_moves_cards_for_a_deck_of_many():
    cards = [str(i) for i in range(80)]
    shuffle(random.Random(5), cards)
    assert sorted(cards) == sorted(str(i) for i in range(80))
    assert cards != [str(i) for i in range(80)]
