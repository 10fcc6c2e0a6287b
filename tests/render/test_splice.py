"""Pages laid out alone, put back into the PDF they came from; PDFs joined."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import REPO, copy_game, run
from pdffonts import declared_version, font_kinds, subset_clashes
from publish.render.pdf import render, write_pdf
from publish.render.splice import SpliceError, canonical, join_pdfs, replace_pages
from publish.render.subsets import GlyphSeed, glyph_seed

FONTS = (REPO / "templates" / "_common" / "fonts.css").read_text(encoding="utf-8")


def pdf(*pages: str, size: str = "A6") -> bytes:
    body = "".join(f'<p style="break-after: page">{text}</p>' for text in pages)
    html = (f"<style>{FONTS} @page {{ size: {size}; }} body {{ font-family: Vollkorn }}</style>"
            f"<p id='top'></p>{body}")
    return write_pdf(render(html, REPO, "test", [REPO]), "test")


def texts(data: bytes) -> list[str]:
    return [page.extract_text().strip() for page in PdfReader(io.BytesIO(data)).pages]


def fonts(data: bytes) -> set[int]:
    reader = PdfReader(io.BytesIO(data))
    return {ref.idnum for page in reader.pages
            for ref in page["/Resources"].get("/Font", {}).values()}


def test_the_new_drawing_takes_the_old_pages_place_and_its_fonts_are_reused():
    old = pdf("alpha", "beta", "gamma")
    new = replace_pages(old, pdf("beat"), [1])
    assert texts(new) == ["alpha", "beat", "gamma"]
    assert len(fonts(new)) == len(fonts(old))  # "beat" needs no glyph the PDF lacks
    assert PdfReader(io.BytesIO(new)).named_destinations.keys() == \
        PdfReader(io.BytesIO(old)).named_destinations.keys()


def test_a_page_drawing_glyphs_the_subset_lacks_laid_out_unseeded_is_refused():
    """A forced build embeds one subset of each font, holding the glyphs its pages draw: a
    page kept with a subset of its own would not be its bytes."""
    with pytest.raises(SpliceError, match="the fonts change"):
        replace_pages(pdf("aaa", "bbb"), pdf("xyz"), [1])


def seeded(*pages: str, seed: GlyphSeed) -> bytes:
    body = "".join(f'<p style="break-after: page">{text}</p>' for text in pages)
    html = (f"<style>{FONTS} @page {{ size: A6; }} body {{ font-family: Vollkorn }} "
            f"b {{ font-family: 'League Spartan'; font-weight: 700 }}</style>"
            f"<p id='top'></p>{body}")
    return write_pdf(render(html, REPO, "test", [REPO]), "test", seed=seed)


@pytest.mark.parametrize("pages, at, new", [
    (("aaa", "bbb"), 1, "xyz"),  # glyphs the subset lacks
    (("aaa", "bbb"), 1, "aaa"),  # the last b gone
    (("alpha", "beta", "gamma"), 0, "Ágata <b>Qx</b>"),  # and a font the PDF did not use
    (("alpha <b>bold</b>", "beta", "gamma"), 0, "alpha"),  # a font's last use gone
    (("alpha", "beta <b>bold</b>", "<b>gam</b> ma"), 2, "<b>gamma</b> ωμέγα"),
])
def test_a_page_laid_out_seeded_with_the_other_pages_glyphs_splices_into_the_whole_bytes(
        pages, at, new):
    """Told which glyphs the other pages draw with each font (their widths and text), the
    page laid out alone embeds the subset the whole PDF would: spliced in, the PDF is the
    bytes of the same pages laid out whole, and so is the edit reverted."""
    whole = canonical(seeded(*pages, seed={}))
    others = set(range(len(pages))) - {at}
    edited = replace_pages(whole, seeded(new, seed=glyph_seed(whole, others)), [at])
    expected = list(pages)
    expected[at] = new
    assert edited == canonical(seeded(*expected, seed={}))
    assert replace_pages(edited, seeded(pages[at], seed=glyph_seed(edited, others)),
                         [at]) == whole


def test_a_page_that_no_longer_draws_a_font_others_still_draw_with_fewer_glyphs_is_refused():
    """The page laid out alone brings no subset of a font it does not draw, so the kept one,
    with glyphs only the old page drew, cannot be made the whole layout's: laid out whole."""
    whole = canonical(seeded("alpha", "<b>ab</b>", "<b>xyz</b>", seed={}))
    with pytest.raises(SpliceError, match="League-Spartan-Bold"):
        replace_pages(whole, seeded("xyz", seed=glyph_seed(whole, {0, 1})), [2])


