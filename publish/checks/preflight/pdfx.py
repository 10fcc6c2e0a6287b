"""The keys a PDF/X file must carry, and the transparency PDF/X-1a and -3 forbid.

Clause by clause (docs/preflight.md holds the table, with each clause's test):
PDF/X-1a:2003 (ISO 15930-4) and PDF/X-3:2003 (ISO 15930-6) name themselves in the
document information (GTS_PDFXVersion "PDF/X-1:2003" with GTS_PDFXConformance
"PDF/X-1a:2003"; "PDF/X-3:2003"), PDF/X-4 (ISO 15930-7) in the XMP metadata
(pdfxid:GTS_PDFXVersion "PDF/X-4"); all carry exactly one output intent of subtype
GTS_PDFX with an OutputConditionIdentifier and either the printing condition's ICC
profile (DestOutputProfile, an output profile: class 'prtr') or, for a registered
characterization, its RegistryName (PDF/X-4 needs the profile embedded); Trapped True or
False; a file identifier; Title, CreationDate, ModDate; no encryption; a version of at
most 1.4 (X-1a, X-3) or 1.6 (X-4).
"""

from __future__ import annotations

from typing import Any

from defusedxml import ElementTree

from publish.checks.preflight.content import Use
from publish.checks.preflight.expectation import SAID, Variant

NAMES: dict[Variant, dict[str, str]] = {
    "pdf/x-1a": {"/GTS_PDFXVersion": "PDF/X-1:2003", "/GTS_PDFXConformance": "PDF/X-1a:2003"},
    "pdf/x-3": {"/GTS_PDFXVersion": "PDF/X-3:2003"},
    "pdf/x-4": {},
}
"""What the document information must say, variant by variant."""

LATEST: dict[Variant, tuple[int, int]] = {"pdf/x-1a": (1, 4), "pdf/x-3": (1, 4),
                                          "pdf/x-4": (1, 6)}
"""The latest PDF version each variant is built on."""

OPAQUE_BLENDS = ("/Normal", "/Compatible")

PDFX_ID = "{http://www.npes.org/pdfx/ns/id/}GTS_PDFXVersion"
"""pdfxid:GTS_PDFXVersion as XML names it, whatever prefix the file binds its namespace to."""


def document_problems(pdf: Any, variant: Variant, colour: str) -> list[str]:
    """What the file as a whole lacks for ``variant``; ``colour`` "cmyk" also asks the
    output intent's profile to describe a CMYK press."""
    found = _identification(pdf, variant)
    found += _output_intent(pdf, variant, colour)
    info = pdf.trailer.get("/Info", {})
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        found.append("Trapped is not True or False in the document information "
                     f"(it is {str(info.get('/Trapped', 'missing')).lstrip('/')})")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            found.append(f"no {key[1:]} in the document information")
    if "/ID" not in pdf.trailer:
        found.append("no file identifier (/ID in the trailer)")
    if pdf.is_encrypted:
        found.append("the file is encrypted")
    version = tuple(int(p) for p in str(pdf.pdf_version).split(".")[:2])
    if version > LATEST[variant]:
        latest = ".".join(map(str, LATEST[variant]))
        found.append(f"PDF {pdf.pdf_version} is later than {SAID[variant]} allows ({latest})")
    return found


def _identification(pdf: Any, variant: Variant) -> list[str]:
    info = pdf.trailer.get("/Info", {})
    found = []
    for key, wanted in NAMES[variant].items():
        said = str(info.get(key, "")) if key in info else None
        if said != wanted:
            found.append(f"{key[1:]} is {said!r}, expected {wanted!r}" if said is not None
                         else f"no {key[1:]} in the document information "
                              f"(expected {wanted!r})")
    if variant == "pdf/x-4":
        said = _xmp_version(pdf)
        if not said.startswith("PDF/X-4"):
            found.append(f"the XMP metadata's pdfxid:GTS_PDFXVersion is {said or 'missing'}, "
                         "expected 'PDF/X-4'")
    return found


def _xmp_version(pdf: Any) -> str:
    """pdfxid:GTS_PDFXVersion of the XMP metadata, as an element or an attribute ("" if none
    or unreadable). Parsed from the bytes as XML (defusedxml: the file is untrusted), since
    pikepdf's metadata editor writes the document information back."""
    import pikepdf

    metadata = pdf.Root.get("/Metadata")
    if not isinstance(metadata, pikepdf.Stream):
        return ""
    try:
        root = ElementTree.fromstring(metadata.read_bytes())
    except Exception:  # malformed or refused XML (an entity): no version said
        return ""
    for element in root.iter():
        if element.tag == PDFX_ID:
            return (element.text or "").strip()
        if PDFX_ID in element.attrib:
            return element.attrib[PDFX_ID].strip()
    return ""


def _output_intent(pdf: Any, variant: Variant, colour: str) -> list[str]:
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        return [f"{len(intents)} PDF/X output intents (GTS_PDFX), expected exactly one"]
    intent = intents[0]
    found = []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        found.append("the output intent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        if variant == "pdf/x-4" or not str(intent.get("/RegistryName", "")):
            found.append("the output intent has no DestOutputProfile"
                         + ("" if variant == "pdf/x-4"
                            else " and no RegistryName of a registered characterization"))
        return found
    header = profile.read_bytes()[:20]
    if header[12:16] != b"prtr":
        found.append(f"the output intent's profile is of class {header[12:16]!r}, "
                     "not an output (printer) profile")
    if colour == "cmyk" and header[16:20] != b"CMYK":
        found.append(f"the output intent's profile is for {header[16:20]!r}, not CMYK")
    return found


def transparency(uses: list[Use]) -> list[str]:
    """What on a page is transparent: soft masks, constant alpha below 1, blend modes other
    than Normal, transparency groups (forbidden by PDF/X-1a and PDF/X-3)."""
    found: dict[str, None] = {}
    for use in uses:
        inside = f" in drawing {use.where}" if use.where else ""
        if use.kind == "state":
            state = use.obj
            if str(state.get("/SMask", "/None")) != "/None":
                found[f"soft mask (graphics state {use.how}){inside}"] = None
            for key in ("/CA", "/ca"):
                if key in state and float(state[key]) < 1:
                    found[f"opacity {float(state[key]):g} (graphics state {use.how}){inside}"] \
                        = None
            if str(state.get("/BM", "/Normal")) not in OPAQUE_BLENDS:
                found[f"blend mode {str(state.BM)[1:]} (graphics state {use.how}){inside}"] = None
        elif use.kind == "image" and use.how != "inline" and "/SMask" in use.obj:
            found[f"picture {use.how} has a soft mask (alpha){inside}"] = None
        elif use.kind == "group" and use.obj.get("/S") == "/Transparency":
            holder = f"drawing {use.where}" if use.where else "the page"
            found[f"{holder} is a transparency group"] = None
    return list(found)
