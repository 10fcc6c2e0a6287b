"""`publish build decks --players N` on a game made by `publish new`: its starter deck is one
player's set, printed once per player, into files of their own."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from conftest import run
from pdftext import page_texts


def build(project: Path, *more: str):
    return run("build", "decks", "--project", str(project), "--game", "moon", *more)


def cards_named(pdf: Path, name: str) -> int:
    """How many faces of a sheet PDF show ``name`` (each face prints its name once)."""
    return sum(text.count(name) for text in page_texts(pdf))


def test_the_starter_deck_is_printed_once_per_player(moon: Path):
    result = build(moon)
    assert result.exit_code == 0, result.output
    out = moon / "build" / "moon" / "en"
    # Apprentice: copies 3 in the per-player starter deck; the game is for 2 to 4 players
    assert cards_named(out / "deck-starter.pdf", "Apprentice") == 3 * 2
    result = build(moon, "--players", "4")
    assert result.exit_code == 0, result.output
    assert cards_named(out / "deck-starter-4p.pdf", "Apprentice") == 3 * 4
    assert cards_named(out / "deck-starter.pdf", "Apprentice") == 3 * 2  # left as it was
    main, main_4p = (len(PdfReader(out / n).pages) for n in ("deck-main.pdf", "deck-main-4p.pdf"))
    assert main == main_4p  # the main deck is shared: as many cards whatever the players
    assert (out / "decks-all-4p.pdf").is_file()


def test_the_usual_number_of_players_writes_the_default_files(moon: Path):
    result = build(moon, "--players", "2", "--deck", "starter")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (moon / "build" / "moon" / "en").glob("*.pdf")) == [
        "deck-starter.pdf"]


def test_players_outside_the_games_range_fail_saying_it(moon: Path):
    result = build(moon, "--players", "5")
    assert result.exit_code == 1
    assert "--players 5: moon is for 2 to 4 players (game.yaml players)" in result.output
    assert not list((moon / "build").rglob("*.pdf"))


def saved_cards(path: Path) -> dict[str, list[str]]:
    """Each deck of a saved object (by its name) and the names of its cards, one per copy."""
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    return {deck["Nickname"]: [card["Nickname"] for card in deck.get("ContainedObjects", [deck])]
            for deck in data["ObjectStates"]}


def test_the_tts_saved_object_holds_a_starter_deck_per_player(moon: Path):
    for players in ((), ("--players", "3")):
        result = run("build", "tts", "--project", str(moon), "--game", "moon",
                     "--card-width", "60", *players)
        assert result.exit_code == 0, result.output
    folder = moon / "build" / "moon" / "en" / "tts"
    usual, three = saved_cards(folder / "moon-en.json"), saved_cards(folder / "moon-en-3p.json")
    assert usual["Starter deck"].count("Apprentice") == 3 * 2
    assert three["Starter deck"].count("Apprentice") == 3 * 3
    assert usual["Main deck"] == three["Main deck"]
    assert (folder / "moon-en-3p.png").is_file()


def test_a_service_printing_every_copy_prints_a_set_per_player(moon: Path):
    """DriveThruCards takes a page pair (back, front) per copy: the starter deck's 5 cards
    are 10 pages per player."""
    printshop = moon / "build" / "moon" / "en" / "printshop" / "dtc"
    for players in ((), ("--players", "3")):
        result = run("build", "printshop", "--project", str(moon), "--game", "moon",
                     "--service", "dtc", *players)
        assert result.exit_code == 0, result.output
    assert len(PdfReader(printshop / "starter.pdf").pages) == 5 * 2 * 2
    assert len(PdfReader(printshop / "starter-3p.pdf").pages) == 5 * 2 * 3
    assert len(PdfReader(printshop / "main-3p.pdf").pages) == len(
        PdfReader(printshop / "main.pdf").pages)


def test_players_for_a_service_printing_each_card_once_are_refused(moon: Path):
    result = run("build", "printshop", "--project", str(moon), "--game", "moon",
                 "--service", "tgc", "--players", "3")
    assert result.exit_code == 1
    assert "--players 3: The Game Crafter prints each card once" in result.output
