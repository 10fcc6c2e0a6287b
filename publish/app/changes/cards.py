"""Cards compared by identity: their numbers, and their content when a number changed.

A card keeps its identity while it keeps its number.  When a number
disappears and another appears, the two are one card renumbered if they say
the same (same name and text, else the same name alone, and only one card
fits).  For each card kept, every field a player sees is compared as printed
in the edition: name, kind, group, each text block and the engine's effect
under it, the game's own fields (numbers), pictures by the digest of their
contents, tags and notes; and which decks hold it, how many times.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from publish.core.problems import ProblemsFound
from publish.core.projectfiles import read_bytes
from publish.docs.changes.data import CardChange, FieldChange
from publish.docs.changes.words import word_diff
from publish.model.game import Card, Game
from publish.model.images import MAX_PICTURE_BYTES, shown_pictures

WORDED = ("name", "text", "notes")
"""Fields whose change is shown word by word (the others: old value, new value)."""


def picture_digest(game: Game, path: object) -> str:
    """The first 12 hex digits of the SHA-256 of a picture's contents ('none', 'missing')."""
    if path is None:
        return "none"
    try:
        data = read_bytes(path, game.project, MAX_PICTURE_BYTES)  # type: ignore[arg-type]
    except ProblemsFound:
        return "missing"
    return hashlib.sha256(data).hexdigest()[:12]


def printed(game: Game, card: Card, locale: str) -> dict[str, str]:
    """The card's fields as compared, in printing order, each as text."""
    values = {"name": card.name, "kind": game.config.card_kinds[card.kind].name,
              "group": card.group or ""}
    for index, block in enumerate(card.blocks, start=1):
        values[f"text {index}"] = block.text
        if block.effect is not None:
            values[f"effect {index}"] = json.dumps(block.effect, sort_keys=True,
                                                   ensure_ascii=False)
    images = shown_pictures(game, card, locale)
    for field_id, value in card.fields.items():
        if field_id in images:
            values[f"picture {field_id}"] = picture_digest(game, images[field_id])
        elif value is not None:
            values[field_id] = value if isinstance(value, str) else json.dumps(value)
    values["tags"] = " ".join(card.tags)
    values["notes"] = card.notes or ""
    return values


def field_changes(old: dict[str, str], new: dict[str, str]) -> tuple[FieldChange, ...]:
    """Every field whose value differs, in the new card's order, then those it lost."""
    changes = []
    for name in [*new, *(n for n in old if n not in new)]:
        before, after = old.get(name, ""), new.get(name, "")
        if before != after:
            worded = name.split(" ")[0] in WORDED
            changes.append(FieldChange(name, before, after,
                                       word_diff(before, after) if worded else ()))
    return tuple(changes)


def identities(old: Game, new: Game) -> dict[str, str]:
    """Old number -> new number of every card in both versions: the same number, or the
    renumbered card that says the same (compare the games in their source language)."""
    new_numbers = {card.number for card in new.cards}
    pairs = {c.number: c.number for c in old.cards if c.number in new_numbers}
    gone = [c for c in old.cards if c.number not in pairs]
    arrived = [c for c in new.cards if c.number not in pairs.values()]
    for same in (lambda a, b: (a.name, a.text) == (b.name, b.text),
                 lambda a, b: a.name.casefold() == b.name.casefold()):
        for card in list(gone):
            fits = [c for c in arrived if same(card, c)]
            if len(fits) == 1:
                pairs[card.number] = fits[0].number
                gone.remove(card)
                arrived.remove(fits[0])
    return pairs


def card_changes(old: Game, new: Game, locale: str, pairs: Mapping[str, str]
                 ) -> tuple[CardChange, ...]:
    """Every card that changed between ``old`` and ``new`` (both in ``locale``'s words),
    ``pairs`` saying which is which: the kept and added cards in number order, then those
    removed."""
    before = {card.number: card for card in old.cards}
    after = {card.number: card for card in new.cards}
    was = {new_number: old_number for old_number, new_number in pairs.items()}
    changes = []
    for number, card in sorted(after.items()):
        if number not in was:
            changes.append(CardChange(card.name, None, number, {}, dict(card.copies)))
            continue
        previous = before[was[number]]
        change = CardChange(card.name, previous.number, number, dict(previous.copies),
                            dict(card.copies), field_changes(printed(old, previous, locale),
                                                             printed(new, card, locale)))
        if change.kinds:
            changes.append(change)
    changes += [CardChange(card.name, number, None, dict(card.copies), {})
                for number, card in sorted(before.items()) if number not in pairs]
    return tuple(changes)
