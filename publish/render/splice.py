"""Put pages laid out on their own back into a PDF made earlier, and join PDFs.

A card edit changes the drawing of the sheets (or print-shop pages) that
show that card and nothing else: same page size, same boxes, same anchors.
Laying out only those pages and swapping their drawing into the previous
PDF costs a fraction of laying out the whole deck again.  The page objects
stay where they are, so named destinations and the page order still hold.

A page laid out alone brings its own font subsets: of a font's kept subset and
the new page's, the one holding exactly the glyphs every page draws serves them
all; the new page's is that one when it was laid out seeded with what the other
pages draw (``render.subsets``).  Where neither is, the whole is laid out again.

pikepdf (qpdf) writes compressed object streams as WeasyPrint does: a PDF
rewritten by it stays the size it was, and only reachable objects are kept.
Every paged output is written by ``save`` (``canonical`` for one laid out
whole), so an edit and its revert give the bytes a forced build gives: each
page and drawing keeps only the resources it calls, named in the order it
calls them (WeasyPrint numbers them over the whole document), and objects
are numbered in the order they are reached, not the order they were made.
"""

from __future__ import annotations

import io
import re
import warnings
import zlib
from collections.abc import Iterable
from typing import Any

from publish.render import tagging
from publish.render.conformance import declare_version, needed_version, unique_subset_tags
from publish.render.subsets import (
    SubsetsDiffer,
    fonts,
    reuse_fonts,
    settle_fonts,
    sort_unicode_maps,
    with_drawings,
)

BOXES = ("/MediaBox", "/TrimBox", "/BleedBox")


class SpliceError(ValueError):
    """The new pages do not fit the old ones (size or count): lay out the whole PDF."""


class FontsChange(SpliceError):
    """The new pages fit, but the fonts' subsets would not be those of the PDF laid out
    whole (new glyphs, or a glyph's last use gone): lay out the whole PDF; what each page
    draws is the same either way."""


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
        try:
            settle_fonts(target, at)
        except SubsetsDiffer as differ:  # new glyphs, or a glyph's last use gone
            raise FontsChange(f"the fonts change: {differ}") from None
        return save(target)


def page_count(pdf: bytes) -> int:
    """How many pages ``pdf`` has."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)


def join_pdfs(pdfs: Iterable[bytes], title: str | None = None,
              stubs: Iterable[set[str]] = (), continuing: set[int] | None = None,
              faces: list[str] | None = None, saved: bool = False) -> bytes:
    """One PDF of several, in order, without laying anything out again.

    Named destinations come from the first PDF that has each name, leaving out
    the names in its ``stubs`` (anchors only laid out so that links to other
    PDFs were written); bookmarks come from every PDF, those of the PDFs
    numbered in ``continuing`` (from 0) under the last top-level bookmark
    before them; a font subset already joined that holds every glyph a page
    uses serves that page too.  Language and document information come from
    the first PDF, the title from ``title`` if given.  Tagged PDFs join into one
    structure tree (publish.render.tagging), whose card faces are labelled by ``faces``.
    ``saved``: every PDF was written by ``save``, so its resources are pruned already.
    """
    import pikepdf

    joined = pikepdf.new()
    names: dict[str, Any] = {}
    outline: list[Any] = []
    sources = []
    offsets = []
    hidden = iter(stubs)
    try:
        for number, data in enumerate(pdfs):
            sources.append(pikepdf.open(io.BytesIO(data)))
            offsets.append(len(joined.pages))
            items = _append(joined, sources[-1], next(hidden, set()), names)
            if number in (continuing or ()) and outline:
                outline[-1].children.extend(items)
            else:
                outline += items
        tagging.merge(joined, sources, offsets)
        tagging.describe(joined, faces or [], title or "the joined PDF")
        _describe(joined, sources[0] if sources else None, title)
        _destinations(joined, names, outline)
        return save(joined, pruned=saved)
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
    reuse_fonts((page.obj for page in joined.pages[offset:]), kept)

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


def tagged(pdf: bytes, faces: list[str], what: str) -> bytes:
    """A tagged PDF as WeasyPrint wrote it, its card faces made Figures labelled by ``faces``
    and its header cells scoped (publish.render.tagging), written as ``save`` does."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        tagging.describe(document, faces, what)
        return save(document)


