"""Card text that must fit its box, and may step down in size to fit where the game allows.

Every box a face template marks ``data-fit`` (with a ``.fit`` child) is
measured after layout: content taller than the box fails the build, naming
the card, the box and the overflow in millimetres.  A game (game.yaml
``print.shrink_to_fit``) or one card (its own ``shrink_to_fit``) may let the
text shrink first, down to a stated share of its size: the output is laid
out again with those cards' text smaller, as little smaller as fits (found
by halving, probing only the pages that show those cards), and what was
shrunk is reported.  A card that still
overflows at its floor fails as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from publish.core.problems import PublishError
from publish.model.game import Game
from publish.render.faces import Back, Face, FaceStyle

if TYPE_CHECKING:
    from weasyprint.document import Document

PRECISION = 0.1
"""Points: a card's text is shrunk to within this of the largest size that fits."""


class Overflow(PublishError, RuntimeError):
    """Card text larger than its box."""


@dataclass(frozen=True)
class Shrunk:
    """A card whose text was set smaller so that it fits."""

    card: str
    deck: str
    was: float
    now: float

    def __str__(self) -> str:
        return (f"card {self.card} ({self.deck}): text shrunk from {self.was:g} pt to "
                f"{self.now:g} pt ({self.now / self.was:.0%})")


def overflowing(document: Document) -> dict[tuple[str, str], tuple[float, float]]:
    """(card, box) -> (its content's height past the box, the box's height), in px, of
    every box marked data-fit whose content is taller than the box."""
    found: dict[tuple[str, str], tuple[float, float]] = {}
    for page in document.pages:
        stack = [page_box(page)]
        while stack:
            box = stack.pop()
            element = getattr(box, "element", None)
            if element is not None and element.get("data-fit") and box.element_tag == "div":
                inner = next((c for c in getattr(box, "children", [])
                              if getattr(c, "element", None) is not None
                              and c.element.get("class") == "fit"), None)
                if inner is not None:
                    extra = inner.margin_height() - box.height
                    key = (element.get("data-card") or "?", element.get("data-fit"))
                    if extra > 0.5 and extra > found.get(key, (0.0, 0.0))[0]:  # px: rounding
                        found[key] = (extra, box.height)
            stack.extend(getattr(box, "children", []))
    return found


class NoBoxTree(RuntimeError):
    """WeasyPrint no longer gives a laid-out page's boxes where this module reads them."""


def page_box(page: Any) -> Any:
    """The root of a laid-out page's box tree, whose boxes carry each element's measured
    height.

    WeasyPrint 70 has no public API for it: ``Page`` keeps it in the private
    ``_page_box`` (its public attributes are the page's size, bleed, links, anchors
    and bookmarks).  This is the one place the toolchain reads it, so that a
    WeasyPrint without it fails here, by name, rather than as a missing attribute
    deep in a build (tests/render/test_fit.py holds the version to it)."""
    try:
        return page._page_box
    except AttributeError:
        import weasyprint

        raise NoBoxTree(f"WeasyPrint {weasyprint.__version__} no longer keeps a page's boxes "
                        "in Page._page_box: publish.render.fit.page_box must find them "
                        "another way before text can be measured") from None


def overflow_lines(found: dict[tuple[str, str], tuple[float, float]], deck_of: dict[str, str],
                   floors: dict[str, float] | None = None) -> list[str]:
    """A line per overflowing box; ``floors``: the share each card's text was shrunk to."""
    lines = []
    for (card, what), (extra, _) in sorted(found.items()):
        floor = (floors or {}).get(card, 1.0)
        fix = ("shorten the text or set a smaller text_size for this card (or let it shrink: "
               "shrink_to_fit)") if floor >= 1 else (
               f"even with its text at {floor:.0%} of its size (shrink_to_fit, the card's or "
               "game.yaml's print): shorten the text")
        lines.append(f"card {card} ({deck_of.get(card, '?')}): {what} overflows its box by "
                     f"{extra * 25.4 / 96:.1f} mm; {fix}")
    return lines


LayOut = Callable[[dict[str, float], "set[str] | None"], "Document"]
"""Lay out the output with these cards' text at these sizes (points); with a set of cards,
only what shows them (a probe), else all of it."""


def fit(lay_out: LayOut, sizes: dict[str, float], floors: dict[str, float],
        deck_of: dict[str, str], shrunk: list[Shrunk] | None = None) -> Document:
    """The document ``lay_out`` makes with each card's text at its size (``sizes``, points),
    the text of cards that overflow shrunk as little as fits (to ``PRECISION``) but not under
    their ``floors`` (a share of their size).  Overflow names every card that does not fit
    even so; cards shrunk are added to ``shrunk``."""
    document = lay_out({}, None)
    found = overflowing(document)
    if not found:
        return document
    cards = {card for card, _ in found}
    fixed = {k: v for k, v in found.items() if _floor(k[0], sizes, floors) >= sizes.get(k[0], 0)}
    if fixed:
        raise Overflow("\n".join(overflow_lines(fixed, deck_of)))
    fits = {card: _floor(card, sizes, floors) for card in cards}
    stuck = overflowing(lay_out(fits, cards))
    if stuck:
        raise Overflow("\n".join(overflow_lines(stuck, deck_of, floors)))
    fits = _largest(lay_out, fits, {card: sizes[card] for card in cards})
    document = lay_out(fits, None)
    still = overflowing(document)
    if still:  # a page the probes did not show (another card on it): said, never hidden
        raise Overflow("\n".join(overflow_lines(still, deck_of)))
    if shrunk is not None:
        shrunk += [Shrunk(card, deck_of.get(card, "?"), sizes[card], size)
                   for card, size in sorted(fits.items())]
    return document


def _largest(lay_out: LayOut, fits: dict[str, float], over: dict[str, float]
             ) -> dict[str, float]:
    """Per card, the largest size that fits, between one that does (``fits``) and one that
    does not (``over``): halving the gap of every card at once, one probe each time."""
    fits, over = dict(fits), dict(over)
    while True:
        middle = {card: round((fits[card] + over[card]) / 2, 2) for card in fits
                  if over[card] - fits[card] > PRECISION}
        if not middle:
            return fits
        overflow = {card for card, _ in overflowing(lay_out({**fits, **middle}, set(middle)))}
        for card, size in middle.items():
            (over if card in overflow else fits)[card] = size


def _floor(card: str, sizes: dict[str, float], floors: dict[str, float]) -> float:
    """The smallest size ``card``'s text may take: its own size when it may not shrink."""
    if card not in sizes:
        return math.inf  # not a card whose text can be sized: its overflow is final
    return round(sizes[card] * floors.get(card, 1.0), 2)


Side = TypeVar("Side", bound=Back)


def sized(face: Side, chosen: dict[str, float]) -> Side:
    """``face`` with its text at the size chosen for its card, if one was (a card's second
    face takes its first's size; a back with no text stays as it is)."""
    if isinstance(face, Face) and face.number in chosen:
        return replace(face, text_size=chosen[face.number])
    return face


def text_sizes(game: Game, faces: Iterable[Face], style: FaceStyle
               ) -> tuple[dict[str, float], dict[str, float]]:
    """Each card's text size in points (its own text_size, else the style's), and the share
    of it the card's text may shrink to (its shrink_to_fit, else the game's)."""
    cards = {card.number: card for card in game.cards}
    default = game.config.print.shrink_to_fit
    sizes, floors = {}, {}
    for face in faces:
        card = cards.get(face.number)
        if card is not None:
            sizes[card.number] = card.text_size or style.size["text_pt"]
            floors[card.number] = card.shrink_to_fit or default
    return sizes, floors
