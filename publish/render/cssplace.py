"""Where a WeasyPrint warning's position lies: which stylesheet, and which template line.

WeasyPrint says "Ignored `colr: red` at 90:15" of a rule it cannot use, the
line and column counted in the stylesheet it was parsing, which it does not
name: for a document's ``<style>`` element that is the element's text, made
by several templates (the shared fonts, the game's ``cards.css.j2``, the
page's own rules).  Its progress log names each stylesheet as it starts one
(a file's URL, or "CSS string" for a ``<style>``) and says when the style
attributes come; ``Placer`` follows it, and says of each warning which
stylesheet it is in, the line it points at, and the template line that wrote
it when exactly one template line reads so.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from publish.core.problems import ProblemsFound
from publish.core.projectfiles import read_text

_POSITION = re.compile(r" at (\d+):(\d+)")
_SHEET = re.compile(r"^Step 2 - Fetching and parsing CSS - (.*)$")


class _Styles(HTMLParser):
    """The text of each ``<style>`` element of a document, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.texts: list[str] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "style":
            self.inside = True
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.texts[-1] += data


class Placer(logging.Handler):
    """Collects WeasyPrint's warnings, each with the stylesheet it came from."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.said: list[tuple[str, tuple[str, str | int] | None]] = []
        self.sheet: tuple[str, str | int] | None = None
        self.strings = 0

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            self.said.append((message, self.sheet))
        elif found := _SHEET.match(message):
            named = found[1]
            self.sheet = ("style", self.strings) if named == "CSS string" else ("file", named)
            self.strings += named == "CSS string"
        elif message.startswith("Step 3"):
            self.sheet = ("attribute", "")
        elif message.startswith(("Step 4", "Step 5", "Step 6")):
            self.sheet = None

    def messages(self, html: str | None, reads: Sequence[Path], root: Path) -> list[str]:
        """Each warning, with where its position lies when it names one."""
        styles = _Styles()
        if html is not None and any(sheet and sheet[0] == "style" for _, sheet in self.said):
            styles.feed(html)
        return [message + _place(message, sheet, styles.texts, reads, root)
                for message, sheet in self.said]


def _place(message: str, sheet: tuple[str, str | int] | None, styles: list[str],
           reads: Sequence[Path], root: Path) -> str:
    found = _POSITION.search(message)
    if found is None or sheet is None:
        return ""
    kind, which = sheet
    if kind == "attribute":
        return " (in a style attribute of the document's HTML)"
    if kind == "file":
        path = Path(unquote(urlsplit(str(which)).path))
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        return f" (in {shown})"
    if not isinstance(which, int) or which >= len(styles):
        return " (in a <style> of the document's HTML)"
    lines = styles[which].splitlines()
    line = int(found[1])
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    origin = _template_line(text, reads, root)
    quoted = f": {text[:80]}" if text else ""
    return (f" (line {line} of the document's <style> element {which + 1}{quoted}"
            + (f"; written at {origin}" if origin else "") + ")")


def _template_line(text: str, reads: Sequence[Path], root: Path) -> str | None:
    """'templates/g/cards.css.j2:12' if exactly one line of the templates the document may
    read says ``text``; None if none or several do."""
    if len(text) < 4:
        return None
    found = []
    for folder in reads:
        if "templates" not in folder.parts or not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".j2", ".css") or not path.is_file():
                continue
            try:  # through the one door: a symlink out of the project is not followed
                lines = read_text(path, root).splitlines()
            except ProblemsFound:
                continue
            found += [(path, n) for n, line in enumerate(lines, start=1) if line.strip() == text]
    if len(found) != 1:
        return None
    path, number = found[0]
    return f"{path.relative_to(root) if path.is_relative_to(root) else path}:{number}"
