"""How much an SVG drawing draws once its references are followed: bounded before it is drawn.

A drawing can reuse its own parts: ``<use href="#a">`` draws element ``a`` again,
``fill="url(#p)"`` draws pattern ``p`` in the shape, ``marker-mid="url(#m)"`` draws
marker ``m`` at every vertex of a path.  Ten groups each using the one before ten times
make a file of 2 KB that draws a billion rectangles: WeasyPrint drew it for minutes, a
worker at full CPU, until killed.  So a drawing is measured as it is parsed (every element
with its children and what it refers to, in any order) and refused past MAX_DRAWN, or if
it refers to itself, before anything draws it.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from publish.core.problems import PublishError

MAX_DRAWN = 50_000
"""The most elements a drawing may draw, its references followed: a detailed illustration
has a few thousand, a traced photograph tens of thousands.  WeasyPrint draws about 5,000 a
second (50,000 rectangles: 12 s), once in every document that shows the drawing."""

_REFERENCE = re.compile(r"url\(\s*['\"]?\s*#([^'\")\s]+)", re.IGNORECASE)
_MARKER = re.compile(r"marker(-start|-mid|-end)?\s*:\s*url\(\s*['\"]?\s*#([^'\")\s]+)",
                     re.IGNORECASE)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SHAPES = {"path", "line", "polyline", "polygon"}


class TooMuchDrawn(PublishError, ValueError):
    """A drawing that draws too much, or itself: why, and the line of the element at fault."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class Drawing:
    """The elements of one drawing as a parser meets them: fed by ``start``, ``end`` and
    ``text``, then ``check``ed."""

    def __init__(self) -> None:
        self.children: list[list[int]] = []
        self.refers: list[list[tuple[str, int]]] = []
        self.lines: list[int] = []
        self.ids: dict[str, int] = {}
        self.open: list[str] = []
        self.parents: list[int] = []
        self.shapes: list[tuple[int, int]] = []
        self.markers: list[int] = []
        self.styled_markers = False

    def start(self, tag: str, attrs: dict[str, str], line: int) -> None:
        """An element opens: ``tag`` in lower case, its attributes by local name."""
        index = len(self.children)
        if self.parents:
            self.children[self.parents[-1]].append(index)
        self.parents.append(index)
        self.open.append(tag)
        self.children.append([])
        self.lines.append(line)
        vertices = _vertices(attrs) if tag in _SHAPES else 1
        self.shapes += [(index, vertices)] if tag in _SHAPES else []
        self.markers += [index] if tag == "marker" else []
        refers = []
        for key, value in attrs.items():
            name = key.lower()
            if name in ("href", "src") and value.strip().startswith("#"):
                refers.append((value.strip()[1:], 1))
            elif name == "id":
                self.ids.setdefault(value, index)
            elif "url" in value.lower():
                marks = {m[2] for m in _MARKER.finditer(value)}
                many = vertices if name.startswith("marker") else 1
                refers += [(target, vertices if target in marks else many)
                           for target in _REFERENCE.findall(value)]
        self.refers.append(refers)

    def end(self) -> None:
        self.parents.pop()
        self.open.pop()

    def text(self, data: str) -> None:
        """Text inside an element: a stylesheet that sets markers may set them on any shape."""
        if self.open and self.open[-1] == "style" and "marker" in data.lower():
            self.styled_markers = True

    def check(self) -> None:
        """TooMuchDrawn if the drawing draws more than MAX_DRAWN elements or refers to itself."""
        if not self.children:
            return
        if self.styled_markers and self.markers:  # every shape may draw every marker
            every = _EVERY_MARKER
            self.ids[every] = len(self.children)
            self.children.append(list(self.markers))
            self.refers.append([])
            self.lines.append(self.lines[self.markers[0]])
            for shape, vertices in self.shapes:
                self.refers[shape].append((every, vertices))
        self._walk(0)

    def _walk(self, root: int) -> None:
        """The elements drawn by each element, what it holds and refers to counted, walked
        depth first without recursion (a drawing may nest thousands deep)."""
        cost: dict[int, int] = {}
        on_path: set[int] = set()
        stack = [(root, False)]
        while stack:
            node, below_done = stack.pop()
            if below_done:
                on_path.discard(node)
                cost[node] = self._total(node, cost)
            elif node in on_path:
                raise TooMuchDrawn("it refers to itself (an element draws one that draws it): "
                                   "a drawing must end", self.lines[node])
            elif node not in cost:
                on_path.add(node)
                stack.append((node, True))
                stack += [(n, False) for n in self._below(node)]

    def _total(self, node: int, cost: dict[int, int]) -> int:
        total = 1 + sum(cost[n] for n in self.children[node])
        total += sum(times * cost[self.ids[t]] for t, times in self.refers[node] if t in self.ids)
        if total > MAX_DRAWN:
            raise TooMuchDrawn(f"it draws more than {MAX_DRAWN:,} elements once what its <use>, "
                               "patterns and markers repeat is counted: simplify it, or save "
                               "it as a picture (PNG)", self.lines[node])
        return total

    def _below(self, node: int) -> list[int]:
        return [*self.children[node], *(self.ids[t] for t, _ in self.refers[node]
                                        if t in self.ids)]


_EVERY_MARKER = " every marker"
"""The id (no drawing can write it) of every marker, which a stylesheet may put on a shape."""


def _vertices(attrs: dict[str, str]) -> int:
    """An upper bound of a shape's vertices (where a marker is drawn): its numbers."""
    numbers = sum(len(_NUMBER.findall(attrs.get(k, ""))) for k in ("d", "points"))
    return max(2, numbers)


def check_drawing(svg: bytes) -> None:
    """TooMuchDrawn if ``svg`` draws too much or itself (a drawing that cannot be parsed is
    left to its reader to refuse)."""
    drawing = Drawing()
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = lambda name, attrs: drawing.start(
        name.rpartition(" ")[2].lower(), {k.rpartition(" ")[2]: v for k, v in attrs.items()},
        parser.CurrentLineNumber)
    parser.EndElementHandler = lambda _name: drawing.end()
    parser.CharacterDataHandler = drawing.text
    try:
        parser.Parse(svg, True)
    except expat.ExpatError:
        return
    drawing.check()
