"""Print-shop files, per service and deck, in the service's own folder: printshop/<service>/.

Every page is placed from the deck's face document (publish.render.facedoc),
which the decks share when the service's card is close enough to the game's.
A service that takes images (The Game Crafter, MakePlayingCards) gets a PNG or
JPEG per card side at its pixel size, beside a proof PDF of the deck one card
per page; a deck whose cards alone changed has only their faces laid out and
rasterised again.  A service that takes PDFs (DriveThruCards, a European
PDF/X-4 printer) gets them in its page order, converted to CMYK and made
PDF/X when it asks (publish.render.printpdf).  Every file is preflighted
against the service's data before it is written (publish.checks.preflight):
one the service would refuse fails the build, naming the card.  Images of
cards that no longer exist are removed: only files this target listed as
written in the folder's record (``.<deck>.written``), never anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from publish.checks.preflight.service import check_made, image_expectation, pdf_expectation
from publish.core.problems import OptionError
from publish.model.copies import players_for, players_suffix
from publish.model.game import Game
from publish.model.inputs import Inputs, digest
from publish.model.services import Service as PrintService
from publish.model.services import load_services, package_services
from publish.render.fit import Shrunk
from publish.render.place import single_pdf
from publish.render.printpdf import print_ready
from publish.render.printshop import (
    Ink,
    Item,
    PageSpec,
    item_card,
    product_box,
    rasterise,
)
from publish.targets.base import Job, Rendered, Target, Work, edition_store, output_dir
from publish.targets.options import option

FOLDER = "printshop"


@dataclass(frozen=True)
class PrintshopOptions:
    """What `publish build printshop` was asked for."""

    service: str = option(
        "tgc", metavar="ID",
        help=f"The print service: {', '.join(package_services())}, or one of the game's own "
             "(services/<id>.yaml in its folder); docs/print-services.md.")
    images: bool = option(True, help="For a service that takes images: write them (else "
                                     "only the proof PDF).")
    players: int | None = option(None, metavar="N",
                                 help="For a service that prints every copy: per-player copies "
                                      "for N players (files named -Np unless N is the game's "
                                      "usual number).",
                                 default_text="the game's players.default, else its fewest")


def service_of(game: Game, options: PrintshopOptions) -> PrintService:
    """The service ``options`` name, among the package's and the game's own; OptionError
    naming those there are when it is none of them (ProblemsFound, located, when a service
    file is wrong)."""
    services = load_services(game.root)
    if options.service not in services:
        raise OptionError(f"unknown service {options.service!r}: {', '.join(services)}")
    return services[options.service]


def players_of(game: Game, service: PrintService, options: PrintshopOptions) -> int:
    """The players whose per-player copies the files print; OptionError for --players other
    than the game's usual number when the service prints each card once (the files would be
    the same)."""
    players = players_for(game, options.players)
    if players_suffix(game, players) and service.spec.files.copies == "distinct":
        raise OptionError(f"--players {players}: {service.name} prints each card once, "
                          "whatever its copies, so its files are the same for any number of "
                          "players")
    return players


def image_name(service: PrintService, deck: str, side: str, card: str) -> str:
    """Where an image of a card side goes, under the edition's folder."""
    files = service.spec.files
    stem = files.name.format(deck=deck, side=side, card=card)
    return f"{FOLDER}/{service.id}/{stem}.{'jpg' if files.form == 'jpeg' else 'png'}"


def proof_file(service: PrintService, deck: str) -> str:
    """The proof PDF of a deck for a service that takes images: one card per page."""
    return f"{FOLDER}/{service.id}/{deck}.pdf"


def pdf_files(service: PrintService, deck: str) -> tuple[str, ...]:
    """The PDFs of a deck for a service that takes PDFs: one, or fronts and backs apart."""
    files = service.spec.files
    sides = ("front", "back") if files.sides == "separate" else ("cards",)
    return tuple(f"{FOLDER}/{service.id}/{files.name.format(deck=deck, side=s, card='')}.pdf"
                 for s in sides)


def written_record(service: PrintService, deck: str) -> str:
    """The list of images this target wrote for a deck: what it may remove later."""
    return f"{FOLDER}/{service.id}/.{deck}.written"


def item_image(service: PrintService, deck: str, item: Item) -> str:
    """The image file of one page of a deck's proof."""
    if not item.back and item.card is not None:
        return image_name(service, deck, "front", item.card.number)
    return image_name(service, deck, "back", item_card(item) or deck)


