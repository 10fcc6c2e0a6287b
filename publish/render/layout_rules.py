"""The rules a printed page must keep, each read from a page as drawn (publish.render.pdfpage).

Every rule returns (page number, rule id, where) tuples; publish.render.layout_check
runs them over a PDF and names the file. docs/layout-check.md says why each rule is
what it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import pairwise

from publish.render.pdfpage import (
    HYPHENS,
    Glyph,
    Heading,
    Line,
    Page,
    Row,
    Shape,
    family,
    rule_rows,
)

Hit = tuple[int, str, str]
SLACK = 0.6  # pt: how far a glyph may stray before it counts (anti-aliasing, rounding)
MEASURE = (65, 90)  # characters a line of body text should hold
SHORT_WORD = 8  # letters: a word shorter than this is never broken at a line end


def quote(text: str, limit: int = 40) -> str:
    text = text.strip()
    return f"'{text if len(text) <= limit else text[:limit - 1] + '…'}'"


def outside_page(page: Page) -> Iterator[Hit]:
    """Text drawn beyond the page's trim box (its media box when it has none)."""
    left, bottom, right, top = page.box
    for line in page.lines:
        if (line.x0 < left - SLACK or line.x1 > right + SLACK
                or line.y0 < bottom - SLACK or line.y1 > top + SLACK):
            yield page.number, "outside-page", f"{quote(line.text)} runs off the page"


def clipped(page: Page) -> Iterator[Hit]:
    """Text cut off by the box it overflows (a card, a slot: overflow hidden)."""
    for line in page.lines:
        cut = [g for g in line.glyphs if not g.char.isspace() and _cut(g)]
        if cut:
            yield (page.number, "clipped",
                   f"{quote(line.text)} overflows its box: {len(cut)} glyph(s) cut off")


def _cut(glyph: Glyph) -> bool:
    if glyph.clip is None:
        return False
    left, bottom, right, top = glyph.clip
    return (glyph.x0 < left - SLACK or glyph.x1 > right + SLACK
            or glyph.y0 < bottom - SLACK or glyph.y1 > top + SLACK)


def cell_overflow(page: Page) -> Iterator[Hit]:
    """Text running out of its table cell into the next. A table row's rule is drawn
    cell by cell; a line belongs to the row whose rule is the first below it, if it is
    also below the rule of the row above (in a first row: if it sits right on the rule)."""
    rows = rule_rows(page.shapes)
    for line in page.lines:
        edges = _row_of(line, rows)
        for joint in edges[1:-1] if edges else ():
            if line.x0 < joint - SLACK and line.x1 > joint + SLACK:
                yield (page.number, "cell-overflow",
                       f"{quote(line.text)} runs out of its table cell "
                       f"({line.x1 - joint:.1f} pt past the column)")
                break


def _row_of(line: Line, rows: list[Row]) -> tuple[float, ...] | None:
    below = [r for r in rows if r[0] <= line.y0 + SLACK and r[1][0] - SLACK <= line.x0 <= r[1][-1]]
    if not below:
        return None
    height, edges = max(below, key=lambda r: r[0])
    table = sorted(r[0] for r in rows if r[1] == edges)
    above = [y for y in table if y > line.y1]
    if above:
        return edges if above[0] > line.y1 else None
    return edges if line.y0 - height <= line.size else None


def collisions(page: Page) -> Iterator[Hit]:
    """Two boxes that hold text overlapping without one holding the other: each line's
    box is the smallest drawn box around it (a pill, an effect's frame, a card)."""
    boxes = {s for s in page.shapes if not s.is_rule}
    texts: dict[Shape, Line] = {}
    for line in page.lines:
        holders = [box for box in boxes if _holds(box, line)]
        if holders:
            texts.setdefault(min(holders, key=lambda b: (b.x1 - b.x0) * (b.y1 - b.y0)), line)
    found = sorted(texts, key=lambda s: (s.x0, s.y0))
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if _overlap(a, b) and not (_contains(a, b) or _contains(b, a)):
                yield (page.number, "box-collision",
                       f"the box of {quote(texts[a].text)} runs into the box of "
                       f"{quote(texts[b].text)}")


def _holds(box: Shape, line: Line) -> bool:
    return (box.x0 - SLACK <= line.x0 and line.x1 <= box.x1 + SLACK
            and box.y0 - SLACK <= line.y0 and line.y1 <= box.y1 + SLACK)


def _overlap(a: Shape, b: Shape) -> bool:
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > 1.0 and min(a.y1, b.y1) - max(a.y0, b.y0) > 1.0)


def _contains(a: Shape, b: Shape) -> bool:
    return (a.x0 - SLACK <= b.x0 and b.x1 <= a.x1 + SLACK
            and a.y0 - SLACK <= b.y0 and b.y1 <= a.y1 + SLACK)


def fallback_fonts(page: Page, families: Iterable[str]) -> Iterator[Hit]:
    """Glyphs set in a font the templates never declared: the renderer fell back."""
    wanted = tuple(re.sub(r"[^a-z0-9]", "", f.lower()) for f in families)
    strays: dict[str, Counter[str]] = {}
    for line in page.lines:
        for glyph in line.glyphs:
            if glyph.font and not glyph.char.isspace() \
                    and not family(glyph.font).startswith(wanted):
                strays.setdefault(glyph.font.split("+")[-1], Counter())[glyph.char] += 1
    for font, chars in strays.items():
        shown = ", ".join(f"U+{ord(c):04X} {c!r}" for c, _ in chars.most_common(6))
        yield (page.number, "fallback-font",
               f"{sum(chars.values())} glyph(s) set in {font}, not a declared font ({shown})")