def test_a_seed_lists_what_the_other_pages_draw_with_each_font_and_nothing_else():
    seed = glyph_seed(pdf("ab", "cd"), {1})
    [(name, glyphs)] = seed.items()
    assert name.endswith("+Vollkorn")
    assert sorted(text for _, text in glyphs.values()) == ["c", "d"]
    assert all(width > 0 for width, _ in glyphs.values())


def test_pages_of_another_size_or_number_are_refused():
    old = pdf("alpha", "beta")
    with pytest.raises(SpliceError, match="MediaBox"):
        replace_pages(old, pdf("beta", size="A5"), [1])
    with pytest.raises(SpliceError, match="2 new pages for 1 places"):
        replace_pages(old, pdf("x", "y"), [1])
    with pytest.raises(SpliceError, match="not distinct pages"):
        replace_pages(old, pdf("x"), [5])


def test_joined_pdfs_keep_their_pages_in_order_and_the_given_title():
    joined = join_pdfs([pdf("one", "two"), pdf("three")], "All")
    assert texts(joined) == ["one", "two", "three"]
    assert PdfReader(io.BytesIO(joined)).metadata.title == "All"


def test_joined_pdfs_give_each_subset_of_a_font_a_tag_of_its_own():
    """Each part tags its subset of Vollkorn alike: joined, one tag would name two different
    subsets (ISO 32000-1, 9.6.4)."""
    parts = [pdf("alpha"), pdf("zyxwvu")]  # no glyph in common: two subsets of Vollkorn
    assert subset_clashes(join_pdfs(parts + parts)) == {}
    assert subset_clashes(join_pdfs(parts)) == {}
    assert texts(join_pdfs(parts)) == ["alpha", "zyxwvu"]


def test_pdfs_written_by_save_join_without_a_second_pass_into_the_same_bytes():
    """Parts as publish writes them (canonical: resources pruned, font maps sorted) need not
    be pruned again once joined: the bytes are those of a join that prunes them."""
    parts = [canonical(pdf("alpha", "<b style='font-family: League Spartan'>beta</b>")),
             canonical(pdf("zyxwvu")), canonical(pdf("alpha"))]
    assert join_pdfs(parts, "All", saved=True) == join_pdfs(parts, "All")
    # WeasyPrint's own files name every font on every page: they are pruned when joined
    raw = [pdf("one", "<b style='font-family: League Spartan'>two</b>")]
    assert join_pdfs(raw) != join_pdfs(raw, saved=True)
    assert join_pdfs(raw) == join_pdfs([canonical(raw[0])], saved=True)


def test_a_joined_pdf_with_opentype_font_files_declares_version_1_6():
    spartan = pdf('<b style="font-family: League Spartan">Title</b>')
    joined = join_pdfs([spartan, pdf("plain")])
    assert "FontFile3/OpenType" in font_kinds(joined)
    assert declared_version(joined) >= (1, 6)


def test_a_pdf_laid_out_whole_keeps_its_version_and_tags():
    laid_out = pdf("alpha", '<b style="font-family: League Spartan">Title</b>')
    assert canonical(laid_out)[:9] == laid_out[:9]  # WeasyPrint's %PDF-1.7
    assert subset_clashes(canonical(laid_out)) == {}


# reproducible: a spliced PDF is the bytes of one laid out whole --------------------------------


def test_a_page_spliced_out_and_back_gives_the_bytes_of_the_pdf_laid_out_whole():
    whole = canonical(pdf("alpha", "beta", "gamma"))
    edited = replace_pages(whole, pdf("abet"), [1])
    assert edited != whole
    assert replace_pages(edited, pdf("beta"), [1]) == whole


def test_a_spliced_pdf_is_the_bytes_of_the_same_pages_laid_out_whole():
    """The kept subsets list their glyphs in the order the old PDF first drew them (here a,
    l, p, h); laid out whole, the new one draws a, h, p, l: the maps are written sorted."""
    whole = canonical(pdf("alpha", "beta", "gamma"))
    assert replace_pages(whole, pdf("ahpla"), [0]) == canonical(pdf("ahpla", "beta", "gamma"))


def test_pages_whose_drawings_weasyprint_numbers_over_the_document_splice_back_to_its_bytes():
    """Translucent boxes are drawn as groups named x0, x1 … over the whole document, and
    their soft masks as states s0, s1 …: the last page laid out alone names its group x0,
    laid out with the others x2.  Spliced back, it is the bytes of the PDF laid out whole."""
    faded = '<span style="opacity: 0.5; background: #c33">{}</span>'
    pages = [faded.format(word) for word in ("alpha", "beta", "gamma")]
    whole = canonical(pdf(*pages))
    edited = replace_pages(whole, pdf(faded.format("mage")), [2])
    assert texts(edited) == ["alpha", "beta", "mage"]
    assert edited == canonical(pdf(*pages[:2], faded.format("mage")))
    assert replace_pages(edited, pdf(pages[2]), [2]) == whole


