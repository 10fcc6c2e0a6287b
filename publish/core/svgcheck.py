"""Whether an SVG drawing is safe to inline in a page: decided by parsing it, not by pattern.

Icons are pasted into the HTML of cards and manuals, where the HTML parser
reads them case-blind: ``<SCRIPT>`` is a script there, ``onLoad`` an event.
So the file is parsed as XML (a document type, with its entities, is
refused: nothing an icon needs) and every element, attribute and style is
looked at with its name folded to lower case.  Refused: scripts and the
elements that embed other documents or break out of the drawing into HTML,
event attributes (``on...``), links to anything but the drawing's own
parts (``href`` not starting with ``#``), in styles ``@import`` and
``url()`` pointing outside the drawing, and a drawing that draws more than
publish.core.svgsize allows once its own references are followed.
"""

from __future__ import annotations

import re
from typing import NoReturn
from xml.parsers import expat

from publish.core.problems import PublishError
from publish.core.svgsize import Drawing, TooMuchDrawn

SVG_NS = "http://www.w3.org/2000/svg"

_EMBEDDING = {"script", "foreignobject", "iframe", "object", "embed", "handler", "listener",
              "audio", "video", "animation", "discard", "set", "animate"}
"""Elements that run code, embed a document, or (``set``, ``animate``) can rewrite an
attribute such as ``href`` once the check is past."""

_HTML_BREAKOUT = {"b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl",
                  "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img",
                  "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
                  "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul",
                  "var", "font", "link", "html", "frame", "frameset", "base"}
"""Elements that end the drawing when the HTML parser meets them inside an inline <svg>:
what follows them is HTML, which this check does not read as such."""

_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)", re.S)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)")


class UnsafeSvg(PublishError, ValueError):
    """What makes a drawing unsafe to inline, with its line in the file when known."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


class DrawsTooMuch(UnsafeSvg):
    """A drawing refused for what it would cost to draw (publish.core.svgsize), not for what it
    could reach."""


def _plain_css(text: str) -> str:
    """CSS with comments gone and escapes decoded (``u\\72 l(`` is ``url(``), lower case."""
    text = _CSS_COMMENT.sub("", text)
    text = _CSS_ESCAPE.sub(lambda m: chr(int(m[1], 16)) if m[1] else m[2], text)
    return text.lower()


def css_problem(text: str) -> str | None:
    """Why a stylesheet or style attribute reaches outside the drawing (None: it does not)."""
    css = _plain_css(text)
    if "@import" in css:
        return "@import loads another stylesheet"
    for target in _URL.findall(css):
        if not target.startswith("#"):
            return f"url({target}) points outside the drawing"
    if re.search(r"\bimage(-set)?\(|\bexpression\(", css):
        return "image() and expression() are not allowed in an icon's style"
    return None


class _Checker:
    def __init__(self) -> None:
        self.parser = expat.ParserCreate(namespace_separator=" ")
        self.root: str | None = None
        self.offset = 0
        self.in_style = 0
        self.style_text: list[str] = []
        self.drawing = Drawing()
        p = self.parser
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.text
        p.StartDoctypeDeclHandler = lambda *_: self.fail("a document type (<!DOCTYPE>) is not "
                                                         "allowed in an icon")
        p.EntityDeclHandler = lambda *_: self.fail("entity declarations are not allowed")
        p.ProcessingInstructionHandler = lambda target, _: self.fail(
            f"processing instruction <?{target}?> is not allowed")
        p.ExternalEntityRefHandler = lambda *_: self.fail("external entities are not allowed")

    def fail(self, message: str) -> NoReturn:
        raise UnsafeSvg(message, self.parser.CurrentLineNumber)

    def start(self, name: str, attrs: dict[str, str]) -> None:
        namespace, _, local = name.rpartition(" ")
        tag = local.lower()
        if self.root is None:
            self.root = tag
            self.offset = self.parser.CurrentByteIndex
            if tag != "svg" or namespace not in ("", SVG_NS):
                self.fail(f"its root element is <{local}>, not <svg>")
        if tag in _EMBEDDING or tag in _HTML_BREAKOUT:
            self.fail(f"element <{local}> is not allowed in an icon")
        unprefixed = {key.rpartition(" ")[2]: value for key, value in attrs.items()}
        for key, value in unprefixed.items():
            self.attribute(key, value)
        if tag == "style":
            self.in_style += 1
        self.drawing.start(tag, unprefixed, self.parser.CurrentLineNumber)

    def attribute(self, name: str, value: str) -> None:
        key = name.lower()
        if key.startswith("on"):
            self.fail(f"event attribute {name} is not allowed in an icon")
        if key in ("href", "src", "action", "formaction", "data") and \
                not value.strip().startswith("#"):
            self.fail(f"{name}={value!r} points outside the drawing (only #id links are allowed)")
        problem = css_problem(value) if ("url" in value.lower() or "\\" in value
                                         or key == "style") else None
        if problem:
            self.fail(f"attribute {name}: {problem}")

    def end(self, name: str) -> None:
        self.drawing.end()
        if name.rpartition(" ")[2].lower() == "style":
            self.in_style -= 1
            problem = css_problem("".join(self.style_text))
            self.style_text.clear()
            if problem:
                self.fail(f"<style>: {problem}")

    def text(self, data: str) -> None:
        self.drawing.text(data)
        if self.in_style:
            self.style_text.append(data)


def safe_svg(svg: str) -> str:
    """The drawing to inline, from its ``<svg>`` on (what the check read, nothing before it);
    UnsafeSvg if ``svg`` is not well-formed SVG or could run, load or fetch anything."""
    checker = _Checker()
    data = svg.encode("utf-8")
    try:
        checker.parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise UnsafeSvg(f"not well-formed SVG: {expat.ErrorString(exc.code)}", exc.lineno
                        ) from None
    if checker.root is None:
        raise UnsafeSvg("not an SVG drawing (no <svg> element)")
    try:
        checker.drawing.check()
    except TooMuchDrawn as exc:
        raise DrawsTooMuch(str(exc), exc.line) from None
    # no trailing newline: it would print as a space between an icon and a full stop
    return data[checker.offset:].decode("utf-8").strip()
