"""A game made by `publish new` given editions in other languages, as a designer would: the
edition added to game.yaml, `publish i18n extract` and `update`, then a translator's words
written into the PO files.  Used by the tests of issue 44 (tests/i18n/test_editions_hold.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.messages.catalog import Message

from conftest import run
from publish.i18n.catalog import po_path, read_catalog, write_catalog


def add_editions(project: Path, *locales: str, game: str = "moon") -> None:
    """Publish ``locales`` besides the source edition and write their catalogs."""
    config = project / "cards" / game / "game.yaml"
    text = config.read_text(encoding="utf-8")
    listed = ", ".join(f'"{x}"' for x in ("en", *locales))
    config.write_text(text.replace('editions: ["en"]', f"editions: [{listed}]"),
                      encoding="utf-8")
    for command in ("extract", "update"):
        result = run("i18n", command, "--project", str(project), "--game", game)
        assert result.exit_code == 0, result.output


Translation = Callable[[Message], str | tuple[str, ...] | None]


def translate(project: Path, locale: str, domain: str, how: Translation,
              game: str = "moon") -> Path:
    """Write ``how(message)`` as each message's translation (None: left as it is); returns the
    PO file."""
    path = po_path(project / "cards" / game, locale, domain)
    catalog = read_catalog(path, locale, project=project)
    for message in catalog:
        if message.id:
            words = how(message)
            if words is not None:
                message.string = words
                message.flags.discard("fuzzy")
    write_catalog(path, catalog)
    return path


def tagged(tag: str) -> Translation:
    """Every message "TAG source" (each form of a plural message): a complete edition."""
    def how(message: Message) -> str | tuple[str, ...]:
        if isinstance(message.id, tuple | list):
            return tuple(f"{tag} {form}" for form in message.id)
        return f"{tag} {message.id}"
    return how


def line_of(path: Path, text: str) -> int:
    """The line of ``path`` where ``text`` first appears."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)
