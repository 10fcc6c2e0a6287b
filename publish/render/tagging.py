"""Tagged PDF (PDF/UA-1): the structure a screen reader follows, kept whole through joining.

WeasyPrint writes the tags (``VARIANT``): headings H1..H6, paragraphs, lists,
tables, links, pictures (an ``<img>``'s alt, an ``<svg>``'s ``<title>``).  Three
things it leaves to us, done here on the written PDF:

- a card drawn in the rules is HTML, not a picture: its face is an ``<article
  role="img" aria-label="...">`` (WeasyPrint tags it ``Art``), made a Figure
  whose Alt is that label, the card's full text (the articles of the HTML and
  the Art elements of the PDF come in the same, document order);
- a header cell gets its Scope: Row when a data cell of its own row names it
  among its Headers, else Column; header IDs are made unique over a joined
  document (each part numbers them from its own objects) and listed in IDTree;
- a manual laid out in parts is joined (publish.render.splice) with one
  structure tree: ``merge`` hangs each part's elements under one Document and
  numbers the pages' and links' entries of the ParentTree anew.

A Figure with no text alternative is refused (a picture a screen reader would
skip); one inside a card's face is part of the card, whose Alt says it all, and
becomes a Span.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from markupsafe import escape

from publish.core.problems import PublishError

VARIANT = "pdf/ua-1"
"""WeasyPrint's PDF variant for a tagged PDF: tags, XMP metadata, DisplayDocTitle."""

VERSION = "1.7"
"""The PDF version PDF/UA-1 is written for."""


class TaggingError(PublishError, ValueError):
    """The tagged PDF would not say what its HTML does (a picture without a text alternative,
    a card face not found where the HTML has it)."""