def canonical(pdf: bytes) -> bytes:
    """``pdf`` written as every paged output is (``save``), so that a PDF laid out whole
    and one whose pages were spliced in are the same bytes when their pages are."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        return save(document)


def save(pdf: Any, pruned: bool = False) -> bytes:
    """The bytes of a pikepdf PDF, streams and objects compressed, reproducible: each page
    and drawing keeps only the resources it names (WeasyPrint gives every page the whole
    document's, so a spliced page would keep the drawings it replaced alive), and the file
    identifier is computed from the contents alone, not kept from an earlier file; each
    subset of a font has a tag of its own and the version admits the font files
    (``render.conformance``).  ``pruned``: the pages are those of PDFs this function
    wrote, whose resources and font maps need no second pass."""
    import pikepdf

    if not pruned:
        prune_resources(pdf)
        sort_unicode_maps(pdf)
    unique_subset_tags(pdf)  # joined PDFs: each part tagged its subsets alike
    version = declare_version(pdf, needed_version(pdf))
    if "/StructTreeRoot" in pdf.Root:  # PDF/UA-1 is built on PDF 1.7, later than 1.6
        version = declare_version(pdf, tagging.VERSION)
    if "/ID" in pdf.trailer:
        del pdf.trailer["/ID"]
    # qpdf fills object streams in the order of the objects' numbers, and a spliced page's
    # objects were numbered last: written once without object streams first, every object
    # is numbered in the order it is reached from the trailer, the same for both PDFs.
    numbered = io.BytesIO()
    pdf.save(numbered, object_stream_mode=pikepdf.ObjectStreamMode.disable,
             compress_streams=True, deterministic_id=True, min_version=version)
    buffer = io.BytesIO()
    with pikepdf.open(numbered) as renumbered:
        del renumbered.trailer["/ID"]  # else qpdf keeps the first half: the draft's hash
        # the first save wrote the version into the XMP metadata already: parsing it again
        # would cost a tenth of the time of an edit's placing and change nothing
        renumbered.save(buffer, object_stream_mode=pikepdf.ObjectStreamMode.generate,
                        compress_streams=True, deterministic_id=True, min_version=version,
                        fix_metadata_version=False)
    return buffer.getvalue()


_NAME = re.compile(rb"/([^\s/\[\]()<>{}%]+)")
"""A name in a content stream (a resource is called by name: /F1 Tf, /x3 Do, /a1 gs)."""


def prune_resources(pdf: Any) -> None:
    """Each page and drawing of a pikepdf PDF left with only the resources it names."""
    seen: set[tuple[int, int]] = set()  # a drawing two pages call is pruned once
    for page in pdf.pages:
        for holder in with_drawings(page.obj, seen):
            _prune(holder)


def _prune(holder: Any) -> None:
    """A page's or drawing's resources cut down to the names its content uses, then renamed
    in the order the content calls them."""
    import pikepdf

    resources = holder.get("/Resources")
    if not isinstance(resources, pikepdf.Dictionary):
        return
    content, stream = _content(holder)
    used = {name.decode("latin-1") for name in _NAME.findall(content)}
    pruned = pikepdf.Dictionary()
    for kind, table in resources.items():
        if not isinstance(table, pikepdf.Dictionary):
            pruned[kind] = table
        elif kept := {k: v for k, v in table.items() if k[1:] in used}:
            pruned[kind] = pikepdf.Dictionary(kept)
    holder.Resources = pruned
    if stream is not None:
        _rename(pruned, content, stream)


def _content(holder: Any) -> tuple[bytes, Any]:
    """A drawing's or page's content, and the stream it is written back to (None for a
    page drawn by several streams: its names are left as they are)."""
    import pikepdf

    if isinstance(holder, pikepdf.Stream):
        return holder.read_bytes(), holder
    contents = holder.get("/Contents")
    if isinstance(contents, pikepdf.Stream):
        return contents.read_bytes(), contents
    return b"\n".join(stream.read_bytes() for stream in contents or []), None


_CALLED = re.compile(rb"/([^\s/\[\]()<>{}%]+)(\s+)(Do|sh|gs|scn|SCN)(?![^\s/\[\]()<>{}%])")
"""A resource called by the one operator that takes it: /x3 Do, /s1 sh, /a0.5 gs, /p0 scn."""
_KINDS = {b"Do": ("/XObject", "x"), b"sh": ("/Shading", "s"), b"gs": ("/ExtGState", "g"),
          b"scn": ("/Pattern", "p"), b"SCN": ("/Pattern", "p")}
_KIND_NAMES = ("/ExtGState", "/Pattern", "/Shading", "/XObject")


def _rename(resources: Any, content: bytes, stream: Any) -> None:
    """Drawings, shadings, patterns and graphics states renamed x0, x1 … in the order the
    content calls them.  WeasyPrint numbers them over the whole document, so a page laid
    out alone names them otherwise than the same page laid out with the rest; renamed,
    the spliced page and the forced one are the same bytes.  A kind with a resource the
    content calls in another way keeps its names."""
    import pikepdf

    new = _call_order(content)
    for kind in _KIND_NAMES:
        table = resources.get(kind)
        called = {old for known, old in new if known == kind}
        if not isinstance(table, pikepdf.Dictionary) or set(table) != called:
            new = {key: name for key, name in new.items() if key[0] != kind}
            continue
        resources[kind] = pikepdf.Dictionary({new[(kind, key)]: value
                                              for key, value in table.items()})
    if all(old == name for (_, old), name in new.items()):
        return

    def renamed(match: re.Match[bytes]) -> bytes:
        kind = _KINDS[match.group(3)][0]
        name = new.get((kind, "/" + match.group(1).decode("latin-1")))
        return (name.encode("latin-1") if name else b"/" + match.group(1)) + match[2] + match[3]

    stream.write(zlib.compress(_CALLED.sub(renamed, content)), filter=pikepdf.Name.FlateDecode)


def _call_order(content: bytes) -> dict[tuple[str, str], str]:
    """(kind, name) -> the name by order of first call within its kind: /x0, /x1 …"""
    new: dict[tuple[str, str], str] = {}
    counts: dict[str, int] = {}
    for match in _CALLED.finditer(content):
        kind, prefix = _KINDS[match.group(3)]
        key = (kind, "/" + match.group(1).decode("latin-1"))
        if key not in new:
            new[key] = f"/{prefix}{counts.get(kind, 0)}"
            counts[kind] = counts.get(kind, 0) + 1
    return new


def _box(page: Any, name: str) -> list[float]:
    return [round(float(v), 2) for v in page.get(name, [])]


