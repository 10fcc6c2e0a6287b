"""The glossary check: a card text that uses a game term uses that term's one translation.

Glossary entries list word forms separated by ``|``; a trailing ``*`` stands
for any ending ("draw*" is draw, draws, drawing...).  A translated card
text (effect or note) whose source uses one of the source forms must contain
one of the translation's forms, so a term is always translated the same
way ("crisis" is always "Krise", never "Notfall").  A fuzzy translation (made for an older
source) is not held to it: status counts it as fuzzy, once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from babel.messages.catalog import Catalog

CHECKED = re.compile(r"^card \d+ (text \d+|notes)$")
"""The messages held to the glossary: effect texts and notes (names are free)."""


def forms_pattern(forms: str) -> re.Pattern[str] | None:
    """A case-insensitive whole-word pattern for ``a|b|c*``; None if nothing to match."""
    parts = []
    for form in (f.strip() for f in forms.split("|")):
        if not form:
            continue
        stem = re.escape(form.removesuffix("*"))
        parts.append(stem + (r"\w*" if form.endswith("*") else ""))
    if not parts:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(parts) + r")(?!\w)", re.IGNORECASE)


@dataclass(frozen=True)
class Misuse:
    """A translated text whose source has a glossary term its translation lacks."""

    context: str
    where: str
    term: str
    translation: str

    def describe(self) -> str:
        return (f"{self.where}: {self.context}: the source says '{self.term}' but the "
                f"translation has none of '{self.translation}' (glossary)")


def terminology(catalogs: dict[str, Catalog]) -> list[Misuse]:
    glossary = catalogs.get("glossary")
    cards = catalogs.get("cards")
    if glossary is None or cards is None:
        return []
    pairs = []
    for entry in glossary:
        if entry.id and entry.string and not entry.fuzzy:
            source, target = forms_pattern(str(entry.id)), forms_pattern(str(entry.string))
            if source is not None and target is not None:
                pairs.append((str(entry.id), str(entry.string), source, target))
    found = []
    for message in cards:
        if not (message.id and message.string and message.context and not message.fuzzy
                and CHECKED.match(message.context)):
            continue  # a fuzzy translation is pending already: not a misuse besides
        for term, translation, source, target in pairs:
            if source.search(str(message.id)) and not target.search(str(message.string)):
                where = ", ".join(f"{p}:{n}" for p, n in message.locations[:1])
                found.append(Misuse(message.context, where, term, translation))
    return found
