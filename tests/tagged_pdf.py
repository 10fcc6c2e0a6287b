"""Reading a tagged PDF's structure back in tests: pikepdf for the tree, pdfium for the text
each element marks (a reader that did not write the PDF)."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

HEADINGS = ("/H1", "/H2", "/H3", "/H4", "/H5", "/H6")


@dataclass
class Structure:
    """What a test checks of a tagged PDF."""

    lang: str = ""
    title: str = ""
    marked: bool = False
    display_title: bool = False
    ua_part: str = ""
    outline: list[str] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    """(level, text) of every H1..H6, in reading order."""
    figures: list[str] = field(default_factory=list)
    """The Alt of every Figure."""
    tables: list[list[str]] = field(default_factory=list)
    """Per table, the Scope of each of its TH cells."""
    tree: bool = False


def _kids(element: Any) -> list[Any]:
    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def _walk(element: Any) -> Iterator[Any]:
    for kid in _kids(element):
        if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
            yield kid
            yield from _walk(kid)


def _marked_texts(path: Path) -> dict[tuple[int, int], str]:
    """(page, MCID) -> the text drawn in that marked content, read by pdfium."""
    document = pdfium.PdfDocument(str(path))
    texts: dict[tuple[int, int], str] = {}
    try:
        for number, page in enumerate(document):
            textpage = page.get_textpage()
            for obj in page.get_objects():
                if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
                    continue
                mcid = pdfium_c.FPDFPageObj_GetMarkedContentID(obj.raw)
                size = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
                buffer = ctypes.create_string_buffer(size)
                pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw,
                                             ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)),
                                             size)
                text = buffer.raw[:size].decode("utf-16-le").rstrip("\x00")
                texts[number, mcid] = texts.get((number, mcid), "") + text
    finally:
        document.close()
    return texts


def _text(element: Any, pages: dict[tuple[int, int], int],
          texts: dict[tuple[int, int], str]) -> str:
    page = pages.get(element.Pg.objgen) if "/Pg" in element else None
    found = []
    for kid in _kids(element):
        if isinstance(kid, int) and page is not None:
            found.append(texts.get((page, kid), ""))
        elif isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
            found.append(_text(kid, pages, texts))
    return "".join(found)


def read_structure(path: Path) -> Structure:
    """The structure of the PDF at ``path`` (empty where it has none)."""
    found = Structure()
    with pikepdf.open(path) as pdf:
        root = pdf.Root
        found.lang = str(root.get("/Lang", ""))
        found.title = str(pdf.docinfo.get("/Title", ""))
        found.marked = bool(root.get("/MarkInfo", {}).get("/Marked", False))
        found.display_title = bool(root.get("/ViewerPreferences", {}).get("/DisplayDocTitle",
                                                                         False))
        with pdf.open_metadata() as meta:
            found.ua_part = str(meta.get("pdfuaid:part", ""))
        with pdf.open_outline() as outline:
            found.outline = [item.title for item in outline.root]
        if "/StructTreeRoot" not in root:
            return found
        found.tree = True
        pages = {page.objgen: number for number, page in enumerate(pdf.pages)}
        texts = _marked_texts(path)
        for element in _walk(root.StructTreeRoot):
            kind = str(element.S)
            if kind in HEADINGS:
                found.headings.append((int(kind[2]), " ".join(
                    _text(element, pages, texts).split())))
            elif kind == "/Figure":
                found.figures.append(str(element.get("/Alt", "")))
            elif kind == "/Table":
                found.tables.append([str(cell.get("/A", {}).get("/Scope", ""))
                                     for cell in _walk(element) if cell.S == "/TH"])
    return found


def structure_problems(path: Path) -> list[str]:
    """What keeps the PDF at ``path`` from being a tagged PDF a screen reader can follow:
    empty for one that is."""
    found = read_structure(path)
    problems = []
    if not found.tree or not found.marked:
        problems.append("no structure tree, or MarkInfo/Marked not true")
    if not found.lang or not found.title or not found.display_title:
        problems.append(f"language {found.lang!r}, title {found.title!r}, "
                        f"DisplayDocTitle {found.display_title}")
    if found.ua_part != "1":
        problems.append(f"XMP pdfuaid:part is {found.ua_part!r}, not 1")
    if not found.outline:
        problems.append("no bookmarks")
    levels = [level for level, _ in found.headings]
    if not levels or levels[0] != 1:
        problems.append(f"the first heading is not H1: {levels[:1]}")
    skips = [(a, b) for a, b in pairwise(levels) if b > a + 1]
    if skips:
        problems.append(f"heading levels skipped: {skips[:5]}")
    if any(not text for _, text in found.headings):
        problems.append("a heading with no text")
    if any(not alt.strip() for alt in found.figures):
        problems.append("a Figure without Alt")
    for number, scopes in enumerate(found.tables, start=1):
        if not scopes or not all(scope in ("/Row", "/Column", "/Both") for scope in scopes):
            problems.append(f"table {number}: header cells {scopes}")
    return problems
