"""Print-and-cut deck PDFs: faces (copies expanded) imposed on sheets, with backs.

One PDF per deck and one with all decks, in build/<game>/<locale>/.  Text
that does not fit its card fails the build, naming the card, the deck and
the overflow in millimetres.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from markupsafe import Markup

from publish.core.problems import OptionError
from publish.i18n.fields import fill
from publish.i18n.translate import N_, template_words
from publish.model.game import BACKS, Game, game_files
from publish.model.icons import read_icons
from publish.render.env import environment
from publish.render.faces import FaceStyle, deck_context, face_context
from publish.render.fit import Shrunk, fit, sized
from publish.render.geometry import CARD_SIZES, PAPERS, back_correction, sheet_layout
from publish.render.pdf import render
from publish.render.sheets import (
    FOLD_NOTE,
    Page,
    calibration_pages,
    fold_pages,
    fronts_and_backs,
)

if TYPE_CHECKING:
    from weasyprint.document import Document

TEXT_PT = 10  # effect text size on a poker card; scaled for other sizes


@dataclass(frozen=True)
class DeckOptions:
    """What the user chose on the command line."""

    paper: str = "a4"
    size: str | None = None
    """The card size; None: the game's (game.yaml print.default_size, see ``for_game``)."""
    bw: bool = False
    backs: str | None = None
    """How the backs print; None: the game's (game.yaml print.backs, see ``for_game``)."""
    locale: str | None = None
    """The edition; None: the game's source locale (see ``for_game``)."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    game_size: str = "poker"
    """The game's own size, which file names do not repeat (set by ``for_game``)."""
    game_backs: str = "none"
    """The game's own backs, which file names do not repeat (set by ``for_game``)."""
    only: tuple[str, ...] = ()
    """The decks to build (--deck), for a quick look at one; empty: every deck and the
    PDF joining them."""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise OptionError(f"unknown paper {self.paper!r}: {', '.join(PAPERS)}")
        if self.size is not None and self.size not in CARD_SIZES:
            raise OptionError(f"unknown size {self.size!r}: {', '.join(CARD_SIZES)}")
        if self.backs is not None and self.backs not in BACKS:
            raise OptionError(f"unknown backs {self.backs!r}: {', '.join(BACKS)}")

    def for_game(self, game: Game) -> DeckOptions:
        """These options with the edition and size chosen: the game's source locale and card
        size where none was."""
        own, backs = game.config.print.default_size, game.config.print.backs
        return replace(self, locale=self.locale or game.config.locales.source,
                       size=self.size or own, game_size=own, backs=self.backs or backs,
                       game_backs=backs)

    @property
    def edition(self) -> str:
        """The chosen locale (``for_game`` first: options without one have no edition)."""
        if self.locale is None:
            raise ValueError("DeckOptions without a locale: call for_game(game) first")
        return self.locale

    @property
    def chosen_size(self) -> str:
        """The chosen card size (``for_game`` first, as for ``edition``)."""
        if self.size is None:
            raise ValueError("DeckOptions without a size: call for_game(game) first")
        return self.size

    @property
    def chosen_backs(self) -> str:
        """How the chosen backs print (``for_game`` first, as for ``edition``)."""
        if self.backs is None:
            raise ValueError("DeckOptions without backs: call for_game(game) first")
        return self.backs

    @property
    def suffix(self) -> str:
        """File-name suffix for the non-default options."""
        size = self.size or self.game_size
        parts = [p for p, default in ((self.paper, "a4"), (size, self.game_size)) if p != default]
        parts += ["bw"] if self.bw else []
        backs = self.backs or self.game_backs
        if backs != self.game_backs:  # sheets without the game's backs say so
            parts += ["no-backs" if backs == "none" else backs]
        return "".join(f"-{p}" for p in parts)


def licence_label(spdx: str) -> str:
    """'CC-BY-NC-SA-4.0' as people write it: 'CC BY-NC-SA 4.0'."""
    name, _, version = spdx.rpartition("-")
    name = name.replace("CC-", "CC ", 1)
    return f"{name} {version}" if name and version[:1].isdigit() else spdx


def face_style(game: Game, options: DeckOptions,
               icons: dict[str, str] | None = None) -> FaceStyle:
    """Options shared by the faces of one build; ``icons``: the game's, if already read."""
    w, h = CARD_SIZES[options.for_game(game).chosen_size]
    scale = min(w / 63.0, h / 88.0)
    config = game.config
    return FaceStyle(
        bw=options.bw,
        figures=config.figures.css(),
        size={"w": w, "h": h, "bleed": config.print.bleed_mm, "text_pt": round(TEXT_PT * scale, 2)},
        footer=f"{config.name} {config.edition} · {licence_label(config.licence.id)}",
        game_name=config.name,
        edition_line=f"{config.name} · {config.edition}",
        icons={token: Markup(svg) for token, svg in
               (read_icons(game) if icons is None else icons).items()},
    )


def deck_faces(game: Game, decks: list[str], locale: str, icons: dict[str, str]
               ) -> tuple[list[dict], list[dict]]:
    """Faces with copies expanded, and the matching backs, deck by deck."""
    faces, backs = [], []
    for deck in decks:
        back = deck_context(game, deck)
        for card in game.deck_cards(deck):
            face = face_context(game, card, deck, locale, icons)
            for _ in range(card.copies[deck]):
                faces.append(face)
                backs.append(back)
    return faces, backs


