"""HTML to PDF through WeasyPrint, where any WeasyPrint warning fails the build.

A missing font or image, a refused URL or a CSS rule WeasyPrint ignores would
otherwise produce a PDF that silently differs from what the template says.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from weasyprint import HTML
from weasyprint.document import Document
from weasyprint.urls import FatalURLFetchingError

from publish.render.fetcher import ProjectFetcher


class RenderError(RuntimeError):
    """WeasyPrint could not render the document exactly as written."""


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _warnings_fail(what: str) -> Iterator[None]:
    logger = logging.getLogger("weasyprint")
    handler = _Collect()
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.messages:
        raise RenderError(f"{what}: " + "; ".join(dict.fromkeys(handler.messages)))


def render(html: str, root: Path, what: str) -> Document:
    """Lay out ``html`` (relative URLs resolve from ``root``)."""
    fetcher = ProjectFetcher(root)
    try:
        with _warnings_fail(what):
            return HTML(string=html, base_url=f"{root.resolve()}/", url_fetcher=fetcher).render()
    except FatalURLFetchingError as exc:
        raise RenderError(f"{what}: {exc.__cause__ or exc}") from exc


def write_pdf(document: Document, what: str) -> bytes:
    """The PDF bytes of a laid-out document (fonts subset and embedded)."""
    with _warnings_fail(what):
        return document.write_pdf()
