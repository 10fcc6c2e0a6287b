"""What a spreadsheet cell may hold besides text and numbers, as the readers give it."""

from __future__ import annotations


class ErrorValue(str):
    """A cell showing a formula's error (``#DIV/0!``, ``#N/A``, ``#REF!``): it has no value
    to read, and the import says so at the cell rather than take the error's text for one."""
