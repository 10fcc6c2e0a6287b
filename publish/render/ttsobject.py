"""Tabletop Simulator's saved object: the game's decks side by side on the table, as JSON.

The format is TTS's save file (its knowledge base, "Save File Format"): a
``SaveState`` whose ``ObjectStates`` lists the objects.  Each deck is a
``Deck`` object named (``Nickname``) after the deck, whose ``CustomDeck``
maps each of its sheet keys to the sheet's address, the back's, and the grid
(``NumWidth`` x ``NumHeight``); ``DeckIDs`` lists its cards' ids (the sheet
key times 100 plus the card's cell, once per copy) and ``ContainedObjects``
one ``Card`` per copy, in the same order.  A deck of one card is a ``Card``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from publish.model.copies import copies
from publish.model.game import Game
from publish.render.tts import Sheet

POKER = (63.0, 88.0)
"""The card TTS's own card object is shaped like (about): cards are scaled from it."""
SPACING = 3.5
"""Distance between the decks' centres on the table, in TTS units, for a poker card."""
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
"""The tint TTS gives cards (ColorDiffuse)."""


@dataclass(frozen=True)
class Addresses:
    """Where the saved object finds the images: ``base`` followed by each file's name."""

    base: str

    def of(self, name: str) -> str:
        """The address of the file ``name``: a web address quotes it; a local one keeps the
        path as it is, spaces and all, as TTS's own local paths are."""
        return self.base + (quote(name) if self.base.startswith("http") else name)


def guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (TTS's form), so a rebuild writes the same file."""
    return hashlib.sha1(":".join(map(str, parts)).encode("utf-8")).hexdigest()[:6]


def transform(x: float, scale: tuple[float, float]) -> dict:
    """On the table at ``x``, face down, turned towards the first seat, scaled to the card."""
    return {"posX": round(x, 3), "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0, "scaleX": scale[0], "scaleY": 1.0, "scaleZ": scale[1]}


def custom_deck(sheet: Sheet, face: str, back: str, unique: bool = False) -> dict:
    """A sheet as TTS's CustomDeck entry: one back for every card, or with ``unique`` a
    sheet of backs cut into the same grid, each card's back in its face's cell
    (``UniqueBack``); backs are shown for hidden cards too (``BackIsHidden``), so no cell of
    the sheet is kept for the hidden card."""
    return {"FaceURL": face, "BackURL": back, "NumWidth": sheet.columns,
            "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": unique, "Type": 0}


def _card(game: Game, deck: str, number: str, sheet: Sheet, entry: dict, copy: int,
          scale: tuple[float, float]) -> dict:
    return {"GUID": guid(game.id, deck, number, copy), "Name": "Card",
            "Transform": transform(0.0, scale), "Nickname": game.card(number).name,
            "Description": number, "ColorDiffuse": GREY, "Locked": False, "Grid": True,
            "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False,
            "CardID": sheet.card_id(number), "CustomDeck": {str(sheet.key): entry}}


def deck_object(game: Game, deck: str, sheets: list[Sheet], files: Callable[[Sheet], str],
                back: str, x: float, scale: tuple[float, float], players: int = 1,
                card_backs: Callable[[Sheet], str | None] = lambda sheet: None) -> dict:
    """One deck: its sheets, and one card per copy (per-player ones for ``players``), in the
    deck's order.  ``card_backs``: the address of a sheet's sheet of backs, None where the
    deck's cards share ``back``."""
    entries = {}
    for sheet in sheets:
        backs = card_backs(sheet)
        entries[sheet.key] = custom_deck(sheet, files(sheet), back if backs is None else backs,
                                         unique=backs is not None)
    cards = []
    for sheet in sheets:
        for number in sheet.cards:
            for copy in range(copies(game, game.card(number), deck, players)):
                cards.append(_card(game, deck, number, sheet, entries[sheet.key], copy, scale))
    if len(cards) == 1:
        return {**cards[0], "Transform": transform(x, scale),
                "Nickname": game.config.decks[deck].name}
    return {"GUID": guid(game.id, deck), "Name": "Deck", "Transform": transform(x, scale),
            "Nickname": game.config.decks[deck].name, "Description": "",
            "ColorDiffuse": GREY, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "HideWhenFaceDown": True,
            "Hands": False, "SidewaysCard": False,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": {str(key): entry for key, entry in entries.items()},
            "ContainedObjects": cards}


def saved_object(game: Game, sheets: dict[str, list[Sheet]], trim: tuple[float, float],
                 sheet_file: Callable[[Sheet], str], back_file: Callable[[str], str],
                 addresses: Addresses, players: int = 1,
                 backs_file: Callable[[Sheet], str | None] = lambda sheet: None) -> dict:
    """The saved object: every deck with cards, side by side along the table, centred; the
    per-player copies as many times as ``players``; ``backs_file`` names a sheet's sheet of
    backs where its cards do not share one."""

    def card_backs(sheet: Sheet) -> str | None:
        name = backs_file(sheet)
        return None if name is None else addresses.of(name)

    scale = (round(trim[0] / POKER[0], 4), round(trim[1] / POKER[1], 4))
    decks = [deck for deck, found in sheets.items() if found]
    step = SPACING * scale[0]
    objects = [deck_object(game, deck, sheets[deck],
                           lambda sheet: addresses.of(sheet_file(sheet)),
                           addresses.of(back_file(deck)),
                           (i - (len(decks) - 1) / 2) * step, scale, players, card_backs)
               for i, deck in enumerate(decks)]
    return {"SaveName": game.config.name, "GameMode": "", "Date": "", "VersionNumber": "",
            "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
            "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}
