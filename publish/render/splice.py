"""Put pages laid out on their own back into a PDF made earlier, and join PDFs.

A card edit changes the drawing of the sheets (or print-shop pages) that
show that card and nothing else: same page size, same boxes, same anchors.
Laying out only those pages and swapping their drawing into the previous
PDF costs a fraction of laying out the whole deck again.  The page objects
stay where they are, so named destinations and the page order still hold.

A page laid out alone brings its own font subsets.  WeasyPrint subsets keep
the fonts' glyph ids, so when the PDF already embeds a subset of the same
font with every glyph the new page uses, the page is pointed at that one
and the file does not grow; only a page with new glyphs keeps its own.

pikepdf (qpdf) writes compressed object streams as WeasyPrint does: a PDF
rewritten by it stays the size it was, and only reachable objects are kept.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

BOXES = ("/MediaBox", "/TrimBox", "/BleedBox")
WIDTH_ROUNDING = 1.0
"""Glyph widths (1/1000 em) of one font may differ by a unit between two layouts."""


class SpliceError(ValueError):
    """The new pages do not fit the old ones (size or count): lay out the whole PDF."""


def replace_pages(pdf: bytes, new: bytes, at: list[int]) -> bytes:
    """``pdf`` with the drawing of page ``at[k]`` taken from page k of ``new``.

    Each replaced page must have the same boxes as the page that replaces it;
    objects only the old drawings used are dropped.
    """
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as target, pikepdf.open(io.BytesIO(new)) as fresh:
        if len(fresh.pages) != len(at):
            raise SpliceError(f"{len(fresh.pages)} new pages for {len(at)} places")
        if len(set(at)) != len(at) or not all(0 <= i < len(target.pages) for i in at):
            raise SpliceError(f"pages {at} are not distinct pages of a "
                              f"{len(target.pages)}-page PDF")
        kept = fonts(p for i, p in enumerate(target.pages) if i not in at)
        for source, index in zip(fresh.pages, at, strict=True):
            page = target.pages[index].obj
            for box in BOXES:
                if _box(source.obj, box) != _box(page, box):
                    raise SpliceError(f"page {index + 1}: {box} differs from the new page's")
            for key in ("/Contents", "/Resources", "/Annots"):
                if key in source.obj:
                    value = source.obj[key]
                    page[key] = target.copy_foreign(value if value.is_indirect
                                                    else fresh.make_indirect(value))
                elif key in page:
                    del page[key]
            reuse_fonts(page, kept)
        return save(target)


def join_pdfs(pdfs: Iterable[bytes], title: str | None = None) -> bytes:
    """One PDF of several, in order, without laying anything out again."""
    import pikepdf

    joined = pikepdf.new()
    sources = []
    try:
        for data in pdfs:
            source = pikepdf.open(io.BytesIO(data))
            sources.append(source)
            joined.pages.extend(source.pages)
        if sources:
            for key in ("/Lang",):
                if key in sources[0].Root:
                    joined.Root[key] = sources[0].Root[key]
            with joined.open_metadata(set_pikepdf_as_editor=False) as meta:
                meta["dc:title"] = title or str(sources[0].docinfo.get("/Title", ""))
            joined.docinfo["/Title"] = title or sources[0].docinfo.get("/Title", "")
            joined.docinfo["/Producer"] = sources[0].docinfo.get("/Producer", "")
        return save(joined)
    finally:
        for source in sources:
            source.close()


def save(pdf: Any) -> bytes:
    """The bytes of a pikepdf PDF, streams and objects compressed, reproducible."""
    import pikepdf

    buffer = io.BytesIO()
    pdf.save(buffer, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             compress_streams=True, deterministic_id=True)
    return buffer.getvalue()


def _box(page: Any, name: str) -> list[float]:
    return [round(float(v), 2) for v in page.get(name, [])]


def fonts(pages: Any) -> dict[str, list[tuple[Any, dict[int, float]]]]:
    """The composite fonts these pages use: base name -> (font, glyph widths)."""
    found: dict[str, list[tuple[Any, dict[int, float]]]] = {}
    seen: set[tuple[int, int]] = set()
    for page in pages:
        table = page.obj.get("/Resources", {}).get("/Font", {})
        for font in table.values():
            if not font.is_indirect or font.objgen in seen:
                continue
            seen.add(font.objgen)
            widths = _widths(font)
            if widths is not None:
                found.setdefault(str(font.BaseFont), []).append((font, widths))
    return found


def _widths(font: Any) -> dict[int, float] | None:
    """Glyph id -> width of a Type0 font with the identity encoding (None for others)."""
    if font.get("/Subtype") != "/Type0" or font.get("/Encoding") != "/Identity-H":
        return None
    import pikepdf

    items = list(font.DescendantFonts[0].get("/W", []))
    widths: dict[int, float] = {}
    i = 0
    while i + 1 < len(items):
        first = int(items[i])
        if isinstance(items[i + 1], pikepdf.Array):
            widths.update((first + k, float(w)) for k, w in enumerate(items[i + 1]))
            i += 2
        else:  # first last width
            last, width = int(items[i + 1]), float(items[i + 2])
            widths.update((gid, width) for gid in range(first, last + 1))
            i += 3
    return widths


def reuse_fonts(page: Any, kept: dict[str, list[tuple[Any, dict[int, float]]]]) -> None:
    """Point the page at fonts already embedded that hold every glyph it draws."""
    table = page.get("/Resources", {}).get("/Font")
    if not table:
        return
    for name in list(table.keys()):
        font = table[name]
        widths = _widths(font)
        if widths is None:
            continue
        for old, old_widths in kept.get(str(font.BaseFont), []):
            if all(abs(old_widths.get(gid, -1e9) - w) <= WIDTH_ROUNDING
                   for gid, w in widths.items()):
                table[name] = old
                break
