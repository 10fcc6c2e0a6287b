"""What a built PDF draws on each page, read back for the layout check.

Glyphs with their boxes, fonts and clip regions, the lines they make, the
ruled lines and boxes drawn beside them, and the headings the outline points
at. Coordinates are PDF points with y upwards, as pdfium gives them.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from pypdf import PdfReader

# pdfium reports a hyphen it finds at a line end as U+FFFE; these all end a broken word
HYPHENS = "-\u00ad\u2010\u2011\ufffe"
RULE_THICKNESS = 3.5  # pt: a drawn shape at most this thick is a rule, not a box
JOINT = 1.0  # pt: rule segments this close meet (a table's cell borders)
Row = tuple[float, tuple[float, ...]]  # a rule's height and the table's column edges


@dataclass(frozen=True)
class Glyph:
    """One drawn character: its box, its font (as embedded) and its size."""

    char: str
    x0: float
    y0: float
    x1: float
    y1: float
    font: str
    size: float
    clip: tuple[float, float, float, float] | None = None
    printed: float = 0.0
    """The size as printed, in points: ``size`` (the font size the PDF sets) times the scale
    of the text's matrix (WeasyPrint sets its type in CSS px, 0.75 pt each)."""


@dataclass
class Line:
    """Glyphs set on one baseline, left to right, with no column gap between them."""

    glyphs: list[Glyph] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(g.char for g in self.glyphs)

    @property
    def x0(self) -> float:
        return min(g.x0 for g in self.glyphs)

    @property
    def x1(self) -> float:
        return max(g.x1 for g in self.glyphs)

    @property
    def y0(self) -> float:
        return min(g.y0 for g in self.glyphs)

    @property
    def y1(self) -> float:
        return max(g.y1 for g in self.glyphs)

    @property
    def size(self) -> float:
        return max(g.size for g in self.glyphs)

    @property
    def font(self) -> str:
        """The font most of the line is set in."""
        fonts = [g.font for g in self.glyphs if not g.char.isspace()]
        return max(set(fonts), key=fonts.count) if fonts else ""


@dataclass(frozen=True)
class Shape:
    """A filled or stroked path's bounding box: a rule when thin, else a box."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def is_rule(self) -> bool:
        return self.y1 - self.y0 <= RULE_THICKNESS < self.x1 - self.x0


@dataclass
class Page:
    """One page as drawn: its size, the box text must stay in, lines and shapes."""

    number: int
    width: float
    height: float
    box: tuple[float, float, float, float]
    lines: list[Line]
    shapes: list[Shape]


def family(font: str) -> str:
    """'ABCDEF+League-Spartan-Bold' -> 'leaguespartanbold': comparable with a CSS family."""
    return re.sub(r"[^a-z0-9]", "", font.split("+")[-1].lower())


def read_pages(path: Path | bytes) -> Iterator[Page]:
    """Every page of the PDF at ``path`` (or of the PDF ``path`` holds), read with pdfium."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(path if isinstance(path, bytes) else str(path))
    try:
        for index, page in enumerate(document):
            yield _page(index + 1, page)
    finally:
        document.close()


def _page(number: int, page) -> Page:
    width, height = page.get_size()
    textpage = page.get_textpage()
    clips = _clips(page)
    glyphs = list(_glyphs(textpage, clips))
    shapes = list(_shapes(page))
    return Page(number, width, height, tuple(page.get_trimbox()), _lines(glyphs), shapes)


def _glyphs(textpage, clips: list[tuple[tuple, tuple]]) -> Iterator[Glyph | None]:
    """The page's characters in drawing order; None where pdfium starts a new line."""
    import pypdfium2.raw as raw

    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    for index in range(textpage.count_chars()):
        char = chr(raw.FPDFText_GetUnicode(textpage, index))
        if raw.FPDFText_IsGenerated(textpage, index) or char in "\r\n":
            yield None if char in "\r\n" else Glyph(" ", 0, 0, 0, 0, "", 0)
            continue
        x0, y0, x1, y1 = textpage.get_charbox(index)
        raw.FPDFText_GetFontInfo(textpage, index, name, 256, flags)
        font = name.value.decode("utf-8", "replace")
        clip = next((c for b, c in clips if _inside((x0 + x1) / 2, (y0 + y1) / 2, b)), None)
        size = raw.FPDFText_GetFontSize(textpage, index)
        yield Glyph(char, x0, y0, x1, y1, font, size, clip, size * _scale(textpage, index))


def _scale(textpage, index: int) -> float:
    """How much the matrix a character is drawn with scales it (rotation aside)."""
    import pypdfium2.raw as raw

    matrix = raw.FS_MATRIX()
    if not raw.FPDFText_GetMatrix(textpage, index, matrix):
        return 1.0
    return abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5


def _inside(x: float, y: float, box: tuple) -> bool:
    return box[0] - 0.5 <= x <= box[2] + 0.5 and box[1] - 0.5 <= y <= box[3] + 0.5


