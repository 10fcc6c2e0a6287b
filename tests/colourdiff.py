"""How far apart two renderings of a page look: CIE76 colour difference (delta E) per pixel.

Pages are rendered by Ghostscript, which did not write them, at a low resolution
(a downsampled raster: a card at 40 dpi is about 110 x 150 pixels, enough to see
a picture inverted or a colour gone wrong, not a glyph's edge); both renderings
are taken to CIELAB with littleCMS and compared pixel by pixel.
"""

from __future__ import annotations

import io
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms


@dataclass(frozen=True)
class Difference:
    """Delta E between two renderings of one page: the mean and the 95th percentile."""

    mean: float
    p95: float


def render_page(pdf: Path, page: int, dpi: int = 40) -> Image.Image:
    """Page ``page`` (1-based) of ``pdf`` as sRGB, by Ghostscript (CMYK through its default
    profile, the one the print-shop files were converted with when none is named)."""
    result = subprocess.run(
        ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", f"-r{dpi}",
         "-dRenderIntent=1",
         f"-dFirstPage={page}", f"-dLastPage={page}", "-o", "-", str(pdf)],
        capture_output=True, check=True)
    return Image.open(io.BytesIO(result.stdout)).convert("RGB")


def lab(image: Image.Image) -> np.ndarray:
    """An sRGB image in CIELAB: L from 0 to 100, a and b signed."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"),
                                        ImageCms.createProfile("LAB"), "RGB", "LAB")
    raw = np.asarray(ImageCms.applyTransform(image, transform))
    # Pillow keeps L as 0..255 for 0..100 and a, b as signed bytes (two's complement)
    return np.stack([raw[..., 0].astype(np.float64) * 100 / 255,
                     raw[..., 1].view(np.int8).astype(np.float64),
                     raw[..., 2].view(np.int8).astype(np.float64)], axis=-1)


def difference(a: Image.Image, b: Image.Image) -> Difference:
    """Delta E (CIE76) between two renderings of a page, pixel by pixel."""
    if a.size != b.size:
        b = b.resize(a.size, Image.Resampling.BILINEAR)
    delta = np.sqrt(((lab(a) - lab(b)) ** 2).sum(axis=-1))
    return Difference(float(delta.mean()), float(np.percentile(delta, 95)))


def page_differences(rgb: Path, cmyk: Path, pages: int, dpi: int = 40) -> list[Difference]:
    """Each page of the CMYK file against the same page of the RGB one."""
    return [difference(render_page(rgb, n, dpi), render_page(cmyk, n, dpi))
            for n in range(1, pages + 1)]
