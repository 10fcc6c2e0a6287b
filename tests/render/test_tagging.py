"""publish.render.tagging: card faces made Figures, header cells scoped, parts joined into one
structure tree, and a picture without a text alternative refused."""

from __future__ import annotations

import io

import pikepdf
import pytest

from publish.render.pdf import write_pdf
from publish.render.splice import join_pdfs, tagged
from publish.render.tagging import TaggingError, alternatives, elements, text_of, titled

STAR = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>'


def _tagged(body: str, faces: list[str] | None = None) -> bytes:
    from weasyprint import HTML

    html = f'<html lang="en"><head><title>T</title></head><body>{body}</body></html>'
    document = HTML(string=html).render()
    written = write_pdf(document, "test", tagged=True)
    return tagged(written, alternatives(html) if faces is None else faces, "test")


def _elements(pdf: bytes, kind: str) -> list[pikepdf.Dictionary]:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return [pikepdf.Dictionary(dict(e.items())) for e, _ in
                elements(document.Root.StructTreeRoot) if kind == e.S]


def test_text_of_a_face_is_its_words_and_its_icons_names():
    face = ('<div class="card"><h3>Lantern</h3><p>Gain 2 <span role="img" aria-label="star">'
            f'{STAR}</span>.</p><style>p {{ color: red }}</style><img src="x.png" alt="art"></div>')
    assert text_of(face) == "Lantern Gain 2 star. art"


def test_titled_gives_an_svg_its_first_child_title_escaped():
    assert titled(STAR, "Star & Moon").startswith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Star &amp; Moon'
        "</title><circle")
    empty = '<svg viewBox="0 0 1 1"/>'
    assert titled(empty, "x") == '<svg viewBox="0 0 1 1"><title>x</title></svg>'


def test_a_face_becomes_a_figure_with_the_cards_text():
    pdf = _tagged('<h1>Rules</h1><article role="img" aria-label="001 Lantern Gain 2 star">'
                  f'<p>Lantern</p>{STAR}</article>')
    figures = _elements(pdf, "/Figure")
    assert [str(f.Alt) for f in figures] == ["001 Lantern Gain 2 star"]
    assert _elements(pdf, "/Art") == []


def test_an_svg_without_title_outside_a_card_is_refused_with_its_page():
    with pytest.raises(TaggingError, match="page 1: a picture with no text alternative"):
        _tagged(f"<h1>Rules</h1><p>{STAR}</p>")
    assert [str(f.Alt) for f in _elements(_tagged(f"<p>{titled(STAR, 'Star')}</p>"),
                                          "/Figure")] == ["Star"]


def test_faces_the_html_and_the_pdf_disagree_on_are_refused():
    with pytest.raises(TaggingError, match="1 card faces in its HTML, fewer"):
        _tagged("<p>no face</p>", faces=["001 Lantern"])
    with pytest.raises(TaggingError, match="more card faces in the tagged PDF"):
        _tagged('<article role="img" aria-label="x"><p>x</p></article>', faces=[])


def test_header_cells_get_their_scope_and_unique_ids():
    table = ('<table><thead><tr><th>Name</th><th>Cost</th></tr></thead><tbody>'
             '<tr><th scope="row">Lantern</th><td>2</td></tr></tbody></table>')
    pdf = _tagged(table + table)
    headers = _elements(pdf, "/TH")
    assert [str(h.A.Scope) for h in headers] == ["/Column", "/Column", "/Row"] * 2
    ids = [str(h.ID) for h in headers]
    assert len(set(ids)) == len(ids)
    with pikepdf.open(io.BytesIO(pdf)) as document:
        assert sorted(pikepdf.NameTree(document.Root.StructTreeRoot.IDTree).keys()) == sorted(ids)


def _parent_tree_holds(pdf: bytes) -> None:
    """Each page's and link's ParentTree entry names elements of that page."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        nums = list(document.Root.StructTreeRoot.ParentTree.Nums)
        entries = dict(zip(nums[::2], nums[1::2], strict=True))
        assert len(entries) == int(document.Root.StructTreeRoot.ParentTreeNextKey)
        for page in document.pages:
            for element in entries[int(page.StructParents)]:
                assert element.Pg.objgen == page.objgen
            for annotation in page.get("/Annots", []):
                if "/StructParent" in annotation:
                    assert entries[int(annotation.StructParent)].Pg.objgen == page.objgen


def test_tagged_parts_join_into_one_structure_tree():
    from weasyprint import HTML

    def part(body: str) -> bytes:
        html = f'<html lang="en"><head><title>T</title></head><body>{body}</body></html>'
        return write_pdf(HTML(string=html).render(), "part", tagged=True)

    first = part('<h1 id="a">One</h1><p><a href="#b">to two</a></p><span id="b"></span>')
    second = part('<h2 id="b">Two</h2><article role="img" aria-label="001 Lantern"><p>L</p>'
                  '</article><span id="a"></span>')
    joined = join_pdfs([first, second], title="Joined", stubs=[{"b"}, {"a"}],
                       faces=["001 Lantern"])
    with pikepdf.open(io.BytesIO(joined)) as document:
        kinds = [str(e.S) for e, _ in elements(document.Root.StructTreeRoot)]
    assert kinds[0] == "/Document" and kinds.count("/Document") == 1
    assert kinds.index("/H1") < kinds.index("/H2") < kinds.index("/Figure")
    _parent_tree_holds(joined)
    with pikepdf.open(io.BytesIO(joined)) as document:
        assert document.Root.MarkInfo.Marked and document.Root.ViewerPreferences.DisplayDocTitle
        assert str(document.Root.Lang) == "en" and document.pdf_version == "1.7"
        with document.open_metadata() as meta:
            assert meta["pdfuaid:part"] == "1" and meta["dc:title"] == "Joined"


def test_untagged_parts_join_as_before():
    from weasyprint import HTML

    untagged = write_pdf(HTML(string='<html lang="en"><p>x</p></html>').render(), "u")
    with pikepdf.open(io.BytesIO(join_pdfs([untagged, untagged]))) as document:
        assert "/StructTreeRoot" not in document.Root
    tagged_part = write_pdf(HTML(string='<html lang="en"><p>x</p></html>').render(), "t",
                            tagged=True)
    with pytest.raises(TaggingError):
        join_pdfs([untagged, tagged_part])


def test_a_headings_text_in_the_contents_leaves_its_icons_title_out():
    from markupsafe import Markup

    from publish.docs.edition import heading_text

    heading = Markup(f'<span class="icon" role="img">{titled(STAR, "Lamplighters")}</span>'
                     "Lamplighters &amp; friends")
    assert heading_text(heading) == "Lamplighters & friends"
