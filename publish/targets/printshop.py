"""Print-shop files: per deck, one card per page (TrimBox and BleedBox) and a PNG per page.

A deck whose cards alone changed has only their pages laid out and
rasterised again; the other PNGs are left as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.fit import Shrunk
from publish.render.printshop import (
    SERVICES,
    PageSpec,
    pixels,
    rasterise,
    single_items,
    single_pdf,
)
from publish.render.splice import FontsChange, SpliceError, canonical, replace_pages
from publish.targets.base import Job, Rendered, Target, Work, output_dir
from publish.targets.options import check_choices, option

FOLDER = "printshop"


@dataclass(frozen=True)
class PrintshopOptions:
    """What `publish build printshop` was asked for."""

    service: str = option("tgc", choices=tuple(SERVICES),
                          help="Card and image size of the print service.")
    interleave: bool = option(False, help="Each front followed by its back (DriveThruCards).")
    images: bool = option(True, help="Also write a 300 dpi PNG per card.")

    def __post_init__(self) -> None:
        check_choices(self)


def printshop_file(deck: str, options: PrintshopOptions) -> str:
    interleaved = "-interleaved" if options.interleave else ""
    return f"{FOLDER}/{deck}-{options.service}{interleaved}.pdf"


def image_file(deck: str, anchor: str) -> str:
    return f"{FOLDER}/images/{deck}/{anchor}.png"


class Printshop:
    """printshop/<deck>-<service>.pdf per deck, and printshop/images/<deck>/<page>.png."""

    name = "printshop"
    description = "Print-shop files: one card per page (TrimBox/BleedBox) and PNG images."
    in_default_build = True
    parallel = True
    options = PrintshopOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str,
             options: PrintshopOptions) -> list[Job]:
        game, common = work.game, inputs.common(locale)
        return [Job(self.name, locale, (printshop_file(deck, options),),
                    {**common, **inputs.order(deck),
                     **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                    options, key=deck, cost=len(game.deck_cards(deck)), paged=True)
                for deck in game.config.decks]

    def render(self, work: Work, job: Job) -> Rendered:
        context = work.edition(job.locale)
        options, name = job.options, job.outputs[0]
        spec = PageSpec(job.key, SERVICES[options.service], options.interleave)
        items = single_items(context, spec)
        previous = output_dir(work.project, context.game.id, job.locale) / name
        partial = bool(job.cards) and previous.is_file()
        shrunk: list[Shrunk] = []
        pdf, made = single_pdf(context, replace(spec, cards=frozenset(job.cards))
                               if partial else spec, shrunk)
        pngs = rasterise(pdf, spec.service.dpi, pixels(spec.service)) if options.images else []
        if partial:
            anchors = [item.anchor for item in items]
            try:
                pdf = replace_pages(previous.read_bytes(), pdf,
                                    [anchors.index(m.anchor) for m in made])
            except FontsChange:  # the PDF laid out whole; the other pages' images stand
                shrunk = []
                pdf = canonical(single_pdf(context, spec, shrunk)[0])
            except SpliceError:  # not the PDF the record describes: make it all again
                return self.render(work, replace(job, cards=()))
        else:
            pdf = canonical(pdf)  # as a spliced one is written (render.splice.save)
        files = {name: pdf, **{image_file(job.key, m.anchor): png
                               for m, png in zip(made, pngs, strict=bool(pngs))}}
        return Rendered(files, {name: len(items)},
                        note="; ".join([f"{len(pngs)} images", *map(str, shrunk)]))



TARGET: Target[PrintshopOptions] = Printshop()
