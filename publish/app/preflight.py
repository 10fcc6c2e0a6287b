"""`publish preflight FILES...`: each file measured against an `Expectation` made from the
command's options, one located line per problem.

The expectation is the one entry point: a print service's profile gives one the same way
the options do, so a build can run the same checks on the files it has just made.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from publish.build.failures import Failure
from publish.checks.preflight.expectation import Expectation, Variant, parse_size
from publish.checks.preflight.run import preflight
from publish.core.problems import OptionError


def expectation_from_options(trim: str | None, bleed: float | None, pixels: str | None,
                             dpi: float | None, cmyk: bool, variant: Variant | None,
                             ink_limit: float | None, min_ppi: float | None) -> Expectation:
    """The expectation the command line describes (sizes as ``WxH``); a Failure (exit 2)
    saying which option is wrong."""
    try:
        size = parse_size(pixels, "px") if pixels else None
        return Expectation(trim=parse_size(trim) if trim else None, bleed=bleed,
                           pixels=(int(size[0]), int(size[1])) if size else None, dpi=dpi,
                           colour="cmyk" if cmyk else "rgb", variant=variant,
                           ink_limit=ink_limit, min_ppi=min_ppi)
    except OptionError as error:
        raise Failure([f"preflight: {error}"], 2) from None


def preflight_files(files: Sequence[str], expected: Expectation) -> tuple[list[str], int]:
    """(one line per problem and a count, exit status: 1 if any problem, else 0)."""
    findings = [finding for name in files for finding in preflight(Path(name), expected)]
    lines = [str(finding) for finding in findings]
    lines.append(f"preflight: {len(files)} file(s), {len(findings)} problem(s)")
    return lines, 1 if findings else 0
