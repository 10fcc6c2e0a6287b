"""A long document laid out in parts, each remembered, and joined into one PDF.

A manual's chapters, each deck's card list and its back matter start on
pages of their own, so each can be laid out alone: a card edit then lays out
again only the card list that shows it.  Each part's PDF is kept in a cache
folder under the digest of its HTML; a part whose HTML has not changed costs
nothing.

Links between parts: a part is laid out with an empty, unpositioned stub for
each anchor it links to in another part, so that WeasyPrint writes the link
(by the anchor's name).  The joined PDF names each anchor where its own part
put it, never where a stub did, so every link lands on the real target.
Bookmarks and named destinations are carried over, pages renumbered.
"""

from __future__ import annotations

import hashlib
import io
import json
import warnings
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from publish.atomic import write_atomic


@dataclass(frozen=True)
class LaidOut:
    """A part as laid out: its PDF, its pages, and the page (from 0) of each of its anchors."""

    pdf: bytes
    pages: int
    anchors: dict[str, int]


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name == "href" and value and value.startswith("#") and len(value) > 1:
                self.links.add(value[1:])


def references(html: str) -> tuple[set[str], set[str]]:
    """(the ids ``html`` defines, the anchors it links to)."""
    refs = _Refs()
    refs.feed(html)
    refs.close()
    return refs.ids, refs.links


def stub_links(html: str, elsewhere: set[str], what: str) -> tuple[str, set[str]]:
    """``html`` with a stub for each anchor it links to but does not have, and those anchors.

    Each must be one of ``elsewhere`` (the other parts' anchors), or the link
    would lead nowhere.
    """
    from markupsafe import Markup

    from publish.render.pdf import RenderError

    ids, links = references(html)
    stubs = links - ids
    missing = sorted(stubs - elsewhere)
    if missing:
        raise RenderError(f"{what}: links to anchors no part has: "
                          + ", ".join(f"#{m}" for m in missing))
    spans = Markup("").join(Markup('<span id="{}" style="position: absolute; width: 0; '
                                   'height: 0"></span>').format(s) for s in sorted(stubs))
    if "</body>" not in html:
        return html + spans, stubs
    head, tail = html.rsplit("</body>", 1)
    return f"{head}{spans}</body>{tail}", stubs


def lay_out(html: str, project: Path, what: str, cache: Path | None = None,
            write: bool = True) -> LaidOut:
    """``html`` laid out and written as PDF, or the PDF kept from the last time it was.

    ``write=False``: laid out only, to count its pages (the PDF is left empty).
    """
    key = hashlib.sha256(html.encode("utf-8")).hexdigest()[:24]
    if cache is not None:
        try:
            meta = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
            return LaidOut((cache / f"{key}.pdf").read_bytes() if write else b"",
                           int(meta["pages"]), {str(k): int(v) for k, v in meta["anchors"].items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
    from publish.render.pdf import render, write_pdf

    document = render(html, project, what)
    anchors: dict[str, int] = {}
    for number, page in enumerate(document.pages):
        for anchor in page.anchors:
            anchors.setdefault(anchor, number)
    laid = LaidOut(write_pdf(document, what) if write else b"", len(document.pages), anchors)
    if cache is not None:
        if write:  # the PDF first: a record names a whole file
            write_atomic(cache / f"{key}.pdf", laid.pdf)
        write_atomic(cache / f"{key}.json",
                     json.dumps({"pages": laid.pages, "anchors": anchors}) + "\n")
    return laid


def keep_only(cache: Path, htmls: list[str]) -> None:
    """Forget the parts of earlier builds: the cache holds this document's parts alone."""
    keys = {hashlib.sha256(h.encode("utf-8")).hexdigest()[:24] for h in htmls}
    for path in cache.glob("*.*"):
        if path.suffix in (".pdf", ".json") and path.stem not in keys:
            path.unlink(missing_ok=True)


def join(parts: list[tuple[LaidOut, set[str]]], continuing: set[int] | None = None) -> bytes:
    """One PDF of the parts, in order: each with the stub anchors it was laid out with.

    Named destinations come from the part that owns each anchor (the first,
    as in one document), bookmarks from every part, metadata from the first.
    The bookmarks of the parts numbered in ``continuing`` (from 0) go under the
    last top-level bookmark before them: such a part goes on with a section.
    """
    import pikepdf

    from publish.render.splice import fonts, reuse_fonts, save

    joined = pikepdf.new()
    names: dict[str, Any] = {}
    outline: list[Any] = []
    sources = []
    try:
        for number, (laid, stubs) in enumerate(parts):
            source = pikepdf.open(io.BytesIO(laid.pdf))
            sources.append(source)
            offset = len(joined.pages)
            index = {page.obj.objgen: i for i, page in enumerate(source.pages)}
            kept = fonts(joined.pages)
            with warnings.catch_warnings():  # named destinations are carried over below
                warnings.simplefilter("ignore", pikepdf.PageCopyWarning)
                joined.pages.extend(source.pages)
            for page in joined.pages[offset:]:
                reuse_fonts(page.obj, kept)

            def at(dest: Any, offset: int = offset, index: dict = index) -> Any:
                page = index[dest[0].objgen]
                return pikepdf.Array([joined.pages[offset + page].obj, *list(dest)[1:]])

            if "/Names" in source.Root and "/Dests" in source.Root.Names:
                for name, dest in pikepdf.NameTree(source.Root.Names.Dests).items():
                    if name not in stubs and name not in names:
                        names[name] = at(dest)
            with source.open_outline() as tree:
                items = [_copy(item, at) for item in tree.root]
            if number in (continuing or ()) and outline:
                outline[-1].children.extend(items)
            else:
                outline += items
        if sources:
            first = sources[0]
            if "/Lang" in first.Root:
                joined.Root.Lang = first.Root.Lang
            for key, value in first.docinfo.items():
                joined.docinfo[key] = value
        tree_of_names = pikepdf.NameTree.new(joined)
        for name, dest in sorted(names.items()):
            tree_of_names[name] = dest
        joined.Root.Names = pikepdf.Dictionary(Dests=tree_of_names.obj)
        with joined.open_outline() as tree:
            tree.root.extend(outline)
        return save(joined)
    finally:
        for source in sources:
            source.close()


def _copy(item: Any, at: Any) -> Any:
    import pikepdf

    copy = pikepdf.OutlineItem(item.title, destination=at(item.destination))
    copy.is_closed = item.is_closed
    copy.children.extend(_copy(child, at) for child in item.children)
    return copy
