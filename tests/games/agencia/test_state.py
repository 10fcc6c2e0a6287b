"""Shortcuts on the random generator draw as the calls they stand for: the same results, the
generator left in the same state."""

from __future__ import annotations

import random

import pytest

from publish.games.agencia.state import choice, sample, shuffle


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


@pytest.mark.parametrize("size", [1, 2, 5, 9, 30])
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_one_card_sampled_is_the_card_chosen(size, seed):
    """The random agent picks one card with ``choice``, as ``sample`` would have."""
    hand = [f"{i:03d}" for i in range(size)]
    chose, sampled = random.Random(seed), random.Random(seed)
    assert [chose.choice(hand)] == sampled.sample(hand, 1)
    assert chose.getstate() == sampled.getstate()


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


# Python samples from a copied pool up to 21 items (more for samples over 5: 85 for 6 to 21
# items), and by a set of places drawn beyond: sizes on both sides of both bounds
@pytest.mark.parametrize(("size", "k"), [(1, 0), (1, 1), (4, 2), (5, 5), (21, 3), (22, 3),
                                         (30, 5), (64, 6), (85, 6), (86, 6), (129, 6),
                                         (129, 40), (500, 30)])
@pytest.mark.parametrize("seed", [0, 3, 11, 2**40 + 3])
def test_sample_gives_pythons_items_and_leaves_the_generator_as_python_does(size, k, seed):
    ours, python = random.Random(seed), random.Random(seed)
    cards = [f"{i:03d}" for i in range(size)]
    for _ in range(5):
        assert sample(ours, cards, k) == python.sample(cards, k)
        assert sample(ours, range(size), k) == python.sample(range(size), k)
    assert ours.getstate() == python.getstate()
    assert cards == [f"{i:03d}" for i in range(size)]  # the population is left as it was


@pytest.mark.parametrize("k", [-1, 4])
def test_sample_of_more_than_there_is_is_refused_as_python_refuses_it(k):
    with pytest.raises(ValueError, match="Sample larger"):
        random.Random(1).sample([1, 2, 3], k)
    with pytest.raises(ValueError, match="Sample larger"):
        sample(random.Random(1), [1, 2, 3], k)
