"""HTML to PDF through WeasyPrint, where any WeasyPrint warning fails the build.

A missing font or image, a refused URL or a CSS rule WeasyPrint ignores would
otherwise produce a PDF that silently differs from what the template says.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from publish.core.problems import PublishError
from publish.render.cssplace import Placer
from publish.render.subsets import GlyphSeed, SeededFonts
from publish.render.tagging import VARIANT

if TYPE_CHECKING:
    from weasyprint.document import Document


MAX_HTML = 32 * 1024 * 1024
"""The most characters of HTML one document may hand WeasyPrint: 32 Mi.  The longest in this
repository, a manual laid out whole, has 225,000; a deck of the 10,000 cards a game may have
(publish.model.load.MAX_CARDS) some 16 million.  What templates make step by step (a loop's
lines) stops here, before WeasyPrint spends minutes and gigabytes laying it out."""


NO_ALT = "has no required alt description"
"""WeasyPrint's words for an ``<img>`` without alt in a tagged PDF."""


class RenderError(PublishError, RuntimeError):
    """WeasyPrint could not render the document exactly as written."""


@contextmanager
def _warnings_fail(what: str, fetcher: Any, html: str | None = None, root: Path | None = None,
                   reads: Sequence[Path] = (), tolerated: str = "") -> Iterator[None]:
    """Fail on any WeasyPrint warning or refused resource; fatal fetch errors name their cause.
    A warning's position is placed in its stylesheet, and in the template that wrote it
    (publish.render.cssplace), ``html`` being the document laid out."""
    from weasyprint.urls import FatalURLFetchingError

    logger, progress = logging.getLogger("weasyprint"), logging.getLogger("weasyprint.progress")
    placer = Placer()
    refused = fetcher.refused if fetcher is not None else []
    seen = len(refused)
    level = progress.level
    progress.setLevel(logging.INFO)  # which stylesheet WeasyPrint is reading: its progress log
    logger.addHandler(placer)
    try:
        yield
    except FatalURLFetchingError as exc:
        raise RenderError(f"{what}: {exc.__cause__ or exc}") from exc
    finally:
        logger.removeHandler(placer)
        progress.setLevel(level)
    # refusals first: some (an SVG's <image>) only surface as a vaguer warning
    said = placer.messages(html, reads, (root or Path()).resolve())
    messages = refused[seen:] + [m for m in said if not tolerated or tolerated not in m]
    if messages:
        raise RenderError(f"{what}: " + "; ".join(dict.fromkeys(messages)))


def render(html: str, root: Path, what: str, reads: Sequence[Path],
           greyscale: bool = False) -> Document:
    """Lay out ``html`` (relative URLs resolve from ``root``), reading nothing but files
    inside ``reads`` (publish.render.fetcher), its raster pictures in grey if
    ``greyscale``; a file attachment, or HTML over MAX_HTML, is refused."""
    from weasyprint import HTML

    from publish.render.fetcher import ProjectFetcher  # a WeasyPrint class: loaded with it

    if len(html) > MAX_HTML:
        raise RenderError(f"{what}: its templates made {len(html):,} characters of HTML, over "
                          f"the {MAX_HTML:,} a document may have (publish.render.pdf.MAX_HTML): "
                          "see what in them repeats so much")
    fetcher = ProjectFetcher(root, reads, greyscale)
    with _warnings_fail(what, fetcher, html, root, reads):
        document = HTML(string=html, base_url=f"{root.resolve()}/", url_fetcher=fetcher).render()
    if attached := attachments(document):
        raise RenderError(f"{what}: refused to attach {', '.join(attached)} to the PDF: a "
                          "template may show files, never embed them; remove the "
                          "rel=\"attachment\" link")
    return document


def attachments(document: Document) -> list[str]:
    """The files ``document`` would embed when written: ``<link rel="attachment">`` in its
    head, ``<a rel="attachment">`` on its pages (WeasyPrint fetches them as it writes)."""
    found = ['a <link rel="attachment"> file' + (f" ({a.description})" if a.description else "")
             for a in document.metadata.attachments]
    found += [target for page in document.pages for kind, target, *_ in page.links
              if kind == "attachment"]
    return list(dict.fromkeys(found))


def write_pdf(document: Document, what: str, tagged: bool = False,
              seed: GlyphSeed | None = None) -> bytes:
    """The PDF bytes of a laid-out document (fonts subset and embedded); ``tagged``: as
    PDF/UA-1, with the structure a screen reader follows (publish.render.tagging);
    ``seed``: the glyphs other pages draw with its fonts, which its subsets then hold
    (pages laid out to be spliced into a PDF, publish.render.subsets).

    Drawing fetches too (SVG images, attachments), through the document's fetcher.
    """
    fetcher = getattr(document, "url_fetcher", None)
    # a picture without alt is WeasyPrint's error; ours (publish.render.tagging) knows that
    # one drawn on a card needs none, the card's own text alternative saying it all
    if seed:
        document.fonts = SeededFonts(seed)
    with _warnings_fail(what, fetcher if hasattr(fetcher, "refused") else None,
                        tolerated=NO_ALT if tagged else ""):
        if tagged:
            return document.write_pdf(pdf_variant=VARIANT)
        return document.write_pdf()


@cache
def warm_up() -> None:
    """Load WeasyPrint and lay out a line of text, so a long-lived process (the preview
    server) has paid for the import and the system's font set before its first document,
    and the processes forked from it (a build's workers) have nothing left to pay: the
    import alone is about a second, its bindings to Pango and HarfBuzz parsed as it loads.
    Once a process: `publish watch` builds again and again in one."""
    from weasyprint import HTML

    HTML(string="<p>warm</p>").render()
