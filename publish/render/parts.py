"""A long document laid out in parts, each remembered, and joined into one PDF.

A manual's chapters, each deck's card list and its back matter start on
pages of their own, so each can be laid out alone: a card edit then lays out
again only the card list that shows it.  Each part's PDF is kept in a cache
folder under the digest of its HTML; a part whose HTML has not changed costs
nothing.  A first build need not lay the parts out one by one: the whole
laid out once, each part can be written from its pages and kept as what its
HTML lays out to (publish.docs.manual); ``shared`` spreads such work over
two processes.

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
import os
import pickle
import signal
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from markupsafe import Markup

from publish.core.atomic import write_atomic
from publish.core.lifetime import end_with_parent
from publish.render import pdf
from publish.render.misuse import template_misuse


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
            cache: Path | None = None, write: bool = True) -> LaidOut:
    """``html`` laid out and written as PDF, or the PDF kept from the last time it was.

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
    laid = LaidOut(pdf.write_pdf(document, what) if write else b"", len(document.pages),
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


def shared(tasks: list[Callable[[], Any]]) -> list[Any]:
    """The results of ``tasks``, run by this process and one forked from it (with all this
    one holds: a document laid out, WeasyPrint and the fonts loaded), each taking the next
    task not yet taken, so that neither waits while the other works.  On one core, for one
    task, or where processes cannot fork, they run here.

    The helper ends with this process (publish.core.lifetime), reads no pipe and writes one
    its parent reads to the end, so a killed build leaves nothing behind; if this process
    fails, or its job's time is up, the helper is killed and reaped.
    """
    if len(tasks) < 2 or (os.cpu_count() or 1) < 2 or not hasattr(os, "fork"):
        return [task() for task in tasks]
    queue = _task_queue(len(tasks))
    results, write = os.pipe()
    parent = os.getpid()
    helper = os.fork()
    if helper == 0:
        os.close(results)
        _help(tasks, queue, write, parent)  # never returns
    os.close(write)
    try:
        done = _take_tasks(tasks, queue)
        done.update(_helped(results))
    except BaseException:
        os.kill(helper, signal.SIGKILL)
        raise
    finally:
        os.close(queue)
        os.close(results)
        os.waitpid(helper, 0)
    return [done[i] for i in range(len(tasks))]


def _task_queue(count: int) -> int:
    """A pipe holding the index of every task (four bytes each), its writing end closed: the
    reading end, from which each process takes the next one whole, without a lock (a
    process that dies holds nothing the other waits for)."""
    read, write = os.pipe()
    os.write(write, b"".join(struct.pack("=I", i) for i in range(count)))
    os.close(write)
    return read


def _take_tasks(tasks: list[Callable[[], Any]], queue: int) -> dict[int, Any]:
    done = {}
    while taken := os.read(queue, 4):
        index = struct.unpack("=I", taken)[0]
        done[index] = tasks[index]()
    return done


def _help(tasks: list[Callable[[], Any]], queue: int, write: int, parent: int) -> None:
    """The forked helper: take tasks, send back what they made (or what they raised, a
    template's mistake placed at its line first), and end."""
    status = 1
    try:
        end_with_parent(parent)
        try:
            outcome: tuple[str, Any] = ("done", _take_tasks(tasks, queue))
        except Exception as exc:
            outcome = ("failed", template_misuse(exc) or exc)
        try:
            data = pickle.dumps(outcome)
        except Exception as exc:  # what it raised cannot cross: said in words
            data = pickle.dumps(("failed", pdf.RenderError(f"{type(exc).__name__}: {exc}")))
        with os.fdopen(write, "wb") as out:
            out.write(data)
        status = 0
    finally:
        os._exit(status)


def _helped(results: int) -> dict[int, Any]:
    """What the helper sent, read to the end (it ends when the helper does)."""
    with os.fdopen(results, "rb", closefd=False) as pipe:
        data = pipe.read()
    if not data:
        raise pdf.RenderError("the process laying out a manual's parts beside this one ended "
                              "before it was done (killed, or out of memory)")
    outcome, value = pickle.loads(data)
    if outcome == "failed":
        raise value
    return value
