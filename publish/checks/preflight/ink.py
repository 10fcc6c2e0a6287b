"""Total ink per page, measured by Ghostscript rendering the page in CMYK.

Each page is rendered at ``DPI`` into a 32-bit CMYK TIFF (``tiff32nc``) in a temporary
folder; the sum C+M+Y+K of each pixel, in percent, is the ink a press lays there, and its
maximum over the page is what a service's limit (240 % at DriveThruCards, 300 % for
coated offset) is held to.  Ghostscript renders without anti-aliasing, so a thin stroke
of four-colour black keeps its full sum.  The file's PDF/X output intent is taken as the
printing condition (``-dUsePDFX3Profile``), so DeviceCMYK and pictures in the intent's
profile reach the measure unchanged.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

DPI = 100
"""Resolution of the measure: a pixel is a quarter of a millimetre."""

SECONDS_PER_PAGE = 10
"""Ghostscript's time limit grows with the pages: a card renders in well under a second."""


class InkUnmeasured(Exception):
    """Ghostscript is missing, failed or took too long: the reason, said once per file."""


@dataclass(frozen=True)
class InkPeak:
    """The most ink on a page, in percent, and the area where it passes the limit: left,
    top, right, bottom in millimetres from the rendered page's top left (the MediaBox's),
    None when it does not."""

    page: int
    percent: float
    over: tuple[float, float, float, float] | None


def ink_peaks(path: Path, pages: int, limit: float, dpi: int = DPI) -> list[InkPeak]:
    """The ink peak of each page of the PDF at ``path``, and where it is over ``limit``
    percent."""
    gs = shutil.which("gs")
    if gs is None:
        raise InkUnmeasured("Ghostscript (gs) is not installed, so total ink cannot be "
                            "measured: install it (Debian: apt-get install ghostscript)")
    with tempfile.TemporaryDirectory(prefix="preflight-ink-") as folder:
        pattern = str(Path(folder) / "page-%04d.tif")
        command = [gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dUsePDFX3Profile",
                   "-sDEVICE=tiff32nc", f"-r{dpi}", f"-sOutputFile={pattern}", str(path)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False,
                                  timeout=30 + SECONDS_PER_PAGE * pages)
        except subprocess.TimeoutExpired:
            raise InkUnmeasured(f"Ghostscript took over {30 + SECONDS_PER_PAGE * pages} s "
                                "to render the pages for total ink") from None
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()
            raise InkUnmeasured("Ghostscript could not render the file for total ink: "
                                + (said[0] if said else f"exit {done.returncode}"))
        rendered = sorted(Path(folder).glob("page-*.tif"))
        return [_peak(number, image, limit, dpi) for number, image in enumerate(rendered, 1)]


def _peak(page: int, image: Path, limit: float, dpi: int) -> InkPeak:
    from PIL import Image, ImageMath

    with Image.open(image) as picture:
        if picture.mode != "CMYK":
            raise InkUnmeasured(f"Ghostscript rendered page {page} as {picture.mode}, not CMYK")
        c, m, y, k = (channel.convert("I") for channel in picture.split())
    total = ImageMath.lambda_eval(lambda ink: ink["c"] + ink["m"] + ink["y"] + ink["k"],
                                  c=c, m=m, y=y, k=k)
    highest = total.getextrema()[1]
    threshold = int(limit * 255 / 100)  # a pixel of more than this passes the limit
    over = total.point(lambda v: v - threshold).convert("L").getbbox()  # negatives: 0
    area = None if over is None else tuple(v * 25.4 / dpi for v in over)
    return InkPeak(page, float(highest) * 100 / 255, area)
