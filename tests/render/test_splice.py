"""Pages laid out alone, put back into the PDF they came from; PDFs joined."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from conftest import REPO
from publish.render.pdf import render, write_pdf
from publish.render.splice import SpliceError, join_pdfs, replace_pages

FONTS = (REPO / "templates" / "_common" / "fonts.css").read_text(encoding="utf-8")


def pdf(*pages: str, size: str = "A6") -> bytes:
    body = "".join(f'<p style="break-after: page">{text}</p>' for text in pages)
    html = (f"<style>{FONTS} @page {{ size: {size}; }} body {{ font-family: Vollkorn }}</style>"
            f"<p id='top'></p>{body}")
    return write_pdf(render(html, REPO, "test"), "test")


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


def test_a_page_with_new_glyphs_keeps_its_own_font():
    old = pdf("aaa", "bbb")
    new = replace_pages(old, pdf("xyz"), [1])
    assert texts(new) == ["aaa", "xyz"]
    assert len(fonts(new)) == len(fonts(old)) + 1


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