class Printshop:
    """printshop/<service>/: per deck, the service's images and a proof PDF, or its PDFs."""

    name = "printshop"
    description = ("Print-shop files for a print service (--service): images per card or "
                   "PDFs per deck, CMYK PDF/X where the service asks.")
    in_default_build = True
    parallel = True
    options = PrintshopOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str,
             options: PrintshopOptions) -> list[Job]:
        game, common = work.game, inputs.common(locale)
        service = service_of(game, options)
        size = game.config.print.default_size
        service.product(size, game.config_source.locate(("print", "default_size")))
        own = {"service": digest([service.path.read_bytes()])}
        profile = service.spec.colour.profile
        if profile is not None and (game.root / profile).is_file():  # the printer's, if named
            own["profile"] = digest([(game.root / profile).read_bytes()])
        image_form = service.spec.files.form != "pdf"
        tail = players_suffix(game, players_of(game, service, options))
        return [Job(self.name, locale,
                    (proof_file(service, deck),) if image_form
                    else pdf_files(service, deck + tail),
                    {**common, **own, **inputs.order(deck),
                     **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                    options, key=deck, cost=len(game.deck_cards(deck)), paged=image_form)
                for deck in game.config.decks]

    def render(self, work: Work, job: Job) -> Rendered:
        context = work.edition(job.locale)
        service = service_of(context.game, job.options)
        if service.spec.files.form == "pdf":
            return self._pdfs(work, job, service)
        return self._images(work, job, service)

    def _images(self, work: Work, job: Job, service: PrintService) -> Rendered:
        context = work.edition(job.locale)
        game = context.game
        product = service.spec.products[game.config.print.default_size]
        name = job.outputs[0]
        spec = PageSpec(job.key, product_box(service.name, product))
        out = output_dir(work.project, game.id, job.locale)
        shrunk: list[Shrunk] = []
        pdf, items = single_pdf(context, spec, shrunk, edition_store(work, job), job.inputs,
                                  job.forced, work.build)
        # only the changed cards' images are made again when the proof is there to show the rest
        made = ([i for i in items if item_card(i) in job.cards]
                if job.cards and (out / name).is_file() else items)
        files = service.spec.files
        at = [items.index(m) for m in made]
        images = (rasterise(pdf, product.dpi, product.pixels, form=files.form,
                            quality=files.jpeg_quality, pages=at) if job.options.images else [])
        written = {item_image(service, job.key, m): image
                   for m, image in zip(made, images, strict=bool(images))}
        proof, picture = pdf_expectation(service, product, proof=True), image_expectation(product)
        check_made({name: pdf, **written}, lambda n: proof if n == name else picture,
                   out, job.key)
        wanted = ([item_image(service, job.key, item) for item in items]
                  if job.options.images else [])
        record = written_record(service, job.key)
        stale = sorted(set(_listed(out, record, service)) - set(wanted))
        files_out = {name: pdf, **written,
                     record: "".join(f"{n}\n" for n in wanted).encode("utf-8")}
        return Rendered(files_out, {name: len(items)}, remove=stale,
                        note="; ".join([f"{len(images)} images",
                                        *([f"{len(stale)} stale removed"] if stale else []),
                                        *map(str, shrunk)]))

    def _pdfs(self, work: Work, job: Job, service: PrintService) -> Rendered:
        context = work.edition(job.locale)
        game = context.game
        product = service.spec.products[game.config.print.default_size]
        files = service.spec.files
        box = product_box(service.name, product)
        parts = ("fronts", "backs") if files.sides == "separate" else ("all",)
        ink: Ink = "cmyk-flat" if service.spec.pdf == "pdf/x-1a" else (
            "cmyk" if service.cmyk else "rgb")
        made: dict[str, bytes] = {}
        pages: dict[str, int] = {}
        shrunk: list[Shrunk] = []
        store = edition_store(work, job)
        for name, part in zip(job.outputs, parts, strict=True):
            spec = PageSpec(job.key, box, files.sides, files.copies, part,  # type: ignore[arg-type]
                            ink=ink, players=players_of(game, service, job.options))
            pdf, items = single_pdf(context, spec, shrunk, store, job.inputs, job.forced,
                                    work.build)
            made[name] = print_ready(pdf, service, items, game.root, work.project,
                                     f"deck {job.key} ({service.id})")
            pages[name] = len(items)
        expected = pdf_expectation(service, product)
        check_made(made, lambda _: expected, output_dir(work.project, game.id, job.locale),
                   job.key)
        note = f"{sum(pages.values())} pages for {service.name}"
        return Rendered(made, pages, note="; ".join([note, *map(str, shrunk)]))


def _listed(out: Path, record: str, service: PrintService) -> list[str]:
    """The files a deck's record says this target wrote, kept to the service's folder."""
    path = out / record
    if not path.is_file():
        return []
    folder = f"{FOLDER}/{service.id}/"
    return [line for line in path.read_text("utf-8").splitlines()
            if line.startswith(folder) and ".." not in line.split("/")]


TARGET: Target[PrintshopOptions] = Printshop()
