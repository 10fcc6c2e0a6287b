"""Print services as data: what each shop takes, per card size, read from YAML.

One file per service: the package's own in publish/data/services/ (The Game
Crafter, MakePlayingCards, DriveThruCards, a European PDF/X-4 printer), and a
game's in ``cards/<game>/services/`` (same schema; a game's file of the same
id replaces the package's).  A file is validated as ``ServiceSpec`` and every
mistake is located in it (file, line, column).  What the numbers mean, and
how the print-shop target writes each form of file: docs/print-services.md.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from publish.core.problems import Location, Problem, ProblemsFound
from publish.core.projectfiles import read_text
from publish.model.datafile import load_model
from publish.model.datamodel import DataModel
from publish.model.sizes import DATA, card_sizes

INCH = 25.4
SERVICES_DIR = DATA / "services"
GAME_SERVICES = "services"
"""A game's own services: ``cards/<game>/services/<id>.yaml``."""
SERVICE_ID = r"^[a-z0-9][a-z0-9-]*$"

Length = Annotated[float, Field(ge=0, le=1000)]


class Product(DataModel):
    """One card size a service prints: trim, bleed and safe area, in ``unit`` (mm, or px at
    ``dpi``: services that check pixels count them, and a rounded mm would miss by one)."""

    unit: Literal["mm", "px"] = "mm"
    trim: Annotated[list[Annotated[float, Field(gt=0, le=10000)]],
                    Field(min_length=2, max_length=2)] = Field(
        description="width and height of the cut card")
    bleed: Length = Field(description="printed beyond the trim on each side")
    safe: Length = Field(0, description="kept free of text inside the trim on each side")
    dpi: Annotated[float, Field(gt=0, le=2400)] = Field(
        300, description="pixels per inch of images (and of px lengths)")

    def mm(self, value: float) -> float:
        """A length of this product in mm."""
        return value if self.unit == "mm" else value / self.dpi * INCH

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.mm(self.trim[0]), self.mm(self.trim[1])

    @property
    def bleed_mm(self) -> float:
        return self.mm(self.bleed)

    @property
    def safe_mm(self) -> float:
        return self.mm(self.safe)

    @property
    def pixels(self) -> tuple[int, int]:
        """The image size with bleed, in whole pixels at ``dpi``."""
        if self.unit == "px":
            return (round(self.trim[0] + 2 * self.bleed), round(self.trim[1] + 2 * self.bleed))
        w, h = self.trim_mm
        return (round((w + 2 * self.bleed_mm) / INCH * self.dpi),
                round((h + 2 * self.bleed_mm) / INCH * self.dpi))


class Files(DataModel):
    """What the files look like and how they are named."""

    form: Literal["png", "jpeg", "pdf"] = Field(
        description="png or jpeg: an image per card side; pdf: a PDF per deck, one card per "
                    "page")
    sides: Literal["back-front", "front-back", "separate", "fronts-then-back"] = Field(
        "fronts-then-back",
        description="pdf: back-front or front-back pages alternate (each card's back beside "
                    "it); separate: fronts and backs in two files; fronts-then-back: the "
                    "fronts, then the deck's back once")
    copies: Literal["each", "distinct"] = Field(
        "distinct", description="each: a page per copy (80 pages for 80 cards); distinct: a "
                                "card printed once whatever its copies")
    name: Annotated[str, Field(min_length=1, max_length=200,
                               pattern=r"^[A-Za-z0-9{}_.-][A-Za-z0-9{}_./-]*$")] = Field(
        "{deck}-{side}", description="file name without extension; {deck}, {side} (front, "
        "back, cards), and for images {card} (the card's number or the deck id for a back)")
    jpeg_quality: Annotated[int, Field(ge=50, le=100)] = 95

    @model_validator(mode="after")
    def _consistent(self) -> Files:
        if self.form != "pdf" and self.sides in ("back-front", "front-back"):
            raise ValueError("sides back-front and front-back are for a pdf; images are one "
                             "file per side")
        if any(part in ("", ".", "..") for part in self.name.split("/")):
            raise ValueError("name: folders inside the service's folder only (no '..', no "
                             "empty part)")
        fields = {"{deck}", "{side}", "{card}"}
        unknown = {part for part in _braces(self.name)} - fields
        if unknown:
            raise ValueError(f"name: unknown {', '.join(sorted(unknown))}; use {{deck}}, "
                             "{side}, {card}")
        if self.form != "pdf" and "{card}" not in self.name:
            raise ValueError("name: an image per card needs {card} in its name")
        return self


def _braces(text: str) -> list[str]:
    return re.findall(r"\{[^}]*\}", text)


