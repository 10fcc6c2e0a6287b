"""Card sizes and papers, read from the package's data (publish/data/sizes.yaml).

They are data, not code, as the print services are (publish.model.services):
a size added there is one ``print.default_size``, ``--size`` and a service's
products may name.  All lengths are millimetres.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, ValidationError

from publish.core.problems import Problem, ProblemsFound
from publish.core.yamlsource import load_yaml
from publish.model.datamodel import DataModel

DATA = Path(__file__).resolve().parent.parent / "data"
"""The package's data folder: sizes.yaml and services/."""
SIZES_FILE = DATA / "sizes.yaml"

Millimetres = Annotated[float, Field(gt=0, le=2000)]


class Named(DataModel):
    """A card size or a paper: its name for readers and its width and height in mm."""

    name: Annotated[str, Field(min_length=1)]
    mm: Annotated[list[Millimetres], Field(min_length=2, max_length=2)]

    @property
    def size(self) -> tuple[float, float]:
        return self.mm[0], self.mm[1]


SizeId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]


class SizeTables(DataModel):
    """sizes.yaml: the card sizes and the papers, by id."""

    cards: dict[SizeId, Named] = Field(min_length=1)
    papers: dict[SizeId, Named] = Field(min_length=1)


@cache
def size_tables() -> SizeTables:
    """The package's card sizes and papers (read once); ProblemsFound, located, if the file
    was edited wrong (game.py reads it as it loads, before the error messages' module)."""
    data, where = load_yaml(SIZES_FILE)
    try:
        return SizeTables.model_validate(data)
    except ValidationError as err:
        raise ProblemsFound([Problem(where.locate(tuple(e["loc"])), e["msg"])
                             for e in err.errors(include_url=False)]) from None


def card_sizes() -> dict[str, tuple[float, float]]:
    """Each card size's width and height in mm, by id, in the file's order."""
    return {key: value.size for key, value in size_tables().cards.items()}


def papers() -> dict[str, tuple[float, float]]:
    """Each paper's width and height in mm, by id, in the file's order."""
    return {key: value.size for key, value in size_tables().papers.items()}


if TYPE_CHECKING:  # the ids are data: a str to the type checker, an enumeration to pydantic
    CardSize = str
else:
    CardSize = Literal[tuple(card_sizes())]
