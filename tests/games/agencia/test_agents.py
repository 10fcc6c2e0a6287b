"""The agents' shortcut on the random generator draws as the call it stands for."""

from __future__ import annotations

import random

import pytest

from publish.games.agencia.agents import choice


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 7, 8, 9, 30, 129])
@pytest.mark.parametrize("seed", [0, 3, 11, 2**40 + 3])
def test_choice_gives_pythons_item_and_leaves_the_generator_as_python_does(size, seed):
    ours, python = random.Random(seed), random.Random(seed)
    cards = [f"{i:03d}" for i in range(size)]
    for _ in range(20):
        assert choice(ours, cards) == python.choice(cards)
        assert choice(ours, range(size)) == python.choice(range(size))
    assert ours.getstate() == python.getstate()


def test_choice_from_nothing_is_refused_as_python_refuses_it():
    with pytest.raises(IndexError):
        random.Random(1).choice([])
    with pytest.raises(IndexError):
        choice(random.Random(1), [])
