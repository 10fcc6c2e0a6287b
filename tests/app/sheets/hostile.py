"""Hostile spreadsheets made on the spot, small or at the size the probe of issue 46 used.

Each maker returns a file's bytes; the XML is streamed into the zip, so even a part of
hundreds of megabytes is made without holding it.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Iterator

ODS_NAMESPACES = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
                  'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:'
                  'calcext:1.0"')


def ods(tables: str) -> bytes:
    """An ODS file whose spreadsheet holds ``tables`` (table:table elements, as XML)."""
    return ods_content(f'<?xml version="1.0" encoding="UTF-8"?><office:document-content '
                       f'{ODS_NAMESPACES}><office:body><office:spreadsheet>{tables}'
                       '</office:spreadsheet></office:body></office:document-content>')


MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:'
            'oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:'
            'full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"'
            '/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
            '"text/xml"/></manifest:manifest>')


def ods_content(content: str | bytes, parts: dict[str, bytes] | None = None) -> bytes:
    """An ODS file with this content.xml (and other parts, by name), as Calc packs it."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"),
                         "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
        archive.writestr("META-INF/manifest.xml", MANIFEST)
        for name, data in (parts or {}).items():
            archive.writestr(name, data)
    return out.getvalue()


def ods_cell(text: str, repeat: int = 1) -> str:
    return (f'<table:table-cell table:number-columns-repeated="{repeat}" '
            f'office:value-type="string"><text:p>{text}</text:p></table:table-cell>')


def ods_repeats(columns: int, rows: int) -> bytes:
    """A header, then one row of a cell repeated ``columns`` times, repeated ``rows`` times:
    the probe's was 2.6 KB and asked for 10,000 x 10,000 cells."""
    return ods('<table:table table:name="main"><table:table-row>'
               f'{ods_cell("number")}{ods_cell("name")}</table:table-row>'
               f'<table:table-row table:number-rows-repeated="{rows}">{ods_cell("x", columns)}'
               '</table:table-row></table:table>')


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHEET_START = f'<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
SHEET_END = b"</sheetData></worksheet>"


def xlsx(sheet: Iterable[bytes], strings: Iterable[bytes] | None = None,
         method: int = zipfile.ZIP_DEFLATED, parts: dict[str, bytes] | None = None) -> bytes:
    """A workbook of one sheet, "main", its XML given in chunks (shared strings too)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method, compresslevel=1 if method else None) as archive:
        archive.writestr("[Content_Types].xml", (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxml'
            'formats-package.relationships+xml"/><Default Extension="xml" ContentType='
            '"application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
            'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/shared'
            'Strings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sharedStrings+xml"/></Types>'))
        archive.writestr("_rels/.rels", (
            f'<?xml version="1.0"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" '
            f'Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>'))
        archive.writestr("xl/workbook.xml", (
            f'<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets><sheet '
            'name="main" sheetId="1" r:id="rId1"/></sheets></workbook>'))
        archive.writestr("xl/_rels/workbook.xml.rels", (
            f'<?xml version="1.0"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" '
            f'Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" '
            f'Type="{DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'))
        _stream(archive, "xl/sharedStrings.xml", strings or [
            f'<?xml version="1.0"?><sst xmlns="{MAIN}" count="0" uniqueCount="0"/>'.encode()])
        _stream(archive, "xl/worksheets/sheet1.xml", sheet)
        for name, data in (parts or {}).items():
            archive.writestr(name, data)
    return out.getvalue()


def _stream(archive: zipfile.ZipFile, name: str, chunks: Iterable[bytes]) -> None:
    with archive.open(name, "w", force_zip64=True) as part:
        for chunk in chunks:
            part.write(chunk)


def inline(ref: str, text: str) -> bytes:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'.encode()


def sheet_rows(rows: Iterable[bytes]) -> Iterator[bytes]:
    """A sheet's XML: a header (number, name), then ``rows`` (row elements)."""
    yield SHEET_START
    yield b'<row r="1">' + inline("A1", "number") + inline("B1", "name") + b"</row>"
    yield from rows
    yield SHEET_END


def xlsx_cells(cells: int, per_row: int = 100, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A workbook of ``cells`` number cells, ``per_row`` a row: the probe's 1.5 MB zip bomb
    held 20 million."""
    row = b"<c><v>1</v></c>" * per_row
    rows = (b'<row r="%d">' % line + row + b"</row>" for line in range(2, cells // per_row + 2))
    return xlsx(sheet_rows(rows), method=method)


def xlsx_string(size: int) -> bytes:
    """A workbook whose one cell is a shared string of ``size`` characters (the probe's:
    400 MB)."""
    def strings() -> Iterator[bytes]:
        yield f'<?xml version="1.0"?><sst xmlns="{MAIN}" count="1" uniqueCount="1"><si><t>' \
            .encode()
        for start in range(0, size, 1 << 20):
            yield b"x" * min(1 << 20, size - start)
        yield b"</t></si></sst>"
    return xlsx(iter([SHEET_START, b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
                      SHEET_END]), strings())


def csv_rows(rows: int) -> bytes:
    """A CSV file of the moon game's table with ``rows`` rows of one card (the probe's: a
    million)."""
    header = b"deck,number,name,kind,tags,cost,art,flavour,copies main,copies starter,text\n"
    line = (b'main,001,Wandering Scout,character,draws-cards,2,art/001.png,Every road starts '
            b'somewhere.,1,,"When you play the Scout, Draw 1 card."\n')
    return header + line * rows
