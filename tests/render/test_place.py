"""Faces placed on sheets and on one-card pages: where a form lands, what it is clipped to,
and the boxes a print shop reads (numbers from the PDFs, not from the code's own sums)."""

from __future__ import annotations

import io

import pikepdf
import pytest

from publish.render.facedoc import FaceDoc
from publish.render.geometry import Box
from publish.render.place import MM, PlacingError, card_pages, impose, placement
from publish.render.printshop import Item, Service
from publish.render.sheets import Page, Slot


class Card:
    """What a placed slot reads of a face: its number, its deck and its side."""

    def __init__(self, number: str, deck: str = "d", side: str = "front") -> None:
        self.number, self.deck, self.side = number, deck, side


def face_pdf(anchors: list[str], trim=(63.0, 88.0), bleed=3.0) -> bytes:
    """A face document as WeasyPrint writes one: the trim's corner at the origin, the bleed
    at negative coordinates; each page filled with a grey of its own."""
    pdf = pikepdf.new()
    w, h, b = trim[0] * MM, trim[1] * MM, bleed * MM
    for index, _ in enumerate(anchors):
        grey = 0.1 + 0.1 * index
        content = f"{grey} g {-b} {-b} {w + 2 * b} {h + 2 * b} re f".encode()
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=pikepdf.Name.Page, MediaBox=[-b, -b, w + b, h + b], TrimBox=[0, 0, w, h],
            Contents=pikepdf.Stream(pdf, content))))
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def doc(anchors: list[str], trim=(63.0, 88.0), bleed=3.0) -> FaceDoc:
    return FaceDoc(face_pdf(anchors, trim, bleed), tuple(anchors), Service("f", trim, bleed))


def test_a_face_is_drawn_with_its_trim_on_the_slots_and_clipped_to_the_visible_box():
    slot = Slot(Card("001"), None, Box(10, 20, 63, 88), Box(8, 18, 67, 92), 0, 0, "card-1")
    drawn = placement(slot, Service("f", (63, 88), 3), (0.0, 0.0), 297, "/F").decode()
    clip, move = drawn.split(" re W n ")
    assert [float(v) / MM for v in clip.split()[1:]] == pytest.approx(
        [8, 297 - 18 - 92, 67, 92], abs=0.001)
    x, y = (float(v) / MM for v in move.split()[4:6])
    # the form's origin is its trim's corner
    assert (x, y) == pytest.approx((10, 297 - 20 - 88), abs=0.001)


def test_sheets_show_each_face_where_its_slot_is(tmp_path):
    sheet = pikepdf.new()
    sheet.add_blank_page(page_size=(210 * MM, 297 * MM))
    buffer = io.BytesIO()
    sheet.save(buffer)
    slots = [Slot(Card(n), None, Box(10 + 70 * i, 20, 63, 88), Box(10 + 70 * i, 20, 63, 88),
                  0, 0, f"card-{i}") for i, n in enumerate(("001", "002", "001"))]
    placed = impose(buffer.getvalue(), [Page("front", slots)],
                    {"d": doc(["card-001", "card-002"])})
    with pikepdf.open(io.BytesIO(placed)) as out:
        page = out.pages[0]
        forms = list(page.Resources.XObject.values())
        assert len(forms) == 2  # the copy of 001 draws the same form again
        assert all(f.BBox[0] < 0 for f in forms)  # with all of its bleed, not cut to the trim
    import pypdfium2 as pdfium

    image = pdfium.PdfDocument(placed)[0].render(scale=1 / MM).to_pil().convert("L")
    # inside each slot, its face's grey; between the slots, the paper
    assert image.getpixel((40, 60)) == image.getpixel((180, 60)) != image.getpixel((110, 60))
    assert image.getpixel((76, 60)) == 255


def test_a_slot_naming_a_face_the_document_lacks_is_refused():
    slot = Slot(Card("009"), None, Box(10, 20, 63, 88), Box(10, 20, 63, 88), 0, 0, "card-1")
    sheet = pikepdf.new()
    sheet.add_blank_page()
    buffer = io.BytesIO()
    sheet.save(buffer)
    with pytest.raises(PlacingError, match="no page card-009"):
        impose(buffer.getvalue(), [Page("front", [slot])], {"d": doc(["card-001"])})


def test_a_service_card_a_little_larger_is_centred_on_its_trim_with_its_boxes():
    """The Game Crafter's poker card is 63.5 x 88.9 mm with 3.175 mm of bleed; the game's is
    63 x 88: the face is centred, the boxes are the service's to 0.01 mm."""
    box = Service("tgc", (63.5, 88.9), 3.175)
    face = Item(Card("001"), None, "card-001-copy2")
    pdf = card_pages([face], {"d": doc(["card-001"], bleed=3.625)}, box)
    with pikepdf.open(io.BytesIO(pdf)) as out:
        page = out.pages[0]
        assert [float(v) / MM for v in page.MediaBox] == pytest.approx(
            [-3.175, -3.175, 66.675, 92.075], abs=0.01)
        assert [float(v) / MM for v in page.TrimBox] == pytest.approx(
            [0, 0, 63.5, 88.9], abs=0.01)
        drawn = page.Contents.read_bytes().decode()
        x, y = (float(v) / MM for v in drawn.split(" cm ")[0].split()[-2:])
        assert (x, y) == pytest.approx((0.25, 0.45), abs=0.001)
        names = out.Root.Names.Dests.Names
        assert str(names[0]) == "card-001-copy2"  # preflight names the page by it


def test_pages_that_shared_their_resources_each_show_their_own_faces():
    """WeasyPrint gives every page one resources dictionary: a face named on the second
    sheet must not replace the first sheet's."""
    sheet = pikepdf.new()
    shared = sheet.make_indirect(pikepdf.Dictionary())
    for _ in range(2):
        sheet.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=pikepdf.Name.Page, MediaBox=[0, 0, 210 * MM, 297 * MM], Resources=shared,
            Contents=pikepdf.Stream(sheet, b""))))
    buffer = io.BytesIO()
    sheet.save(buffer)
    pages = [Page("front", [Slot(Card(n), None, Box(10, 20, 63, 88), Box(10, 20, 63, 88), 0, 0,
                                 "card-1")]) for n in ("001", "002")]
    placed = impose(buffer.getvalue(), pages, {"d": doc(["card-001", "card-002"])})
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(placed)
    greys = [pdf[i].render(scale=1 / MM).to_pil().convert("L").getpixel((40, 60))
             for i in range(2)]
    assert greys[0] != greys[1]