def broken_names(page: Page, names: Iterable[str]) -> Iterator[Hit]:
    """A card or group name hyphenated at a line end (names break between words only)."""
    lowered = [n.lower() for n in names if n.strip()]
    lines = page.lines
    for index, line in enumerate(lines[:-1]):
        if len(line.text) < 2 or line.text[-1] not in HYPHENS or not line.text[-2].isalpha():
            continue
        head = line.text[:-1].lower()
        joined = head + " ".join(after.text for after in lines[index + 1:index + 3]).lower()
        for name in lowered:
            if any(start < len(head) < start + len(name) for start in _words(joined, name)):
                word = _word_at(line.text[:-1], lines[index + 1].text)
                yield page.number, "hyphenated-name", f"the name '{name}' is broken at '{word}'"
                break


def _words(text: str, name: str) -> Iterator[int]:
    """Where ``name`` stands in ``text`` as whole words ('dockhands' is not 'Dockhand')."""
    for found in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
        yield found.start()


def _word_at(head: str, tail: str) -> str:
    return f"{head.split()[-1] if head.split() else ''}‐{tail.split()[0] if tail.split() else ''}"


def short_words_broken(page: Page) -> Iterator[Hit]:
    """A word shorter than SHORT_WORD letters hyphenated: a runt or a column too narrow."""
    for line, after in pairwise(page.lines):
        if len(line.text) < 2 or line.text[-1] not in HYPHENS or not line.text[-2].isalpha():
            continue
        head = re.findall(r"\w+$", line.text[:-1])
        tail = re.findall(r"^\w+", after.text)
        if head and tail and len(head[0]) + len(tail[0]) < SHORT_WORD:
            yield (page.number, "short-word-broken",
                   f"'{head[0]}‐{tail[0]}' broken: words under {SHORT_WORD} letters stay whole")


_LEADER = re.compile(r"(?:\s*\.){5,}\s*")
"""A contents line's leader dots: a rule drawn in full stops, no reading matter."""


def prose(text: str) -> str:
    """A line's reading matter: its text, leader dots left out."""
    return _LEADER.sub(" ", text)


def long_measure(page: Page, body: tuple[str, float]) -> Iterator[Hit]:
    """Body-text lines longer than the measure allows (MEASURE[1] characters)."""
    long = [line for line in page.lines if (family(line.font), round(line.size, 1)) == body
            and len(prose(line.text)) > MEASURE[1]]
    if long:
        worst = max(long, key=lambda line: len(prose(line.text)))
        yield (page.number, "measure",
               f"{len(long)} body line(s) over {MEASURE[1]} characters "
               f"(longest {len(prose(worst.text))}: {quote(worst.text)})")


def body_font(pages: list[Page]) -> tuple[str, float]:
    """The (font, size) most of a document's characters are set in, leader dots aside: its
    body text."""
    counts: Counter[tuple[str, float]] = Counter()
    for page in pages:
        for line in page.lines:
            counts[(family(line.font), round(line.size, 1))] += len(prose(line.text))
    return counts.most_common(1)[0][0] if counts else ("", 0.0)


def furniture(pages: list[Page]) -> set[tuple[int, int]]:
    """(page, line index) of running heads, feet and page numbers: the lines found, digits
    aside, at the same height on more than one page."""
    seen: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for page in pages:
        for index, line in enumerate(page.lines):
            key = (re.sub(r"\d+", "#", line.text), round(line.y0 / 2))
            seen.setdefault(key, []).append((page.number, index))
    return {spot for spots in seen.values() if len(spots) > 1 for spot in spots}


def headings_at_foot(pages: list[Page], heads: list[Heading], running: set[tuple[int, int]],
                     min_lines: int = 2) -> Iterator[Hit]:
    """A heading with fewer than ``min_lines`` lines under it at the foot of a page."""
    for head in heads:
        if head.page >= len(pages):
            continue
        page = pages[head.page - 1]
        # a line's foot, not its top: a capital's accent ("Élan") rises above the heading's top
        below = [line for i, line in enumerate(page.lines)
                 if (page.number, i) not in running and line.y0 < head.top - SLACK]
        if not below:
            continue
        first = max(below, key=lambda line: line.y1)
        own = [line for line in below if (line.font, line.size) == (first.font, first.size)
               and _squash(line.text) in _squash(head.title)]
        under = _rows([line for line in below if line not in own and line.y1 < first.y0])
        if under < min_lines:
            yield (page.number, "heading-at-foot",
                   f"heading {quote(head.title)} ends the page with {under} line(s) "
                   "under it")


def _rows(lines: list[Line]) -> int:
    """How many lines of text these make, side by side ones (a list's numbers, table
    cells, columns) counting once."""
    centres = sorted((line.y0 + line.y1) / 2 for line in lines)
    return sum(1 for i, y in enumerate(centres) if i == 0 or y - centres[i - 1] > 3)


def _squash(text: str) -> str:
    return re.sub(rf"[\s{re.escape(HYPHENS)}]+", "", text).lower()
