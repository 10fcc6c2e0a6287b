"""The review gallery: gallery/index.html, an image per card and a contact sheet per deck.

Not part of `publish build` with no target: it is for reviewing, asked for
by name (`publish build gallery`).
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.gallery import DPI, contact_sheet, gallery_context, has_own_back
from publish.render.place import single_pdf
from publish.render.printshop import (
    PageSpec,
    Service,
    item_card,
    pixels,
    proof_service,
    rasterise,
    trimmed_service,
)
from publish.targets.base import Job, Joining, Rendered, Work, edition_store, output_dir
from publish.targets.options import option

FOLDER = "gallery"
PROOF_FOLDER = "gallery-proof"


@dataclass(frozen=True)
class GalleryOptions:
    """The gallery's settings: whether the faces show the proof guides (--proof), and the
    resolution of its pictures, which no command offers."""

    dpi: int = DPI
    proof: bool = option(False, help="Every face with its bleed, and the trim, the bleed and "
                         "the safe zone drawn over it, in gallery-proof/.")

    @property
    def folder(self) -> str:
        """The gallery's folder: a proof gallery never replaces the plain one."""
        return PROOF_FOLDER if self.proof else FOLDER

    def service(self, game: Game) -> Service:
        """The card box the faces are laid out at: trimmed, or with the bleed for a proof."""
        return (proof_service if self.proof else trimmed_service)(game, self.dpi)


def first_decks(game: Game) -> dict[str, str]:
    """Each card's image is its face in the first deck (game.yaml's order) that holds it."""
    return {card.number: next(d for d in game.config.decks if d in card.copies)
            for card in game.cards if card.copies}


class Gallery:
    """gallery/index.html, gallery/images/<number>.png, gallery/contact-<deck>.png."""

    name = "gallery"
    description = ("A review page of every card face, filterable by deck, group and kind, and "
                   "a contact-sheet PNG per deck (build/<game>/<locale>/gallery/).")
    in_default_build = False
    parallel = True
    options = GalleryOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: GalleryOptions) -> list[Job]:
        game, common = work.game, inputs.common(locale)
        every = {**common, **inputs.cards((c.number for c in game.cards), locale)}
        folder = options.folder
        index = Job(self.name, locale, (f"{folder}/index.html",), every, options, key="index",
                    final=True)
        return [index] + [
            Job(self.name, locale, (f"{folder}/contact-{deck}.png",),
                {**common, **inputs.order(deck),
                 **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                options, key=deck, cost=len(game.deck_cards(deck)))
            for deck in game.config.decks]

    def render(self, work: Work, job: Job) -> Rendered:
        """A deck's faces, one PNG per card whose image this deck gives, and its contact sheet."""
        context, deck = work.edition(job.locale), job.key
        game, folder = context.game, job.options.folder
        service = job.options.service(game)
        pdf, items = single_pdf(context, PageSpec(deck, service, proof=job.options.proof), None,
                                edition_store(work, job), job.inputs, job.forced, work.build)
        pngs = rasterise(pdf, job.options.dpi, pixels(service))
        pages = list(zip(items, pngs, strict=True))
        faces = [(item.card.number, png) for item, png in pages
                 if item.card is not None and not item.back]
        copies = {card.number: card.copies[deck] for card in game.deck_cards(deck)}
        first = first_decks(game)
        files = {f"{folder}/images/{number}.png": png
                 for number, png in faces if first.get(number) == deck}
        own = {card.number for card in game.deck_cards(deck) if has_own_back(card)}
        files.update({f"{folder}/images/{number}-back.png": png for item, png in pages
                      if item.back and (number := item_card(item)) in own
                      and first.get(number) == deck})
        name = job.outputs[0]
        files[name] = contact_sheet(work.project, game.config.decks[deck].name, faces, copies)
        return Rendered(files, {name: 1}, note=f"{len(faces)} faces")

    def finish(self, work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        """The page, showing the cards whose images exist; images of cards gone are removed."""
        context = work.edition(job.locale)
        game, name = context.game, job.options.folder
        folder = output_dir(work.project, game.id, job.locale) / name
        decks_of = {card.number: [d for d in game.config.decks if d in card.copies]
                    for card in game.cards if card.copies}
        shown = {n: d for n, d in decks_of.items() if f"{name}/images/{n}.png" in made
                 or (folder / "images" / f"{n}.png").is_file()}
        backs = {c.number for c in game.cards if c.number in shown and has_own_back(c)
                 and (f"{name}/images/{c.number}-back.png" in made
                      or (folder / "images" / f"{c.number}-back.png").is_file())}
        images = {f"images/{n}.png" for n in shown} | {f"images/{n}-back.png" for n in backs}
        stale = [f"{name}/{p.relative_to(folder).as_posix()}"
                 for pattern, keep in (("images/*.png", images),
                                       ("contact-*.png", {f"contact-{d}.png"
                                                          for d in game.config.decks}))
                 for p in folder.glob(pattern) if p.relative_to(folder).as_posix() not in keep]
        html = context.env.get_template("gallery.html.j2").render(
            lang=job.locale, **gallery_context(game, shown, pixels(job.options.service(game)),
                                               backs))
        index = job.outputs[0]
        return Rendered({index: html.encode("utf-8")}, {index: 1}, remove=stale,
                        note=f"{len(shown)} cards, {len(game.config.decks)} contact sheets")


TARGET: Joining[GalleryOptions] = Gallery()