def test_each_drawing_keeps_only_the_resources_it_calls_named_in_the_order_it_calls_them():
    import pikepdf

    faded = '<span style="opacity: 0.5">{}</span>'
    with pikepdf.open(io.BytesIO(canonical(pdf(*(faded.format(w) for w in "abc"))))) as doc:
        for page in doc.pages:
            assert sorted(page.Resources.get("/XObject", {}).keys()) == ["/x0"]
            assert b"/x0 Do" in page.Contents.read_bytes()
            group = page.Resources.XObject.x0
            assert set(group.Resources.keys()) <= {"/ExtGState", "/Font", "/XObject"}


def test_the_file_identifier_comes_from_the_contents_not_from_an_earlier_file():
    import pikepdf

    whole = canonical(pdf("alpha", "beta"))
    with pikepdf.open(io.BytesIO(whole)) as document:
        document.trailer.ID = pikepdf.Array([pikepdf.String(b"x" * 16)] * 2)
        stale = io.BytesIO()
        document.save(stale)
    assert canonical(stale.getvalue()) == whole
    assert canonical(whole) == whole


def build_all(project: Path, *more: str):
    """`publish build` (every default output; a named target is always forced)."""
    result = run("build", "--project", str(project), "--game", "demo", "--jobs", "1", *more)
    assert result.exit_code == 0, result.output
    return result.output


def outputs(project: Path) -> dict[str, bytes]:
    folder = project / "build" / "demo"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.parts)}


def test_a_build_after_an_edit_and_its_revert_is_byte_identical_to_a_forced_build(
        demo_docs, monkeypatch):
    """Decks and print-shop PDFs (pages spliced into the previous PDF), the joined decks and
    the manual, after each edit of a name and after it is restored: the bytes of `publish
    build --force` of the same sources. The first edit draws only glyphs the fonts' subsets
    hold, in another order (the subsets are kept, their ToUnicode maps sorted); the others
    draw new glyphs (the face is laid out seeded with the others' glyphs, its subsets
    serving every page)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    original = deck.read_text(encoding="utf-8")
    build_all(demo_docs, "--force")
    forced = outputs(demo_docs)
    assert any(name.startswith("pt-BR/printshop/") for name in forced)
    for edit in ("name: Arpeira Prim", "name: Primeira Qxwz", "name: Primeira jk"):
        deck.write_text(original.replace("name: Primeira", edit), encoding="utf-8")
        assert "only the pages showing 001" in build_all(demo_docs)
        spliced = outputs(demo_docs)
        assert spliced != forced
        for paged in ("decks", "printshop"):  # a named target is laid out whole
            assert run("build", paged, "--project", str(demo_docs), "--game", "demo",
                       "--jobs", "1").exit_code == 0
        assert [n for n in spliced if outputs(demo_docs).get(n) != spliced[n]] == [], edit
    deck.write_text(original, encoding="utf-8")
    build_all(demo_docs)
    assert outputs(demo_docs) == forced


@pytest.mark.long
@pytest.mark.parametrize(("game", "deck", "name"), [
    ("agencia", "principal", "Oligarquia latifundiária"),
    ("harbourlight", "market", "Lamp Tender"),
])
def test_the_real_games_after_an_edit_and_its_revert_are_byte_identical_to_a_forced_build(
        tmp_path, monkeypatch, game, deck, name):
    """Every output of the source edition of each game of the repository (minutes: outside
    `make test`, which holds the demo's form of this above; `pytest -m long`)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    project = copy_game(tmp_path, game)
    shutil.copytree(REPO / "fonts", project / "fonts")
    source = project / "cards" / game / "decks" / f"{deck}.yaml"
    original = source.read_text(encoding="utf-8")
    folder = project / "build" / game

    def build(*more: str) -> dict[str, bytes]:
        result = run("build", "--project", str(project), "--game", game, *more)
        assert result.exit_code == 0, result.output
        return {p.relative_to(folder).as_posix(): p.read_bytes()
                for p in sorted(folder.rglob("*")) if p.is_file()
                and not any(part.startswith(".") for part in p.parts)}

    forced = build("--force")
    source.write_text(original.replace(f"name: {name}", f"name: {name} Qxwz", 1),
                      encoding="utf-8")
    assert build() != forced
    source.write_text(original, encoding="utf-8")
    after = build()
    assert [n for n in forced if after.get(n) != forced[n]] == []
