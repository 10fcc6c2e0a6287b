"""Deck PDFs read back with pypdf: sizes, trim positions, guides, backs, fonts, overflow."""

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from conftest import REPO
from publish.model.game import TextBlock
from publish.model.load import load_game
from publish.render.decks import DeckOptions, SheetSpec, lay_out_sheets, resolved
from publish.render.edition import EditionContext
from publish.render.fit import Overflow
from publish.render.geometry import sheet_layout
from publish.targets.decks import deck_file

MM = 72 / 25.4


@pytest.fixture(scope="module")
def game():
    loaded, problems = load_game(REPO, "agencia")
    assert not problems
    return loaded


def sheets(game, title, deck, options):
    """The sheets of ``deck`` in the game's source edition, as a build lays them out (PDF)."""
    context = EditionContext.make(REPO, game, game.config.locales.source)
    return lay_out_sheets(context, SheetSpec(title, (deck,), options)).pdf


def build(game, deck, **options):
    document = sheets(game, deck, deck, DeckOptions(**options))
    return PdfReader(io.BytesIO(document))


@pytest.fixture(scope="module")
def historico_duplex(game):
    return build(game, "historico", backs="long-edge")


def anchors(reader):
    found = {}
    for name, dest in reader.named_destinations.items():
        page = reader.get_destination_page_number(dest)
        height = float(reader.pages[page].mediabox.height)
        found[name] = (page, float(dest.left) / MM, (height - float(dest.top)) / MM)
    return found


def test_page_size_and_count(historico_duplex):
    pages = historico_duplex.pages
    assert len(pages) == 10  # 40 cards, 9 a sheet: 5 fronts and 5 backs
    box = pages[0].mediabox
    assert float(box.width) / MM == pytest.approx(210, abs=0.1)
    assert float(box.height) / MM == pytest.approx(297, abs=0.1)


