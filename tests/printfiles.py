"""Print files made on purpose for preflight's tests, good and bad, written with pikepdf and
Pillow so that each holds exactly the fault a test names.

`card_pdf` writes one poker card (63.5 x 88.9 mm, 3.175 mm bleed) as a PDF/X-1a:2003 file
in CMYK with Ghostscript's CMYK press profile as its output intent; its keyword options
take one thing away or put one wrong thing in.
"""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pikepdf
from PIL import Image

MM = 72 / 25.4
TRIM = (63.5, 88.9)
BLEED = 3.175
PROFILES = (Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
            *sorted(Path("/usr/share/ghostscript").glob("*/iccprofiles/default_cmyk.icc")))


def cmyk_profile() -> bytes:
    """Ghostscript's CMYK output profile (class 'prtr'), shipped with the ghostscript package
    that system-packages.txt asks for."""
    for path in PROFILES:
        if path.is_file():
            return path.read_bytes()
    raise FileNotFoundError("Ghostscript's default_cmyk.icc: install ghostscript")


def rect(x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> bytes:
    """A rectangle at ``x_mm``, ``y_mm`` from the trim's top left, in page space."""
    x, top = (BLEED + x_mm) * MM, (BLEED + TRIM[1] - y_mm) * MM
    return b"%.3f %.3f %.3f %.3f re f\n" % (x, top - h_mm * MM, w_mm * MM, h_mm * MM)


def place(name: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> bytes:
    """Draw XObject ``name`` over a box at ``x_mm``, ``y_mm`` from the trim's top left."""
    x, top = (BLEED + x_mm) * MM, (BLEED + TRIM[1] - y_mm) * MM
    return b"q %.3f 0 0 %.3f %.3f %.3f cm /%s Do Q\n" % (w_mm * MM, h_mm * MM, x,
                                                         top - h_mm * MM, name.encode())


def image(pdf: pikepdf.Pdf, size: tuple[int, int], space: str | pikepdf.Array = "/DeviceCMYK",
          components: int = 4) -> pikepdf.Stream:
    """A flat picture of ``size`` pixels in ``space``."""
    data = bytes([40] * components) * (size[0] * size[1])
    return pikepdf.Stream(pdf, zlib.compress(data), Type=pikepdf.Name.XObject,
                          Subtype=pikepdf.Name.Image, Width=size[0], Height=size[1],
                          ColorSpace=space if isinstance(space, pikepdf.Array)
                          else pikepdf.Name(space),
                          BitsPerComponent=8, Filter=pikepdf.Name.FlateDecode)


def card_pdf(path: Path, content: bytes = b"0.6 0.4 0.4 1 k\n" + rect(5, 5, 20, 20), *,
             resources: dict | None = None, trim: tuple[float, float] = TRIM,
             bleed_box: bool = True, intent: bool = True,
             version: str = "PDF/X-1:2003", pages: int = 1,
             build: object = None) -> Path:
    """One card a page, each page named ``card-001``, ``card-002``…; ``build`` (a function
    of the Pdf) returns resources that need the file to exist first (pictures)."""
    pdf = pikepdf.new()
    width, height = (trim[0] + 2 * BLEED) * MM, (trim[1] + 2 * BLEED) * MM
    extra = build(pdf) if callable(build) else {}
    names = []
    for _ in range(pages):
        page = pdf.add_blank_page(page_size=(width, height))
        page.obj.TrimBox = [BLEED * MM, BLEED * MM, width - BLEED * MM, height - BLEED * MM]
        if bleed_box:
            page.obj.BleedBox = [0, 0, width, height]
        page.obj.Contents = pdf.make_stream(content)
        page.obj.Resources = pikepdf.Dictionary({**(resources or {}), **extra})
        names.append(page.obj)
    tree = pikepdf.NameTree.new(pdf)
    for number, page_obj in enumerate(names, 1):
        tree[f"card-{number:03d}"] = pikepdf.Array([page_obj, pikepdf.Name.Fit])
    pdf.Root.Names = pikepdf.Dictionary(Dests=tree.obj)
    pdf.docinfo.update({"/Title": "card", "/CreationDate": "D:20231114221320Z",
                        "/ModDate": "D:20231114221320Z", "/Trapped": pikepdf.Name("/False")})
    if version:
        pdf.docinfo["/GTS_PDFXVersion"] = version
        pdf.docinfo["/GTS_PDFXConformance"] = "PDF/X-1a:2003"
    if intent:
        profile = pdf.make_stream(cmyk_profile(), N=4)
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier="CGATS TR 001", Info="default CMYK",
            DestOutputProfile=profile)])
    pdf.save(path, force_version="1.4", deterministic_id=True)
    return path


def picture(path: Path, size: tuple[int, int], mode: str = "RGB",
            dpi: float | None = 300) -> Path:
    """A flat picture file (PNG or JPEG by ``path``'s suffix) declaring ``dpi``."""
    made = Image.new(mode, size, (40,) * len(mode))
    buffer = io.BytesIO()
    options = {"dpi": (dpi, dpi)} if dpi else {}
    made.save(buffer, format="JPEG" if path.suffix == ".jpg" else "PNG", **options)
    path.write_bytes(buffer.getvalue())
    return path
