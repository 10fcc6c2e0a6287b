"""The font subsets of a PDF made of pages laid out apart: shared where one holds every
glyph a page draws, and held to what a PDF laid out whole would embed.

A page laid out alone brings its own font subsets. WeasyPrint subsets keep the fonts'
glyph ids, so when the PDF already embeds a subset of the same font with every glyph the
new page uses, the page is pointed at that one and the file does not grow. A PDF laid out
whole embeds one subset of each font, holding exactly the glyphs its pages draw, with a
ToUnicode map listing them in the order they are first drawn: a spliced PDF is kept only
if its subsets are those, and every map is written in the order of the glyph ids, so an
incremental build gives the bytes of a forced one.

A page that draws a glyph the kept subset lacks (or no longer draws one only it drew) is
laid out with its fonts *seeded* (``GlyphSeed``, ``SeededFonts``): WeasyPrint is told
beforehand of every glyph the other pages draw with each font, their widths and text, so
the subset it embeds for the new page holds exactly the glyphs the whole PDF draws, as a
layout of the whole would, and serves every page (``settle_fonts``).
"""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Collection, Iterable
from typing import Any

WIDTH_ROUNDING = 1.0
"""Glyph widths (1/1000 em) of one font may differ by a unit between two layouts."""

CMAP_BLOCK = 100
"""The entries a ToUnicode block may hold (the CMap format's limit; WeasyPrint's too)."""

_BFCHAR = re.compile(rb"\d+ beginbfchar\n(.*?)\nendbfchar\n?", re.S)
"""A block of a ToUnicode map: one ``<glyph> <text>`` line per glyph."""

_MAPPED = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")
"""One line of a ToUnicode block: a glyph id and its text in UTF-16BE, both in hex."""

GlyphSeed = dict[str, dict[int, tuple[float, str]]]
"""Per font (its PDF name, subset tag and all: ``/ABCDEF+Vollkorn``), the glyphs other pages
draw with it: glyph id -> (width in 1/1000 em, the text it stands for)."""


class SubsetsDiffer(ValueError):
    """A PDF's font subsets are not those a layout of the whole would embed."""


def fonts(pages: Any) -> dict[str, list[tuple[Any, dict[int, float]]]]:
    """The composite fonts these pages use: base name -> (font, glyph widths)."""
    found: dict[str, list[tuple[Any, dict[int, float]]]] = {}
    seen: set[tuple[int, int]] = set()
    for holder in (h for page in pages for h in with_drawings(page.obj)):
        table = holder.get("/Resources", {}).get("/Font", {})
        for font in table.values():
            if not font.is_indirect or font.objgen in seen:
                continue
            seen.add(font.objgen)
            widths = _widths(font)
            if widths is not None:
                found.setdefault(str(font.BaseFont), []).append((font, widths))
    return found


def _widths(font: Any) -> dict[int, float] | None:
    """Glyph id -> width of a Type0 font with the identity encoding (None for others)."""
    if font.get("/Subtype") != "/Type0" or font.get("/Encoding") != "/Identity-H":
        return None
    import pikepdf

    items = list(font.DescendantFonts[0].get("/W", []))
    widths: dict[int, float] = {}
    i = 0
    while i + 1 < len(items):
        first = int(items[i])
        if isinstance(items[i + 1], pikepdf.Array):
            widths.update((first + k, float(w)) for k, w in enumerate(items[i + 1]))
            i += 2
        else:  # first last width
            last, width = int(items[i + 1]), float(items[i + 2])
            widths.update((gid, width) for gid in range(first, last + 1))
            i += 3
    return widths


def _drawings(resources: Any) -> Iterable[Any]:
    """The content streams these resources call, which hold resources of their own: forms,
    tiling patterns, and the groups of soft masks (WeasyPrint draws opacity with them).
    Left unpruned, they would keep WeasyPrint's shared resource tables, which a spliced page
    brings again as copies of its own."""
    import pikepdf

    for drawing in resources.get("/XObject", {}).values():
        if drawing.get("/Subtype") == "/Form":
            yield drawing
    for pattern in resources.get("/Pattern", {}).values():
        if isinstance(pattern, pikepdf.Stream):
            yield pattern
    for state in resources.get("/ExtGState", {}).values():
        mask = state.get("/SMask")
        if isinstance(mask, pikepdf.Dictionary) and isinstance(mask.get("/G"), pikepdf.Stream):
            yield mask.G


def with_drawings(holder: Any, seen: set[tuple[int, int]] | None = None) -> Iterable[Any]:
    """A page (or drawing) and every drawing it calls, however deep, each once (``seen``:
    drawings already met, shared across pages).  Each holder's resources are read after it
    is yielded, so a caller that prunes them walks only the drawings still called."""
    waiting, seen = [holder], set() if seen is None else seen
    while waiting:
        current = waiting.pop()
        yield current
        for drawing in _drawings(current.get("/Resources", {})):
            if drawing.objgen not in seen:
                seen.add(drawing.objgen)
                waiting.append(drawing)


