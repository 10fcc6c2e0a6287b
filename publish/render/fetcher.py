"""WeasyPrint's only door to files: inside the project, never the network.

Templates and card data are untrusted: a stylesheet, font or image that
points at a URL (http, https, ftp...), an absolute path, anything outside
the folders the document may read (a game's: its own folder, its templates,
the shared ones and the fonts), or a hidden name or the outputs inside them
(publish.core.projectfiles decides) stops the build with the offending reference
named.  ``data:`` URLs are allowed: they are inline content, not a reference
to anything.  A picture over publish.model.images.MAX_PIXELS, in a file or a
``data:`` URL, is refused from its header, before WeasyPrint decodes it; a
drawing that draws more than publish.core.svgsize allows, before it is drawn.

For a black-and-white document (``greyscale``), every raster picture it shows
is served in shades of grey, so a card's art prints as a mono laser printer
would print it and costs no colour toner on an inkjet; drawings (SVG) keep
their colours, which a template's ``.bw`` rules set.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from publish.core.problems import PublishError
from publish.core.projectfiles import OutsideProject, inside
from publish.core.svgsize import TooMuchDrawn, check_drawing
from publish.model.images import MAX_PICTURE_BYTES, TooManyPixels, picture_size

_INSTEAD = "copy the file into the project and refer to it by its relative path"


class RefusedResource(PublishError, ValueError):
    """A template or card asked for something outside the project."""


class ProjectFetcher(URLFetcher):
    """Serve ``file:`` URLs inside ``reads`` (folders of ``root``) and ``data:`` URLs;
    refuse everything else.

    Every refusal is also kept in ``refused``: WeasyPrint swallows some fetch
    errors (an ``<image>`` inside an SVG), and the build must fail on those too.
    """

    def __init__(self, root: Path, reads: Sequence[Path], greyscale: bool = False):
        super().__init__(allowed_protocols={"file", "data"}, fail_on_errors=True)
        self.root = root.resolve()
        self.reads = tuple(reads)
        self.greyscale = greyscale
        self.refused: list[str] = []

    def fetch(self, url: str, headers: dict | None = None):
        parts = urlsplit(url)
        if parts.scheme == "data":
            response = super().fetch(url, headers)
            body = response.read()
            self._check_picture(body, "a data: URL", response.content_type == "image/svg+xml")
            if self.greyscale and response.content_type in RASTER:
                return _grey(response.url, body)
            return URLFetcherResponse(response.url, body, response.headers, response.status)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            self._refuse(f"refused {url!r}: builds never use the network; {_INSTEAD}")
        try:
            path = inside(Path(unquote(parts.path)), self.root, self.reads)
        except OutsideProject as outside:
            named = Path(unquote(parts.path))
            self._refuse(f"refused {url!r}: " + (
                outside.problems[0].message if _resolves_in(named, self.root) else
                f"outside the project ({self.root}); {_INSTEAD}"))
        if not path.is_file():
            self._refuse(f"missing file {path.relative_to(self.root)} (in {self.root}); "
                         "add it or correct the reference")
        if path.stat().st_size > MAX_PICTURE_BYTES:
            self._refuse(f"refused {path.relative_to(self.root)}: {path.stat().st_size:,} bytes, "
                         f"over the {MAX_PICTURE_BYTES:,} a file a document shows may have")
        self._check_picture(path, str(path.relative_to(self.root)), path.suffix.lower() == ".svg")
        if self.greyscale and path.suffix.lower() in RASTER_SUFFIXES:
            return _grey(url, path.read_bytes())
        # a picture's URL carries its version as a query (publish.model.images): not part of
        # the file
        return super().fetch(parts._replace(query="").geturl() if parts.query else url, headers)

    def _check_picture(self, source: Path | bytes, named: str, drawing: bool) -> None:
        """Refuse a picture with more pixels than a build may decode (its header read), or a
        drawing that draws too much (publish.core.svgsize)."""
        try:
            if drawing:
                check_drawing(source.read_bytes() if isinstance(source, Path) else source)
            else:
                picture_size(source)
        except TooManyPixels as exc:
            self._refuse(f"refused {named}: it is {exc}; scale it down")
        except TooMuchDrawn as exc:
            self._refuse(f"refused {named}, line {exc.line}: {exc}")

    def _refuse(self, message: str) -> None:
        self.refused.append(message)
        raise RefusedResource(message)


RASTER = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp",
                    "image/tiff"})
"""The pictures a greyscale document turns grey (a drawing keeps its colours)."""
RASTER_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif",
                             ".tiff"})


class Converted(URLFetcherResponse):
    """A picture served changed from its file: no ``path``, since WeasyPrint 70 embeds a
    PNG's data read again from the file a ``file:`` URL names (its ``path``), which would
    pair the file's colour data with the changed picture's colour space."""

    @property
    def path(self) -> None:
        return None


def _grey(url: str, body: bytes) -> URLFetcherResponse:
    """The picture ``body`` in shades of grey (luminance, ITU-R 601 as Pillow's "L"),
    transparency kept, as a PNG."""
    from PIL import Image, ImageOps  # Pillow: a raster library, loaded only when asked

    with Image.open(io.BytesIO(body)) as opened:
        picture = ImageOps.exif_transpose(opened)
        alpha = picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info
        grey = picture.convert("LA" if alpha else "L")
    out = io.BytesIO()
    grey.save(out, format="PNG")
    return Converted(url, out.getvalue(), {"Content-Type": "image/png"})


def _resolves_in(path: Path, root: Path) -> bool:
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError):
        return False
