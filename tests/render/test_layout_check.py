"""The layout check: each rule fails a small PDF made here to break it, a clean page
passes, and the PDFs both games publish (A4) pass whole."""

from __future__ import annotations

from pathlib import Path

from conftest import REPO
from publish.model.load import load_game
from publish.render.layout_check import check_build, check_pdf, declared_families

FAMILIES = ["Vollkorn", "League Spartan"]
PROSE = ("The harbour keeps its lamps lit through the long winter, and every crew that "
         "comes home reads the tide tables twice before it sails again. ")


def pdf(tmp_path: Path, body: str, style: str = "", page: str = "size: A5; margin: 15mm"
        ) -> Path:
    """A PDF of ``body`` set in the fonts we ship, written into ``tmp_path``."""
    from weasyprint import HTML

    fonts = (REPO / "templates" / "_common" / "fonts.css").read_text("utf-8")
    html = (f"<html lang='en'><style>{fonts} @page {{ {page} }} "
            f"body {{ font: 10pt/1.4 'Vollkorn'; }} h2 {{ font: 700 14pt 'League Spartan'; }} "
            f"{style}</style><body>{body}</body></html>")
    path = tmp_path / "test.pdf"
    HTML(string=html, base_url=str(REPO)).write_pdf(path)
    return path


def rules(findings) -> set[str]:
    return {finding.rule for finding in findings}


def test_a_clean_page_has_no_finding(tmp_path):
    path = pdf(tmp_path, f"<h2>Tides</h2><p style='max-width: 95mm'>{PROSE * 3}</p>")
    assert check_pdf(path, FAMILIES, ["Harbour Lamp"]) == []


def test_a_heading_at_the_foot_of_a_page_fails(tmp_path):
    filler = "".join(f"<p>{PROSE}</p>" for _ in range(11))
    path = pdf(tmp_path, f"<div style='height: 150mm'></div><h2>Stranded</h2><p>One line.</p>"
                         f"<div style='break-before: page'>{filler}</div>",
               "p { max-width: 95mm; }")
    found = [f for f in check_pdf(path, FAMILIES) if f.rule == "heading-at-foot"]
    assert found and found[0].page == 1 and "Stranded" in found[0].where


def test_a_hyphenated_name_fails(tmp_path):
    body = "<p style='width: 24mm; hyphens: auto'>Play the Extraordinary Lighthouse now.</p>"
    path = pdf(tmp_path, body)
    assert "hyphenated-name" in rules(check_pdf(path, FAMILIES, ["Extraordinary Lighthouse"]))
    assert "hyphenated-name" not in rules(check_pdf(path, FAMILIES, ["Harbour Lamp"]))


def test_a_glyph_from_a_fallback_font_fails(tmp_path):
    path = pdf(tmp_path, "<p>Log: <code>A1 (0) +2</code> and <b style=\"font-family: "
                         "'League Spartan'\">anti\u2010hero</b></p>")
    found = [f for f in check_pdf(path, ["Vollkorn"]) if f.rule == "fallback-font"]
    assert found and "not a declared font" in found[0].where
    assert "fallback-font" not in rules(check_pdf(path, [], []))  # no families: not checked


def test_a_table_split_without_its_header_fails(tmp_path):
    rows = "".join(f"<tr><td>Row {i}</td><td>{PROSE[:60]}</td></tr>" for i in range(30))
    style = ("td { border-bottom: 0.3mm solid #000; padding: 2mm; } "
             "table { border-collapse: collapse; }")
    bare = pdf(tmp_path, f"<table>{rows}</table>", style)
    assert "split-table" in rules(check_pdf(bare, FAMILIES))
    head = "<thead><tr><th>Row</th><th>Text</th></tr></thead>"
    style += " th { border-bottom: 0.5mm solid #000; }"
    headed = pdf(tmp_path, f"<table>{head}<tbody>{rows}</tbody></table>", style)
    assert "split-table" not in rules(check_pdf(headed, FAMILIES))


def test_text_overflowing_a_box_fails(tmp_path):
    off_page = pdf(tmp_path, f"<p style='white-space: nowrap'>{PROSE}</p>")
    assert "outside-page" in rules(check_pdf(off_page, FAMILIES))
    clipped = pdf(tmp_path, f"<div style='width: 40mm; overflow: hidden'>"
                            f"<p style='white-space: nowrap'>{PROSE[:70]}</p></div>")
    assert "clipped" in rules(check_pdf(clipped, FAMILIES))
    style = ("td { border-bottom: 0.3mm solid #000; width: 30mm; } "
             "table { border-collapse: collapse; table-layout: fixed; width: 90mm; }")
    cell = pdf(tmp_path, "<table><tr><td><span style='white-space: nowrap'>THE VANGUARD OF "
                         "THE PROLETARIAT</span></td><td>Effect</td><td>Notes</td></tr></table>",
               style)
    assert "cell-overflow" in rules(check_pdf(cell, FAMILIES))


def test_a_long_measure_fails(tmp_path):
    path = pdf(tmp_path, f"<p>{PROSE * 8}</p>", page="size: A4; margin: 10mm")
    found = [f for f in check_pdf(path, FAMILIES) if f.rule == "measure"]
    assert found and "over 90 characters" in found[0].where


def test_leader_dots_are_no_reading_matter(tmp_path):
    """A contents line's leader dots neither make a long measure nor the body's font (the
    contents of a Japanese manual are the lines of Latin glyphs in it)."""
    leaders = "".join(f"<p style='font-size: 9pt'>Chapter {i} {'. ' * 60} {i}</p>"
                      for i in range(30))
    path = pdf(tmp_path, f"{leaders}<p style='max-width: 95mm'>{PROSE * 3}</p>",
               page="size: A4; margin: 10mm")
    assert "measure" not in rules(check_pdf(path, FAMILIES))


def test_a_heading_whose_accent_rises_above_it_is_measured_whole(tmp_path):
    """"Índice" at the top of a page with two lines under it: its accent rises above the
    heading's top, which must not leave the heading line out and count one line too few."""
    path = pdf(tmp_path, "<h2>Índice remissivo</h2><p>Draw 4</p><p>Gain 4</p>"
                         "<p style='break-before: page'>Colophon</p>",
               "h2 { font: 700 22pt/1.05 'League Spartan'; margin: 0; }")
    assert "heading-at-foot" not in rules(check_pdf(path, FAMILIES))


def test_a_short_word_broken_at_a_line_end_fails(tmp_path):
    path = pdf(tmp_path, "<p style='width: 9mm; hyphens: auto'>reading reading</p>")
    assert "short-word-broken" in rules(check_pdf(path, FAMILIES))


def test_the_templates_declare_the_fonts_we_ship():
    assert declared_families(REPO, "agencia") == ["League Spartan", "Vollkorn"]


def published_pdfs_pass_the_layout_check(project: Path, game_id: str) -> None:
    game, problems = load_game(project, game_id)
    assert not problems
    build = project / "build" / game_id
    assert list(build.rglob("*.pdf"))
    assert [str(finding) for finding in check_build(build, game)] == []


def test_agencias_published_pdfs_pass_the_layout_check(agencia_editions):
    """Every PDF the session built of Agência: its manual and summaries in both editions,
    A4 only, to keep the time modest (and its English decks when their tests ran first)."""
    published_pdfs_pass_the_layout_check(agencia_editions, "agencia")


def test_harbourlights_published_pdfs_pass_the_layout_check(harbourlight_built):
    """Every PDF of Harbourlight built whole."""
    published_pdfs_pass_the_layout_check(harbourlight_built, "harbourlight")
