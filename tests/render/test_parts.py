"""A document in parts: links between parts, bookmarks, the kept parts."""

from __future__ import annotations

import pytest

from conftest import REPO
from pdftext import bookmarks, internal_links
from publish.render.parts import keep_only, lay_out, references, stub_links
from publish.render.pdf import RenderError
from publish.render.splice import join_pdfs

FONTS = (REPO / "templates" / "_common" / "fonts.css").read_text(encoding="utf-8")


def html(body: str) -> str:
    return (f"<html><head><style>{FONTS} @page {{ size: A6 }} body {{ font-family: Vollkorn }}"
            f"</style></head><body>{body}</body></html>")


def test_links_to_other_parts_get_stubs_and_links_to_nowhere_are_refused():
    page = html('<h1 id="a">A</h1><a href="#a">self</a> <a href="#b">other</a>')
    assert references(page) == ({"a"}, {"a", "b"})
    stubbed, stubs = stub_links(page, {"b"}, "part one")
    assert stubs == {"b"} and '<span id="b"' in stubbed and stubbed.endswith("</body></html>")
    with pytest.raises(RenderError, match="part one: links to anchors no part has: #b"):
        stub_links(page, set(), "part one")


def test_joined_parts_link_across_and_nest_the_bookmarks_of_a_continuing_part(tmp_path):
    sources = [html('<h1 id="one">One</h1><p><a href="#three">to three</a></p>'),
               html('<h1 id="two">Two</h1><p>text</p>'),
               html('<h2 id="three">Three</h2><p><a href="#one">to one</a></p>')]
    ids = [references(s)[0] for s in sources]
    parts = []
    for i, source in enumerate(sources):
        elsewhere = set().union(*(x for j, x in enumerate(ids) if j != i))
        stubbed, stubs = stub_links(source, elsewhere, f"part {i}")
        parts.append((lay_out(stubbed, REPO, f"part {i}", [REPO]), stubs))
    path = tmp_path / "joined.pdf"
    path.write_bytes(join_pdfs([laid.pdf for laid, _ in parts],
                               stubs=[stubs for _, stubs in parts], continuing={2}))
    assert bookmarks(path) == [(0, "One", 1), (0, "Two", 2), (1, "Three", 3)]
    assert sorted(internal_links(path)) == [(1, "three", 3), (3, "one", 1)]


def test_a_part_is_laid_out_once_and_the_cache_keeps_only_the_last_parts(tmp_path,
                                                                        monkeypatch):
    from publish.render import pdf as pdf_module

    calls = []
    original = pdf_module.render
    monkeypatch.setattr(pdf_module, "render",
                        lambda *a: calls.append(a[2]) or original(*a))
    first, second = html("<p>one</p>"), html("<p>two</p>")
    a = lay_out(first, REPO, "first", [REPO], tmp_path)
    assert lay_out(first, REPO, "first", [REPO], tmp_path) == a and calls == ["first"]
    lay_out(second, REPO, "second", [REPO], tmp_path)
    keep_only(tmp_path, [second])
    assert len(list(tmp_path.glob("*.pdf"))) == 1
    lay_out(first, REPO, "first", [REPO], tmp_path)
    assert calls == ["first", "second", "first"]


