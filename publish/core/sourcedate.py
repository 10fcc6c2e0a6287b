"""The one clock of the toolchain: SOURCE_DATE_EPOCH when it is set, else now.

Reproducible builds (https://reproducible-builds.org/specs/source-date-epoch/)
set it so that two builds of the same sources give the same bytes: every
date written into an output, a catalog or a new game comes from here.
"""

from __future__ import annotations

import datetime as dt
import os


def now() -> dt.datetime:
    """SOURCE_DATE_EPOCH as an aware UTC time if it is a whole number of seconds, else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC)
    return dt.datetime.now(dt.UTC)


def today() -> dt.date:
    return now().date()
