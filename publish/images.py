"""The pictures cards carry in their image fields: where they are, and whether they print.

A card's image field names a file relative to the game folder, or one file
per edition (art with words in it); an edition it does not name uses the
source locale's.  `publish check` finds every picture that would stop or
spoil a build (missing, outside the game folder, unreadable) and warns of
art too coarse for print at the size it prints at.  Pillow is imported only
when a picture is opened, so loading a game stays light.
"""

from __future__ import annotations

import functools
import hashlib
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from publish.model import CARD_SIZES, Card, FieldSpec, Game
from publish.problems import Problem

PRINT_DPI = 300
"""The resolution print services ask for; art under it prints soft."""


@dataclass(frozen=True)
class Picture:
    """One picture file a card names: in which field, for which edition (None: every one)."""

    card: Card
    field: str
    locale: str | None
    path: str

    def file(self, game: Game) -> Path:
        return game.root / self.path


def image_fields(game: Game) -> dict[str, FieldSpec]:
    """The game's declared image fields, by id."""
    return {k: game.config.fields[k] for k in game.config.fields_of("image")}


def pictures(game: Game, card: Card) -> Iterator[Picture]:
    """Every picture file ``card`` names, in field order."""
    for field_id in image_fields(game):
        value = card.fields.get(field_id)
        if isinstance(value, str):
            yield Picture(card, field_id, None, value)
        elif isinstance(value, dict):
            for locale, path in value.items():
                yield Picture(card, field_id, locale, path)


def picture_for(game: Game, value: str | dict[str, str] | None, locale: str) -> Path | None:
    """The file an image field's value prints in ``locale`` (None: no picture)."""
    if isinstance(value, dict):
        value = value.get(locale) or value.get(game.config.locales.source)
    return game.root / value if value else None


def picture_url(path: Path) -> str:
    """A file URL for templates, versioned by the file's contents: a picture redrawn under
    the same name gives new HTML, so no cache of laid-out pages shows the old one."""
    stat = path.stat() if path.is_file() else None
    version = _version(path.resolve(), stat.st_mtime_ns, stat.st_size) if stat else "missing"
    return f"{path.resolve().as_uri()}?v={version}"


@functools.lru_cache(maxsize=1024)
def _version(path: Path, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def check_pictures(game: Game) -> tuple[list[Problem], list[Problem]]:
    """Problems (a build would fail) and warnings (a print would be poor) of every picture."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    fields = image_fields(game)
    for card in game.cards:
        for picture in pictures(game, card):
            spec = fields[picture.field]
            problem, warning = _check(game, picture, spec)
            problems += [problem] if problem else []
            warnings += [warning] if warning else []
        problems += _missing_source(game, card, fields)
    return problems, warnings


def _missing_source(game: Game, card: Card, fields: dict[str, FieldSpec]) -> list[Problem]:
    source = game.config.locales.source
    return [Problem(card.where(f), f"card {card.number} {f}: no file for the source locale "
                                   f"{source}, which editions without their own fall back on; "
                                   f"add '{source}: <file>'")
            for f in fields if isinstance(card.fields.get(f), dict)
            and source not in card.fields[f]]


def _check(game: Game, picture: Picture, spec: FieldSpec) -> tuple[Problem | None,
                                                                     Problem | None]:
    card = picture.card
    where = card.where(picture.field, *([picture.locale] if picture.locale else []))
    name = f"card {card.number} {picture.field}"
    file = picture.file(game).resolve()
    if not file.is_relative_to(game.root.resolve()):
        return Problem(where, f"{name}: {picture.path} is outside the game folder; copy the "
                              f"file into {game.root.name}/ and name it from there"), None
    if not file.is_file():
        return Problem(where, f"{name}: no file {picture.path} in {game.root.name}/; add it "
                              "or correct the path"), None
    try:
        pixels = _pixels(file)
    except (OSError, ValueError, SyntaxError) as exc:
        return Problem(where, f"{name}: {picture.path} cannot be read as "
                              f"{file.suffix.lstrip('.').upper()} ({exc}); save it again "
                              "from an image editor"), None
    return None, _resolution(game, picture, spec, pixels, where)


def _pixels(file: Path) -> tuple[int, int] | None:
    """Width and height in pixels of a PNG or JPEG (None: a drawing, SVG, which scales)."""
    if file.suffix.lower() == ".svg":
        root = ElementTree.parse(file).getroot()
        if not root.tag.endswith("svg"):
            raise ValueError(f"its root element is <{root.tag}>, not <svg>")
        return None
    from PIL import Image

    with Image.open(file) as image:
        image.verify()
        return image.size


def _resolution(game: Game, picture: Picture, spec: FieldSpec,
                pixels: tuple[int, int] | None, where) -> Problem | None:
    if pixels is None:
        return None
    width_mm, height_mm = spec.print_mm or _card_mm(game)
    dpi = min(pixels[0] / (width_mm / 25.4), pixels[1] / (height_mm / 25.4))
    if dpi >= PRINT_DPI - 0.5:
        return None
    need = (round(width_mm / 25.4 * PRINT_DPI), round(height_mm / 25.4 * PRINT_DPI))
    return Problem(where, f"card {picture.card.number} {picture.field}: {picture.path} is "
                          f"{pixels[0]}x{pixels[1]} px, {dpi:.0f} dpi at {width_mm:g}x"
                          f"{height_mm:g} mm; print wants {PRINT_DPI} dpi ({need[0]}x{need[1]}"
                          " px or more)")


def _card_mm(game: Game) -> tuple[float, float]:
    """The whole card with its bleed: the size a full-bleed picture prints at."""
    width, height = CARD_SIZES[game.config.print.default_size]
    bleed = 2 * game.config.print.bleed_mm
    return width + bleed, height + bleed
