"""The manual's shape: which of its parts a game's manual prints, in which order, laid out how.

game.yaml's ``manual`` names the parts (publish.model.documents.ManualSpec); a part
with nothing to show is left out here, so the contents never list it.  Each
part printed is an item of the template; items are laid out in layout parts
(publish.render.parts), each starting on a page of its own: in the full
form the chapters and each deck's card list alone (a card edit lays out
its deck's list again, nothing else), the parts between them together; a
booklet runs on from part to part, so it is laid out whole.
"""

from __future__ import annotations

from typing import Any

from publish.model.documents import ManualSpec

ALONE = ("chapters", "card-list", "changes", "index")
"""Parts laid out on their own in the full form (the card list: one layout part per deck;
the changes, which change with the earlier version alone; the index, which is laid out again
once the pages it prints are known)."""


def shown(spec: ManualSpec, context: dict[str, Any]) -> list[str]:
    """The parts game.yaml asks for that have something to show, in its order."""
    has = {
        "cover": True,
        "chapters": bool(context["chapters"]),
        "card-list": any(deck["rows"] for deck in context["decks"]),
        "cards-by-effect": bool(context["families"]),
        "changes": bool(context.get("changes")),
        "index": bool(context["terms"]),
        "colophon": True,
    }
    parts: list[str] = [part for part in spec.shape if part == "contents" or has[part]]
    # the contents list the chapters' headings and every other part but the cover
    listed = [p for p in parts if p not in ("cover", "contents", "chapters")]
    if not listed and not ("chapters" in parts and context["toc"]):
        parts = [p for p in parts if p != "contents"]
    return parts


def items(spec: ManualSpec, parts: list[str], decks: list[dict[str, Any]]) -> list[dict]:
    """What the template prints, in order, each with the layout part (``unit``) it is in.

    The card list is one item per deck that has cards; ``first`` marks the
    first deck, which carries the card list's heading.
    """
    found: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []  # parts laid out together, named after them all
    for part in parts:
        if part == "card-list":
            listed = [deck for deck in decks if deck["rows"]]
            entries = [{"part": part, "deck": deck, "first": i == 0, "unit": f"deck-{deck['id']}"}
                       for i, deck in enumerate(listed)]
        else:
            entries = [{"part": part, "deck": None, "first": True, "unit": part}]
        if spec.form == "full" and part not in ALONE:
            run += entries
            continue
        found += _named(run) + entries
        run = []
    found += _named(run)
    if spec.form == "booklet":
        return [{**item, "unit": "booklet"} for item in found]
    return found


def _named(run: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Parts laid out together, their layout part named after them all ('cover+contents')."""
    name = "+".join(item["part"] for item in run)
    return [{**item, "unit": name} for item in run]


def units(printed: list[dict[str, Any]]) -> list[str]:
    """The layout parts, in order."""
    return list(dict.fromkeys(item["unit"] for item in printed))
