"""`publish preflight FILES...`: each file measured against an `Expectation` made from the
command's options, one located line per problem.

The expectation is the one entry point: a print service's profile gives one the same way
the options do, so a build can run the same checks on the files it has just made.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from publish.app.commands import failing, locate
from publish.build.failures import Failure
from publish.checks.preflight.expectation import Expectation, Variant, parse_size
from publish.checks.preflight.run import preflight
from publish.checks.preflight.service import image_expectation, pdf_expectation
from publish.core.problems import OptionError
from publish.model.load import load_config
from publish.model.services import load_services


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


def service_preflight(project: str | None, game: str | None, service_id: str,
                      files: Sequence[str]) -> tuple[list[str], int]:
    """`publish preflight --service ID [FILES]`: the files (default: every file the
    print-shop build wrote for that service, in every edition) against the service's data
    at the game's card size; each PDF as the service takes it (a service that takes
    images gets an RGB proof PDF beside them), each picture at the product's pixels."""
    root, game_id = locate(project, game)
    with failing():
        config, source = load_config(root / "cards" / game_id)
        services = load_services(root / "cards" / game_id)
        if service_id not in services:
            raise Failure([f"preflight: unknown service {service_id!r}: "
                           f"{', '.join(services)} (docs/print-services.md)"], 2)
        service = services[service_id]
        product = service.product(config.print.default_size,
                                  source.locate(("print", "default_size")))
    paths = [Path(name) for name in files] or sorted(
        path for path in (root / "build" / game_id).glob(f"*/printshop/{service_id}/**/*")
        if path.is_file() and not path.name.startswith("."))
    if not paths:
        raise Failure([f"preflight: nothing built for {service.name} yet: run `publish build "
                       f"printshop --game {game_id} --service {service_id}` first"])
    proof = service.spec.files.form != "pdf"
    findings = [finding for path in paths for finding in preflight(
        path, pdf_expectation(service, product, proof) if path.suffix.lower() == ".pdf"
        else image_expectation(product))]
    lines = [str(finding) for finding in findings]
    lines.append(f"preflight ({service.name}, {config.print.default_size}): {len(paths)} "
                 f"file(s), {len(findings)} problem(s)")
    return lines, 1 if findings else 0
