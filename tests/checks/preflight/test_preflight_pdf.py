"""Preflight of PDFs: each fault made on purpose is one located message; a clean file none."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest

from printfiles import BLEED, TRIM, card_pdf, image, place, rect
from publish.checks.preflight import ink
from publish.checks.preflight.expectation import Expectation
from publish.checks.preflight.run import preflight

X1A = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-1a", ink_limit=240,
                  min_ppi=300)
COLOURS = replace(X1A, ink_limit=None)  # an RGB grey converted by Ghostscript passes 240 %


def said(path: Path, expected: Expectation = X1A, deck: str | None = "main") -> list[str]:
    return [str(f) for f in preflight(path, expected, deck=deck, shown=Path(path.name))]


def test_a_clean_pdf_x_1a_card_at_the_ink_limit_passes(tmp_path):
    """C60 M40 Y40 K100, DriveThruCards' rich black: 240 %, exactly the limit."""
    assert said(card_pdf(tmp_path / "clean.pdf")) == []


def test_an_rgb_photo_in_a_cmyk_file_is_named_with_its_card(tmp_path):
    def photo(pdf):
        return {"/XObject": pikepdf.Dictionary(Im0=image(pdf, (800, 1100), "/DeviceRGB", 3))}
    path = card_pdf(tmp_path / "rgb.pdf", place("Im0", 0, 0, 63.5, 88.9), build=photo)
    assert said(path, COLOURS) == ["rgb.pdf, page 1 (card 001, deck main): RGB picture /Im0 "
                          "(DeviceRGB, 800 x 1100 px)"]


def test_an_icc_rgb_picture_and_rgb_fill_inside_a_drawing_are_named(tmp_path):
    def drawing(pdf):
        icc = pdf.make_stream(b"\0" * 128, N=3)
        form = pdf.make_stream(b"1 0 0 rg 0 0 10 10 re f /Im1 Do", Type=pikepdf.Name.XObject,
                               Subtype=pikepdf.Name.Form, BBox=[0, 0, 10, 10])
        form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(
            Im1=image(pdf, (900, 1200), pikepdf.Array([pikepdf.Name.ICCBased, icc]), 3)))
        return {"/XObject": pikepdf.Dictionary(Fm0=form)}
    path = card_pdf(tmp_path / "form.pdf", place("Fm0", 0, 0, 63.5, 88.9), build=drawing)
    assert said(path, COLOURS) == [
        "form.pdf, page 1 (card 001, deck main): RGB colour (DeviceRGB, operator rg) "
        "in drawing /Fm0",
        "form.pdf, page 1 (card 001, deck main): RGB picture /Im1 (ICCBased with N=3, "
        "900 x 1200 px) in drawing /Fm0"]


def test_a_150_ppi_picture_names_the_card_the_picture_and_where_it_is(tmp_path):
    def photo(pdf):
        return {"/XObject": pikepdf.Dictionary(Im0=image(pdf, (150, 210)))}
    path = card_pdf(tmp_path / "soft.pdf", place("Im0", 10, 20, 25.4, 35.56), build=photo)
    assert said(path) == [
        "soft.pdf, page 1 (card 001, deck main): picture /Im0 (150 x 210 px drawn "
        "25.4 x 35.6 mm at 10.0, 20.0 mm from the trim's top left) prints at 150 ppi, "
        "below 300"]


def test_a_four_colour_black_box_over_the_ink_limit_says_where_on_the_card(tmp_path):
    path = card_pdf(tmp_path / "ink.pdf", b"1 1 1 1 k\n" + rect(10, 20, 30, 15))
    expected = Expectation(trim=TRIM, bleed=BLEED, ink_limit=300)
    [line] = said(path, expected)
    assert line.startswith("ink.pdf, page 1 (card 001, deck main): total ink reaches 400.0 %, "
                           "over the limit of 300 %, between ")
    corners = [float(v) for v in line.split("between ")[1].replace(" mm and", ",")
               .split(" mm")[0].split(", ")]
    assert corners == pytest.approx([10, 20, 40, 35], abs=0.3)  # a pixel is 0.25 mm


