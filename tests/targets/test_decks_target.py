"""`publish build decks --deck ID`: one deck's sheets alone, for a quick look."""

from __future__ import annotations

from pathlib import Path

from conftest import run


def test_one_deck_is_built_alone_without_the_joined_pdf(demo_docs: Path):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo", "--deck", "beta")
    assert result.exit_code == 0, result.output
    made = sorted(p.name for p in (demo_docs / "build" / "demo").rglob("*.pdf"))
    assert made == ["deck-beta.pdf"]
    assert "deck-beta.pdf" in result.output


def test_one_deck_printed_duplex_comes_with_its_calibration_sheet(demo_docs: Path):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo", "--deck", "beta",
                 "--backs", "long-edge")
    assert result.exit_code == 0, result.output
    made = sorted(p.name for p in (demo_docs / "build" / "demo").rglob("*.pdf"))
    assert made == ["calibration-a4-long-edge.pdf", "deck-beta-long-edge.pdf"]


def test_decks_named_twice_are_built_in_the_games_order(demo_docs: Path):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo",
                 "--deck", "beta", "--deck", "alpha")
    assert result.exit_code == 0, result.output
    assert result.output.index("deck-alpha.pdf") < result.output.index("deck-beta.pdf")
    assert not list((demo_docs / "build").rglob("decks-all*.pdf"))


def test_an_unknown_deck_is_named_with_the_closest_one_and_nothing_is_built(demo_docs: Path):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo", "--deck", "alpah")
    assert result.exit_code == 1
    assert "--deck alpah: demo has no such deck (did you mean 'alpha'?); its decks: alpha, beta" \
        in result.output
    assert not list((demo_docs / "build").rglob("*.pdf"))


def test_a_layout_for_other_sheets_is_said_once_not_by_every_deck(demo_docs: Path):
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo",
                 "--layout", "nope")
    assert result.exit_code != 0
    assert result.output.count("--layout nope: no such layout") == 1, result.output
