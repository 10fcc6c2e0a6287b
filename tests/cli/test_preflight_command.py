"""`publish preflight FILES...`: one located line per problem, exit 1; clean files exit 0."""

from __future__ import annotations

from conftest import run
from printfiles import card_pdf, picture

X1A = ["--trim", "63.5x88.9", "--bleed", "3.175", "--cmyk", "--variant", "pdf/x-1a",
       "--ink-limit", "240"]


def test_clean_files_exit_0_and_say_so(tmp_path):
    card = card_pdf(tmp_path / "card.pdf")
    result = run("preflight", str(card), *X1A)
    assert (result.exit_code, result.output) == (0, "preflight: 1 file(s), 0 problem(s)\n")


def test_each_problem_is_one_located_line_and_the_exit_is_1(tmp_path):
    card = card_pdf(tmp_path / "card.pdf", b"1 1 1 1 k 0 0 50 50 re f", intent=False)
    png = picture(tmp_path / "card-002.png", (825, 1125))
    result = run("preflight", str(card), str(png), *X1A, "--pixels", "822x1122")
    lines = result.output.splitlines()
    assert result.exit_code == 1
    assert lines[0] == (f"{card}: 0 PDF/X output intents (GTS_PDFX), expected exactly one")
    assert lines[1].startswith(f"{card}, page 1 (card 001): total ink reaches 400.0 %, over the "
                               "limit of 240 %, between ")
    assert lines[2:] == [f"{png}, page 1: 825 x 1125 px, expected 822 x 1122 px",
                         f"{png}, page 1: colour mode RGB, expected CMYK",
                         "preflight: 2 file(s), 4 problem(s)"]


def test_a_wrong_option_is_said_without_a_traceback(tmp_path):
    card = card_pdf(tmp_path / "card.pdf")
    result = run("preflight", str(card), "--trim", "63.5")
    assert result.exit_code == 2
    assert "'63.5' is not a size: give WIDTHxHEIGHT in mm, e.g. 63.5x88.9" in result.output
    result = run("preflight", str(card), "--variant", "pdf/x-1a")
    assert (result.exit_code, result.output) == (
        2, "preflight: PDF/X-1a holds CMYK (and grey and spot) colour only: expect cmyk with "
           "it (--cmyk)\n")
