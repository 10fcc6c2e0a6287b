"""Templates read through publish.core.projectfiles: a template that is a symlink out of the
project (or whose folder is) is refused, named, like every other file a game gives.

Jinja's own FileSystemLoader follows symlinks wherever they lead; this one
reads each template inside the root its folder belongs to (the project, or
the tool's own templates) and refuses ``..`` in a template's name.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import BaseLoader, Environment, TemplateNotFound
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.loaders import split_template_path

from publish.core.projectfiles import read_text


class ProjectLoader(BaseLoader):
    """Templates from ``folders`` in order, each a (folder, the root it must stay inside)."""

    def __init__(self, folders: list[tuple[Path, Path]]) -> None:
        self.folders = [(folder, root) for folder, root in folders if folder.is_dir()]

    def get_source(self, environment: Environment, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # TemplateNotFound on '..'
        for folder, root in self.folders:
            path = folder.joinpath(*pieces)
            if path.is_file() or path.is_symlink():
                text = read_text(path, root)
                return text, str(path), _unchanged(path, path.stat().st_mtime)
        raise TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        found = {path.relative_to(folder).as_posix()
                 for folder, _ in self.folders for path in folder.rglob("*") if path.is_file()}
        return sorted(found)


def _unchanged(path: Path, mtime: float) -> Callable[[], bool]:
    """Jinja's question whether a template it compiled is still the file's contents."""
    return lambda: path.is_file() and path.stat().st_mtime == mtime


class CompiledTemplates(BytecodeCache):
    """Templates compiled once per process.  A build makes many environments (one per
    edition, per manual part, per page of contents laid out again), and each would compile
    the same files anew: 120 compilations for one manual.  Jinja checks each entry against
    the template's source, so an edited template is compiled again.  One cache per way of
    making an environment: the compiled code depends on its options."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        compiled = self._compiled.get(bucket.key)
        if compiled is not None:
            bucket.bytecode_from_string(compiled)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._compiled[bucket.key] = bucket.bytecode_to_string()
