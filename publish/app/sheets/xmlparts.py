"""The XML parts of a workbook, read as a stream of elements, safely and strictly.

defusedxml refuses what a spreadsheet program never writes and an attacker
would (a DTD, entities that expand, references to other files), and any
part that is not well-formed XML is refused whole, with its line and column:
nothing of a damaged part is read, so no table is imported in part.
"""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Iterator
from typing import Any
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, feature_namespaces

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, iterparse
from defusedxml.expatreader import DefusedExpatParser

from publish.app.sheets.limits import MAX_XML_DEPTH, SheetError

EVENTS = ("start", "end")


_UNPACKING = (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError,
              NotImplementedError)
"""What zipfile raises for a part it cannot unpack: a bad header or checksum, a password
(RuntimeError), a compression it does not know."""


def read_part(archive: zipfile.ZipFile, part: str, redo: str) -> bytes:
    """A (small) part's bytes; SheetError naming it if it cannot be unpacked."""
    try:
        return archive.read(part)
    except _UNPACKING as exc:
        raise SheetError(f"its part {part} cannot be unpacked ({exc}): nothing is read from "
                         f"it; {redo}") from None


def elements(archive: zipfile.ZipFile, part: str, redo: str) -> Iterator[tuple[str, Any]]:
    """Each ("start" | "end", element) of a part as it is unpacked and parsed; SheetError
    naming the part, and saying what to do (``redo``), if it is damaged or declares what no
    spreadsheet program does."""
    try:
        with archive.open(part) as stream:
            depth = 0
            for event, element in iterparse(stream, events=EVENTS, forbid_dtd=True):
                depth += 1 if event == "start" else -1
                if depth > MAX_XML_DEPTH:
                    raise too_deep(part, redo)
                yield event, element
    except ParseError as exc:
        raise SheetError(f"its part {part} is damaged ({exc.msg}): nothing is read from it; "
                         f"{redo}") from None
    except DefusedXmlException as exc:
        raise SheetError(f"its part {part} declares a DTD or entities ({type(exc).__name__}), "
                         f"which no spreadsheet program writes: it is not read; {redo}"
                         ) from None
    except _UNPACKING as exc:
        raise SheetError(f"its part {part} cannot be unpacked ({exc}): nothing is read from "
                         f"it; {redo}") from None


class NotXml(SheetError):
    """A part that is no XML at all: no element began before the parser gave up (a picture,
    a printer's settings)."""


def stream(archive: zipfile.ZipFile, part: str, handler: ContentHandler, redo: str) -> None:
    """A part's elements given to a SAX handler as they are parsed (no tree is built: the
    fastest reading, for parts only counted); SheetError as ``elements`` gives, NotXml if
    the handler's ``started`` is still False when the parser gives up."""
    parser = DefusedExpatParser(forbid_dtd=True)
    parser.setFeature(feature_namespaces, True)
    parser.setContentHandler(handler)
    try:
        with archive.open(part) as source:
            parser.parse(source)
    except SAXParseException as exc:
        if getattr(handler, "started", True) is False:
            raise NotXml(f"its part {part} is not XML") from None
        raise SheetError(f"its part {part} is damaged ({exc.getMessage()}: line "
                         f"{exc.getLineNumber()}, column {exc.getColumnNumber()}): nothing is "
                         f"read from it; {redo}") from None
    except DefusedXmlException as exc:
        raise SheetError(f"its part {part} declares a DTD or entities ({type(exc).__name__}), "
                         f"which no spreadsheet program writes: it is not read; {redo}"
                         ) from None
    except _UNPACKING as exc:
        raise SheetError(f"its part {part} cannot be unpacked ({exc}): nothing is read from "
                         f"it; {redo}") from None


def too_deep(part: str, redo: str) -> SheetError:
    """The error of a part nested past MAX_XML_DEPTH."""
    return SheetError(f"its part {part} nests its XML more than {MAX_XML_DEPTH} deep, which "
                      f"no spreadsheet program does: it is not read; {redo}")


def local(tag: Any) -> str:
    """An element's name without its namespace ("{urn:...}table" is "table")."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""
