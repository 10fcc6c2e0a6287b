"""Print-and-cut deck PDFs: faces (copies expanded) imposed on sheets, with backs.

One PDF per deck and one with all decks, in build/<game>/<locale>/.  Text
that does not fit its card fails the build, naming the card, the deck and
the overflow in millimetres.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from publish.core.problems import OptionError
from publish.i18n.fields import fill
from publish.i18n.translate import N_
from publish.model.copies import players_for, players_suffix
from publish.model.game import BACKS, Game, game_files
from publish.model.inputs import digest
from publish.render.edition import EditionContext
from publish.render.facedoc import (
    NOWHERE,
    FaceDoc,
    FaceSet,
    FaceStore,
    card_faces,
    common_digest,
    face_document,
)
from publish.render.faces import Back, Face
from publish.render.fit import Shrunk
from publish.render.geometry import (
    CARD_SIZES,
    PAPERS,
    back_correction,
    pick_layout,
    sheet_layout,
)
from publish.render.pdf import render, write_pdf
from publish.render.place import impose
from publish.render.sheets import (
    FOLD_NOTE,
    Page,
    calibration_pages,
    fold_pages,
    fronts_and_backs,
)


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
    players: int | None = None
    """The players per-player copies print for; None: the game's usual number (``for_game``)."""
    players_suffix: str = ""
    """What file names add for players other than the game's usual number (``for_game``)."""
    proof: bool = False
    """Draw the proof guides (trim, bleed, safe zone) over every card (--proof)."""
    layout: str | None = None
    """The sheet layout (--layout); None: the default for the paper, size and backs."""

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
        players = players_for(game, self.players)
        return replace(self, locale=self.locale or game.config.locales.source,
                       size=self.size or own, game_size=own, backs=self.backs or backs,
                       game_backs=backs, players=players,
                       players_suffix=players_suffix(game, players))

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
        parts += [self.layout] if self.layout else []
        return "".join(f"-{p}" for p in parts) + self.players_suffix + (
            "-proof" if self.proof else "")  # never in place of the print files


def resolved(context: EditionContext, options: DeckOptions) -> DeckOptions:
    """``options`` in the edition of ``context``, with the game's own size and backs where
    they chose none: resolved once, whichever renderer asks."""
    return context.once(("decks", options),
                        lambda: replace(options, locale=context.locale).for_game(context.game))


@dataclass(frozen=True)
class SheetSpec:
    """What one print-and-cut document shows: its title, its decks, the options it is laid out
    with, and, to lay out part of it, the cards whose sheets alone are wanted."""

    title: str
    decks: tuple[str, ...]
    options: DeckOptions = DeckOptions()
    cards: frozenset[str] | None = None


def deck_faces(context: EditionContext, decks: Iterable[str], players: int = 1
               ) -> tuple[list[Face], list[Back]]:
    """Faces with copies expanded (per-player ones for ``players``), and the matching backs,
    deck by deck."""
    faces: list[Face] = []
    backs: list[Back] = []
    for deck in decks:
        deck_faces, deck_backs = context.deck_faces(deck, players)
        faces += deck_faces
        backs += deck_backs
    return faces, backs


def sheet_pages(context: EditionContext, spec: SheetSpec, faces: Sequence[Face],
                backs: Sequence[Back]) -> tuple[list[Page], dict[str, float]]:
    """The sheets for these faces, as data, and the paper they are on."""
    options = resolved(context, spec.options)
    fold = options.backs == "fold"
    chosen = pick_layout(context.game.root, options.paper, options.chosen_size, fold,
                         options.layout)
    layout = sheet_layout(options.paper, options.chosen_size, context.game.config.print.bleed_mm,
                          chosen, fold)
    marks = chosen.spec.marks if chosen is not None else None
    if fold:
        note = _words(context)(FOLD_NOTE)
        pages = fold_pages(layout, faces, backs, spec.title, note, marks)
    else:
        shift = (back_correction(options.back_offset, options.chosen_backs, layout.landscape)
                 if options.backs in ("long-edge", "short-edge") else (0.0, 0.0))
        pages = fronts_and_backs(layout, faces, backs, options.chosen_backs, spec.title, shift,
                                 marks)
    return pages, {"w": layout.paper[0], "h": layout.paper[1]}


def _words(context: EditionContext) -> Callable[[str], str]:
    """The shared words of the edition as a function (those of Python constants: N_)."""
    words = context.template_words
    return words.gettext if words is not None else str


def pages_showing(pages: list[Page], cards: Collection[str]) -> list[int]:
    """Indexes of the pages on which any of ``cards`` is printed (face up)."""
    return [i for i, page in enumerate(pages)
            if any(slot.card is not None and slot.card.number in cards for slot in page.slots)]


def sheet_html(context: EditionContext, spec: SheetSpec, faces: Sequence[Face],
               backs: Sequence[Back], placed: bool = False) -> str:
    """The HTML of the sheets for these faces; with ``spec.cards``, of the sheets showing
    them; with ``placed``, the sheets without the cards, which ``place_sheets`` draws in."""
    options = resolved(context, spec.options)
    style = context.style(options.chosen_size, options.bw, options.proof)
    pages, paper = sheet_pages(context, spec, faces, backs)
    if spec.cards is not None:
        pages = [pages[i] for i in pages_showing(pages, spec.cards)]
    return context.env.get_template("sheet.html.j2").render(
        lang=options.edition, title=spec.title, pages=pages, paper=paper, style=style,
        size=style.size, bw=options.bw, placed=placed,
    )