def test_every_trim_box_is_where_the_layout_puts_it(historico_duplex):
    layout = sheet_layout("a4", "poker", 3)
    found = anchors(historico_duplex)
    for index in range(40):
        page, x, y = found[f"card-{index + 1}"]
        slot = index % 9
        trim = layout.trim(slot % 3, slot // 3)
        assert page == 2 * (index // 9)
        assert x == pytest.approx(trim.x, abs=0.1) and y == pytest.approx(trim.y, abs=0.1)


def test_backs_mirror_the_columns_for_long_edge(historico_duplex):
    layout = sheet_layout("a4", "poker", 3)
    found = anchors(historico_duplex)
    for index in range(40):
        slot = index % 9
        page, x, y = found[f"back-{index + 1}"]
        col, row = layout.mirrored(slot % 3, slot // 3, "long-edge")
        assert page == 2 * (index // 9) + 1
        assert (x, y) == (pytest.approx(layout.trim(col, row).x, abs=0.1),
                          pytest.approx(layout.trim(col, row).y, abs=0.1))


def test_guides_are_drawn_in_the_margins(historico_duplex):
    layout = sheet_layout("a4", "poker", 3)
    content = historico_duplex.pages[0].get_contents().get_data().decode("latin-1")
    # WeasyPrint draws each guide as a filled rectangle; 6 x cuts and 6 y cuts, two sides each
    assert content.count(" re") >= 24
    # the cut lines keep the printable margin; the outer bleed may run into it
    assert layout.left >= 4.5 and layout.top >= 4.5


def test_all_fonts_are_embedded(historico_duplex):
    for page in historico_duplex.pages[:2]:
        fonts = page["/Resources"]["/Font"]
        assert fonts
        for ref in fonts.values():
            font = ref.get_object()
            descriptor = (font.get("/FontDescriptor") or
                          font["/DescendantFonts"][0].get_object()["/FontDescriptor"])
            descriptor = descriptor.get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font
            assert "Vollkorn" in font["/BaseFont"] or "League" in font["/BaseFont"]


def test_build_writes_every_deck_and_all_decks(game):
    from publish.build.run import make
    from publish.targets.base import Work
    from publish.targets.decks import DecksOptions

    built = make(REPO, Work(REPO, game), "decks", "pt-BR", DecksOptions(), jobs=2,
                 say=lambda _: None)
    pages = {b.path.name: len(PdfReader(b.path).pages) for b in built}
    assert pages == {"deck-principal.pdf": 9, "deck-historico.pdf": 5, "deck-teorico.pdf": 5,
                     "deck-estrategico.pdf": 5, "deck-social.pdf": 6, "decks-all.pdf": 30}
    assert all(b.path.parent == REPO / "build" / "agencia" / "pt-BR" for b in built)


def test_too_much_text_fails_naming_the_card(game):
    card = game.card("064")
    saved = card.blocks
    card.blocks = [TextBlock("direct", "Compre 1 carta. " * 60)]
    try:
        with pytest.raises(Overflow) as info:
            sheets(game, "t", "principal", DeckOptions())
    finally:
        card.blocks = saved
    message = str(info.value)
    assert message.startswith("card 064 (principal): effects overflows its box by ")
    assert "text_size" in message


def test_text_size_override_is_applied(game):
    card = game.card("064")
    card.text_size = 6.5
    try:
        reader = build(game, "principal")
    finally:
        card.text_size = None
    assert len(reader.pages) == 9


def test_black_and_white_variant_names_the_ideology(game):
    reader = build(game, "historico", bw=True)
    text = reader.pages[0].extract_text()
    assert "A FORÇA DOS ANTEPASSADOS" in text.upper()


def test_refused_resources(tmp_path):
    from publish.render.pdf import RenderError, render

    with pytest.raises(RenderError, match="never use the network"):
        render('<img src="http://example.com/x.png">', REPO, "net", [REPO])
    with pytest.raises(RenderError, match="outside the project"):
        render('<img src="file:///etc/hostname">', REPO, "abs", [REPO])
    with pytest.raises(RenderError, match="missing file"):
        render('<img src="art/none.png">', REPO, "missing", [REPO])


def test_fold_layout_puts_each_back_mirrored_across_the_fold(game):
    reader = build(game, "historico", backs="fold")
    # landscape A4: two columns and two rows of faces on each side of the fold
    assert len(reader.pages) == 10
    box = reader.pages[0].mediabox
    assert float(box.width) / MM == pytest.approx(297, abs=0.1)
    found = anchors(reader)
    for index in range(40):
        page, x, y = found[f"card-{index + 1}"]
        back_page, back_x, back_y = found[f"back-{index + 1}"]
        assert page == back_page == index // 4
        assert back_y == pytest.approx(y, abs=0.1)
        # the fold is the page's middle: the back's right edge mirrors the face's left edge
        assert 297 - (back_x + 63) == pytest.approx(x, abs=0.1)
        assert x + 63 < 297 / 2 < back_x


def test_a_name_too_long_for_its_box_fails_naming_the_card(game):
    card = game.card("064")
    saved = card.name
    card.name = "Hubris " * 30
    try:
        with pytest.raises(Overflow) as info:
            sheets(game, "t", "principal", DeckOptions())
    finally:
        card.name = saved
    assert str(info.value).startswith("card 064 (principal): name overflows its box by ")


def test_back_offset_moves_the_backs_to_cancel_the_reading(game, historico_duplex):
    from publish.render.geometry import back_correction

    moved = build(game, "historico", backs="long-edge", back_offset=(1.0, 2.0))
    dx, dy = back_correction((1.0, 2.0), "long-edge")
    before, after = anchors(historico_duplex), anchors(moved)
    for index in range(1, 41):
        page, x, y = before[f"back-{index}"]
        assert after[f"back-{index}"] == (page, pytest.approx(x + dx, abs=0.1),
                                          pytest.approx(y + dy, abs=0.1))
        assert after[f"card-{index}"] == before[f"card-{index}"]


def test_duplex_build_writes_a_calibration_sheet(game, tmp_path):
    from publish.model.inputs import Inputs
    from publish.targets import TARGETS
    from publish.targets.base import Work
    from publish.targets.decks import DecksOptions

    decks, work = TARGETS["decks"], Work(REPO, game)
    options = DecksOptions(backs="short-edge", paper="letter")
    job = next(j for j in decks.jobs(work, Inputs(REPO, game), "pt-BR", options)
               if j.key == "calibration")
    rendered = decks.render(work, job)
    (name, pdf), = rendered.files.items()
    (tmp_path / name).write_bytes(pdf)
    reader = PdfReader(tmp_path / name)
    assert name == "calibration-letter-short-edge.pdf" and len(reader.pages) == 2
    assert "--back-offset" in reader.pages[0].extract_text().replace("\n", " ")


def test_cut_guides_run_from_the_paper_edge_along_every_trim_edge(historico_duplex):
    layout = sheet_layout("a4", "poker", 3)
    found = anchors(historico_duplex)
    guides = {name: where for name, where in found.items()
              if name.startswith("guide-") and name.endswith("-p1")}
    xs = sorted({round(x + 0.1, 2) for name, (_, x, _) in guides.items() if "-x-" in name})
    ys = sorted({round(y + 0.1, 2) for name, (_, _, y) in guides.items() if "-y-" in name})
    cards = [found[f"card-{i}"] for i in range(1, 10)]
    edges_x = sorted({round(v, 2) for _, x, _ in cards for v in (x, x + 63)})
    edges_y = sorted({round(v, 2) for _, _, y in cards for v in (y, y + 88)})
    assert xs == pytest.approx(edges_x, abs=0.1) and len(xs) == 6
    assert ys == pytest.approx(edges_y, abs=0.1) and len(ys) == 6
    # lines start at the paper's edge: top margin for x cuts, left margin for y cuts
    starts = [where for name, where in guides.items()]
    assert sum(1 for _, _, y in starts if y == pytest.approx(0, abs=0.05)) == 6
    assert sum(1 for _, x, _ in starts if x == pytest.approx(0, abs=0.05)) == 6
    assert layout.grid.y > 4.5


def test_icons_render_inline_and_unknown_ones_name_the_card(game):
    from publish.model.icons import read_icons
    from publish.model.text import UnknownIcon

    icons = read_icons(game)
    assert {"crise", "revolta", "campo"} <= set(icons)
    card = game.card("064")
    saved = card.blocks
    card.blocks = [TextBlock("direct", "Compre 1 carta :crise: e :revolta: no :campo:.")]
    try:
        with_icons = PdfReader(io.BytesIO(sheets(game, "t", "principal", DeckOptions())))
        card.blocks = [TextBlock("direct", "Compre 1 carta :crse:.")]
        with pytest.raises(UnknownIcon) as info:
            sheets(game, "t", "principal", DeckOptions())
    finally:
        card.blocks = saved
    assert str(info.value).startswith("card 064 (")
    assert "decks/principal.yaml:" in str(info.value)
    assert "unknown icon :crse: (known icons: campo, crise, revolta)" in str(info.value)
    text = with_icons.pages[7].extract_text()  # card 064 is the 64th card: page 8
    assert "Compre I carta" in text and "no campo" not in text  # the token became a picture


def test_each_card_prints_its_bleed_up_to_half_the_gutter(historico_duplex):
    layout = sheet_layout("a4", "poker", 3)
    found = anchors(historico_duplex)
    for index in range(9):
        col, row = index % 3, index // 3
        _, x, y = found[f"bleed-card-{index + 1}"]
        _, tx, ty = found[f"card-{index + 1}"]
        # outer edges keep the full 3 mm; between cards each gets half the gutter
        assert tx - x == pytest.approx(3.0 if col == 0 else layout.gutter_x / 2, abs=0.1)
        assert ty - y == pytest.approx(3.0 if row == 0 else layout.gutter_y / 2, abs=0.1)
    assert layout.gutter_y / 2 == 3.0  # A4: full bleed between rows


def test_decks_print_at_the_games_own_size_unless_told_and_name_only_other_sizes(demo):
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "print: {default_size: tarot, sizes: [tarot]}\n")
    game, _ = load_game(demo, "demo")
    own = DeckOptions(locale="pt-BR").for_game(game)
    assert own.size == "tarot" and deck_file("alpha", own) == "deck-alpha.pdf"
    context = EditionContext.make(demo, game, "pt-BR")
    assert context.style(resolved(context, DeckOptions()).chosen_size).size["w"] == 70.0
    poker = DeckOptions(locale="pt-BR", size="poker").for_game(game)
    assert deck_file("alpha", poker) == "deck-alpha-poker.pdf"


def test_the_game_chooses_the_backs_a_build_prints_and_the_command_line_overrides(game):
    config = game.config.model_copy(update={"print": game.config.print.model_copy(
        update={"backs": "long-edge"})})
    duplex = replace(game, config=config)
    chosen = DeckOptions().for_game(duplex)
    assert chosen.backs == "long-edge" and chosen.suffix == ""  # the game's own: no suffix
    assert DeckOptions(backs="none").for_game(duplex).suffix == "-no-backs"
    assert DeckOptions(backs="fold").for_game(duplex).suffix == "-fold"
    assert DeckOptions().for_game(game).backs == "none"
    assert DeckOptions(backs="long-edge").for_game(game).suffix == "-long-edge"  # as before
    document = sheets(duplex, "historico", "historico", DeckOptions())
    assert len(PdfReader(io.BytesIO(document)).pages) == 10


def layout_of(game, **options):
    """The sheets of the historico deck as data (no layout run): pages and paper."""
    from publish.render.decks import deck_faces, sheet_pages

    context = EditionContext.make(REPO, game, game.config.locales.source)
    spec = SheetSpec("Histórico", ("historico",), DeckOptions(**options))
    return sheet_pages(context, spec, *deck_faces(context, ("historico",)))


def test_letter_takes_eight_poker_cards_landscape_with_full_bleed_or_nine_when_asked(game):
    pages, paper = layout_of(game, paper="letter")
    assert (paper["w"], paper["h"]) == (279.4, 215.9) and len(pages[0].slots) == 8
    for slot in pages[0].slots:
        t, v = slot.trim, slot.visible
        assert min(t.x - v.x, t.y - v.y, v.right - t.right, v.bottom - t.bottom) >= 3 - 1e-9
    pages, paper = layout_of(game, paper="letter", layout="letter-poker-9")
    assert (paper["w"], paper["h"]) == (215.9, 279.4) and len(pages[0].slots) == 9
    assert DeckOptions(paper="letter", layout="letter-poker-9").for_game(game).suffix == \
        "-letter-letter-poker-9"


def test_a_layout_for_other_sheets_is_refused_before_any_layout_run(game):
    from publish.core.problems import OptionError

    with pytest.raises(OptionError, match="--layout letter-poker-9 is for poker cards on "
                                          "letter, not poker cards on a4"):
        layout_of(game, layout="letter-poker-9")


def test_the_fold_on_letter_takes_four_poker_cards_with_full_bleed(game):
    """It took two: the half page kept a guide margin at the fold too."""
    reader = build(game, "historico", backs="fold", paper="letter")
    assert len(reader.pages) == 10  # 40 cards, 4 a page
    found = anchors(reader)
    for index in range(40):
        page, x, y = found[f"card-{index + 1}"]
        _, bx, by = found[f"bleed-card-{index + 1}"]
        back_page, back_x, _ = found[f"back-{index + 1}"]
        assert page == back_page == index // 4
        assert x - bx == pytest.approx(3, abs=0.05) and y - by == pytest.approx(3, abs=0.05)
        assert 279.4 - (back_x + 63) == pytest.approx(x, abs=0.1)
        assert x + 63 + 3 <= 279.4 / 2 + 0.05  # the face's bleed ends at the fold at the latest


def test_sheets_without_their_cards_are_laid_out_again_only_when_what_they_show_changed(
        game, tmp_path, monkeypatch):
    """A card edit changes neither the marks nor what faces are made from: the sheets'
    frame kept from the last build serves, and the deck's bytes are the same."""
    from publish.render import decks
    from publish.render.facedoc import FaceStore

    laid: list[str] = []
    real = decks.render

    def render(html, *args, **kwargs):
        laid.append(args[1])
        return real(html, *args, **kwargs)

    monkeypatch.setattr(decks, "render", render)
    context = EditionContext.make(REPO, game, game.config.locales.source)
    store = FaceStore(tmp_path)
    spec = SheetSpec("Estratégico", ("estrategico",), DeckOptions())

    def made(inputs, forced=False, build="one", spec=spec):
        laid.clear()
        pdf = lay_out_sheets(context, spec, store, inputs, forced, build).pdf
        return pdf, list(laid)

    first, laid_first = made({"code": "a"})
    assert laid_first == ["Estratégico"]  # laid out, and kept
    assert made({"code": "a"}) == (first, [])  # kept: no layout
    assert made({"code": "a"}, forced=True, build="one") == (first, [])  # its own build's
    assert made({"code": "a"}, forced=True, build="two") == (first, ["Estratégico"])
    assert made({"code": "b"})[1] == ["Estratégico"]  # the code changed
    assert made({"code": "b"}, spec=replace(spec, title="Other"))[1] == ["Other"]  # the HTML
    assert made({})[1] == ["Estratégico"]  # no inputs to vouch for what is kept
