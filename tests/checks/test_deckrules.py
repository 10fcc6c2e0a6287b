"""Cross-card rules: kinds, groups, copies, decks without cards."""

from publish.checks.deckrules import check_game
from publish.model.load import load_game


def problems(project):
    game, found = load_game(project, "demo")
    assert not found, found
    return [f"{p.location.path.name}:{p.location.line}: {p.message}" for p in check_game(game)]


def edit(project, deck, old, new):
    path = project / "cards" / "demo" / "decks" / f"{deck}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_natural_cards_have_no_group(demo):
    edit(demo, "alpha", "    kind: natural\n", "    kind: natural\n    ideology: red\n")
    found = problems(demo)
    assert "alpha.yaml:25: cards of kind 'natural' have no ideology; remove 'ideology'" in found


def test_natural_number_range(demo):
    edit(demo, "alpha", '"998"', '"899"')
    assert ("alpha.yaml:22: number 899 is out of range for kind 'natural' (901-999); renumber "
            "the card or change its kind") in problems(demo)


def test_copies_must_include_the_files_deck(demo):
    edit(demo, "alpha", "copies: {alpha: 2, beta: 1}", "copies: {beta: 3}")
    assert "alpha.yaml:25: copies must include this file's deck 'alpha'" in problems(demo)


def test_a_deck_without_cards(demo):
    (demo / "cards" / "demo" / "decks" / "beta.yaml").unlink()
    edit(demo, "alpha", "copies: {alpha: 2, beta: 1}", "copies: {alpha: 2}")
    found = problems(demo)
    assert "game.yaml:23: deck 'beta' has no cards: add a file in decks/ with 'deck: beta'" in found


def test_kind_counts_per_deck(demo):
    edit(demo, "alpha", "copies: {alpha: 2, beta: 1}", "copies: {alpha: 2, beta: 2}")
    found = problems(demo)
    assert ("beta.yaml:1: deck 'beta' has 2 cards of kind 'natural', counting copies; game.yaml "
            "expects 1 (line 24)") in found