def _clips(page) -> list[tuple[tuple, tuple]]:
    """(text object's bounds, its clip region's bounds) of every clipped text object."""
    import pypdfium2.raw as raw

    found = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=1):
        clip = raw.FPDFPageObj_GetClipPath(obj)
        region = _clip_bounds(clip) if clip else None
        if region is not None:
            found.append((tuple(obj.get_bounds()), region))
    return found


def _clip_bounds(clip) -> tuple[float, float, float, float] | None:
    """The intersection of a clip path's paths: the region drawing may show in."""
    import pypdfium2.raw as raw

    region = None
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(raw.FPDFClipPath_CountPaths(clip)):
        points = []
        for seg in range(raw.FPDFClipPath_CountPathSegments(clip, index)):
            segment = raw.FPDFClipPath_GetPathSegment(clip, index, seg)
            if raw.FPDFPathSegment_GetPoint(segment, x, y):
                points.append((x.value, y.value))
        if not points:
            continue
        box = (min(p[0] for p in points), min(p[1] for p in points),
               max(p[0] for p in points), max(p[1] for p in points))
        region = box if region is None else (
            max(region[0], box[0]), max(region[1], box[1]),
            min(region[2], box[2]), min(region[3], box[3]))
    return region


def _shapes(page) -> Iterator[Shape]:
    """Drawn paths, each cut to its clip region: what of it shows on the page."""
    import pypdfium2.raw as raw

    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        left, bottom, right, top = obj.get_bounds()
        clip = raw.FPDFPageObj_GetClipPath(obj)
        region = _clip_bounds(clip) if clip else None
        if region is not None:
            left, bottom = max(left, region[0]), max(bottom, region[1])
            right, top = min(right, region[2]), min(top, region[3])
        if right - left > 0.5 or top - bottom > 0.5:
            yield Shape(left, bottom, right, top)


def _lines(glyphs: list[Glyph | None]) -> list[Line]:
    """Glyphs grouped into lines: a new line at a pdfium line break, a baseline jump,
    a step back to the left, or a gap of half an em or more (a column or cell gap)."""
    lines: list[Line] = []
    current = Line()
    for glyph in glyphs:
        last = current.glyphs[-1] if current.glyphs else None
        if glyph is not None and not glyph.font:  # a space pdfium put between words
            if last is not None and last.char != " ":
                current.glyphs.append(Glyph(" ", last.x1, last.y0, last.x1, last.y1,
                                            last.font, last.size, last.clip))
            continue
        if glyph is None or (last is not None and _breaks(last, glyph)):
            if current.glyphs:
                lines.append(current)
            current = Line()
        if glyph is not None:
            current.glyphs.append(glyph)
    if current.glyphs:
        lines.append(current)
    return [_trimmed(line) for line in lines if line.text.strip()]


def _breaks(last: Glyph, glyph: Glyph) -> bool:
    size = max(last.size, glyph.size, 1.0)
    return ((abs(glyph.y0 - last.y0) > size * 0.6 and abs(glyph.y1 - last.y1) > size * 0.6)
            or glyph.x0 < last.x0 - size * 0.5 or glyph.x0 - last.x1 > size * 0.5)


def _trimmed(line: Line) -> Line:
    glyphs = line.glyphs
    while glyphs and glyphs[0].char.isspace():
        glyphs = glyphs[1:]
    while glyphs and glyphs[-1].char.isspace():
        glyphs = glyphs[:-1]
    return Line(glyphs)


def rule_rows(shapes: list[Shape]) -> list[Row]:
    """The rules drawn in two or more abutting segments, top of the page first."""
    by_y: dict[int, list[Shape]] = {}
    for shape in shapes:
        if shape.is_rule:
            by_y.setdefault(round(shape.y0 * 2), []).append(shape)
    rows = []
    for segments in by_y.values():
        parts = sorted({(s.x0, s.x1): s for s in segments}.values(), key=lambda s: s.x0)
        if len(parts) > 1 and all(b.x0 <= a.x1 + JOINT for a, b in pairwise(parts)):
            edges = (parts[0].x0, *((a.x1 + b.x0) / 2 for a, b in pairwise(parts)),
                     parts[-1].x1)
            rows.append((parts[0].y0, edges))
    return sorted(rows, key=lambda row: -row[0])



@dataclass(frozen=True)
class Heading:
    """An outline entry: the heading's text and where it starts (page, top)."""

    title: str
    page: int
    top: float


def headings(path: Path) -> list[Heading]:
    """The headings the PDF's outline (bookmarks) points at, in document order."""
    reader = PdfReader(path)
    found: list[Heading] = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
                continue
            top = item.get("/Top")
            page = reader.get_destination_page_number(item)
            if top is not None and page is not None:
                found.append(Heading(str(item.title), page + 1, float(top)))

    walk(reader.outline)
    return found