def reuse_fonts(pages: Iterable[Any], kept: dict[str, list[tuple[Any, dict[int, float]]]]
                ) -> None:
    """Point the pages, and the drawings they call (text in a translucent box is drawn in a
    group of its own), at fonts already embedded that hold every glyph they draw."""
    read: dict[tuple[int, int], dict[int, float] | None] = {}  # a font's widths, read once
    for page in pages:
        for holder in with_drawings(page):
            _reuse_in(holder.get("/Resources", {}).get("/Font"), kept, read)


def _reuse_in(table: Any, kept: dict[str, list[tuple[Any, dict[int, float]]]],
              read: dict[tuple[int, int], dict[int, float] | None]) -> None:
    if not table:
        return
    for name in list(table.keys()):
        font = table[name]
        if not font.is_indirect:
            widths = _widths(font)
        elif font.objgen in read:
            widths = read[font.objgen]
        else:
            widths = read[font.objgen] = _widths(font)
        if widths is None:
            continue
        for old, old_widths in kept.get(str(font.BaseFont), []):
            if old_widths == widths or all(abs(old_widths.get(gid, -1e9) - w) <= WIDTH_ROUNDING
                                           for gid, w in widths.items()):
                table[name] = old
                break


def _glyphs_drawn(pdf: Any, only: Collection[int] | None = None
                  ) -> Iterable[tuple[int, Any, set[int]]]:
    """(page index, font, glyph ids) for each string a page (of those indexed by ``only``)
    or a drawing it calls shows (two bytes a glyph, as WeasyPrint writes them with its
    composite fonts); a drawing several pages call counts for the first."""
    import pikepdf

    seen: set[tuple[int, int]] = set()
    for index, page in enumerate(pdf.pages):
        if only is not None and index not in only:
            continue
        for holder in with_drawings(page.obj, seen):
            table = holder.get("/Resources", {}).get("/Font", {})
            font = None
            for instruction in pikepdf.parse_content_stream(
                    holder if isinstance(holder, pikepdf.Stream) else page, "Tf Tj TJ ' \""):
                operands, operator = instruction.operands, instruction.operator
                if str(operator) == "Tf":
                    font = table.get(str(operands[0]))
                    continue
                shown = operands[0] if str(operator) == "TJ" else [operands[-1]]
                data = b"".join(bytes(s) for s in shown if isinstance(s, pikepdf.String))
                if font is not None and data:
                    yield index, font, {int.from_bytes(data[i:i + 2], "big")
                                 for i in range(0, len(data) - 1, 2)}


def glyph_seed(data: bytes, pages: Collection[int]) -> GlyphSeed:
    """What the pages of the PDF ``data`` indexed by ``pages`` draw with each composite font:
    every glyph's width and text, read from the font's widths and ToUnicode map.  A font
    whose widths or map lack a glyph drawn is left out (a page drawing it anew is then laid
    out with a subset of its own, and the splice refused)."""
    import pikepdf

    drawn: dict[tuple[int, int], set[int]] = {}
    used: dict[tuple[int, int], Any] = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for _, font, glyphs in _glyphs_drawn(pdf, pages):
            used[font.objgen] = font
            drawn.setdefault(font.objgen, set()).update(glyphs)
        seed: GlyphSeed = {}
        for key, font in used.items():
            widths, texts = _widths(font), _unicode_map(font)
            if widths is None or not drawn[key] <= set(widths) or not drawn[key] <= set(texts):
                continue
            seed.setdefault(str(font.BaseFont), {}).update(
                (gid, (widths[gid], texts[gid])) for gid in sorted(drawn[key]))
    return seed


def _unicode_map(font: Any) -> dict[int, str]:
    """Glyph id -> text, from a font's ToUnicode map (its ``bfchar`` lines)."""
    import pikepdf

    cmap = font.get("/ToUnicode")
    if not isinstance(cmap, pikepdf.Stream):
        return {}
    found: dict[int, str] = {}
    for block in _BFCHAR.finditer(cmap.read_bytes()):
        for glyph, text in _MAPPED.findall(block[1]):
            found[int(glyph, 16)] = bytes.fromhex(text.decode("ascii")).decode(
                "utf-16-be", errors="replace")
    return found


class SeededFonts(dict):
    """A WeasyPrint document's fonts (``Document.fonts``, filled as its pages are drawn),
    each told as it is made of the glyphs ``seed`` says other pages draw with it: their
    widths, which WeasyPrint then draws the new page with as a whole layout would, and their
    text, whose glyphs its subset then holds.  WeasyPrint keeps the first width it meets for
    a glyph; seeded first, the kept pages' widths win, as they do laid out with them."""

    def __init__(self, seed: GlyphSeed) -> None:
        super().__init__()
        self.seed = seed

    def __setitem__(self, key: Any, font: Any) -> None:
        name = font.name.decode("latin-1") if isinstance(font.name, bytes) else str(font.name)
        for gid, (width, text) in self.seed.get(name, {}).items():
            font.widths.setdefault(gid, _number(width))
            font.to_unicode.setdefault(gid, text)
        super().__setitem__(key, font)


