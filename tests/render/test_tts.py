"""Tabletop Simulator's card sheets: the cell of each card, the grid, the size limits."""

from __future__ import annotations

import io
import math
from types import SimpleNamespace

import pytest
from PIL import Image

from publish.render.geometry import CARD_SIZES
from publish.render.tts import (
    COLUMNS,
    MAX_PX,
    PER_SHEET,
    ROWS,
    THUMBNAIL,
    Sheet,
    cell_size,
    face_sheet,
    sheets,
    thumbnail,
)


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_the_default_cell_fills_a_sheet_of_10_by_7_within_4096_px(size):
    w, h = CARD_SIZES[size]
    cell = cell_size((w, h))
    assert cell[0] * COLUMNS <= MAX_PX and cell[1] * ROWS <= MAX_PX
    wider = cell[0] + 1  # the widest: one px more and a full sheet would not fit
    assert wider * COLUMNS > MAX_PX or math.ceil(wider * h / w) * ROWS > MAX_PX
    assert abs(cell[1] / cell[0] - h / w) < 2 / cell[0]  # the card's proportions


def test_a_poker_card_is_409_by_572_px():
    assert cell_size((63.0, 88.0)) == (409, 572)
    assert cell_size((63.0, 88.0), 100) == (100, 140)


@pytest.mark.parametrize("width", [0, 15, 410, 5000])
def test_a_width_that_cannot_make_a_sheet_is_refused(width):
    with pytest.raises(ValueError, match="4096 px"):
        cell_size((63.0, 88.0), width)


@pytest.mark.parametrize(("cards", "grid"), [(1, (1, 1)), (4, (4, 1)), (10, (10, 1)),
                                             (11, (10, 2)), (35, (10, 4)), (70, (10, 7))])
def test_the_grid_has_room_for_the_cards_and_no_more_rows(cards, grid):
    """BackIsHidden shows the back for a hidden card, so no cell is kept for it."""
    sheet = Sheet(1, "d", 1, tuple(f"{n:03}" for n in range(cards)))
    assert (sheet.columns, sheet.rows) == grid
    assert sheet.columns * sheet.rows >= cards > sheet.columns * (sheet.rows - 1)
    assert sheet.card_id("000") == 100 and sheet.card_id(f"{cards - 1:03}") == 100 + cards - 1


def test_a_deck_of_more_than_70_cards_takes_several_sheets_with_keys_unique_in_the_game(agencia):
    laid = sheets(agencia)
    assert list(laid) == list(agencia.config.decks)
    for deck, found in laid.items():
        numbers = [c.number for c in agencia.deck_cards(deck)]
        assert [n for sheet in found for n in sheet.cards] == numbers
        assert len(found) == math.ceil(len(numbers) / PER_SHEET)
        assert all(sheet.deck == deck for sheet in found)
        assert [sheet.index for sheet in found] == list(range(1, len(found) + 1))
    keys = [sheet.key for found in laid.values() for sheet in found]
    assert keys == list(range(1, len(keys) + 1))
    assert PER_SHEET == 70
    main = [c.number for c in agencia.deck_cards("principal")]
    assert len(main) == 70 and len(laid["principal"]) == 1, "70 distinct cards: one full sheet"


def test_the_71st_distinct_card_starts_a_second_sheet():
    cards = [SimpleNamespace(number=f"{n:03}") for n in range(1, 72)]
    game = SimpleNamespace(config=SimpleNamespace(decks={"big": None, "small": None}),
                           deck_cards=lambda deck: cards if deck == "big" else cards[:3])
    laid = sheets(game)
    assert [len(sheet.cards) for sheet in laid["big"]] == [70, 1]
    assert [(sheet.columns, sheet.rows) for sheet in laid["big"]] == [(10, 7), (1, 1)]
    assert [sheet.key for sheet in (*laid["big"], *laid["small"])] == [1, 2, 3]


def colour(rgb: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (20, 28), rgb).save(buffer, format="PNG")
    return buffer.getvalue()


def test_each_face_goes_in_its_cell_and_no_cell_is_the_backs():
    sheet = Sheet(3, "d", 1, ("001", "002", "003", "004", "005", "006", "007", "008", "009",
                              "010", "011"))
    faces = {n: colour((i * 20, 255 - i * 20, 7)) for i, n in enumerate(sheet.cards)}
    image = Image.open(io.BytesIO(face_sheet(sheet, faces, (20, 28))))
    assert image.mode == "RGB" and image.size == (10 * 20, 2 * 28)
    for i, number in enumerate(sheet.cards):
        index = sheet.card_id(number) - 300
        assert index == i
        x, y = (index % 10) * 20, (index // 10) * 28
        assert image.getpixel((x + 10, y + 14)) == (i * 20, 255 - i * 20, 7)
    for empty in (2, 9):  # no card, the last cell included: white
        assert image.getpixel((empty * 20 + 10, 28 + 14)) == (255, 255, 255)


def test_the_thumbnail_is_a_square_of_the_backs_or_blank_without_any():
    backs = [colour((200, 0, 0)), colour((0, 0, 200))]
    image = Image.open(io.BytesIO(thumbnail(backs)))
    assert image.size == (THUMBNAIL, THUMBNAIL) and image.mode == "RGB"
    found = {image.getpixel((x, THUMBNAIL // 2)) for x in range(THUMBNAIL)}
    assert any(r > 150 and b < 60 for r, _, b in found) and any(b > 150 and r < 60
                                                                for r, _, b in found)
    blank = Image.open(io.BytesIO(thumbnail([])))
    assert blank.size == (THUMBNAIL, THUMBNAIL) and blank.getextrema() == ((255, 255),) * 3
