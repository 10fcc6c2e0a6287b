"""Tables split across pages, found from the rules drawn under their rows.

A table row's rule is drawn cell by cell, in segments meeting end to end; the
joints are the table's columns. A table that ends one page and, with the same
columns, starts the next was split: it must begin again with its header row
(a table without one should not split), and neither page may hold a lone row.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from publish.render.layout_rules import Hit
from publish.render.pdfpage import Heading, Line, Page, Row, rule_rows

SLACK = 1.0  # pt


def _same(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= SLACK for x, y in zip(a, b, strict=True))


def split_tables(pages: list[Page], heads: list[Heading]) -> Iterator[Hit]:
    """Tables carried over to the next page without their header, or leaving a lone row."""
    for page, following in pairwise(pages):
        rows, next_rows = rule_rows(page.shapes), rule_rows(following.shapes)
        if not rows or not next_rows:
            continue
        last, first = rows[-1], next_rows[0]
        if any(line.y1 < last[0] - SLACK and line.size > 0 for line in _body(page)):
            continue  # something follows the table on this page: it was not split
        if not _same(last[1], first[1]) or any(
                h.page == following.number and h.top > first[0] for h in heads):
            continue  # a new table (under its own heading) on the next page
        yield from _verdict(page, rows, following.lines, next_rows)


def _body(page: Page) -> list[Line]:
    """The page's lines above its foot (page numbers, credits) in the bottom tenth."""
    return [line for line in page.lines if line.y0 > page.box[1] + page.height / 10]


def _last_row(lines: list[Line], rule: float, edges: tuple[float, ...]) -> set[str]:
    """The texts of the lowest line of text right above a rule, across the table."""
    above = [line for line in lines if line.y0 > rule and _within(line, edges)]
    if not above:
        return set()
    lowest = min(line.y0 for line in above)
    return {line.text for line in above if line.y0 <= lowest + 3}


def _within(line: Line, edges: tuple[float, ...]) -> bool:
    return edges[0] - SLACK <= line.x0 and line.x1 <= edges[-1] + SLACK


def _verdict(page: Page, rows: list[Row], next_lines: list[Line],
             next_rows: list[Row]) -> Iterator[Hit]:
    edges = rows[-1][1]
    table = [row for row in rows if _same(row[1], edges)]
    carried = [row for row in next_rows if _same(row[1], edges)]
    head = _last_row(next_lines, carried[0][0], edges)
    repeated = bool(head) and head == _last_row(page.lines, table[0][0], edges)
    before, after = len(table) - repeated, len(carried) - repeated
    where = f"table split {before} row(s) / {after} row(s) onto page {page.number + 1}"
    if not repeated:
        yield page.number, "split-table", f"{where} without its header row repeated"
    elif min(before, after) < 2:
        yield page.number, "split-table", f"{where}: a lone row on one page"