def _number(width: float) -> int | float:
    """A width as WeasyPrint keeps it (a whole number, rounded), so it writes it alike."""
    return int(width) if float(width).is_integer() else width


def settle_fonts(pdf: Any, spliced: Collection[int]) -> None:
    """Each font of a PDF whose pages indexed by ``spliced`` were laid out apart drawn with
    one subset, as WeasyPrint embeds it laying the whole out: of a font's subsets (those the
    other pages use, then those the spliced pages brought), the one whose glyphs are exactly
    those every page draws with any of them serves them all; its ascent and descent stay a
    kept subset's, which the whole layout measured.  SubsetsDiffer when none is exact: a
    spliced page's new glyphs that no subset holds with the others', or a kept subset left
    with a glyph no page draws any more."""
    drawn: dict[tuple[int, int], set[int]] = {}
    used: dict[tuple[int, int], Any] = {}
    kept: set[tuple[int, int]] = set()
    for index, font, glyphs in _glyphs_drawn(pdf):
        used[font.objgen] = font
        drawn.setdefault(font.objgen, set()).update(glyphs)
        if index not in spliced:
            kept.add(font.objgen)
    groups: dict[str, list[tuple[int, int]]] = {}
    for key in sorted(used, key=lambda k: (k not in kept, k)):
        groups.setdefault(str(used[key].BaseFont), []).append(key)
    chosen: dict[tuple[int, int], Any] = {}
    for name, keys in groups.items():
        needed = set().union(*(drawn[k] for k in keys))
        exact = next((k for k in keys if set(_widths(used[k]) or ()) == needed), None)
        if exact is None:
            raise SubsetsDiffer(f"{name}: its glyphs are not those the pages draw"
                                if len(keys) == 1 else
                                f"two subsets of one font: {name}, neither holding the "
                                "glyphs every page draws")
        if exact not in kept:
            _measured_as(used[exact], next((used[k] for k in keys if k in kept), None))
        chosen.update((k, used[exact]) for k in keys if k != exact)
    if not chosen:
        return
    for page in pdf.pages:
        for holder in with_drawings(page.obj):
            table = holder.get("/Resources", {}).get("/Font")
            for name in list(table.keys()) if table else ():
                font = table[name]
                if font.is_indirect and font.objgen in chosen:
                    table[name] = chosen[font.objgen]


def _measured_as(font: Any, kept: Any) -> None:
    """A new subset's ascent, descent and cap height made the kept one's: WeasyPrint
    measures them at the size the font is first drawn in, which is the whole layout's
    first page, not the page laid out alone."""
    if kept is None:
        return
    import pikepdf

    new, old = font.DescendantFonts[0].FontDescriptor, kept.DescendantFonts[0].FontDescriptor
    for key in ("/Ascent", "/Descent", "/CapHeight"):
        if key in old:
            new[key] = old[key]
    if "/FontBBox" in new and "/Descent" in old and "/Ascent" in old:
        box = list(new.FontBBox)
        new.FontBBox = pikepdf.Array([box[0], old.Descent, box[2], old.Ascent])


def sort_unicode_maps(pdf: Any) -> None:
    """Each font's ToUnicode map with its glyphs in the order of their ids, written anew.
    WeasyPrint lists them in the order the document first draws them, which an edit
    changes for a subset kept from before it; sorted, that subset's map and a forced
    build's are the same bytes."""
    import pikepdf

    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        for holder in with_drawings(page.obj):
            for font in holder.get("/Resources", {}).get("/Font", {}).values():
                cmap = font.get("/ToUnicode")
                if isinstance(cmap, pikepdf.Stream) and cmap.objgen not in seen:
                    seen.add(cmap.objgen)
                    _sort_unicode_map(cmap)


def _sort_unicode_map(cmap: Any) -> None:
    import pikepdf

    data = cmap.read_bytes()
    blocks = list(_BFCHAR.finditer(data))
    if not blocks or b"bfrange" in data:
        return
    lines = sorted((line for block in blocks for line in block[1].split(b"\n")),
                   key=lambda line: int(line[1:line.index(b">")], 16))
    chunks = (lines[i:i + CMAP_BLOCK] for i in range(0, len(lines), CMAP_BLOCK))
    body = b"".join(b"%d beginbfchar\n%s\nendbfchar\n" % (len(chunk), b"\n".join(chunk))
                    for chunk in chunks)
    cmap.write(zlib.compress(data[:blocks[0].start()] + body + data[blocks[-1].end():]),
               filter=pikepdf.Name.FlateDecode)
