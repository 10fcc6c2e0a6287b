"""What ISO 32000 asks of a PDF joined from others: one subset tag per font subset, and a
version that admits the font files it holds.

WeasyPrint names a font's subset ``ABCDEF+Name`` with a tag made from the font, not from
the glyphs kept, so each PDF laid out alone tags its subset of Vollkorn alike; joined, one
tag would name several different subsets, which ISO 32000-1 (9.6.4) forbids and a strict
print-shop preflight flags.  A joined PDF is also written by qpdf, which starts from
version 1.3 and raises it only for what qpdf itself writes (object streams: 1.5), while an
OpenType font file (``FontFile3`` of subtype ``OpenType``) needs 1.6 (table 126).

Both are fixed only where needed: a PDF laid out whole keeps its bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any

from publish.render.subsets import with_drawings

SUBSET = re.compile(r"^/([A-Z]{6})\+(.+)$")
"""A subset font's name: its six-letter tag, a plus, the font's own name."""

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")

OPENTYPE_VERSION = "1.6"
"""The PDF version that brought ``FontFile3`` of subtype ``OpenType`` (ISO 32000-1, table 126)."""


def font_dicts(pdf: Any) -> Iterable[Any]:
    """Every font dictionary the pages and their drawings use, descendant fonts of composite
    fonts included, each once, in the order the pages reach them."""
    seen: set[tuple[int, int]] = set()
    drawings: set[tuple[int, int]] = set()
    for page in pdf.pages:
        for holder in with_drawings(page.obj, drawings):
            for font in holder.get("/Resources", {}).get("/Font", {}).values():
                for one in [font, *font.get("/DescendantFonts", [])]:
                    key = one.objgen if one.is_indirect else (id(one), -1)
                    if key not in seen:
                        seen.add(key)
                        yield one


def font_file(descriptor: Any) -> Any | None:
    """The embedded font program of a font descriptor (None if the font is not embedded)."""
    for key in FONT_FILES:
        if key in descriptor:
            return descriptor[key]
    return None


def unique_subset_tags(pdf: Any) -> int:
    """Give each distinct subset of a font a tag of its own (the first met keeps its tag, the
    others get one made from their font program's bytes, so the same file gets the same tag
    every build); returns how many subsets were renamed."""
    owner: dict[str, bytes] = {}  # tagged name -> digest of the subset that holds it
    renamed: dict[tuple[int, int], tuple[str, str]] = {}  # descriptor -> (old, new) name
    users: list[tuple[Any, Any]] = []  # (font, descriptor) of every embedded subset
    for font in font_dicts(pdf):
        descriptor = font.get("/FontDescriptor")
        program = None if descriptor is None else font_file(descriptor)
        if program is None or not descriptor.is_indirect:
            continue
        users.append((font, descriptor))
        match = SUBSET.match(str(descriptor.get("/FontName", "")))
        if match is None or descriptor.objgen in renamed:
            continue
        digest = hashlib.sha256(program.read_raw_bytes()).digest()
        name = str(descriptor.FontName)
        if owner.setdefault(name, digest) != digest:
            new = _free_name(match[2], digest, owner)
            owner[new] = digest
            renamed[descriptor.objgen] = (name, new)
    _rename(pdf, users, renamed)
    return len(renamed)


def _free_name(base: str, digest: bytes, taken: dict[str, bytes]) -> str:
    """A tagged name for ``base`` from ``digest`` that no other subset holds."""
    for start in range(0, len(digest) - 5):
        tag = "".join(chr(ord("A") + byte % 26) for byte in digest[start:start + 6])
        name = f"/{tag}+{base}"
        if taken.get(name, digest) == digest:
            return name
    raise ValueError(f"no free subset tag for {base}")  # 27 tries of 26**6 names


def _rename(pdf: Any, users: list[tuple[Any, Any]],
            renamed: dict[tuple[int, int], tuple[str, str]]) -> None:
    """The descriptors of ``renamed`` given their new names, and so the fonts that use them
    and the composite fonts above those."""
    import pikepdf

    if not renamed:
        return
    parents: dict[tuple[int, int], list[Any]] = {}
    for font in font_dicts(pdf):
        for child in font.get("/DescendantFonts", []):
            if child.is_indirect:
                parents.setdefault(child.objgen, []).append(font)
    for font, descriptor in users:
        if descriptor.objgen not in renamed:
            continue
        old, new = renamed[descriptor.objgen]
        descriptor.FontName = pikepdf.Name(new)
        above = parents.get(font.objgen, []) if font.is_indirect else []
        for holder in [font, *above]:
            base = str(holder.get("/BaseFont", ""))
            if base == old or base.startswith(old + "-"):
                holder.BaseFont = pikepdf.Name(new + base[len(old):])


def needed_version(pdf: Any) -> str | None:
    """The lowest PDF version the font files of ``pdf`` need beyond 1.5 (None if none)."""
    for font in font_dicts(pdf):
        descriptor = font.get("/FontDescriptor")
        program = None if descriptor is None else descriptor.get("/FontFile3")
        if program is not None and program.get("/Subtype") == "/OpenType":
            return OPENTYPE_VERSION
    return None


def declare_version(pdf: Any, version: str | None) -> str:
    """The ``min_version`` to save ``pdf`` with so that it declares at least ``version``
    (a catalog /Version below it is raised too); "" when nothing is needed."""
    import pikepdf

    if version is None:
        return ""
    declared = pdf.Root.get("/Version")
    if declared is not None and _number(str(declared)[1:]) < _number(version):
        pdf.Root.Version = pikepdf.Name("/" + version)
    return version


def _number(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".") if part.isdigit())
