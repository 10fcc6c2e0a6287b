"""Tuck boxes: box-<deck>.pdf per deck, the net of a box that holds it, on one sheet.

Not part of `publish build` with no target: a box is printed once, when the
deck is, and asked for by name (`publish build box`).
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.model.game import Game, game_files
from publish.model.inputs import Inputs
from publish.render.boxes import BoxSpec, box_html, deck_count
from publish.render.geometry import CARD_SIZES
from publish.render.pdf import render, write_pdf
from publish.targets.base import Job, Rendered, Target, Work
from publish.targets.decks import named_decks
from publish.targets.options import check_choices, option, paper_option


@dataclass(frozen=True)
class BoxOptions:
    """What `publish build box` is asked for."""

    paper: str = paper_option()
    size: str | None = option(None, choices=tuple(CARD_SIZES), help="Card size the box holds.",
                              default_text="the game's print.default_size")
    bw: bool = option(False, help="Black-and-white printer-friendly variant.")
    only: tuple[str, ...] = option((), flag="--deck", metavar="ID",
                                   help="Only this deck's box (repeat for more).",
                                   default_text="every deck")

    def __post_init__(self) -> None:
        check_choices(self)


def box_file(deck: str, spec: BoxSpec, game: Game) -> str:
    """``box-<deck>.pdf``, with the paper, size and bw suffixes the decks' files take when they
    are not the game's defaults."""
    parts = [p for p, default in ((spec.paper, "a4"),
                                  (spec.size, game.config.print.default_size)) if p != default]
    parts += ["bw"] if spec.bw else []
    return f"box-{spec.deck}{''.join(f'-{p}' for p in parts)}.pdf"


class Box:
    """box-<deck>.pdf per deck: a tuck box's net, with fold, cut and glue marks."""

    name = "box"
    description = ("A printable tuck box per deck (box-<deck>.pdf), sized from its card count, "
                   "card size and game.yaml's print.card_thickness_mm.")
    in_default_build = False
    parallel = True
    options = BoxOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: BoxOptions) -> list[Job]:
        game, common = work.game, inputs.common(locale)
        size = options.size or game.config.print.default_size
        decks = named_decks(game, options.only)
        jobs = []
        for deck in decks:
            spec = BoxSpec(deck, options.paper, size, options.bw)
            jobs.append(Job(self.name, locale, (box_file(deck, spec, game),),
                            {**common, **inputs.order(deck),
                             **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                            spec, key=deck, noun="box"))
        return jobs

    def render(self, work: Work, job: Job) -> Rendered:
        context = work.edition(job.locale)
        spec: BoxSpec = job.options
        title = f"{context.game.config.name} · {context.game.config.decks[spec.deck].name}"
        document = render(box_html(context, spec), work.project, title,
                          game_files(context.game))
        name = job.outputs[0]
        count = deck_count(context.game, spec.deck)
        return Rendered({name: write_pdf(document, title)}, {name: len(document.pages)},
                        note=f"{count} cards")


TARGET: Target[BoxOptions] = Box()
