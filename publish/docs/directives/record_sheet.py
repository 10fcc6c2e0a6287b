"""`{record-sheet}`: a blank form (a campaign's scores), a page of its own in the booklet."""

from __future__ import annotations

import shlex

from markupsafe import Markup

from publish.docs.directives.base import Call, Directive

# the doubled brace is what the message has always said (issue 18: same behaviour)
USAGE = ('write {record-sheet rows=8 columns="Game|Score|Notes"}} (rows 1 to 60, an optional '
         'title="...")')


def record_sheet(call: Call) -> Markup:
    """`{record-sheet rows=8 columns="A|B|C" title="..."}`: a titled table of empty rows."""
    arg = call.arg
    try:
        options = dict(word.partition("=")[::2] for word in shlex.split(arg))
    except ValueError as exc:
        return call.fail(f"{{record-sheet {arg}}}: {exc}")
    unknown = set(options) - {"rows", "columns", "title"}
    rows = options.get("rows", "")
    columns = [c.strip() for c in options.get("columns", "").split("|") if c.strip()]
    if unknown or not rows.isdigit() or not 1 <= int(rows) <= 60 or not columns:
        return call.fail(f"{{record-sheet {arg}}}: {USAGE}")
    title = options.get("title", "")
    # what the rows leave for the headings: two lines of them, and the title if any
    chrome = 23 if title else 12
    return call.rules.html.record_sheet(
        title, [_inline(call, c) for c in columns], int(rows), chrome)


def _inline(call: Call, text: str) -> Markup:
    """A short text with icons (a column heading), as inline HTML."""
    html = call.rules.render_markdown_inline(text, call.where.path)
    return Markup(str(html).removeprefix("<p>").removesuffix("</p>\n"))


RECORD_SHEET = Directive(block=record_sheet)