def test_wrong_boxes_are_said_to_a_tenth_of_a_millimetre(tmp_path):
    expected = Expectation(trim=TRIM, bleed=BLEED)
    assert said(card_pdf(tmp_path / "small.pdf", trim=(63.5, 88.7)), expected) == [
        "small.pdf, page 1 (card 001, deck main): TrimBox is 63.5 x 88.7 mm, "
        "expected 63.5 x 88.9 mm"]
    assert said(card_pdf(tmp_path / "close.pdf", trim=(63.55, 88.95)), expected) == []
    assert said(card_pdf(tmp_path / "nobleed.pdf", bleed_box=False), expected) == [
        "nobleed.pdf, page 1 (card 001, deck main): no BleedBox: expected 3.175 mm of bleed "
        "on each side"]
    assert said(card_pdf(tmp_path / "bleed.pdf"), Expectation(trim=TRIM, bleed=3.0)) == [
        "bleed.pdf, page 1 (card 001, deck main): bleed is left 3.17 mm, bottom 3.17 mm, "
        "right 3.17 mm, top 3.17 mm, expected 3 mm on each side"]


def test_a_missing_output_intent_and_a_wrong_version_name_are_said_once_for_the_file(tmp_path):
    assert said(card_pdf(tmp_path / "intent.pdf", intent=False)) == [
        "intent.pdf (deck main): 0 PDF/X output intents (GTS_PDFX), expected exactly one"]
    assert said(card_pdf(tmp_path / "name.pdf", version="PDF/X-1a:2003")) == [
        "name.pdf (deck main): GTS_PDFXVersion is 'PDF/X-1a:2003', expected 'PDF/X-1:2003'"]


def test_an_unembedded_font_is_named(tmp_path):
    helvetica = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                   BaseFont=pikepdf.Name.Helvetica)
    path = card_pdf(tmp_path / "font.pdf", b"0 0 0 1 k BT /F1 12 Tf 20 20 Td (Hi) Tj ET",
                    resources={"/Font": pikepdf.Dictionary(F1=helvetica)})
    assert said(path) == ["font.pdf, page 1 (card 001, deck main): font Helvetica is not "
                          "embedded"]


def test_transparency_in_a_pdf_x_1a_file_is_named(tmp_path):
    half = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5)
    path = card_pdf(tmp_path / "alpha.pdf", b"/a0 gs 0 0 0 1 k " + rect(0, 0, 10, 10),
                    resources={"/ExtGState": pikepdf.Dictionary(a0=half)})
    assert said(path) == ["alpha.pdf, page 1 (card 001, deck main): opacity 0.5 (graphics "
                          "state /a0): PDF/X-1a:2003 allows no transparency"]
    x4 = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-4")
    assert not [line for line in said(path, x4) if "opacity" in line]  # X-4 allows it


def test_pages_are_named_by_the_caller_or_by_their_named_destinations(tmp_path):
    path = card_pdf(tmp_path / "two.pdf", b"0 0 0 1 k " + rect(0, 0, 10, 10), trim=(60, 88.9),
                    pages=2)
    expected = Expectation(trim=TRIM)
    assert said(path, expected, deck=None) == [
        "two.pdf, page 1 (card 001): TrimBox is 60.0 x 88.9 mm, expected 63.5 x 88.9 mm",
        "two.pdf, page 2 (card 002): TrimBox is 60.0 x 88.9 mm, expected 63.5 x 88.9 mm"]
    named = preflight(path, expected, "social", {1: "card 007", 2: "back of social"})
    assert [(f.page, f.card, f.deck) for f in named] == [(1, "card 007", "social"),
                                                         (2, "back of social", "social")]


def test_without_ghostscript_total_ink_is_said_to_be_unmeasured(tmp_path, monkeypatch):
    monkeypatch.setattr(ink.shutil, "which", lambda name: None)
    assert said(card_pdf(tmp_path / "clean.pdf")) == [
        "clean.pdf (deck main): Ghostscript (gs) is not installed, so total ink cannot be "
        "measured: install it (Debian: apt-get install ghostscript)"]


def test_a_file_that_is_not_a_pdf_is_one_message(tmp_path):
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nnot really")
    [line] = said(broken)
    assert line.startswith("broken.pdf (deck main): not a PDF that can be read (")


def edited(path: Path, change, version: str = "1.4") -> Path:
    """``path`` rewritten after ``change(pdf)``."""
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        change(pdf)
        pdf.save(path, force_version=version, deterministic_id=True)
    return path


