"""Print-and-cut deck PDFs: one per deck, one joining them all, and the duplex calibration page.

Each deck's faces are laid out once, one card per page (publish.render.facedoc), and
placed on the sheets; a deck whose cards alone changed has only their faces laid
out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from publish.core.problems import OptionError, did_you_mean
from publish.model.game import BACKS, Game, game_files
from publish.model.inputs import Inputs
from publish.render.decks import DeckOptions, SheetSpec, calibration_html, lay_out_sheets
from publish.render.geometry import CARD_SIZES, pick_layout
from publish.render.pdf import render, write_pdf
from publish.render.splice import join_pdfs, page_count
from publish.targets.base import Job, Joining, Rendered, Work, edition_store, output_dir
from publish.targets.options import check_choices, option, paper_option


def parse_offset(text: str) -> tuple[float, float]:
    """The offset read on the calibration page, as --back-offset writes it: X,Y in mm."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError("write it as X,Y in millimetres, e.g. 0.5,-1") from None
    return x, y


@dataclass(frozen=True)
class DecksOptions:
    """What `publish build decks` is asked for; ``for_edition`` resolves it into the
    renderer's DeckOptions."""

    paper: str = paper_option()
    size: str | None = option(None, choices=tuple(CARD_SIZES), help="Card size.",
                              default_text="the game's print.default_size")
    bw: bool = option(False, help="Black-and-white printer-friendly variant.")
    proof: bool = option(False, help="Draw the trim, the bleed and the safe zone over every "
                         "card, to check a design (not to print), written as NAME-proof.pdf.")
    backs: str | None = option(None, choices=tuple(BACKS),
                               help="Backs: none, for a duplex flip on the long or short "
                                    "edge, or to fold.",
                               default_text="the game's print.backs, else none")
    back_offset: tuple[float, float] = option(
        (0.0, 0.0), metavar="X,Y", parse=parse_offset, default_text="0,0",
        help="Offset read on the calibration page (mm); backs are moved to cancel it.")
    players: int | None = option(None, metavar="N",
                                 help="Print per-player copies for N players (files named "
                                      "-Np unless N is the game's usual number).",
                                 default_text="the game's players.default, else its fewest")
    only: tuple[str, ...] = option((), flag="--deck", metavar="ID",
                                   help="Only this deck (repeat for more); no decks-all PDF.",
                                   default_text="every deck")
    layout: str | None = option(None, metavar="ID",
                                help="Sheet layout (publish/data/layouts.yaml or the game's "
                                     "layouts/): grid, gaps, margins, crop marks; "
                                     "`publish layouts` lists them.",
                                default_text="the default for the paper, size and backs")

    def __post_init__(self) -> None:
        check_choices(self)

    def for_edition(self, game: Game, locale: str) -> DeckOptions:
        """The options the decks of ``game``'s edition ``locale`` are laid out with."""
        return DeckOptions(paper=self.paper, size=self.size, bw=self.bw, backs=self.backs,
                           back_offset=self.back_offset, only=self.only, proof=self.proof,
                           layout=self.layout, locale=locale, players=self.players
                           ).for_game(game)


def deck_file(deck: str, options: DeckOptions) -> str:
    return f"deck-{deck}{options.suffix}.pdf"


def all_decks_file(options: DeckOptions) -> str:
    return f"decks-all{options.suffix}.pdf"


def calibration_file(options: DeckOptions) -> str:
    return f"calibration-{options.paper}-{options.backs}.pdf"


def chosen_decks(game: Game, options: DeckOptions) -> list[str]:
    """The decks ``options`` ask for (--deck), in the game's order; all if none named."""
    return named_decks(game, options.only)


def named_decks(game: Game, only: tuple[str, ...]) -> list[str]:
    """The decks named with --deck (``only``), in the game's order; all if none is named; an
    unknown one is an OptionError naming the closest and the game's decks."""
    for deck in only:
        if deck not in game.config.decks:
            raise OptionError(f"--deck {deck}: {game.id} has no such deck"
                              f"{did_you_mean(deck, game.config.decks)}; its decks: "
                              f"{', '.join(game.config.decks)}")
    return [d for d in game.config.decks if not only or d in only]


class Decks:
    """deck-<deck>.pdf per deck, decks-all.pdf (not with --deck), and
    calibration-<paper>-<flip>.pdf (duplex, with --deck too)."""

    name = "decks"
    description = "Print-and-cut deck PDFs: one per deck and one with all decks."
    in_default_build = True
    parallel = True
    options = DecksOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str, chosen: DecksOptions) -> list[Job]:
        game, options = work.game, chosen.for_edition(work.game, locale)
        # a --layout for other sheets is refused once, here, not by every deck's job
        pick_layout(game.root, options.paper, options.chosen_size, options.backs == "fold",
                    options.layout)
        common = {**inputs.common(locale), **inputs.layouts()}
        jobs = []
        for deck in chosen_decks(game, options):
            cards = game.deck_cards(deck)
            jobs.append(Job(self.name, locale, (deck_file(deck, options),),
                            {**common, **inputs.order(deck),
                             **inputs.cards((c.number for c in cards), locale)},
                            options, key=deck, cost=sum(c.copies[deck] for c in cards),
                            paged=True, noun="deck"))
        # a deck printed duplex alone needs its backs lined up as much as all decks do
        if options.backs in ("long-edge", "short-edge"):
            jobs.append(Job(self.name, locale, (calibration_file(options),), common, options,
                            key="calibration", noun="calibration sheet"))
        if options.only:  # some decks alone: no PDF joining every deck
            return jobs
        jobs.append(Job(self.name, locale, (all_decks_file(options),),
                        {**common, **inputs.cards((c.number for c in game.cards), locale)}, options,
                        key="all", final=True, noun="decks-all"))
        return jobs

    def render(self, work: Work, job: Job) -> Rendered:
        context = work.edition(job.locale)
        name = job.outputs[0]
        if job.key == "calibration":
            document = render(calibration_html(context, job.options), work.project,
                              "calibration", game_files(context.game))
            return Rendered({name: write_pdf(document, "calibration")}, {name: len(document.pages)})
        config = context.game.config
        spec = SheetSpec(f"{config.name} · {config.decks[job.key].name}", (job.key,),
                         job.options)
        sheets = lay_out_sheets(context, spec, edition_store(work, job), job.inputs, job.forced,
                                work.build)
        return Rendered({name: sheets.pdf}, {name: sheets.pages},
                        note="; ".join(map(str, sheets.shrunk)))

    def finish(self, work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        """decks-all from the per-deck PDFs, just made or as they are on disk."""
        out = output_dir(work.project, work.game.id, job.locale)
        names = [deck_file(deck, job.options) for deck in work.game.config.decks]
        pdfs = [made[n] if n in made else (out / n).read_bytes() for n in names]
        name = job.outputs[0]
        joined = join_pdfs(pdfs, work.game.config.name, saved=True)  # each by splice.save
        return Rendered({name: joined}, {name: sum(map(page_count, pdfs))})


TARGET: Joining[DecksOptions] = Decks()
