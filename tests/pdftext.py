"""Reading built PDFs back in tests: page texts, bookmarks and link targets."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader


def page_texts(path: Path) -> list[str]:
    """The text of every page, as pdftotext would give it."""
    document = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def squash(text: str) -> str:
    """Text with line breaks, hyphens and spaces removed, for finding wrapped phrases."""
    return re.sub(r"[\s\-\u00ad\u2010\u2011\ufffe]+", "", text)  # pdfium: \ufffe = line-end hyphen


def bookmarks(path: Path) -> list[tuple[int, str, int]]:
    """(depth, title, page) of every outline entry, pages counting from 1."""
    reader = PdfReader(path)
    found: list[tuple[int, str, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


def contents_entries(text: str) -> list[tuple[str, int]]:
    """(title, page) for each line of a table of contents with dot leaders."""
    entries = []
    for line in text.splitlines():
        match = re.match(r"^(.*?)[\s.]*\.{3,}[\s.]*(\d+)$", line.strip())
        if match:
            entries.append((match[1].strip(), int(match[2])))
    return entries


def internal_links(path: Path) -> list[tuple[int, str, int]]:
    """(page, destination name, destination page) of every internal link."""
    reader = PdfReader(path)
    named = {name: reader.get_destination_page_number(dest) + 1
             for name, dest in reader.named_destinations.items()}
    links = []
    for number, page in enumerate(reader.pages, start=1):
        for annot in page.get("/Annots", []):
            annot = annot.get_object()
            dest = annot.get("/Dest")
            if isinstance(dest, str):
                links.append((number, dest, named.get(dest, 0)))
    return links
