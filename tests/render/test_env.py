"""The Jinja environment's filters: text set into a style sheet is escaped for CSS, once."""

from __future__ import annotations

from markupsafe import Markup

from conftest import run
from pdftext import page_texts
from publish.render.env import css_string


def test_a_css_string_escapes_what_could_end_it_and_nothing_as_html():
    assert css_string("Ratos & Homens") == "Ratos \\26  Homens"
    assert css_string('a"b\\c\n</style>') == "a\\22 b\\5c c\\a \\3c \\2f style\\3e "
    assert css_string("Agência · Regras") == "Agência \\b7  Regras"
    assert css_string(Markup("R &amp; H")) == "R \\26  H"  # escaped once, not twice


def test_the_running_head_prints_the_game_name_as_typed_in_capitals(demo_docs):
    game = demo_docs / "cards" / "demo" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "name: Demo", 'name: "Ratos & <b>Homens</b>"', 1), encoding="utf-8")
    result = run("build", "manual", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 0, result.output
    pages = page_texts(demo_docs / "build" / "demo" / "pt-BR" / "manual.pdf")
    heads = [page for page in pages[1:] if "MANUAL COMPLETO" in page]
    assert heads and all("RATOS & <B>HOMENS</B> · MANUAL COMPLETO" in page for page in heads)
    assert not any("&AMP;" in page or "&amp;" in page for page in pages)