class Colour(DataModel):
    """The colour the service prints from: RGB (it converts), or CMYK for a characterized
    printing condition, with the profile that converts to it."""

    space: Literal["rgb", "cmyk"] = "rgb"
    condition: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        None, description="cmyk: the registered characterization (OutputConditionIdentifier: "
                          "FOGRA39, CGATS TR 001...)")
    registry: Annotated[str, Field(min_length=1)] = Field(
        "http://www.color.org", description="cmyk: the registry the condition is in")
    info: Annotated[str, Field(min_length=1)] | None = Field(
        None, description="cmyk: the condition in words (the output intent's Info)")
    profile: Annotated[str, Field(min_length=1,
                                  pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.(icc|icm)$")] | None \
        = Field(None, description="cmyk: the printer's ICC profile, a path inside the game "
                                  "folder: colours are converted with it and it is embedded; "
                                  "none: the system's CMYK profile converts and the condition "
                                  "is named without an embedded profile (PDF/X-4 embeds it)")
    intent: Literal["perceptual", "relative-colorimetric", "saturation",
                    "absolute-colorimetric"] = Field(
        "relative-colorimetric", description="the ICC rendering intent of the conversion")
    ink_limit: Annotated[int, Field(ge=100, le=400)] | None = Field(
        None, description="total ink, in percent, no colour may pass (C+M+Y+K)")

    @model_validator(mode="after")
    def _cmyk_named(self) -> Colour:
        if self.space == "cmyk" and self.condition is None:
            raise ValueError("a cmyk service names its printing condition ('condition: "
                             "FOGRA39')")
        if self.space == "rgb" and (self.condition or self.profile or self.ink_limit):
            raise ValueError("condition, profile and ink_limit are for a cmyk service")
        return self


class ServiceSpec(DataModel):
    """A print service: its name, where its specification comes from, its products by card
    size, its files and its colour."""

    name: Annotated[str, Field(min_length=1, max_length=100)]
    source: Annotated[str, Field(min_length=1)] = Field(
        description="where the numbers come from (the service's published specification)")
    products: dict[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")], Product] = Field(
        min_length=1, description="by card size id (publish/data/sizes.yaml)")
    files: Files
    colour: Colour = Field(default_factory=Colour)
    pdf: Literal["none", "pdf/x-1a", "pdf/x-3", "pdf/x-4"] = Field(
        "none", description="the PDF/X variant of its PDFs")

    @model_validator(mode="after")
    def _sizes_known(self) -> ServiceSpec:
        unknown = sorted(set(self.products) - set(card_sizes()))
        if unknown:
            raise ValueError(f"products: unknown card size {', '.join(unknown)}; the sizes "
                             f"are {', '.join(card_sizes())}")
        if self.pdf != "none" and self.colour.space != "cmyk":
            raise ValueError("a PDF/X variant prints from cmyk: give colour: {space: cmyk, "
                             "condition: ...}")
        if self.pdf == "pdf/x-1a" and self.files.form != "pdf":
            raise ValueError("pdf: pdf/x-1a is for files of form pdf")
        return self


class Service:
    """A loaded service: its id, its spec and the file it came from."""

    def __init__(self, id: str, spec: ServiceSpec, path: Path):
        self.id, self.spec, self.path = id, spec, path

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def cmyk(self) -> bool:
        return self.spec.colour.space == "cmyk"

    def product(self, size: str, where: Location) -> Product:
        """The product for card size ``size``, or ProblemsFound at ``where`` naming the
        service and the sizes it offers."""
        if size not in self.spec.products:
            raise ProblemsFound([Problem(where, (
                f"{self.name} ({self.id}) has no product for {size} cards; it offers "
                f"{', '.join(self.spec.products)}: choose another service, or print the game "
                "at one of those sizes (print.default_size)"))])
        return self.spec.products[size]


@cache
def _package_service(path: Path) -> ServiceSpec:
    return load_model(path, ServiceSpec)[0]


def package_services() -> dict[str, Path]:
    """The package's service files by id."""
    return {p.stem: p for p in sorted(SERVICES_DIR.glob("*.yaml"))}


def load_services(game_root: Path | None = None) -> dict[str, Service]:
    """Every service a game may print with: the package's, then the game's own
    (``services/*.yaml`` in its folder, replacing a package service of the same id);
    ProblemsFound with every problem of every file, located."""
    found: dict[str, Service] = {}
    problems: list[Problem] = []
    files = list(package_services().items())
    own = (game_root / GAME_SERVICES) if game_root is not None else None
    if own is not None and own.is_dir():
        files += [(p.stem, p) for p in sorted(own.glob("*.yaml"))]
    for sid, path in files:
        if not re.match(SERVICE_ID, sid):
            problems.append(Problem(Location(path), f"service file {path.name}: its name is its "
                                    "id: lower-case letters, digits and '-'"))
            continue
        try:
            if path.parent == SERVICES_DIR:
                spec = _package_service(path)
            else:
                spec = load_model(path, ServiceSpec,
                                  read_text(path, game_root.parent.parent))[0]  # type: ignore[union-attr]
        except ProblemsFound as found_problems:
            problems.extend(found_problems.problems)
            continue
        found[sid] = Service(sid, spec, path)
    if problems:
        raise ProblemsFound(problems)
    return found
