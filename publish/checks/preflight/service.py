"""What a print service expects of each file it takes, as an `Expectation`: its profile's
product (trim, bleed, pixels at its dpi), colour, PDF/X variant and total-ink limit.

The print-shop build checks the files it has just made against this, and `publish
preflight --service` checks files already made, so a service's data file is the one
statement of what it wants.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from publish.checks.preflight.expectation import Expectation
from publish.checks.preflight.run import preflight
from publish.core.problems import PublishError
from publish.model.services import Product
from publish.model.services import Service as PrintService

MIN_PPI = 300.0
"""The least effective resolution of a picture placed on a print file."""


def pdf_expectation(service: PrintService, product: Product, proof: bool = False
                    ) -> Expectation:
    """A PDF for ``service`` at ``product``'s size; ``proof``: the RGB proof PDF a service
    that takes images gets beside them (boxes and pictures checked, not colour)."""
    colour = service.spec.colour
    cmyk = service.cmyk and not proof
    variant = service.spec.pdf if cmyk and service.spec.pdf != "none" else None
    return Expectation(trim=product.trim_mm, bleed=product.bleed_mm,
                       colour="cmyk" if cmyk else "rgb", variant=variant,
                       ink_limit=float(colour.ink_limit) if cmyk and colour.ink_limit
                       else None, min_ppi=MIN_PPI)


def image_expectation(product: Product) -> Expectation:
    """A card side's picture (PNG or JPEG) at ``product``'s pixel size and dpi."""
    return Expectation(pixels=product.pixels, dpi=product.dpi, min_ppi=None)


class PreflightFailed(PublishError, RuntimeError):
    """Files a build made for a print service that the service would not take."""


def check_made(made: Mapping[str, bytes], expected: Callable[[str], Expectation | None],
               shown: Path, deck: str) -> None:
    """Preflight the files a build has just made (by name under ``shown``, the folder the
    messages name) before they are written; PreflightFailed with one line per problem."""
    findings: list[str] = []
    with tempfile.TemporaryDirectory(prefix="publish-preflight-") as folder:
        for name, data in made.items():
            wanted = expected(name)
            if wanted is None:
                continue
            path = Path(folder) / Path(name).name
            path.write_bytes(data)
            findings += [str(f) for f in preflight(path, wanted, deck, shown=shown / name)]
            path.unlink()
    if findings:
        raise PreflightFailed("preflight: the print service would refuse these files "
                              "(docs/preflight.md says how to read each line):\n"
                              + "\n".join(findings))
