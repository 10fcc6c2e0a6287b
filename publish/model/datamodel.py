"""The base of the models of the toolchain's data files (sizes, print services)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class DataModel(BaseModel):
    """Base of the data-file models: no unknown fields, no silent type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
