"""Backs per card: a back a card names, a card's second face, and where each prints.

The game is one `publish new` makes (not in this repository), given a back of its own
(``quest``), a double-faced card (004) and a card naming the back (081).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run
from publish.model.load import load_game
from publish.render.decks import DeckOptions, SheetSpec, deck_faces, lay_out_sheets, sheet_pages
from publish.render.edition import EditionContext
from publish.render.faces import DeckBack, Face
from publish.render.fit import Overflow
from publish.render.gallery import gallery_context
from publish.render.geometry import sheet_layout
from publish.render.printshop import PageSpec, item_card, single_items, trimmed_service
from publish.render.tts import own_backs, sheets
from publish.render.ttsobject import Addresses, saved_object

BACKS = """
backs:
  quest:
    name: Quest
    colour: "#2f5d3a"
"""

CARDS = """  - number: "004"
    name: Young Squire
    kind: character
    art: art/001.png
    text: "Draw 1 card."
    back_face:
      name: Seasoned Knight
      cost: 3
      art: art/002.png
      text: "Gain 2 :star:. Draw 1 card."
  - number: "081"
    name: The Lost Bell
    kind: event
    art: art/080.png
    back: quest
    text: "Find the bell: Gain 3 :star:."
"""


def with_backs(project: Path, cards: str = CARDS) -> Path:
    game = project / "cards" / "moon"
    (game / "game.yaml").write_text((game / "game.yaml").read_text("utf-8") + BACKS, "utf-8")
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text("utf-8") + cards, "utf-8")
    return project


@pytest.fixture
def context(moon: Path) -> EditionContext:
    project = with_backs(moon)
    game, problems = load_game(project, "moon")
    assert game is not None and not problems, problems
    return EditionContext.make(project, game, "en")


def test_each_face_comes_with_its_own_back(context):
    faces, backs = context.deck_faces("main")
    by_number = dict(zip([f.number for f in faces], backs, strict=True))
    assert by_number["001"] == DeckBack("main", "Main deck", "#26384f")
    assert by_number["081"] == DeckBack("quest", "Quest", "#2f5d3a")
    second = by_number["004"]
    assert isinstance(second, Face) and second.side == "back"
    assert (str(second.name), second.number, second["cost"]) == ("Seasoned Knight", "004", 3)
    assert "Gain" in str(second.boxes[0].html)


@pytest.mark.parametrize("flip", ["long-edge", "short-edge"])
def test_duplex_puts_each_cards_own_back_behind_it(context, flip):
    spec = SheetSpec("Moon", ("main",), DeckOptions(backs=flip))
    faces, backs = deck_faces(context, spec.decks)
    pages, _ = sheet_pages(context, spec, faces, backs)
    layout = sheet_layout("a4", "poker", context.game.config.print.bleed_mm)
    front, back = pages[0], pages[1]
    for number, wanted in (("004", "Seasoned Knight"), ("081", "quest"), ("001", "main")):
        index = next(i for i, s in enumerate(front.slots) if s.card.number == number)
        col, row = index % layout.cols, index // layout.cols
        bcol, brow = layout.mirrored(col, row, flip)
        behind = next(s for s in back.slots if s.trim == layout.trim(bcol, brow))
        shown = str(behind.card.name) if behind.card is not None else behind.deck.id
        assert shown == wanted, (number, flip)
        if behind.card is not None:
            assert behind.card.side == "back" and behind.card.number == number


def test_fold_sheets_put_each_cards_own_back_beside_it(context):
    spec = SheetSpec("Moon", ("main",), DeckOptions(backs="fold"))
    faces, backs = deck_faces(context, spec.decks)
    pages, _ = sheet_pages(context, spec, faces, backs)
    slots = [s for page in pages for s in page.slots]
    pairs = {front.card.number: back for front, back in zip(slots[::2], slots[1::2],
                                                            strict=True)}
    assert pairs["004"].card.side == "back" and pairs["081"].deck.id == "quest"


def test_print_shop_lists_each_cards_back_when_the_deck_has_several(context):
    service = trimmed_service(context.game)
    items = single_items(context, PageSpec("main", service))
    anchors = [i.anchor for i in items]
    fronts = [a for a in anchors if a.startswith("card-")]
    assert anchors == fronts + [a.replace("card-", "back-") for a in fronts]
    knight = items[anchors.index("back-004")]
    assert knight.back and knight.card.side == "back" and item_card(knight) == "004"
    paired = [i.anchor for i in single_items(context, PageSpec("main", service, "back-front"))]
    assert paired[paired.index("card-004") - 1] == "back-004"


def test_print_shop_keeps_one_back_for_a_deck_that_shares_it(context):
    items = single_items(context, PageSpec("starter", trimmed_service(context.game)))
    assert items[-1].anchor == "back-starter" and item_card(items[-1]) is None
    assert sum(i.back for i in items) == 1


def test_tts_gives_a_deck_of_different_backs_a_sheet_of_backs(context):
    game = context.game
    laid = sheets(game)
    assert own_backs(game, "main") and not own_backs(game, "starter")
    data = saved_object(game, laid, (63.0, 88.0), lambda s: f"{s.deck}-faces-{s.index}.png",
                        lambda d: f"{d}-back.png", Addresses("https://example.org/m/"),
                        backs_file=lambda s: f"{s.deck}-backs-{s.index}.png"
                        if own_backs(game, s.deck) else None)
    decks = {o["Nickname"]: o for o in data["ObjectStates"]}
    [main] = decks["Main deck"]["CustomDeck"].values()
    [starter] = decks["Starter deck"]["CustomDeck"].values()
    assert (main["UniqueBack"], main["BackURL"]) == (True,
                                                     "https://example.org/m/main-backs-1.png")
    assert (starter["UniqueBack"], starter["BackURL"]) == (
        False, "https://example.org/m/starter-back.png")


def test_gallery_shows_both_sides_of_a_card_with_its_own_back(context):
    game = context.game
    decks_of = {c.number: [d for d in game.config.decks if d in c.copies] for c in game.cards}
    shown = gallery_context(game, decks_of, (10, 10), {"004", "081"})
    cards = {c["number"]: c for c in shown["cards"]}
    assert (cards["004"]["back_src"], cards["004"]["back_name"]) == (
        "images/004-back.png", "Seasoned Knight")
    assert cards["081"]["back_name"] == "Quest" and cards["001"]["back_src"] is None


def test_a_second_face_that_overflows_fails_the_build(moon):
    long = " ".join(["Draw 1 card."] * 60)
    project = with_backs(moon, CARDS.replace('"Gain 2 :star:. Draw 1 card."', f'"{long}"'))
    game, _ = load_game(project, "moon")
    context = EditionContext.make(project, game, "en")
    with pytest.raises(Overflow, match="004"):
        lay_out_sheets(context, SheetSpec("Moon", ("main",), DeckOptions(backs="long-edge")))


@pytest.mark.parametrize(("change", "said"), [
    (("back: quest", "back: qest"), "card 081 back: unknown value 'qest' (did you mean "
                                    "'quest'?); expected one of: quest"),
    (("    back: quest\n", "    back: quest\n    back_face: {name: X, text: Y, "
                          "art: art/001.png}\n"), "card 081: a card has one back"),
    (("      cost: 3\n", "      cost: 3\n      kind: item\n"),
     "card 004 back_face: unknown field 'kind'"),
])
def test_backs_are_checked_where_they_are_written(moon, change, said):
    with_backs(moon, CARDS.replace(*change))
    result = run("check", "--project", str(moon), "--game", "moon")
    assert result.exit_code != 0
    assert said in result.output and "main.yaml:" in result.output


def test_a_card_naming_a_back_the_game_lacks_is_told_how_to_add_one(moon):
    deck = moon / "cards" / "moon" / "decks" / "main.yaml"
    deck.write_text(deck.read_text("utf-8") + CARDS.split("  - number: \"081\"")[0]
                    .replace("back_face:\n      name: Seasoned Knight\n      cost: 3\n"
                             "      art: art/002.png\n      text: \"Gain 2 :star:. Draw 1 "
                             "card.\"\n", "back: quest\n"), "utf-8")
    result = run("check", "--project", str(moon), "--game", "moon")
    assert "card 004 back: game.yaml defines no backs" in result.output


def test_a_second_face_and_a_named_back_are_translated(context):
    from publish.app.catalogs.extract import card_messages
    from publish.i18n.translate import Translator, localize

    catalog = card_messages(context.source)
    contexts = {m.context for m in catalog if m.id}
    assert {"card 004 back name", "card 004 back text 1", "back quest name"} <= contexts
    for message in catalog:
        if message.id:
            message.string = f"FR {message.id}"
    words = Translator("fr", "en", {"cards": catalog}, {"cards": Path("fr.po")})
    game = localize(context.source, words)
    squire = game.card("004")
    assert (squire.name, squire.back_face.name) == ("FR Young Squire", "FR Seasoned Knight")
    assert squire.back_face.blocks[0].text.startswith("FR Gain")
    assert game.config.backs["quest"].name == "FR Quest"


def test_checks_go_over_a_second_faces_text_and_pictures(moon):
    face = CARDS.replace("Gain 2 :star:.", "Gain 2 :moon:.").replace("art/002.png",
                                                                       "art/none.png")
    with_backs(moon, face)
    result = run("check", "--project", str(moon), "--game", "moon")
    said = result.output
    assert "card 004" in said and ":moon:" in said.replace("'moon'", ":moon:")
    assert "art/none.png" in said


def test_a_changed_second_face_or_its_picture_makes_the_card_stale(moon):
    from publish.model.inputs import Inputs

    def digest(project: Path) -> str:
        game, _ = load_game(project, "moon")
        return Inputs(project, game).cards(["004"], "en")["card 004"]

    with_backs(moon)
    before = digest(moon)
    art = moon / "cards" / "moon" / "art"
    art.mkdir(exist_ok=True)
    (art / "002.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"redrawn")
    redrawn = digest(moon)
    deck = moon / "cards" / "moon" / "decks" / "main.yaml"
    deck.write_text(deck.read_text("utf-8").replace("Gain 2 :star:.", "Gain 4 :star:."),
                    "utf-8")
    assert len({before, redrawn, digest(moon)}) == 3


def test_a_decks_face_document_holds_each_distinct_back_once_under_its_own_anchor(context):
    from publish.render.facedoc import face_items

    anchors = [item.anchor for item in face_items(context, "main")]
    backs = [a for a in anchors if a.startswith("back-")]
    assert backs == ["back-main", "back-face-004", "back-quest"]
    assert len(anchors) == len(set(anchors))
    knight = face_items(context, "main")[anchors.index("back-face-004")]
    assert knight.card is not None and knight.card.side == "back"


def test_each_back_slot_is_found_in_its_cards_deck_under_its_own_anchor(context):
    from publish.render.place import item_page, slot_page

    spec = SheetSpec("Moon", ("main",), DeckOptions(backs="long-edge"))
    faces, backs = deck_faces(context, spec.decks)
    pages, _ = sheet_pages(context, spec, faces, backs)
    shown = {slot_page(s) for page in pages if page.side == "back" for s in page.slots}
    assert {("main", "back-main"), ("main", "back-face-004"), ("main", "back-quest")} == shown
    items = single_items(context, PageSpec("main", trimmed_service(context.game)))
    assert item_page(next(i for i in items if i.anchor == "back-081")) == ("main", "back-quest")


def test_sheets_and_print_shop_pages_place_each_cards_own_back(context):
    from publish.render.place import single_pdf
    from publish.render.printshop import rasterise

    made = lay_out_sheets(context, SheetSpec("Moon", ("main",), DeckOptions(backs="long-edge")))
    assert {"back-main", "back-quest", "back-face-004"} <= set(made.faces["main"].anchors)
    pdf, items = single_pdf(context, PageSpec("main", trimmed_service(context.game)))
    pngs = dict(zip((i.anchor for i in items), rasterise(pdf, 30), strict=True))
    assert len({pngs["back-001"], pngs["back-004"], pngs["back-081"]}) == 3
    assert pngs["back-001"] == pngs["back-002"]  # two cards printing the deck's back
