"""Tabletop Simulator's saved object, from the data alone: decks, ids, copies, addresses."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from conftest import FIXTURES
from publish.model.load import load_game
from publish.render.tts import sheets
from publish.render.ttsobject import Addresses, saved_object
from publish.targets.tts import TtsOptions, back_file, sheet_file

POKER = (63.0, 88.0)
WEB = Addresses("https://example.org/tidewatch/")


def test_one_card_per_copy_each_id_on_its_sheet(agencia):
    laid = sheets(agencia)
    data = saved_object(agencia, laid, POKER, sheet_file, back_file, WEB)
    assert [o["Nickname"] for o in data["ObjectStates"]] == [
        spec.name for spec in agencia.config.decks.values()]
    for deck, state in zip(agencia.config.decks, data["ObjectStates"], strict=True):
        assert state["Name"] == "Deck"
        cards = state["ContainedObjects"]
        assert [c["CardID"] for c in cards] == state["DeckIDs"]
        assert Counter(c["Description"] for c in cards) == {
            c.number: c.copies[deck] for c in agencia.deck_cards(deck)}
        assert sorted(state["CustomDeck"]) == sorted(str(s.key) for s in laid[deck])
        for card in cards:
            sheet = next(s for s in laid[deck] if s.key == card["CardID"] // 100)
            assert sheet.cards[card["CardID"] % 100] == card["Description"]
            assert card["Nickname"] == agencia.card(card["Description"]).name
            assert card["CustomDeck"] == {str(sheet.key): state["CustomDeck"][str(sheet.key)]}


def test_decks_lie_side_by_side_face_down_in_game_order(agencia):
    data = saved_object(agencia, sheets(agencia), POKER, sheet_file, back_file, WEB)
    xs = [o["Transform"]["posX"] for o in data["ObjectStates"]]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert xs[0] == pytest.approx(-xs[-1])  # centred on the table
    assert all(o["Transform"]["rotZ"] == 180.0 for o in data["ObjectStates"])


def test_web_addresses_are_the_base_and_the_file_name(agencia):
    laid = sheets(agencia)
    data = saved_object(agencia, laid, POKER, sheet_file, back_file, WEB)
    for deck, state in zip(laid, data["ObjectStates"], strict=True):
        for sheet in laid[deck]:
            entry = state["CustomDeck"][str(sheet.key)]
            assert entry["FaceURL"] == f"https://example.org/tidewatch/{deck}-faces-{sheet.index}.png"
            assert entry["BackURL"] == f"https://example.org/tidewatch/{deck}-back.png"
            assert (entry["NumWidth"], entry["NumHeight"]) == (sheet.columns, sheet.rows)
            assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False


def test_a_web_address_quotes_a_name_and_a_local_one_does_not():
    assert WEB.of("a b.png") == "https://example.org/tidewatch/a%20b.png"
    assert Addresses("file:///home/me/my game/").of("a b.png") == "file:///home/me/my game/a b.png"


def test_a_deck_of_one_card_is_a_card_and_an_empty_deck_is_left_out():
    game, problems = load_game(FIXTURES / "projects" / "demo", "demo")
    assert not problems
    card = game.cards[0]
    game = replace(game, cards=[replace(card, copies={"beta": 1})])
    data = saved_object(game, sheets(game), POKER, sheet_file, back_file, WEB)
    [state] = data["ObjectStates"]
    assert state["Name"] == "Card" and state["Nickname"] == game.config.decks["beta"].name
    assert state["CardID"] == 100 and list(state["CustomDeck"]) == ["1"]


def test_other_card_sizes_scale_from_a_poker_card(agencia):
    data = saved_object(agencia, sheets(agencia), (70.0, 120.0), sheet_file, back_file, WEB)
    transform = data["ObjectStates"][0]["Transform"]
    assert (transform["scaleX"], transform["scaleZ"]) == (round(70 / 63, 4), round(120 / 88, 4))


@pytest.mark.parametrize("url", ["example.org/x/", "ftp://example.org/", "https://", "/srv/x",
                                 "https://exa mple.org/x/"])
def test_a_base_url_must_be_a_web_address(url):
    with pytest.raises(ValueError, match="not an http"):
        TtsOptions(base_url=url)


def test_a_base_url_gets_its_closing_slash():
    assert TtsOptions(base_url="https://example.org/tidewatch").base_url == (
        "https://example.org/tidewatch/")


@pytest.mark.parametrize(("given", "written"), [
    ("https://example.org/my game/", "https://example.org/my%20game/"),
    ("https://example.org/my%20game", "https://example.org/my%20game/"),
    ("https://example.org/jogo/ação/", "https://example.org/jogo/a%C3%A7%C3%A3o/"),
])
def test_a_base_url_is_written_percent_encoded_as_tts_fetches_it(given, written):
    base = TtsOptions(base_url=given).base_url
    assert base == written
    assert Addresses(base).of("main-faces-1.png") == written + "main-faces-1.png"
