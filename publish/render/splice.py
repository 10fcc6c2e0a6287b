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
Every paged output is written by ``save`` (``canonical`` for one laid out
whole), so an edit and its revert give the bytes a forced build gives.
"""

from __future__ import annotations

import io
import re
import warnings
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
        if sorted(at) == list(range(len(target.pages))) and at == sorted(at):
            return canonical(new)  # every page anew, in order: the new PDF is the whole
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


def page_count(pdf: bytes) -> int:
    """How many pages ``pdf`` has."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)


def join_pdfs(pdfs: Iterable[bytes], title: str | None = None,
              stubs: Iterable[set[str]] = (), continuing: set[int] | None = None) -> bytes:
    """One PDF of several, in order, without laying anything out again.

    Named destinations come from the first PDF that has each name, leaving out
    the names in its ``stubs`` (anchors only laid out so that links to other
    PDFs were written); bookmarks come from every PDF, those of the PDFs
    numbered in ``continuing`` (from 0) under the last top-level bookmark
    before them; a font subset already joined that holds every glyph a page
    uses serves that page too.  Language and document information come from
    the first PDF, the title from ``title`` if given.
    """
    import pikepdf

    joined = pikepdf.new()
    names: dict[str, Any] = {}
    outline: list[Any] = []
    sources = []
    hidden = iter(stubs)
    try:
        for number, data in enumerate(pdfs):
            sources.append(pikepdf.open(io.BytesIO(data)))
            items = _append(joined, sources[-1], next(hidden, set()), names)
            if number in (continuing or ()) and outline:
                outline[-1].children.extend(items)
            else:
                outline += items
        _describe(joined, sources[0] if sources else None, title)
        _destinations(joined, names, outline)
        return save(joined)
    finally:
        for source in sources:
            source.close()


def _append(joined: Any, source: Any, skip: set[str], names: dict[str, Any]) -> list[Any]:
    """``source``'s pages at the end of ``joined`` (sharing fonts it already has), its named
    destinations not in ``skip`` nor already taken into ``names``; its bookmarks, returned."""
    import pikepdf

    offset = len(joined.pages)
    index = {page.obj.objgen: i for i, page in enumerate(source.pages)}
    kept = fonts(joined.pages)
    with warnings.catch_warnings():  # named destinations are carried over below
        warnings.simplefilter("ignore", pikepdf.PageCopyWarning)
        joined.pages.extend(source.pages)
    for page in joined.pages[offset:]:
        reuse_fonts(page.obj, kept)

    def at(dest: Any) -> Any:
        page = index[dest[0].objgen]
        return pikepdf.Array([joined.pages[offset + page].obj, *list(dest)[1:]])

    if "/Names" in source.Root and "/Dests" in source.Root.Names:
        for name, dest in pikepdf.NameTree(source.Root.Names.Dests).items():
            if name not in skip and name not in names:
                names[name] = at(dest)
    with source.open_outline() as tree:
        return [_copy_bookmark(item, at) for item in tree.root]


def _describe(joined: Any, first: Any, title: str | None) -> None:
    """Language and document information from the first PDF; the title if given."""
    if first is not None:
        if "/Lang" in first.Root:
            joined.Root.Lang = first.Root.Lang
        for key, value in first.docinfo.items():
            joined.docinfo[key] = value
    if title:
        with joined.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["dc:title"] = title
        joined.docinfo["/Title"] = title


def _destinations(joined: Any, names: dict[str, Any], outline: list[Any]) -> None:
    import pikepdf

    if names:
        tree_of_names = pikepdf.NameTree.new(joined)
        for name, dest in sorted(names.items()):
            tree_of_names[name] = dest
        joined.Root.Names = pikepdf.Dictionary(Dests=tree_of_names.obj)
    if outline:
        with joined.open_outline() as tree:
            tree.root.extend(outline)


def _copy_bookmark(item: Any, at: Any) -> Any:
    import pikepdf

    copy = pikepdf.OutlineItem(item.title, destination=at(item.destination))
    copy.is_closed = item.is_closed
    copy.children.extend(_copy_bookmark(child, at) for child in item.children)
    return copy


def canonical(pdf: bytes) -> bytes:
    """``pdf`` written as every paged output is (``save``), so that a PDF laid out whole
    and one whose pages were spliced in are the same bytes when their pages are."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        return save(document)


def save(pdf: Any) -> bytes:
    """The bytes of a pikepdf PDF, streams and objects compressed, reproducible: each page
    and drawing keeps only the resources it names (WeasyPrint gives every page the whole
    document's, so a spliced page would keep the drawings it replaced alive), and the file
    identifier is computed from the contents alone, not kept from an earlier file."""
    import pikepdf

    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        streams = [contents] if isinstance(contents, pikepdf.Stream) else list(contents or [])
        _prune(page.obj, b"\n".join(s.read_bytes() for s in streams), seen)
    if "/ID" in pdf.trailer:
        del pdf.trailer["/ID"]
    buffer = io.BytesIO()
    pdf.save(buffer, object_stream_mode=pikepdf.ObjectStreamMode.generate,
             compress_streams=True, deterministic_id=True)
    return buffer.getvalue()


_NAME = re.compile(rb"/([^\s/\[\]()<>{}%]+)")
"""A name in a content stream (a resource is called by name: /F1 Tf, /x3 Do, /a1 gs)."""


def _prune(holder: Any, content: bytes, seen: set[tuple[int, int]]) -> None:
    """``holder``'s resources cut down to the names ``content`` uses; its forms likewise."""
    import pikepdf

    resources = holder.get("/Resources")
    if not isinstance(resources, pikepdf.Dictionary):
        return
    used = {name.decode("latin-1") for name in _NAME.findall(content)}
    pruned = pikepdf.Dictionary()
    for kind, table in resources.items():
        pruned[kind] = (pikepdf.Dictionary({k: v for k, v in table.items() if k[1:] in used})
                        if isinstance(table, pikepdf.Dictionary) else table)
    holder.Resources = pruned
    for drawing in pruned.get("/XObject", {}).values():
        if drawing.get("/Subtype") == "/Form" and drawing.objgen not in seen:
            seen.add(drawing.objgen)
            _prune(drawing, drawing.read_bytes(), seen)


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
