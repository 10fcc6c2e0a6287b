"""The review gallery: gallery/index.html, an image per card and a contact sheet per deck.

Not part of `publish build` with no target: it is for reviewing, asked for
by name (`publish build gallery`).
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.gallery import DPI, contact_sheet, gallery_context, has_own_back
from publish.render.printshop import (
    PageSpec,
    item_card,
    pixels,
    rasterise,
    single_pdf,
    trimmed_service,
)
from publish.targets.base import Job, Joining, Rendered, Work, output_dir

FOLDER = "gallery"


@dataclass(frozen=True)
class GalleryOptions:
    """The gallery's settings: the resolution of its pictures, which no command offers."""

    dpi: int = DPI


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
        index = Job(self.name, locale, (f"{FOLDER}/index.html",), every, options, key="index",
                    final=True)
        return [index] + [
            Job(self.name, locale, (f"{FOLDER}/contact-{deck}.png",),
                {**common, **inputs.order(deck),
                 **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                options, key=deck, cost=len(game.deck_cards(deck)))
            for deck in game.config.decks]

    def render(self, work: Work, job: Job) -> Rendered:
        """A deck's faces, one PNG per card whose image this deck gives, and its contact sheet."""
        context, deck = work.edition(job.locale), job.key
        game = context.game
        service = trimmed_service(game, job.options.dpi)
        pdf, items = single_pdf(context, PageSpec(deck, service))
        pngs = rasterise(pdf, job.options.dpi, pixels(service))
        pages = list(zip(items, pngs, strict=True))
        faces = [(item.card.number, png) for item, png in pages
                 if item.card is not None and not item.back]
        copies = {card.number: card.copies[deck] for card in game.deck_cards(deck)}
        first = first_decks(game)
        files = {f"{FOLDER}/images/{number}.png": png
                 for number, png in faces if first.get(number) == deck}
        own = {card.number for card in game.deck_cards(deck) if has_own_back(card)}
        files.update({f"{FOLDER}/images/{number}-back.png": png for item, png in pages
                      if item.back and (number := item_card(item)) in own
                      and first.get(number) == deck})
        name = job.outputs[0]
        files[name] = contact_sheet(work.project, game.config.decks[deck].name, faces, copies)
        return Rendered(files, {name: 1}, note=f"{len(faces)} faces")

    def finish(self, work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        """The page, showing the cards whose images exist; images of cards gone are removed."""
        context = work.edition(job.locale)
        game = context.game
        folder = output_dir(work.project, game.id, job.locale) / FOLDER
        decks_of = {card.number: [d for d in game.config.decks if d in card.copies]
                    for card in game.cards if card.copies}
        shown = {n: d for n, d in decks_of.items() if f"{FOLDER}/images/{n}.png" in made
                 or (folder / "images" / f"{n}.png").is_file()}
        backs = {c.number for c in game.cards if c.number in shown and has_own_back(c)
                 and (f"{FOLDER}/images/{c.number}-back.png" in made
                      or (folder / "images" / f"{c.number}-back.png").is_file())}
        images = {f"images/{n}.png" for n in shown} | {f"images/{n}-back.png" for n in backs}
        stale = [f"{FOLDER}/{p.relative_to(folder).as_posix()}"
                 for pattern, keep in (("images/*.png", images),
                                       ("contact-*.png", {f"contact-{d}.png"
                                                          for d in game.config.decks}))
                 for p in folder.glob(pattern) if p.relative_to(folder).as_posix() not in keep]
        service = trimmed_service(game, job.options.dpi)
        html = context.env.get_template("gallery.html.j2").render(
            lang=job.locale, **gallery_context(game, shown, pixels(service), backs))
        name = job.outputs[0]
        return Rendered({name: html.encode("utf-8")}, {name: 1}, remove=stale,
                        note=f"{len(shown)} cards, {len(game.config.decks)} contact sheets")


TARGET: Joining[GalleryOptions] = Gallery()
