"""What a card face template needs, computed once per card and deck.

The face context is plain data (names, colours, styled text blocks) in frozen
dataclasses a template reads by attribute or by key (publish.render.readable);
the game's template decides how it looks.  Typography comes from game.yaml via
publish.model.text, so the data never carries markup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from markupsafe import Markup

from publish.core.patterns import PatternTimeout
from publish.model.game import CARD_SIZES, Card, Game, Typography
from publish.model.images import picture_url, shown_pictures
from publish.model.text import UnknownIcon, edition_typography, style_blocks, untranslated
from publish.render.readable import Readable, field_names


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
    cmyk: bool = False
    """The document prints in CMYK (a print service's): colours declared with a CMYK value
    take it (templates/_common/colours.css.j2)."""
    flat: bool = False
    """The document may hold no transparency (PDF/X-1a): a template leaves out what only
    transparency draws (a translucent gradient), or draws it opaque."""
    proof: bool = False
    """Draw the proof guides over every face and back: the trim, the bleed and the safe zone
    (``size.safe`` inside the trim), by templates/_common/proof.css.j2; not for printing."""


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


@dataclass(frozen=True)
class TextBox(Readable):
    """A card's text of one kind of block (docs/templates.md, ``card.boxes``)."""

    _said_as: ClassVar[str] = "box"

    kind: str
    """The block kind's id, or "text" for a card whose text is one string."""
    name: str
    """That kind's name in game.yaml, "" for "text"."""
    html: Markup


@dataclass(frozen=True)
class Group(Readable):
    """The group a card belongs to (``card.group``)."""

    _said_as: ClassVar[str] = "group"

    id: str
    name: str
    colour: str
    pattern: str


@dataclass(frozen=True)
class Face(Readable):
    """One card's face as printed in one deck: what the ``face`` macro reads as ``card``."""

    _said_as: ClassVar[str] = "card"

    number: str
    name: Markup
    name_class: str
    kind: str
    kind_label: str | None
    deck: str
    deck_mark: str | None
    group: Group | None
    frame: str
    boxes: tuple[TextBox, ...]
    text_size: float | None
    side: str = "front"
    """Which face of the card this is: "front", or "back" for a double-faced card's second
    face (printed where its deck's back would be)."""
    _own: Mapping[str, Any] = field(default_factory=dict)
    """The game's declared fields (``card.cost``), read as keys."""

    def _extra(self) -> Mapping[str, Any]:
        return self._own


@dataclass(frozen=True)
class DeckBack(Readable):
    """A deck as its back shows it: what the ``back`` macro reads as ``deck``."""

    _said_as: ClassVar[str] = "deck"

    id: str
    name: str
    colour: str
    _held_by: str = field(default="", compare=False, repr=False)
    """The deck of the cards that print it (publish.render.place finds it in that deck's
    face document); empty: the deck whose id it is.  Not part of what the back draws."""


Back = DeckBack | Face
"""What prints behind a face: its deck's back, a back of game.yaml's that the card names
(as a DeckBack), or the card's own second face (a Face whose side is "back")."""

FACE_KEYS = field_names(Face)
"""What a face template reads as ``card.<key>``, besides the game's declared fields."""

DECK_KEYS = field_names(DeckBack)
"""What a back template reads as ``deck.<key>``."""


def group_boxes(card: Card, html: list[Markup],
                names: dict[str, str] | None = None) -> tuple[TextBox, ...]:
    """One box per kind of effect, in order of first appearance.

    All general effects print in one box and all direct ones in another; a
    card whose text alternates (general, direct, general) still gets one box
    of each.
    """
    boxes: dict[str | None, list[Markup]] = {}
    for block, markup in zip(card.blocks, html, strict=True):
        boxes.setdefault(block.kind, []).append(markup)
    return tuple(TextBox(kind or "text", (names or {}).get(kind or "", ""),
                         Markup(" ").join(parts)) for kind, parts in boxes.items())


def face_context(game: Game, card: Card, deck: str, locale: str, icons: dict[str, str]) -> Face:
    """The template context of ``card`` as printed in ``deck``."""
    config = game.config
    # without typography rules, icon tokens are still drawn (and a typo still fails)
    typography = edition_typography(config, locale) or Typography()
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
        group = Group(card.group, value.name, value.colour, value.pattern)
    kind = config.card_kinds[card.kind]
    return Face(
        number=card.number,
        name=untranslated(card.name, "name" in card.untranslated),
        name_class=name_class(card.name),
        kind=card.kind,
        kind_label=None if card.kind == config.default_kind else kind.name,
        deck=deck,
        deck_mark=config.decks[deck].indicator,
        group=group,
        frame=group.colour if group else (kind.colour or "#444444"),
        boxes=group_boxes(card, html, {k: v.name for k, v in config.text_blocks.items()}),
        text_size=card.text_size,
        _own=own_fields(game, card, locale),
    )


def own_fields(game: Game, card: Card, locale: str) -> dict[str, Any]:
    """The card's declared fields as its template reads them: an image as a file URL."""
    values = dict(card.fields)
    for field_id in game.config.fields_of("translatable"):
        if values[field_id]:
            values[field_id] = untranslated(values[field_id], field_id in card.untranslated)
    for field_id, path in shown_pictures(game, card, locale).items():
        values[field_id] = picture_url(path, game.project) if path else None
    return values


def deck_context(game: Game, deck: str) -> DeckBack:
    spec = game.config.decks[deck]
    return DeckBack(deck, spec.name, spec.colour)


def card_back(game: Game, card: Card, deck: str, locale: str, icons: dict[str, str]) -> Back:
    """What ``card`` prints on its back in ``deck``: its second face, the back it names, or
    the deck's."""
    if card.back_face is not None:
        return replace(face_context(game, card.back_face, deck, locale, icons), side="back")
    if card.back is not None:
        spec = game.config.backs[card.back]
        return DeckBack(card.back, spec.name, spec.colour, _held_by=deck)
    return deck_context(game, deck)


def holding_deck(back: Back) -> str:
    """The deck whose face document holds ``back``: the deck of the cards that print it."""
    if isinstance(back, Face):
        return back.deck
    return back._held_by or back.id


TEXT_PT = 10  # effect text size on a poker card; scaled for other sizes


def licence_label(spdx: str) -> str:
    """'CC-BY-NC-SA-4.0' as people write it: 'CC BY-NC-SA 4.0'."""
    name, _, version = spdx.rpartition("-")
    name = name.replace("CC-", "CC ", 1)
    return f"{name} {version}" if name and version[:1].isdigit() else spdx


def face_style(game: Game, size: str, bw: bool, icons: Mapping[str, str],
               proof: bool = False) -> FaceStyle:
    """What every face of one document shares: the card ``size`` (an id of CARD_SIZES), black
    and white or not, the game's ``icons``, and whether the proof guides are drawn."""
    w, h = CARD_SIZES[size]
    scale = min(w / 63.0, h / 88.0)
    config = game.config
    return FaceStyle(
        bw=bw,
        proof=proof,
        figures=config.figures.css(),
        size={"w": w, "h": h, "bleed": config.print.bleed_mm, "safe": config.print.safe_mm,
              "text_pt": round(TEXT_PT * scale, 2)},
        footer=f"{config.name} {config.edition} · {licence_label(config.licence.id)}",
        game_name=config.name,
        edition_line=f"{config.name} · {config.edition}",
        icons={token: Markup(svg) for token, svg in icons.items()},
    )
