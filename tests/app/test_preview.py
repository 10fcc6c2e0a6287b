"""`publish preview CARD...`: each named card as the decks print it, one PNG per edition."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from PIL import Image

from conftest import run
from publish.model.load import load_game
from publish.render.edition import EditionContext
from publish.render.place import single_pdf
from publish.render.printshop import PageSpec, rasterise, trimmed_service


def preview(project: Path, *args: str):
    return run("preview", "--project", str(project), "--game", "demo", "--in-process", *args)


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_a_card_named_by_number_is_written_for_every_edition_and_its_paths_printed(demo_en):
    demo_docs = demo_en
    result = preview(demo_docs, "001")
    assert result.exit_code == 0, result.output
    paths = result.output.split()
    game, _ = load_game(demo_docs, "demo")
    assert len(paths) == len(game.config.locales.editions) > 1
    for locale, path in zip(game.config.locales.editions, paths, strict=True):
        assert Path(path) == demo_docs / "build" / "demo" / locale / "preview" / "001.png"
        image = Image.open(path)
        assert image.size == (496, 693)  # 63 x 88 mm, trimmed, at 200 dpi


def test_the_preview_is_the_face_the_decks_print(demo_docs):
    game, _ = load_game(demo_docs, "demo")
    card = game.cards[1]
    deck = next(d for d in game.config.decks if card.copies.get(d))
    locale = game.config.locales.source
    result = preview(demo_docs, card.number, "--locale", locale, "--dpi", "100")
    assert result.exit_code == 0, result.output
    made = (demo_docs / "build" / "demo" / locale / "preview" / f"{card.number}.png").read_bytes()
    context = EditionContext.make(demo_docs, game, locale)
    spec = PageSpec(deck, trimmed_service(game, 100))
    pdf, _ = single_pdf(context, replace(spec, cards=frozenset({card.number})))
    assert pixels(made) == pixels(rasterise(pdf, 100, (248, 346))[0])
    other = single_pdf(context, replace(spec, cards=frozenset({game.cards[0].number})))[0]
    assert pixels(made) != pixels(rasterise(other, 100, (248, 346))[0])


def test_a_card_named_by_its_name_in_any_case(demo_docs):
    game, _ = load_game(demo_docs, "demo")
    card = game.cards[0]
    result = preview(demo_docs, card.name.upper(), "--locale", game.config.locales.source)
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(f"{card.number}.png")


def test_an_edit_is_seen_by_the_next_preview(demo_docs):
    game, _ = load_game(demo_docs, "demo")
    card, locale = game.cards[0], game.config.locales.source
    path = demo_docs / "build" / "demo" / locale / "preview" / f"{card.number}.png"
    assert preview(demo_docs, card.number, "--locale", locale).exit_code == 0
    before = path.read_bytes()
    text = card.source.path.read_text(encoding="utf-8")
    card.source.path.write_text(text.replace(card.name, "Renamed in the test", 1),
                                encoding="utf-8")
    assert preview(demo_docs, card.number, "--locale", locale).exit_code == 0
    assert pixels(path.read_bytes()) != pixels(before)


def test_an_unknown_card_says_what_is_close_and_writes_nothing(demo_docs):
    game, _ = load_game(demo_docs, "demo")
    name = game.cards[0].name
    result = preview(demo_docs, name[:-1])
    assert result.exit_code == 1
    assert f"no card numbered or named '{name[:-1]}' (did you mean '{name}'?)" in result.output
    assert not (demo_docs / "build").exists()


def test_an_edition_the_game_does_not_publish_is_refused(demo_docs):
    result = preview(demo_docs, "001", "--locale", "xx")
    assert result.exit_code == 1
    assert "'xx' is not an edition of demo" in result.output


def test_a_number_may_leave_out_its_leading_zeros(demo_docs):
    result = preview(demo_docs, "1", "--locale", "pt-BR")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("001.png")


def test_a_card_that_did_not_load_is_missing_with_the_problems_that_may_be_why(demo_docs):
    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Segunda", "nome: Segunda"),
                    encoding="utf-8")
    result = preview(demo_docs, "002")
    assert result.exit_code == 1
    assert "no card numbered or named '002'; the game's problems (one may be why):" \
        in result.output
    assert "decks/alpha.yaml:" in result.output
