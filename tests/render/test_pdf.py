"""HTML to PDF: a document over the HTML a build may lay out is refused before WeasyPrint
reads it."""

from __future__ import annotations

import pytest

from publish.render import pdf


def test_html_over_the_limit_is_refused_before_it_is_laid_out(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf, "MAX_HTML", 1000)
    with pytest.raises(pdf.RenderError) as refused:
        pdf.render("<p>" + "x" * 2000 + "</p>", tmp_path, "deck alpha (pt-BR)", [tmp_path])
    assert str(refused.value) == (
        "deck alpha (pt-BR): its templates made 2,007 characters of HTML, over the 1,000 a "
        "document may have (publish.render.pdf.MAX_HTML): see what in them repeats so much")


def test_a_warning_at_a_position_of_a_style_element_names_the_template_line(tmp_path):
    templates = tmp_path / "templates" / "g"
    templates.mkdir(parents=True)
    (templates / "cards.css.j2").write_text(".name { font-size: 9pt; }\n.name { colr: red; }\n")
    html = "<style>\nbody { margin: 0 }\n.name { colr: red; }\n</style><p class=name>x</p>"
    with pytest.raises(pdf.RenderError) as refused:
        pdf.render(html, tmp_path, "deck main (en)", [templates])
    assert str(refused.value) == (
        "deck main (en): Ignored `colr: red` at 3:9, unknown property. (line 3 of the "
        "document's <style> element 1: .name { colr: red; }; written at "
        "templates/g/cards.css.j2:2)")


def test_a_warning_in_a_stylesheet_file_or_a_style_attribute_says_which(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "extra.css").write_text("p {\n  colr: red;\n}\n")
    html = ('<link rel="stylesheet" href="templates/extra.css">'
            '<p style="colour: blue">x</p>')
    with pytest.raises(pdf.RenderError) as refused:
        pdf.render(html, tmp_path, "t", [tmp_path / "templates"])
    said = str(refused.value)
    assert "Ignored `colr: red` at 2:3, unknown property. (in templates/extra.css)" in said
    assert "Ignored `colour: blue` at 1:1, unknown property. (in a style attribute of the " \
           "document's HTML)" in said
