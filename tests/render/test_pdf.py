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