def untrapped(pdf):
    pdf.docinfo["/Trapped"] = pikepdf.Name("/Unknown")


def untitled(pdf):
    del pdf.docinfo["/Title"]


def screen_profile(pdf):
    header = bytearray(128)
    header[12:20] = b"mntrCMYK"
    pdf.Root.OutputIntents[0].DestOutputProfile = pdf.make_stream(bytes(header), N=3)


def registered(pdf):
    intent = pdf.Root.OutputIntents[0]
    del intent["/DestOutputProfile"]
    intent.RegistryName = "http://www.color.org"


def untrimmed(pdf):
    del pdf.pages[0].obj["/TrimBox"]


def bleed_past_media(pdf):
    pdf.pages[0].obj.MediaBox = pdf.pages[0].obj.TrimBox


@pytest.mark.parametrize("change, version, line", [
    (untrapped, "1.4", "clean.pdf (deck main): Trapped is not True or False in the document "
                       "information (it is Unknown)"),
    (untitled, "1.4", "clean.pdf (deck main): no Title in the document information"),
    (lambda pdf: None, "1.7", "clean.pdf (deck main): PDF 1.7 is later than PDF/X-1a:2003 "
                              "allows (1.4)"),
    (screen_profile, "1.4", "clean.pdf (deck main): the output intent's profile is of class "
                            "b'mntr', not an output (printer) profile"),
    (untrimmed, "1.4", "clean.pdf, page 1 (card 001, deck main): no TrimBox (nor ArtBox): the "
                       "printer cannot tell where to cut"),
    (bleed_past_media, "1.4", "clean.pdf, page 1 (card 001, deck main): BleedBox (69.8 x "
                              "95.2 mm) is not inside the MediaBox (63.5 x 88.9 mm)"),
])
def test_each_missing_or_wrong_pdf_x_key_is_one_message(tmp_path, change, version, line):
    path = edited(card_pdf(tmp_path / "clean.pdf"), change, version)
    assert [x for x in said(path, COLOURS) if "RGB" not in x or "profile" in x] == [line]


def test_a_registered_characterization_may_stand_for_the_profile_but_not_in_pdf_x_4(tmp_path):
    path = edited(card_pdf(tmp_path / "clean.pdf"), registered)
    assert said(path, COLOURS) == []
    x4 = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-4")
    assert said(path, x4) == [
        "clean.pdf (deck main): the XMP metadata's pdfxid:GTS_PDFXVersion is missing, "
        "expected 'PDF/X-4'",
        "clean.pdf (deck main): the output intent has no DestOutputProfile"]


def test_fonts_inherited_from_the_page_tree_are_found(tmp_path):
    helvetica = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                   BaseFont=pikepdf.Name.Helvetica)

    def inherit(pdf):
        del pdf.pages[0].obj["/Resources"]
        pdf.Root.Pages.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=helvetica))
    path = edited(card_pdf(tmp_path / "tree.pdf", b"BT /F1 12 Tf (Hi) Tj ET"), inherit)
    assert said(path, COLOURS) == ["tree.pdf, page 1 (card 001, deck main): font Helvetica is "
                                   "not embedded"]


@pytest.mark.parametrize("prefix", ["pdfxid", "x"])
def test_the_xmp_version_is_read_as_xml_whatever_its_prefix(tmp_path, prefix):
    """pikepdf writes pdfxid:GTS_PDFXVersion with its namespace declared on the element; any
    prefix bound to the namespace names the same key."""
    def said_x4(pdf):
        registered(pdf)
        pdf.Root.Metadata = pdf.make_stream(
            b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF '
            b'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
            b'rdf:about=""><' + prefix.encode() + b':GTS_PDFXVersion xmlns:'
            + prefix.encode() + b'="http://www.npes.org/pdfx/ns/id/">PDF/X-4</'
            + prefix.encode() + b':GTS_PDFXVersion></rdf:Description></rdf:RDF></x:xmpmeta>')
    path = edited(card_pdf(tmp_path / "x4.pdf"), said_x4, "1.6")
    x4 = Expectation(trim=TRIM, bleed=BLEED, colour="cmyk", variant="pdf/x-4")
    assert not any("GTS_PDFXVersion" in line for line in said(path, x4))