class _Labels(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.labels: list[str] = []
        self.depth = 0
        """How many articles deep within a face (its template's own articles are its)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "article":
            return
        if not self.depth:
            self.labels.append((dict(attrs).get("aria-label") or "").strip())
        self.depth += 1 if self.depth or dict(attrs).get("role") == "img" else 0

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self.depth:
            self.depth -= 1


def alternatives(html: str) -> list[str]:
    """The label of every ``<article>`` of ``html`` not within a card's face, in document
    order: what each card face drawn in it says (its Figure's Alt)."""
    parser = _Labels()
    parser.feed(html)
    parser.close()
    return parser.labels


class _Text(HTMLParser):
    """The text a reader sees of an HTML fragment; a picture gives its label."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.hidden or tag in ("style", "script", "svg"):
            self.hidden += tag not in ("img", "br", "hr", "meta", "link", "input")
            return
        if tag == "img" or found.get("role") == "img":
            self.words.append(found.get("alt") or found.get("aria-label") or "")
        if tag in ("br", "p", "div", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6"):
            self.words.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.hidden and tag == "img":
            self.words.append(dict(attrs).get("alt") or "")

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            self.hidden -= tag not in ("img", "br", "hr", "meta", "link", "input")
        elif tag in ("p", "div", "li", "td", "th"):
            self.words.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.append(data)


def text_of(html: str) -> str:
    """The text of an HTML fragment as a reader would hear it, on one line: a card face's
    full text, its icons by their names."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return " ".join("".join(parser.words).split())


def titled(svg: str, title: str) -> str:
    """``svg`` (one ``<svg>`` element) with ``title`` as its first child: the text
    alternative WeasyPrint gives its Figure."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    if start < 0 or end < 0:
        return svg
    if svg[end - 1] == "/":  # <svg .../>: an empty drawing
        return f"{svg[:end - 1]}><title>{escape(title)}</title></svg>{svg[end + 1:]}"
    return f"{svg[:end + 1]}<title>{escape(title)}</title>{svg[end + 1:]}"


# ------------------------------------------------------------------ the structure tree


def elements(root: Any) -> Iterator[tuple[Any, Any]]:
    """Every structure element under ``root`` (a StructTreeRoot or element), depth first in
    reading order, with its parent element (None at the top)."""
    import pikepdf

    stack: list[tuple[Any, Any]] = [(kid, None) for kid in reversed(_kids(root))]
    while stack:
        element, parent = stack.pop()
        if not isinstance(element, pikepdf.Dictionary) or "/S" not in element:
            continue  # marked content, an annotation's reference
        yield element, parent
        stack.extend((kid, element) for kid in reversed(_kids(element)))


def _kids(element: Any) -> list[Any]:
    import pikepdf

    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def merge(joined: Any, sources: list[Any], offsets: list[int]) -> None:
    """One structure tree in ``joined`` for the pages copied into it from ``sources`` (the
    pages of source k start at ``offsets[k]``); nothing if no source is tagged.

    Each source's Document element's kids go, in order, under one Document; the
    ParentTree is numbered anew: each page, then each link of that page, one key.
    """
    import pikepdf

    tagged = ["/StructTreeRoot" in source.Root for source in sources]
    if not any(tagged):
        return
    if not all(tagged):
        raise TaggingError("cannot join tagged and untagged PDFs into one tagged PDF")
    root = joined.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
    document = joined.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, K=pikepdf.Array(), P=root))
    root.K = pikepdf.Array([document])
    nums = pikepdf.Array()
    key = 0
    for number, (source, offset) in enumerate(zip(sources, offsets, strict=True)):
        old_root = source.Root.StructTreeRoot
        found = _number_tree(old_root.ParentTree)
        for part_document in _kids(old_root):
            for kid in _kids(joined.copy_foreign(part_document)):
                kid.P = document
                document.K.append(kid)
        for index in range(len(source.pages)):
            page = joined.pages[offset + index].obj
            for holder in [page, *[a for a in page.get("/Annots", []) if "/StructParent" in a]]:
                entry = "/StructParents" if holder is page else "/StructParent"
                if entry not in holder:
                    continue
                value = found.get(int(holder[entry]))
                if value is None:
                    raise TaggingError(f"part {number + 1}, page {index + 1}: its structure "
                                       "does not say what the page draws")
                holder[entry] = key
                nums.append(key)
                nums.append(_copied(joined, source, value))
                key += 1
    root.ParentTree = joined.make_indirect(pikepdf.Dictionary(Nums=nums))
    root.ParentTreeNextKey = key
    joined.Root.StructTreeRoot = root
    first = sources[0].Root
    for name in ("/MarkInfo", "/ViewerPreferences", "/Metadata"):
        if name in first:
            joined.Root[name] = _copied(joined, sources[0], first[name])


def _copied(joined: Any, source: Any, value: Any) -> Any:
    """``value`` of ``source`` copied into ``joined``; objects already copied (the pages)
    are not copied again, but referred to."""
    return joined.copy_foreign(value if value.is_indirect else source.make_indirect(value))


def _number_tree(tree: Any) -> dict[int, Any]:
    """A number tree's entries (WeasyPrint writes one flat Nums array; Kids are read too)."""
    found: dict[int, Any] = {}
    nums = list(tree.get("/Nums", []))
    for at in range(0, len(nums) - 1, 2):
        found[int(nums[at])] = nums[at + 1]
    for kid in tree.get("/Kids", []):
        found.update(_number_tree(kid))
    return found


def describe(pdf: Any, faces: list[str], what: str) -> None:
    """The card faces of a tagged PDF made Figures with their text (``faces``: the labels of
    its HTML's articles, in order), header cells given their Scope and unique IDs; raise
    TaggingError for a picture without a text alternative."""
    import pikepdf

    if "/StructTreeRoot" not in pdf.Root:
        return
    pages = {page.objgen: number for number, page in enumerate(pdf.pages, start=1)}
    walked = list(elements(pdf.Root.StructTreeRoot))
    labels = iter(faces)
    inside: dict[tuple[int, int], bool] = {}
    """Whether an element is (within) a card's face."""
    ids: list[tuple[str, Any]] = []
    for element, parent in walked:
        within = parent is not None and inside[parent.objgen]
        inside[element.objgen] = within
        if element.S == "/Art" and within:
            element.S = pikepdf.Name.Div  # a box of the face, or an article of its template
        elif element.S == "/Art":
            label = next(labels, None)
            if label is None:
                raise TaggingError(f"{what}: more card faces in the tagged PDF than the "
                                   f"{len(faces)} of its HTML (a face broken over two pages?)")
            if not label:
                raise TaggingError(f"{what}: a card face has no text (aria-label) to be read by")
            element.S = pikepdf.Name.Figure
            element.Alt = pikepdf.String(label)
            inside[element.objgen] = True
        elif element.S == "/Figure" and not str(element.get("/Alt", "")).strip():
            if within:
                element.S = pikepdf.Name.Span  # a drawing on a card: the card's Alt says it
            else:
                page = pages.get(element.Pg.objgen, 0) if "/Pg" in element else 0
                raise TaggingError(f"{what}, page {page}: a picture with no text alternative "
                                   "(an <img> needs alt, an <svg> a <title>)")
        elif element.S == "/Table":
            ids += _scope_headers(element, len(ids))
    if next(labels, None) is not None:
        raise TaggingError(f"{what}: {len(faces)} card faces in its HTML, fewer in the tagged "
                           "PDF")
    if ids:
        tree = pikepdf.NameTree.new(pdf)
        for name, element in ids:
            tree[name] = element
        pdf.Root.StructTreeRoot.IDTree = tree.obj


def _rows(element: Any) -> Iterator[Any]:
    """The rows of a table element, in order, not those of a table nested in one of them."""
    import pikepdf

    for kid in _kids(element):
        if isinstance(kid, pikepdf.Dictionary) and kid.get("/S") == "/TR":
            yield kid
        elif isinstance(kid, pikepdf.Dictionary) and kid.get("/S") in ("/THead", "/TBody",
                                                                        "/TFoot"):
            yield from _rows(kid)


def _headers(cell: Any) -> list[Any]:
    """The IDs of the header cells a data cell names (its /A /Headers)."""
    import pikepdf

    attributes = cell.get("/A")
    if not isinstance(attributes, pikepdf.Dictionary):
        return []
    return list(attributes.get("/Headers", []))


def _scope_headers(table: Any, counted: int) -> list[tuple[str, Any]]:
    """Each TH of ``table`` given its Scope (Row when a data cell of its row names it) and an
    ID unique in the document (numbered from ``counted``), the cells' Headers renamed."""
    import pikepdf

    rows = list(_rows(table))
    renamed: dict[str, str] = {}
    headers: list[tuple[str, Any]] = []
    for row in rows:
        cells = [kid for kid in _kids(row) if isinstance(kid, pikepdf.Dictionary)]
        named_here = {str(h) for cell in cells if cell.get("/S") == "/TD"
                      for h in _headers(cell)}
        for cell in cells:
            if cell.get("/S") != "/TH":
                continue
            old = str(cell.get("/ID", ""))
            new = f"th-{counted + len(headers) + 1}"
            renamed[old] = new
            cell.ID = pikepdf.String(new)
            attributes = cell.get("/A")
            if not isinstance(attributes, pikepdf.Dictionary):
                attributes = cell.A = pikepdf.Dictionary(O=pikepdf.Name.Table)
            attributes.Scope = pikepdf.Name.Row if old in named_here else pikepdf.Name.Column
            headers.append((new, cell))
    for row in rows:
        for cell in _kids(row):
            if isinstance(cell, pikepdf.Dictionary) and cell.get("/S") == "/TD":
                named = _headers(cell)
                if named:
                    cell.A.Headers = pikepdf.Array(
                        [pikepdf.String(renamed.get(str(h), str(h))) for h in named])
    return headers
