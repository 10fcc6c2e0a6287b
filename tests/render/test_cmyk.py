"""CMYK print-shop PDFs: the ICC transform, the ink limit, PDF/X keys, flattening, and a
colour difference against the RGB page that an inverted picture cannot pass."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
from colourdiff import page_differences
from PIL import Image, ImageChops

from conftest import REPO
from publish.model.services import load_services
from publish.render.cmyk import Converter, limit_ink, limit_picture, profile_path
from publish.render.printpdf import NotPrintable, print_ready

DTC, EU = load_services()["dtc"], load_services()["eu-fogra39"]


@dataclass
class Card:
    number: str


@dataclass
class Page:
    card: Card | None
    anchor: str


def picture() -> str:
    """A photograph-like RGB picture: hues across, light to dark down."""
    image = Image.new("RGB", (120, 80))
    image.putdata([(x * 2, 40 + y * 2, 200 - x) for y in range(80) for x in range(120)])
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return base64.b64encode(buffer.getvalue()).decode()


HTML = """<style>@page {{ size: 63mm 88mm; margin: 0; bleed: 3mm }}
body {{ margin: 0; font-family: serif }}
.card {{ width: 63mm; height: 88mm; background: #f3ead8; position: relative;
  page-break-after: always }}
.frame {{ position: absolute; left: 3mm; right: 3mm; top: 3mm; height: 12mm;
  background: #2f6d3a; color: #ffffff; font-size: 12pt }}
img {{ position: absolute; left: 3mm; top: 18mm; width: 57mm; height: 38mm }}
p {{ position: absolute; left: 3mm; top: 60mm; color: #000000; font-size: 9pt }}
.faint {{ position: absolute; left: 10mm; top: 64mm; color: #7a2020; opacity: {opacity};
  font-size: 24pt }}
</style>
<div class="card"><div class="frame">Card one</div>
<img src="data:image/png;base64,{png}"><p>Text black prints on black alone.</p>
<div class="faint">42</div></div>
"""


def rgb_pdf(opacity: float = 0.3) -> bytes:
    from weasyprint import HTML as Document

    return Document(string=HTML.format(png=picture(), opacity=opacity)).write_pdf()


PAGES = [Page(Card("042"), "card-042")]


def converted(service, tmp_path: Path, pdf: bytes | None = None) -> bytes:
    return print_ready(pdf or rgb_pdf(), service, PAGES, REPO / "cards" / "agencia", tmp_path,
                       "deck test")


def colour_ops(pdf: bytes) -> set[str]:
    found = set()
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            holders = [page.obj, *[x for x in (page.Resources.get("/XObject") or {}).values()
                                   if x.get("/Subtype") == "/Form"]]
            for holder in holders:
                found |= {str(op) for _, op in pikepdf.parse_content_stream(holder)}
    return found


def test_the_ink_limit_takes_from_cyan_magenta_and_yellow_and_keeps_black():
    c, m, y, k = limit_ink((0.9, 0.8, 0.8, 1.0), 240)
    assert k == 1.0 and (c + m + y + k) == pytest.approx(2.4)
    assert limit_ink((0.2, 0.2, 0.2, 0.2), 240) == (0.2, 0.2, 0.2, 0.2)
    image = Image.new("CMYK", (2, 1))
    image.putpixel((0, 0), (250, 240, 230, 255))
    image.putpixel((1, 0), (20, 20, 20, 20))
    limited = limit_picture(image, 240)
    assert sum(limited.getpixel((0, 0))) <= 2.4 * 255
    assert limited.getpixel((0, 0))[3] == 255 and limited.getpixel((1, 0)) == (20, 20, 20, 20)


def test_no_pixel_of_a_limited_picture_passes_the_limit_preflight_holds_it_to():
    """Each ink is rounded to a whole level once scaled: without room for it, a pixel could
    come out at 613 of 255 levels, 240.4 %, which preflight's measure calls over 240 %."""
    image = Image.new("CMYK", (64, 64))
    image.putdata([(255 - 3 * (i % 40), 200 + (i // 64) % 56, 130 + (i % 97), 80 + i % 7)
                   for i in range(64 * 64)])
    limited = limit_picture(image, 240)
    threshold = int(240 * 255 / 100)  # as publish.checks.preflight.ink measures it
    assert max(sum(pixel) for pixel in limited.get_flattened_data()) <= threshold


def test_neutrals_print_on_black_alone_and_colours_through_the_profile(tmp_path):
    profile = profile_path(DTC.spec.colour, REPO / "cards" / "agencia", REPO).read_bytes()
    convert = Converter(profile, "relative-colorimetric", 240, tmp_path)
    assert convert.colour(0, 0, 0) == (0, 0, 0, 1)
    assert convert.colour(0.5, 0.5, 0.5) == (0, 0, 0, 0.5)
    green = convert.colour(0.18, 0.43, 0.23)
    assert green[0] > 0.5 and green[1] < green[0] and sum(green) <= 2.4


def test_a_drivethrucards_file_is_pdfx_1a_cmyk_and_flat(tmp_path):
    pdf = converted(DTC, tmp_path)
    assert pdf.startswith(b"%PDF-1.4")
    assert not {"rg", "RG"} & colour_ops(pdf)  # no RGB colour left
    with pikepdf.open(io.BytesIO(pdf)) as document:
        info = document.docinfo
        # ISO 15930-4: the part in the version key, the level in the conformance key
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1:2003"
        assert str(info["/GTS_PDFXConformance"]) == "PDF/X-1a:2003"
        assert info["/Trapped"] == pikepdf.Name("/False")
        intent = document.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert str(intent.RegistryName) == "http://www.color.org"
        for page in document.pages:
            for state in (page.Resources.get("/ExtGState") or {}).values():
                assert float(state.get("/ca", 1)) == 1 and "/SMask" not in state
            for image in (page.Resources.get("/XObject") or {}).values():
                if image.get("/Subtype") == "/Image":
                    assert image.ColorSpace == pikepdf.Name("/DeviceCMYK")
                    assert "/SMask" not in image
    assert list((tmp_path / "build" / ".cache" / "cmyk").glob("*.tiff"))  # cached


def test_a_european_file_is_pdfx_4_with_the_profile_embedded(tmp_path):
    pdf = converted(EU, tmp_path)
    assert pdf.startswith(b"%PDF-1.6")
    with pikepdf.open(io.BytesIO(pdf)) as document:
        intent = document.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert int(intent.DestOutputProfile.N) == 4
        assert "PDF/X-4" in document.Root.Metadata.read_bytes().decode()


def test_pdfx_1a_refuses_a_soft_mask_naming_the_card(tmp_path):
    from weasyprint import HTML as Document

    masked = Document(string='<div style="width: 30mm; height: 30mm; background: '
                             'linear-gradient(transparent, #224488)"></div>').write_pdf()
    with pytest.raises(NotPrintable, match=r"deck test, page 1: card 042: a soft mask"):
        converted(DTC, tmp_path, masked)
    converted(EU, tmp_path, masked)  # PDF/X-4 keeps transparency


@pytest.mark.parametrize("service", [DTC, EU], ids=["dtc", "eu-fogra39"])
def test_the_cmyk_page_looks_like_the_rgb_page(service, tmp_path):
    rgb = tmp_path / "rgb.pdf"
    rgb.write_bytes(rgb_pdf(opacity=0.3))  # PDF/X-1a flattens it
    cmyk = tmp_path / "cmyk.pdf"
    cmyk.write_bytes(converted(service, tmp_path, rgb.read_bytes()))
    (page,) = page_differences(rgb, cmyk, 1)
    assert page.mean < 6 and page.p95 < 15, page


def test_an_inverted_picture_fails_the_colour_difference(tmp_path, monkeypatch):
    rgb = tmp_path / "rgb.pdf"
    rgb.write_bytes(rgb_pdf(opacity=1))
    good = tmp_path / "good.pdf"
    good.write_bytes(converted(DTC, tmp_path, rgb.read_bytes()))
    real = Converter.picture
    monkeypatch.setattr(Converter, "picture",
                        lambda self, image: real(self, ImageChops.invert(image)))
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(converted(DTC, tmp_path, rgb.read_bytes()))
    (fine,), (wrong,) = page_differences(rgb, good, 1), page_differences(rgb, bad, 1)
    assert fine.mean < 6 and fine.p95 < 15
    assert wrong.mean > 6 or wrong.p95 > 15, wrong


def test_the_printers_own_profile_is_used_and_embedded(tmp_path):
    from publish.render.cmyk import SYSTEM_PROFILE, ProfileError

    game_root = tmp_path / "cards" / "moon"
    game_root.mkdir(parents=True)
    named = DTC.spec.model_copy(update={"colour": DTC.spec.colour.model_copy(
        update={"profile": "printer.icc"})})
    service = type(DTC)("dtc", named, DTC.path)
    with pytest.raises(ProfileError, match=r"profile printer\.icc: no such file"):
        print_ready(rgb_pdf(), service, PAGES, game_root, tmp_path, "deck test")
    (game_root / "printer.icc").write_bytes(SYSTEM_PROFILE.read_bytes())
    pdf = print_ready(rgb_pdf(), service, PAGES, game_root, tmp_path, "deck test")
    with pikepdf.open(io.BytesIO(pdf)) as document:
        embedded = document.Root.OutputIntents[0].DestOutputProfile.read_bytes()
        assert embedded == SYSTEM_PROFILE.read_bytes()
