"""RGB to CMYK for a printing condition: an ICC transform through littleCMS, an ink limit.

Colours and pictures are converted from sRGB with Pillow's ImageCms (littleCMS)
at the rendering intent the service states, to the printer's profile when the
game or the service names one, else to the system's CMYK press profile
(Ghostscript's ``default_cmyk.icc``, Artifex's SWOP characterization, installed
with the ghostscript package and used here, never shipped: it is licensed
with Ghostscript under the AGPL).  Two rules stand before the transform:

- a neutral colour (red = green = blue) prints on the black plate alone, so
  text black is K100 and a grey never a four-colour mix;
- no colour passes the service's total-ink limit: cyan, magenta and yellow
  give way together, black stays.

Converted pictures are cached under build/.cache/cmyk/, keyed by the
picture's bytes, the profile's bytes, the intent and the limit.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from publish.core.problems import PublishError
from publish.core.projectfiles import OutsideProject, inside

if TYPE_CHECKING:
    from PIL import Image

    from publish.model.services import Colour

SYSTEM_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
"""The CMYK profile used when neither the game nor the service names one: Ghostscript's
(Debian package libgs-common, installed with ghostscript)."""
CACHE = Path("build") / ".cache" / "cmyk"
INTENTS = {"perceptual": 0, "relative-colorimetric": 1, "saturation": 2,
           "absolute-colorimetric": 3}


class ProfileError(PublishError, ValueError):
    """The CMYK profile to convert with cannot be found or read."""


def profile_path(colour: Colour, game_root: Path, project: Path) -> Path:
    """The ICC profile a CMYK service converts with: its ``profile`` (a path inside the
    game folder), else the system's; ProfileError naming what is missing."""
    if colour.profile is not None:
        try:
            path = inside(game_root / colour.profile, project, [game_root])
        except OutsideProject as outside:
            raise ProfileError(f"profile {colour.profile}: {outside.problems[0].message}") \
                from None
        if not path.is_file():
            raise ProfileError(f"profile {colour.profile}: no such file in {game_root}; copy "
                               "the printer's ICC profile there")
        return path
    if not SYSTEM_PROFILE.is_file():
        raise ProfileError(f"no CMYK profile: {SYSTEM_PROFILE} is missing (install the "
                           "ghostscript package), or name the printer's profile in the "
                           "service (colour.profile)")
    return SYSTEM_PROFILE


@dataclass
class Converter:
    """sRGB to one CMYK profile at one intent and ink limit: colours (cached in memory) and
    pictures (cached on disk under ``cache_dir``)."""

    profile: bytes
    intent: str
    ink_limit: int | None
    cache_dir: Path | None = None
    _colours: dict[tuple[float, float, float], tuple[float, float, float, float]] = field(
        default_factory=dict, repr=False)

    @property
    def key(self) -> str:
        """What a cached picture depends on besides its own bytes."""
        return hashlib.sha256(self.profile + f"|{self.intent}|{self.ink_limit}".encode()
                              ).hexdigest()[:16]

    def colour(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        """An sRGB colour (0..1) as CMYK (0..1): neutrals on black alone, ink limited."""
        rgb = (round(r, 4), round(g, 4), round(b, 4))
        if rgb not in self._colours:
            if rgb[0] == rgb[1] == rgb[2]:
                cmyk = (0.0, 0.0, 0.0, round(1 - rgb[0], 4))
            else:
                from PIL import Image

                pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
                out = _transform(self.profile, self.intent).apply(pixel).getpixel((0, 0))
                cmyk = limit_ink(tuple(v / 255 for v in out), self.ink_limit)
            self._colours[rgb] = tuple(round(v, 4) for v in cmyk)  # type: ignore[assignment]
        return self._colours[rgb]

    def picture(self, image: Image.Image) -> Image.Image:
        """An RGB picture as CMYK: the ICC transform, then the ink limit per pixel; read
        from the cache when this picture was converted before with this profile."""
        from PIL import Image

        raw = image.tobytes()
        name = hashlib.sha256(raw + f"{image.size}|{self.key}".encode()).hexdigest()
        cached = self.cache_dir / f"{name}.tiff" if self.cache_dir else None
        if cached is not None and cached.is_file():
            with Image.open(cached) as hit:
                hit.load()
                return hit.copy()
        converted = _transform(self.profile, self.intent).apply(image.convert("RGB"))
        converted = limit_picture(converted, self.ink_limit)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            buffer = io.BytesIO()
            converted.save(buffer, format="TIFF", compression="tiff_adobe_deflate")
            partial = cached.with_suffix(".part")
            partial.write_bytes(buffer.getvalue())
            partial.replace(cached)
        return converted


def converter(colour: Colour, game_root: Path, project: Path) -> Converter:
    """The converter of a CMYK service's colour settings, caching under the project's
    build/."""
    path = profile_path(colour, game_root, project)
    profile = path.read_bytes()
    _transform(profile, colour.intent)  # a profile that is not one fails here, named
    return Converter(profile, colour.intent, colour.ink_limit, project / CACHE)


@cache
def _transform(profile: bytes, intent: str) -> Any:
    from PIL import ImageCms

    try:
        target = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        if target.profile.xcolor_space.strip() != "CMYK":
            raise ProfileError(f"the profile is for {target.profile.xcolor_space.strip()}, "
                               "not CMYK: name the printer's CMYK profile")
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), target, "RGB", "CMYK",
                                       renderingIntent=ImageCms.Intent(INTENTS[intent]))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise ProfileError(f"cannot read the CMYK profile: {exc}") from None


def limit_ink(cmyk: tuple[float, float, float, float], limit: int | None
              ) -> tuple[float, float, float, float]:
    """``cmyk`` (0..1 each) with cyan, magenta and yellow scaled down together until the
    total is at most ``limit`` percent; black is kept."""
    c, m, y, k = cmyk
    if limit is None or (c + m + y + k) * 100 <= limit:
        return cmyk
    room = max(0.0, limit / 100 - k)
    scale = room / (c + m + y) if c + m + y else 0.0
    return c * scale, m * scale, y * scale, k


ROUNDING = 2
"""Levels (of 255) kept below a picture's ink limit: cyan, magenta and yellow are each
rounded to a whole level once scaled, which can add up to 1.5 levels to their sum."""


def limit_picture(image: Image.Image, limit: int | None) -> Image.Image:
    """A CMYK picture with every pixel within ``limit`` percent of total ink: per pixel,
    cyan, magenta and yellow scaled by min(1, (limit - K) / (C + M + Y)), with room left
    for their rounding (``ROUNDING``)."""
    if limit is None:
        return image
    from PIL import Image, ImageMath

    c, m, y, k = image.split()
    most = limit / 100 * 255 - ROUNDING  # each ink is rounded to a whole level after scaling

    def factor(a: dict[str, Any]) -> Any:
        cmy = a["float"](a["c"]) + a["m"] + a["y"]
        return a["min"](cmy * 0 + 1.0, a["max"](most - a["float"](a["k"]), 0.0)
                        / a["max"](cmy, 1.0))

    scale = ImageMath.lambda_eval(factor, c=c, m=m, y=y, k=k)
    inks = [ImageMath.lambda_eval(lambda a: a["convert"](a["x"] * a["f"], "L"), x=x, f=scale)
            for x in (c, m, y)]
    return Image.merge("CMYK", [*inks, k])
