"""A long document laid out in parts, each remembered, and joined into one PDF.

A manual's chapters, each deck's card list and its back matter start on
pages of their own, so each can be laid out alone: a card edit then lays out
again only the card list that shows it.  Each part's PDF is kept in a cache
folder under the digest of its HTML; a part whose HTML has not changed costs
nothing.  A first build need not lay the parts out one by one: the whole
laid out once, each part can be written from its pages and kept as what its
HTML lays out to (publish.docs.manual).

Links between parts: a part is laid out with an empty, unpositioned stub for
each anchor it links to in another part, so that WeasyPrint writes the link
(by the anchor's name).  The joined PDF names each anchor where its own part
put it, never where a stub did, so every link lands on the real target.
publish.render.splice.join_pdfs joins the parts, carrying bookmarks and named
destinations over.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from markupsafe import Markup

from publish.core.atomic import write_atomic
from publish.render import pdf


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
        self.first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
                self.first = self.first or value
            elif name == "href" and value and value.startswith("#") and len(value) > 1:
                self.links.add(value[1:])


@lru_cache(maxsize=32)
def _parsed(html: str) -> tuple[frozenset[str], frozenset[str], str | None]:
    """A part's HTML is read several times as its manual is laid out: parsed once."""
    refs = _Refs()
    refs.feed(html)
    refs.close()
    return frozenset(refs.ids), frozenset(refs.links), refs.first


def references(html: str) -> tuple[set[str], set[str]]:
    """(the ids ``html`` defines, the anchors it links to)."""
    ids, links, _ = _parsed(html)
    return set(ids), set(links)


def first_id(html: str) -> str | None:
    """The first id ``html`` defines, in document order (where a part begins, in a whole)."""
    return _parsed(html)[2]


def stub_links(html: str, elsewhere: set[str], what: str) -> tuple[str, set[str]]:
    """``html`` with a stub for each anchor it links to but does not have, and those anchors.

    Each must be one of ``elsewhere`` (the other parts' anchors), or the link
    would lead nowhere.
    """
    ids, links = references(html)
    stubs = links - ids
    missing = sorted(stubs - elsewhere)
    if missing:
        raise pdf.RenderError(f"{what}: links to anchors no part has: "
                          + ", ".join(f"#{m}" for m in missing))
    spans = Markup("").join(Markup('<span id="{}" style="position: absolute; width: 0; '
                                   'height: 0"></span>').format(s) for s in sorted(stubs))
    if "</body>" not in html:
        return html + spans, stubs
    head, tail = html.rsplit("</body>", 1)
    return f"{head}{spans}</body>{tail}", stubs


def anchor_pages(document: Any) -> dict[str, int]:
    """The page (from 0) each anchor of a laid-out document is first on."""
    anchors: dict[str, int] = {}
    for number, page in enumerate(document.pages):
        for anchor in page.anchors:
            anchors.setdefault(anchor, number)
    return anchors


def lay_out(html: str, project: Path, what: str, reads: Sequence[Path],
            cache: Path | None = None, write: bool = True, tagged: bool = False) -> LaidOut:
    """``html`` laid out and written as PDF (``tagged``: PDF/UA-1), or the PDF kept from the
    last time it was (a cache holds tagged or untagged parts, never both).

    ``write=False``: laid out only, to count its pages (the PDF is left empty).
    """
    key = _key(html)
    if cache is not None:
        try:
            meta = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
            return LaidOut((cache / f"{key}.pdf").read_bytes() if write else b"",
                           int(meta["pages"]), {str(k): int(v) for k, v in meta["anchors"].items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
    document = pdf.render(html, project, what, reads)
    laid = LaidOut(pdf.write_pdf(document, what, tagged) if write else b"", len(document.pages),
                   anchor_pages(document))
    if cache is not None:
        keep(cache, html, laid)
    return laid


def keep(cache: Path, html: str, laid: LaidOut) -> None:
    """Remember ``laid`` as what ``html`` lays out to (a part written from the whole
    document is kept this way too)."""
    key = _key(html)
    if laid.pdf:  # the PDF first: a record names a whole file
        write_atomic(cache / f"{key}.pdf", laid.pdf)
    write_atomic(cache / f"{key}.json",
                 json.dumps({"pages": laid.pages, "anchors": laid.anchors}) + "\n")


def _key(html: str) -> str:
    return hashlib.sha256(html.encode("utf-8")).hexdigest()[:24]


BUILT = "built.json"
"""In the cache: the parts of the last build (kept through the next one as well)."""
CUT = "cut.json"
"""In the cache: the parts written from the document laid out whole (kept until it is again)."""


def keep_cut(cache: Path, htmls: list[str]) -> None:
    """Mark these parts, written from the whole document, to be kept until the next whole
    layout: a part edited and restored, however many builds later, comes back from the
    cache as the whole document drew it (laid out alone, a glyph's width can round to
    another 1/1000 em, so the bytes would differ)."""
    write_atomic(cache / CUT, json.dumps(sorted(_key(h) for h in htmls)) + "\n")


def keep_only(cache: Path, htmls: list[str]) -> None:
    """Forget the parts of older builds: the cache holds this document's parts, the last
    build's and those written from the whole, so that an edit and its revert find the parts
    they had (the same bytes)."""
    keys = {_key(h) for h in htmls}
    kept = keys | _listed(cache / BUILT) | _listed(cache / CUT)
    for path in cache.glob("*.*"):
        part = path.suffix in (".pdf", ".json") and len(path.stem) == len(_key(""))
        if part and path.stem not in kept:
            path.unlink(missing_ok=True)
    write_atomic(cache / BUILT, json.dumps(sorted(keys)) + "\n")


def _listed(path: Path) -> set[str]:
    try:
        return {str(key) for key in json.loads(path.read_text(encoding="utf-8"))}
    except (OSError, ValueError, TypeError):
        return set()
