"""`publish lint`: the layout check as a command, over named PDFs or a game's build folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO
from publish.cli.main import main

FONTS = (REPO / "templates" / "_common" / "fonts.css").read_text("utf-8")


def write_pdf(path: Path, body: str, style: str = "") -> Path:
    """A small A6 PDF of ``body`` in the fonts we ship."""
    from weasyprint import HTML

    html = (f"<html lang='en'><style>{FONTS} @page {{ size: A6; margin: 10mm }} "
            f"body {{ font: 10pt/1.4 'Vollkorn'; }} {style}</style><body>{body}</body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    HTML(string=html, base_url=str(REPO)).write_pdf(path)
    return path


def lint(*args: str, cwd: Path | None = None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(main, ["lint", *args])
    with runner.isolated_filesystem(temp_dir=cwd):
        return runner.invoke(main, ["lint", *args])


CLEAN = "<p>The lamps are lit at dusk.</p>"
OVERFLOW = ("<p style='white-space: nowrap'>A line that will not wrap runs on far past the "
            "right edge of this small page and out of the paper.</p>")


def test_a_clean_pdf_passes_and_a_bad_one_is_found_by_page_and_rule(tmp_path):
    clean = write_pdf(tmp_path / "clean.pdf", CLEAN)
    bad = write_pdf(tmp_path / "bad.pdf", CLEAN + "<div style='break-before: page'>"
                                                  + OVERFLOW + "</div>")
    result = lint(str(clean))
    assert result.exit_code == 0, result.output
    assert "1 PDF, no finding" in result.output
    result = lint(str(clean), str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2: outside-page:" in result.output
    assert f"{clean}:1:" not in result.output
    assert "in 1 of 2 PDFs" in result.output


def test_the_font_rule_runs_only_with_fonts_named_for_a_pdf_of_no_game(tmp_path):
    odd = write_pdf(tmp_path / "odd.pdf", "<p style=\"font-family: 'DejaVu Sans'\">Lamps</p>")
    result = lint(str(odd))
    assert result.exit_code == 0 and "fallback-font rule left out for 1 PDF" in result.output
    result = lint(str(odd), "--font", "Vollkorn")
    assert result.exit_code == 1 and "fallback-font" in result.output


def test_a_folder_is_read_whole_but_its_hidden_working_folders(tmp_path):
    write_pdf(tmp_path / "out" / "a.pdf", CLEAN)
    write_pdf(tmp_path / "out" / ".parts" / "b.pdf", OVERFLOW)
    result = lint(str(tmp_path / "out"))
    assert result.exit_code == 0 and "1 PDF, no finding" in result.output


@pytest.mark.parametrize(("content", "said"), [
    (b"PK\x03\x04 not a pdf", "not a PDF"),
    (b"%PDF-1.7\n1 0 obj garbage", "pdfium cannot read it"),
])
def test_a_file_that_is_no_pdf_is_named_without_a_traceback(tmp_path, content, said):
    path = tmp_path / "broken.pdf"
    path.write_bytes(content)
    result = lint(str(path))
    assert result.exit_code == 1
    assert f"{path}: {said}" in result.output and "Traceback" not in result.output


def test_a_missing_path_is_named(tmp_path):
    result = lint(str(tmp_path / "nowhere.pdf"))
    assert result.exit_code == 1 and "nowhere.pdf: no such file or folder" in result.output


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of Harbourlight's project, with no build yet."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(REPO / "cards" / "harbourlight", root / "cards" / "harbourlight")
    shutil.copytree(REPO / "templates", root / "templates")
    return root


def test_with_no_path_it_reads_the_games_build_folder_with_its_fonts(project):
    result = lint("--project", str(project))
    assert result.exit_code == 1 and "nothing built yet; run `publish build` first" in (
        result.output)
    edition = project / "build" / "harbourlight" / "en"
    write_pdf(edition / "summary.pdf", CLEAN)
    write_pdf(edition / "manual.pdf", "<p style=\"font-family: 'DejaVu Sans'\">Lamps</p>")
    write_pdf(edition / ".manual-parts" / "part.pdf", OVERFLOW)
    result = lint("--project", str(project))
    assert result.exit_code == 1, result.output
    assert f"{edition / 'manual.pdf'}:1: fallback-font:" in result.output
    assert "2 PDFs" in result.output and ".manual-parts" not in result.output
    named = lint("--project", str(project), str(edition / "manual.pdf"))
    assert named.exit_code == 1 and "fallback-font" in named.output  # the game's fonts
    result = lint("--project", str(project), "--locale", "fr")
    assert result.exit_code == 1 and "harbourlight has no such edition (editions: en)" in (
        result.output)


def test_it_finds_the_fallback_glyph_a_french_heading_brings_into_a_new_games_manual(tmp_path):
    """League Spartan, the headings' face, has no non-breaking hyphen (U+2011) nor arrow
    (U+2192): a French heading with them is set in a fallback font, which only the PDF
    shows."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    made = CliRunner().invoke(main, ["new", "lune", "--locale", "fr", "--project", str(root)])
    assert made.exit_code == 0, made.output
    shutil.copytree(REPO / "templates" / "_common", root / "templates" / "_common")
    shutil.copytree(REPO / "fonts", root / "fonts")
    chapter = next((root / "cards" / "lune" / "rules" / "fr").glob("01-*.md"))
    text = chapter.read_text("utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    chapter.write_text(text.replace(heading, "## Votre tour\u2011de\u2011jeu \u2192 la fin"),
                       "utf-8")
    built = CliRunner().invoke(main, ["build", "--project", str(root), "--game", "lune",
                                      "manual"])
    assert built.exit_code == 0, built.output
    result = lint("--project", str(root), "--game", "lune")
    assert result.exit_code == 1, result.output
    manual = root / "build" / "lune" / "fr" / "manual.pdf"
    found = [line for line in result.output.splitlines()
             if line.startswith(f"{manual}:") and ": fallback-font: " in line]
    assert len(found) == 1 and "U+2011" in found[0] and "U+2192" in found[0], result.output


def test_a_new_games_box_sheets_and_calibration_sheet_pass_the_check(tmp_path):
    """Our own sheets' words (the tuck box's legend, the duplex calibration note) are set
    at a measure the check holds body text to: they once ran 99 and 132 characters a line."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    made = CliRunner().invoke(main, ["new", "lanterns", "--project", str(root)])
    assert made.exit_code == 0, made.output
    shutil.copytree(REPO / "templates" / "_common", root / "templates" / "_common")
    shutil.copytree(REPO / "fonts", root / "fonts")
    for target in (["box"], ["decks", "--backs", "long-edge"]):
        built = CliRunner().invoke(main, ["build", "--project", str(root), "--game",
                                          "lanterns", "--jobs", "1", *target])
        assert built.exit_code == 0, built.output
    edition = root / "build" / "lanterns" / "en"
    sheets = [edition / "box-main.pdf", edition / "calibration-a4-long-edge.pdf"]
    result = lint("--project", str(root), "--game", "lanterns", *map(str, sheets))
    assert result.exit_code == 0, result.output
    assert "2 PDFs, no finding" in result.output
