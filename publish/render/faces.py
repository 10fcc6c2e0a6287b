"""What a card face template needs, computed once per card and deck.

The face context is plain data (names, colours, styled text blocks); the
game's template decides how it looks.  Typography comes from game.yaml via
publish.model.text, so the data never carries markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from publish.core.patterns import PatternTimeout
from publish.model.game import Card, Game, Typography
from publish.model.images import picture_url, shown_pictures
from publish.model.text import UnknownIcon, style_blocks, untranslated


@dataclass(frozen=True)
class FaceStyle:
    """Options shared by every face of one build."""

    bw: bool
    size: dict[str, float]
    footer: str
    game_name: str
    edition_line: str
    icons: dict[str, Markup] = field(default_factory=dict)
    """The game's icons by token, for faces that draw them (cost, type, suit marks)."""
    figures: dict[str, str] = field(default_factory=dict)
    """game.yaml's figures as CSS ``font-variant-numeric`` values, by where they print:
    cards, rules, summaries, tables ('lining-nums', 'tabular-nums'...)."""


def name_class(name: str) -> str:
    """Long names get a smaller size class, so they fit in two or three lines."""
    if len(name) > 44:
        return "longer"
    if len(name) > 26:
        return "long"
    return ""


_SPACE_BEFORE_TAG = re.compile(r" (<(?:strong|em)>)")


def _space_into_tag(html: Markup) -> Markup:
    """Move a space that precedes <strong>/<em> inside the tag.

    WeasyPrint 70 breaks a line after the first word when the line's last
    break opportunity is a space right before an inline element ("The\nsecond
    highest player in the <strong>field</strong>"); the space inside the tag
    breaks normally.
    """
    return Markup(_SPACE_BEFORE_TAG.sub(r"\1 ", str(html)))


def group_boxes(card: Card, html: list[Markup],
                names: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """One box per kind of effect, in order of first appearance.

    All general effects print in one box and all direct ones in another; a
    card whose text alternates (general, direct, general) still gets one box
    of each.
    """
    boxes: dict[str | None, list[Markup]] = {}
    for block, markup in zip(card.blocks, html, strict=True):
        boxes.setdefault(block.kind, []).append(markup)
    return [{"kind": kind or "text", "name": (names or {}).get(kind or "", ""),
             "html": Markup(" ").join(parts)} for kind, parts in boxes.items()]


FACE_KEYS = ("number", "name", "name_class", "kind", "kind_label", "deck", "deck_mark", "group",
             "frame", "boxes", "text_size")
"""What a face template reads as ``card.<key>``, besides the game's declared fields."""

DECK_KEYS = ("id", "name", "colour")
"""What a back template reads as ``deck.<key>``."""


def face_context(game: Game, card: Card, deck: str, locale: str, icons: dict[str, str]) -> dict:
    """The template context of ``card`` as printed in ``deck``."""
    config = game.config
    # without typography rules, icon tokens are still drawn (and a typo still fails)
    typography = config.typography.get(locale) or Typography()
    texts = [block.text for block in card.blocks]
    try:
        html = style_blocks(texts, typography, icons, [block.effect for block in card.blocks],
                            [block.kind for block in card.blocks])
    except UnknownIcon as exc:
        raise UnknownIcon(exc.name, exc.known, where=f"card {card.number} "
                          f"({card.where('text')})") from None
    except PatternTimeout as exc:
        raise PatternTimeout(exc.pattern, f"card {card.number} ({card.where('text')})") from None
    html = [_space_into_tag(h) for h in html]
    html = [untranslated(h, f"text {i}" in card.untranslated)
            for i, h in enumerate(html, start=1)]
    group = None
    if card.group and config.groups:
        value = config.groups.values[card.group]
        group = {"id": card.group, "name": value.name, "colour": value.colour,
                 "pattern": value.pattern}
    kind = config.card_kinds[card.kind]
    default_kind = config.default_kind
    return {
        "number": card.number,
        "name": untranslated(card.name, "name" in card.untranslated),
        "name_class": name_class(card.name),
        "kind": card.kind,
        "kind_label": None if card.kind == default_kind else kind.name,
        "deck": deck,
        "deck_mark": config.decks[deck].indicator,
        "group": group,
        "frame": group["colour"] if group else (kind.colour or "#444444"),
        "boxes": group_boxes(card, html, {k: v.name for k, v in config.text_blocks.items()}),
        "text_size": card.text_size,
        **own_fields(game, card, locale),
    }


def own_fields(game: Game, card: Card, locale: str) -> dict[str, Any]:
    """The card's declared fields as its template reads them: an image as a file URL."""
    values = dict(card.fields)
    for field_id in game.config.fields_of("translatable"):
        if values[field_id]:
            values[field_id] = untranslated(values[field_id], field_id in card.untranslated)
    for field_id, path in shown_pictures(game, card, locale).items():
        values[field_id] = picture_url(path, game.project) if path else None
    return values


def deck_context(game: Game, deck: str) -> dict:
    spec = game.config.decks[deck]
    return {"id": deck, "name": spec.name, "colour": spec.colour}
