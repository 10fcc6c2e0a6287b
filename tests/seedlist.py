"""Read the card list of the Agência manual seed, for comparing our data against it.

Only tests use this: the card data in cards/agencia/ is the source; the seed
is the reference it must match row for row.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

SEED_NAME = "000_5d18923741e3b77c.txt"
DECK_HEADINGS = {
    "Deck principal": "principal",
    "Deck histórico": "historico",
    "Deck teórico": "teorico",
    "Deck estratégico": "estrategico",
    "Deck social": "social",
}
_ROW = re.compile(r"^(\d{3})\t([^\t]*)\t([^\t]*)\t(.*)$")
_TAG = re.compile(r"<[^>]+>")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?)])")


def seed_path() -> Path | None:
    """The seed file: $AGENCIA_SEEDS or ../shared/seeds beside the project."""
    here = Path(__file__).resolve().parent.parent
    for folder in (os.environ.get("AGENCIA_SEEDS"), here.parent / "shared" / "seeds"):
        if folder and (Path(folder) / SEED_NAME).is_file():
            return Path(folder) / SEED_NAME
    return None


def normalise(text: str) -> str:
    """Drop HTML tags, collapse whitespace, remove stray spaces before punctuation."""
    text = _TAG.sub("", text)
    text = " ".join(text.split())
    return _SPACE_BEFORE_PUNCT.sub(r"\1", text)


def seed_rows(path: Path) -> list[dict[str, str]]:
    """One row per card per deck, in the seed's order, fields as printed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = max(i for i, line in enumerate(lines) if line.strip() == "Lista completa de cartas")
    rows, deck = [], None
    for line in lines[start:]:
        if line.strip() in DECK_HEADINGS:
            deck = DECK_HEADINGS[line.strip()]
            continue
        match = _ROW.match(line)
        if match and deck:
            number, name, text, notes = match.groups()
            rows.append({"number": number, "name": name, "deck": deck,
                         "text": text, "notes": notes})
    return rows
