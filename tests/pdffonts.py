"""Reading a built PDF's fonts back with pypdf (not the pikepdf that wrote it): the subset
tags and the version, as a strict print-shop preflight reads them (ISO 32000-1, 9.6.4 and
table 126)."""

from __future__ import annotations

import hashlib
import io
import re

from pypdf import PdfReader
from pypdf.generic import DictionaryObject

SUBSET = re.compile(r"^/[A-Z]{6}\+")


def _descriptors(reader: PdfReader) -> list[DictionaryObject]:
    """The font descriptor of every font the pages and their drawings use (descendant fonts
    of composite fonts included), each once."""
    found: dict[int, DictionaryObject] = {}
    seen: set[int] = set()
    waiting = [page.get("/Resources") for page in reader.pages]
    while waiting:
        resources = waiting.pop()
        resources = resources.get_object() if resources is not None else None
        if not isinstance(resources, DictionaryObject):
            continue
        for ref in resources.get("/Font", DictionaryObject()).values():
            font = ref.get_object()
            for one in [font, *(d.get_object() for d in font.get("/DescendantFonts", []))]:
                if "/FontDescriptor" in one:
                    descriptor = one["/FontDescriptor"].get_object()
                    reference = descriptor.indirect_reference
                    found[reference.idnum if reference else id(descriptor)] = descriptor
        for drawing in resources.get("/XObject", DictionaryObject()).values():
            drawing = drawing.get_object()
            reference = drawing.indirect_reference
            if reference is not None and reference.idnum not in seen:
                seen.add(reference.idnum)
                waiting.append(drawing.get("/Resources"))
    return list(found.values())


def subset_clashes(data: bytes) -> dict[str, int]:
    """Tagged font name -> how many different font programs it names (only those over 1)."""
    reader = PdfReader(io.BytesIO(data))
    programs: dict[str, set[str]] = {}
    for descriptor in _descriptors(reader):
        name = str(descriptor["/FontName"])
        for key in ("/FontFile", "/FontFile2", "/FontFile3"):
            if key in descriptor and SUBSET.match(name):
                raw = descriptor[key].get_object().get_data()
                programs.setdefault(name, set()).add(hashlib.sha256(raw).hexdigest())
    return {name: len(found) for name, found in programs.items() if len(found) > 1}


def font_kinds(data: bytes) -> set[str]:
    """The kinds of embedded font programs: FontFile2, FontFile3/OpenType, ..."""
    reader = PdfReader(io.BytesIO(data))
    kinds = set()
    for descriptor in _descriptors(reader):
        for key in ("/FontFile", "/FontFile2", "/FontFile3"):
            if key in descriptor:
                subtype = descriptor[key].get_object().get("/Subtype")
                kinds.add(key[1:] + (f"{subtype}" if subtype else ""))
    return kinds


def declared_version(data: bytes) -> tuple[int, int]:
    """The version a reader takes: the header's, or the catalog's /Version if later."""
    header = re.match(rb"%PDF-(\d)\.(\d)", data)
    assert header, "no PDF header"
    version = (int(header[1]), int(header[2]))
    catalog = PdfReader(io.BytesIO(data)).trailer["/Root"]
    if "/Version" in catalog:
        major, minor = str(catalog["/Version"])[1:].split(".")
        version = max(version, (int(major), int(minor)))
    return version