def sheet_pages(game: Game, title: str, faces: list[dict], backs: list[dict],
                options: DeckOptions) -> tuple[list[Page], dict[str, float]]:
    """The sheets for these faces, as data, and the paper they are on."""
    options = options.for_game(game)
    layout = sheet_layout(options.paper, options.chosen_size, game.config.print.bleed_mm)
    if options.backs == "fold":
        note = _words(game, options.edition)(FOLD_NOTE)
        pages = fold_pages(layout.card, layout.bleed, layout.paper, faces, backs, title, note)
        return pages, {"w": max(layout.paper), "h": min(layout.paper)}
    shift = (back_correction(options.back_offset, options.backs)
             if options.backs in ("long-edge", "short-edge") else (0.0, 0.0))
    pages = fronts_and_backs(layout, faces, backs, options.chosen_backs, title, shift)
    return pages, {"w": layout.paper[0], "h": layout.paper[1]}


def _words(game: Game, locale: str) -> Callable[[str], str]:
    """The shared words of ``locale`` as a function (those of Python constants: N_)."""
    words = template_words(game, locale)
    return words.gettext if words is not None else str


def pages_showing(pages: list[Page], cards: Collection[str]) -> list[int]:
    """Indexes of the pages on which any of ``cards`` is printed (face up)."""
    return [i for i, page in enumerate(pages)
            if any(slot["card"] is not None and slot["card"]["number"] in cards
                   for slot in page.slots)]


def sheet_html(game: Game, project: Path, title: str, faces: list[dict], backs: list[dict],
               options: DeckOptions, icons: dict[str, str] | None = None,
               cards: Collection[str] | None = None) -> str:
    """The HTML of the sheets for these faces; with ``cards``, of the sheets showing them."""
    options = options.for_game(game)
    style = face_style(game, options, icons)
    pages, paper = sheet_pages(game, title, faces, backs, options)
    if cards is not None:
        pages = [pages[i] for i in pages_showing(pages, cards)]
    env = environment(project, game.id, template_words(game, options.edition))
    return env.get_template("sheet.html.j2").render(
        lang=options.edition, title=title, pages=pages, paper=paper, style=style,
        size=style.size, bw=options.bw,
    )


CALIBRATION_NOTE = N_(
    "Duplex calibration ({flip}). Print both pages double-sided, flipping on the {edge}. "
    "Against the light, read where each line of the back crosses the scale of the front "
    "(mm, right and down positive) and pass the reading at the centre as --back-offset X,Y."
)
EDGES = {"long-edge": N_("long edge"), "short-edge": N_("short edge")}


def calibration_html(game: Game, project: Path, options: DeckOptions) -> str:
    """The two-page calibration sheet for this paper and duplex flip."""
    options = options.for_game(game)
    _ = _words(game, options.edition)
    note = fill(_(CALIBRATION_NOTE), {"flip": options.backs,
                                      "edge": _(EDGES[options.chosen_backs])})
    paper = PAPERS[options.paper]
    style = face_style(game, options)
    pages = calibration_pages(paper, options.chosen_backs, note)
    return environment(project, game.id, template_words(game, options.edition)).get_template(
        "sheet.html.j2").render(
        lang=options.edition, title="calibration", pages=pages,
        paper={"w": paper[0], "h": paper[1]}, style=style, size=style.size, bw=False,
    )


def render_sheets(game: Game, project: Path, title: str, decks: list[str], options: DeckOptions,
                  icons: dict[str, str], cards: Collection[str] | None = None,
                  shrunk: list[Shrunk] | None = None) -> Document:
    """Lay out the sheets of ``decks`` (with ``cards``, only the sheets showing them), card
    text shrunk where it overflows and the game allows (listed in ``shrunk``); raise
    Overflow if any card's text does not fit."""
    options = options.for_game(game)
    faces, backs = deck_faces(game, decks, options.edition, icons)
    sizes, floors = text_sizes(game, faces, face_style(game, options, icons))

    def lay_out(chosen: dict[str, float], only: set[str] | None) -> Document:
        html = sheet_html(game, project, title, [sized(f, chosen) for f in faces], backs,
                          options, icons, cards if only is None else only)
        return render(html, project, title, game_files(game))

    return fit(lay_out, sizes, floors, {f["number"]: f["deck"] for f in faces}, shrunk)


def text_sizes(game: Game, faces: Iterable[dict], style: FaceStyle
               ) -> tuple[dict[str, float], dict[str, float]]:
    """Each card's text size in points (its own text_size, else the style's), and the share
    of it the card's text may shrink to (its shrink_to_fit, else the game's)."""
    cards = {card.number: card for card in game.cards}
    default = game.config.print.shrink_to_fit
    sizes, floors = {}, {}
    for face in faces:
        card = cards.get(face.get("number", ""))
        if card is not None:
            sizes[card.number] = card.text_size or style.size["text_pt"]
            floors[card.number] = card.shrink_to_fit or default
    return sizes, floors


def sheets_showing(game: Game, title: str, decks: list[str], options: DeckOptions,
                   icons: dict[str, str], cards: Collection[str]) -> list[int]:
    """Which pages of render_sheets(...) show any of ``cards`` (no layout needed)."""
    options = options.for_game(game)
    faces, backs = deck_faces(game, decks, options.edition, icons)
    return pages_showing(sheet_pages(game, title, faces, backs, options)[0], cards)