def face_set(context: EditionContext, options: DeckOptions, deck: str) -> FaceSet:
    """How the sheets of ``options`` lay out ``deck``'s faces: at the chosen card size, in
    greyscale for --bw."""
    options = resolved(context, options)
    return card_faces(context.game, deck, options.chosen_size, options.bw, proof=options.proof)


@dataclass(frozen=True)
class Sheets:
    """A print-and-cut PDF as made: its bytes, its pages, and the face documents placed on it
    (by deck: what was laid out, and which cards' text was shrunk to fit)."""

    pdf: bytes
    pages: int
    faces: Mapping[str, FaceDoc]

    @property
    def shrunk(self) -> list[Shrunk]:
        return [s for doc in self.faces.values() for s in doc.shrunk]


def lay_out_sheets(context: EditionContext, spec: SheetSpec, store: FaceStore = NOWHERE,
                   inputs: Mapping[str, str] | None = None, forced: bool = False,
                   build: str = "") -> Sheets:
    """The sheets of ``spec.decks``: each deck's faces laid out once (what ``store`` keeps
    from earlier builds reused where ``inputs``, the digests they are made from, still hold;
    none of it when ``forced`` but what this ``build`` made), then placed."""
    faces = {deck: face_document(context, face_set(context, spec.options, deck), inputs or {},
                                 store, forced, build) for deck in spec.decks}
    # inputs say what the kept sheets were made from: without them, nothing kept is trusted
    kept = Kept(store, common_digest(inputs, context), forced, build) if inputs else Kept()
    pdf, pages = place_sheets(context, spec, faces, kept)
    return Sheets(pdf, pages, faces)


@dataclass(frozen=True)
class Kept:
    """Where sheets laid out without their cards are kept between builds, and what decides
    whether one kept is still true: ``common``, the digest of what every face is made from
    (the code, the fonts, the templates...); ``forced`` keeps none from an earlier build
    but ``build``'s own (publish.render.facedoc.face_document)."""

    store: FaceStore = NOWHERE
    common: str = ""
    forced: bool = False
    build: str = ""


def place_sheets(context: EditionContext, spec: SheetSpec, faces: Mapping[str, FaceDoc],
                 kept: Kept = Kept()) -> tuple[bytes, int]:
    """(PDF, pages) of the sheets of ``spec.decks``, their cards placed from each deck's
    face document (``faces``, by deck)."""
    deck_list, backs = deck_faces(context, spec.decks,
                                  resolved(context, spec.options).players or 1)
    pages, _ = sheet_pages(context, spec, deck_list, backs)
    html = sheet_html(context, replace(spec, cards=None), deck_list, backs, placed=True)
    return impose(_unfilled(context, spec, html, kept), pages, faces), len(pages)


def _unfilled(context: EditionContext, spec: SheetSpec, html: str, kept: Kept) -> bytes:
    """The sheets of ``html`` without their cards (marks, labels, folds): as an earlier build
    laid them out when their HTML and what faces are made from are the same (a card edit
    changes neither: half a second a deck), else laid out."""
    key = "sheets-" + digest([json.dumps(list(spec.decks)), repr(spec.options)])
    record = {"html": digest([html]), "common": kept.common, "build": kept.build}
    with kept.store.locked(key):
        found = kept.store.reusable(key, kept.forced, kept.build)
        if found is not None and all(found[1].get(k) == record[k] for k in ("html", "common")):
            return found[0]
        document = render(html, context.project, spec.title, game_files(context.game))
        pdf = write_pdf(document, spec.title)
        kept.store.keep(key, pdf, record)
        return pdf


CALIBRATION_NOTE = N_(
    "Duplex calibration ({flip}). Print both pages double-sided, flipping on the {edge}. "
    "Against the light, read where each line of the back crosses the scale of the front "
    "(mm, right and down positive) and pass the reading at the centre as --back-offset X,Y."
)
EDGES = {"long-edge": N_("long edge"), "short-edge": N_("short edge")}


def calibration_html(context: EditionContext, options: DeckOptions) -> str:
    """The two-page calibration sheet for this paper and duplex flip."""
    options = resolved(context, options)
    _ = _words(context)
    note = fill(_(CALIBRATION_NOTE), {"flip": options.backs,
                                      "edge": _(EDGES[options.chosen_backs])})
    paper = sheet_layout(options.paper, options.chosen_size, context.game.config.print.bleed_mm,
                         pick_layout(context.game.root, options.paper, options.chosen_size,
                                     False, options.layout)).paper  # turned as the sheets are
    style = context.style(options.chosen_size, options.bw)
    pages = calibration_pages(paper, options.chosen_backs, note)
    return context.env.get_template("sheet.html.j2").render(
        lang=options.edition, title="calibration", pages=pages,
        paper={"w": paper[0], "h": paper[1]}, style=style, size=style.size, bw=False,
        placed=True,  # no cards: the card styles are not needed
    )
