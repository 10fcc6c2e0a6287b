"""The pictures cards carry in their image fields: where they are, and whether they print.

A card's image field names a file relative to the game folder, or one file
per edition (art with words in it); an edition it does not name uses the
source locale's.  `publish check` finds every picture that would stop or
spoil a build (missing, outside the game folder, unreadable, more pixels than
a build may decode) and warns of art too coarse for print at the size it
prints at.  Pillow is imported only when a picture is opened, so loading a
game stays light.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from publish.core.problems import Problem, ProblemsFound, PublishError
from publish.core.projectfiles import read_bytes
from publish.core.svgcheck import DrawsTooMuch, UnsafeSvg, safe_svg
from publish.model.game import CARD_SIZES, Card, FieldSpec, Game

PRINT_DPI = 300
"""The resolution print services ask for; art under it prints soft."""

MAX_PIXELS = 40_000_000
"""The most pixels a picture may have (width times height): 40 million, an A4 page at 600
dpi and more (a poker card's art at 300 dpi is under one million).  A picture is decoded
whole to be drawn, at 4 to 6 bytes a pixel in each process drawing it: a 12,000 px square
took 850 MB and half a minute of a build, and a PNG of 110 KB can say 30,000 x 30,000 px.
Read from the file's header, before anything is decoded (``picture_size``)."""


MAX_PICTURE_BYTES = 128 * 1024 * 1024
"""The largest picture file read: 128 MiB, what a photograph of MAX_PIXELS takes as a PNG
that compresses nothing (3 bytes a pixel).  A picture's file is read whole to be checked and
digested; one over it is refused before it is read."""


class TooManyPixels(PublishError, ValueError):
    """A picture over MAX_PIXELS, with its size as its header gives it."""

    def __init__(self, size: str) -> None:
        super().__init__(f"{size}, over the limit of {MAX_PIXELS:,} pixels (width times "
                         "height) a picture may have")


_BOMB_PIXELS = re.compile(r"\((\d+) pixels\)")
"""The count in Pillow's DecompressionBombError (over twice its own limit)."""


def picture_size(source: Path | bytes) -> tuple[int, int] | None:
    """Width and height of a raster picture (a file, or its bytes), read from its header with
    nothing decoded; TooManyPixels over MAX_PIXELS; None if it is no picture Pillow knows (an
    SVG, a stylesheet, a font).  Pillow's own warning of a decompression bomb is not let
    through to the terminal: this limit is lower, and said as a problem."""
    from PIL import Image, UnidentifiedImageError

    opened = source if isinstance(source, Path) else io.BytesIO(source)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(opened) as image:
                size = image.size
        except Image.DecompressionBombError as exc:  # too big for Pillow to give its size
            counted = _BOMB_PIXELS.search(str(exc))
            raise TooManyPixels(f"{int(counted[1]):,} pixels" if counted else "more than "
                                f"{2 * (Image.MAX_IMAGE_PIXELS or 0):,} pixels") from None
        except UnidentifiedImageError:
            return None
    if size[0] * size[1] > MAX_PIXELS:
        raise TooManyPixels(f"{size[0]:,} x {size[1]:,} px")
    return size


@dataclass(frozen=True)
class Picture:
    """One picture file a card names: in which field, for which edition (None: every one)."""

    card: Card
    field: str
    locale: str | None
    path: str

    def file(self, game: Game) -> Path:
        return game.root / self.path


def pictures(game: Game, card: Card) -> Iterator[Picture]:
    """Every picture file ``card`` names, in field order."""
    for field_id in game.config.fields_of("image"):
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


def shown_pictures(game: Game, card: Card, locale: str) -> dict[str, Path | None]:
    """The file each image field of ``card`` prints in ``locale``, by field id."""
    return {f: picture_for(game, card.fields[f], locale) for f in game.config.fields_of("image")}


def picture_version(path: Path, project: Path) -> str:
    """A digest of the picture's contents ('missing' if there is none, 'refused' if it leads
    outside ``project``), read once per process for as long as the file stays as it is."""
    stat = path.stat() if path.is_file() else None
    return _version(path, project, stat.st_mtime_ns, stat.st_size) if stat else "missing"


def picture_url(path: Path, project: Path) -> str:
    """A file URL for templates, versioned by the file's contents: a picture redrawn under
    the same name gives new HTML, so no cache of laid-out pages shows the old one."""
    return f"{path.resolve().as_uri()}?v={picture_version(path, project)}"


@functools.lru_cache(maxsize=1024)
def _version(path: Path, project: Path, mtime_ns: int, size: int) -> str:
    try:
        return hashlib.sha256(read_bytes(path, project, MAX_PICTURE_BYTES)).hexdigest()[:12]
    except ProblemsFound:  # publish check says why; WeasyPrint's fetcher refuses it too
        return "refused"


def check_pictures(game: Game) -> tuple[list[Problem], list[Problem]]:
    """Problems (a build would fail) and warnings (a print would be poor) of every picture."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    for card in game.card_sides():
        for picture in pictures(game, card):
            problem, warning = _check(game, picture, game.config.fields[picture.field])
            problems += [problem] if problem else []
            warnings += [warning] if warning else []
        problems += _missing_source(game, card)
    return problems, warnings


def _missing_source(game: Game, card: Card) -> list[Problem]:
    source = game.config.locales.source
    return [Problem(card.where(f), f"card {card.number} {f}: no file for the source locale "
                                   f"{source}, which editions without their own fall back on; "
                                   f"add '{source}: <file>'")
            for f in game.config.fields_of("image") if isinstance(card.fields.get(f), dict)
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
        pixels = _pixels(file, read_bytes(picture.file(game), game.root, MAX_PICTURE_BYTES,
                                          "scale it down, or save it compressed"))
    except ProblemsFound as found:
        return Problem(where, f"{name}: {picture.path}: {found.problems[0].message}"), None
    except DrawsTooMuch as exc:
        return Problem(where, f"{name}: {picture.path}, line {exc.line}: {exc}"), None
    except TooManyPixels as exc:
        return Problem(where, f"{name}: {picture.path} is {exc}: scale it down (it prints "
                              f"at {_wanted(game, spec)} px at {PRINT_DPI} dpi)"), None
    except (OSError, ValueError, SyntaxError, UnsafeSvg) as exc:
        return Problem(where, f"{name}: {picture.path} cannot be read as "
                              f"{file.suffix.lstrip('.').upper()} ({exc}); save it again "
                              "from an image editor"), None
    return None, _resolution(game, picture, spec, pixels, where)


def _pixels(file: Path, data: bytes) -> tuple[int, int] | None:
    """Width and height in pixels of a PNG or JPEG (None: a drawing, SVG, which scales and
    is checked as icons are: no scripts, events or links outside it)."""
    if file.suffix.lower() == ".svg":
        safe_svg(data.decode("utf-8"))
        return None
    from PIL import Image, UnidentifiedImageError

    size = picture_size(data)
    if size is None:
        raise UnidentifiedImageError("not a picture Pillow can read")
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
    return size


def _resolution(game: Game, picture: Picture, spec: FieldSpec,
                pixels: tuple[int, int] | None, where) -> Problem | None:
    if pixels is None:
        return None
    width_mm, height_mm = spec.print_mm or _card_mm(game)
    dpi = min(pixels[0] / (width_mm / 25.4), pixels[1] / (height_mm / 25.4))
    if dpi >= PRINT_DPI - 0.5:
        return None
    return Problem(where, f"card {picture.card.number} {picture.field}: {picture.path} is "
                          f"{pixels[0]}x{pixels[1]} px, {dpi:.0f} dpi at {width_mm:g}x"
                          f"{height_mm:g} mm; print wants {PRINT_DPI} dpi ({_wanted(game, spec)}"
                          " px or more)")


def _wanted(game: Game, spec: FieldSpec) -> str:
    """'591x472': the pixels a picture of ``spec`` needs to print at PRINT_DPI."""
    width_mm, height_mm = spec.print_mm or _card_mm(game)
    return f"{round(width_mm / 25.4 * PRINT_DPI)}x{round(height_mm / 25.4 * PRINT_DPI)}"


def _card_mm(game: Game) -> tuple[float, float]:
    """The whole card with its bleed: the size a full-bleed picture prints at."""
    width, height = CARD_SIZES[game.config.print.default_size]
    bleed = 2 * game.config.print.bleed_mm
    return width + bleed, height + bleed
