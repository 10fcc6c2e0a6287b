"""WeasyPrint's only door to files: inside the project, never the network.

Templates and card data are untrusted: a stylesheet or an image that points
at a URL, an absolute path or anything outside the project stops the build
with the offending reference named.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher


class RefusedResource(ValueError):
    """A template or card asked for something outside the project."""


class ProjectFetcher(URLFetcher):
    """Serve ``file:`` URLs inside ``root`` and ``data:`` URLs; refuse everything else."""

    def __init__(self, root: Path):
        super().__init__(allowed_protocols={"file", "data"}, fail_on_errors=True)
        self.root = root.resolve()

    def fetch(self, url: str, headers: dict | None = None):  # type: ignore[override]
        parts = urlsplit(url)
        if parts.scheme == "data":
            return super().fetch(url, headers)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise RefusedResource(f"refused {url!r}: builds never use the network")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root):
            raise RefusedResource(f"refused {url!r}: outside the project ({self.root})")
        if not path.is_file():
            raise RefusedResource(f"missing file {path.relative_to(self.root)}")
        return super().fetch(url, headers)
