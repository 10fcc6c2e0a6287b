"""The core's rules-Markdown directives, by name; a game's plug-in adds its own
(`directives()` of its engine, publish.engines.protocol).  See docs/rules-markdown.md."""

from __future__ import annotations

from publish.docs.directives.base import Directive
from publish.docs.directives.cards import CARD, CARDS, FACE
from publish.docs.directives.example import EXAMPLE
from publish.docs.directives.groups import FOR, GroupSections
from publish.docs.directives.icons import ICONS
from publish.docs.directives.record_sheet import RECORD_SHEET

CORE: dict[str, Directive] = {
    "card": CARD,
    "cards": CARDS,
    "face": FACE,
    "example": EXAMPLE,
    "for": FOR,
    "icons": ICONS,
    "record-sheet": RECORD_SHEET,
    **GroupSections().directives(),
}
