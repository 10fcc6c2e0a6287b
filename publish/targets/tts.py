"""Tabletop Simulator: per deck, face sheets and a back; for the game, a saved object.

``build/<game>/<locale>/tts/`` holds ``<deck>-faces-<n>.png`` (a Custom Deck's
face sheet, at most 10 x 7 cards), ``<deck>-back.png``, and the saved object
``<game>-<locale>.json`` with its thumbnail ``<game>-<locale>.png``: every deck
side by side, named, each copy a card.  The JSON finds the images at their
``file:///`` paths in this folder, or under ``--base-url`` once they are hosted.

Not part of `publish build` with no target: which addresses the saved object
gives is a choice made when asking for it (local paths are only good on the
machine that built it), and it rasterises every card once more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote, urlsplit, urlunsplit

from publish.core.problems import OptionError
from publish.model.copies import player_range, players_for, players_suffix
from publish.model.game import Game
from publish.model.inputs import Inputs
from publish.render.faces import deck_context
from publish.render.place import single_pdf
from publish.render.printshop import (
    INCH,
    Item,
    PageSpec,
    item_card,
    rasterise,
    trimmed_service,
)
from publish.render.tts import (
    Sheet,
    back_image,
    cell_size,
    face_sheet,
    own_backs,
    sheets,
    thumbnail,
)
from publish.render.ttsobject import Addresses, saved_object
from publish.targets.base import Job, Joining, Rendered, Work, edition_store, output_dir
from publish.targets.options import option

FOLDER = "tts"


@dataclass(frozen=True)
class TtsOptions:
    """What `publish build tts` was asked for."""

    base_url: str = option("", metavar="URL", help="Address the images will be hosted under.",
                           default_text="their file:/// paths")
    """Where the images will be hosted ('' : their file:/// paths on this machine)."""
    width: int | None = option(None, flag="--card-width", metavar="PX",
                               help="A card's width on the sheets.",
                               default_text="the widest a 4096 px sheet allows")
    """A card's width on the sheets, in px (None: the widest a 4096 px sheet allows)."""
    players: int | None = option(None, metavar="N",
                                 help="Put per-player copies in the saved object for N "
                                      "players (named -Np unless N is the game's usual "
                                      "number).",
                                 default_text="the game's players.default, else its fewest")
    """The players the saved object's per-player copies are for (None: the game's usual)."""

    def __post_init__(self) -> None:
        if self.base_url:
            parts = urlsplit(self.base_url)
            if (parts.scheme not in ("http", "https") or not parts.netloc
                    or any(c.isspace() for c in parts.netloc)):
                raise OptionError(f"--base-url {self.base_url!r} is not an http(s) address, "
                                  "e.g. https://example.org/tidewatch/")
            object.__setattr__(self, "base_url", web_address(self.base_url))


def web_address(url: str) -> str:
    """``url`` as a saved object must hold it: its path percent-encoded (a space as %20;
    what is encoded already stays as it is) and ending in a slash, for file names to follow."""
    parts = urlsplit(url)
    path = quote(parts.path, safe="/%:@!$&'()*+,;=~")
    return urlunsplit(parts._replace(path=path if path.endswith("/") else path + "/"))


def sheet_file(sheet: Sheet) -> str:
    return f"{sheet.deck}-faces-{sheet.index}.png"


def back_file(deck: str) -> str:
    return f"{deck}-back.png"


def backs_file(sheet: Sheet) -> str:
    """A sheet's sheet of backs, for a deck whose cards do not share one back."""
    return f"{sheet.deck}-backs-{sheet.index}.png"


def sheet_files(game: Game, deck: str, laid: list[Sheet]) -> list[str]:
    """The images a deck's job writes: its back, its face sheets and, where its cards do not
    share one back, their sheets of backs."""
    unique = own_backs(game, deck)
    return [f"{FOLDER}/{back_file(deck)}",
            *(f"{FOLDER}/{name}" for sheet in laid
              for name in ((sheet_file(sheet), backs_file(sheet)) if unique
                           else (sheet_file(sheet),)))]


def object_file(game: Game, locale: str, suffix: str = "json", players: str = "") -> str:
    """The saved object's file (or its thumbnail's, ``suffix`` png); ``players``: the -Np of
    a build for other than the game's usual number of players."""
    return f"{game.id}-{locale}{players}.{suffix}"


def trim(game: Game, locale: str) -> tuple[float, float]:
    """The game's card, trimmed, in millimetres."""
    size = trimmed_service(game).trim
    return size[0], size[1]


class Tts:
    """tts/<deck>-faces-<n>.png and tts/<deck>-back.png per deck; tts/<game>-<locale>.json."""

    name = "tts"
    description = ("Tabletop Simulator: face sheets and a back per deck, and a saved object "
                   "laying the decks out on the table (build/<game>/<locale>/tts/).")
    in_default_build = False
    parallel = True
    options = TtsOptions

    def applies(self, game: Game) -> bool:
        return bool(game.config.decks)

    def jobs(self, work: Work, inputs: Inputs, locale: str, options: TtsOptions) -> list[Job]:
        game, common = work.game, inputs.common(locale)
        cell = cell_size(trim(game, locale), options.width)
        size = {"cell": f"{cell[0]}x{cell[1]}"}
        laid = sheets(game)
        jobs = [Job(self.name, locale, tuple(sheet_files(game, deck, laid[deck])),
                    {**common, **size, **inputs.order(deck),
                     **inputs.cards((c.number for c in game.deck_cards(deck)), locale)},
                    options, key=deck, cost=len(game.deck_cards(deck)))
                    for deck in game.config.decks if laid[deck]]
        addresses = {"addresses": options.base_url or self.local(work, locale).base}
        orders = {f"order {deck}": inputs.order(deck)["order"] for deck in game.config.decks}
        every = inputs.cards((c.number for c in game.cards if c.copies), locale)
        tail = players_suffix(game, players_for(game, options.players))
        jobs.append(Job(self.name, locale, (f"{FOLDER}/{object_file(game, locale, 'json', tail)}",
                                            f"{FOLDER}/{object_file(game, locale, 'png', tail)}"),
                        {**common, **size, **addresses, **orders, **every}, options,
                        key="object", final=True, noun="tts saved object"))
        return jobs

    @staticmethod
    def local(work: Work, locale: str) -> Addresses:
        folder = (output_dir(work.project, work.game.id, locale) / FOLDER).resolve()
        return Addresses("file:///" + folder.as_posix().lstrip("/") + "/")

    def render(self, work: Work, job: Job) -> Rendered:
        """A deck's distinct cards, their backs and the deck's back, rasterised once at the
        size of a cell, then put on its sheets."""
        context, deck = work.edition(job.locale), job.key
        game = context.game
        card = trim(game, job.locale)
        cell = cell_size(card, job.options.width)
        dpi = cell[0] / (card[0] / INCH)
        service = trimmed_service(game, dpi)
        unique = own_backs(game, deck)
        # the cards' own backs are listed; the deck's, for the thumbnail, is added
        extra = [Item(None, deck_context(game, deck), f"back-{deck}", shared=True)] \
            if unique else []
        pdf, items = single_pdf(context, PageSpec(deck, service), None, edition_store(work, job),
                                job.inputs, job.forced, work.build, extra)
        pngs = list(zip(items, rasterise(pdf, dpi), strict=True))
        faces = {item.card.number: png for item, png in pngs
                 if item.card is not None and not item.back}
        backs = {number: png for item, png in pngs
                 if item.back and not item.shared and (number := item_card(item))}
        back = next(png for item, png in pngs if item.shared)
        files = {f"{FOLDER}/{back_file(deck)}": back_image(back, cell)}
        laid = sheets(game)[deck]
        for sheet in laid:
            files[f"{FOLDER}/{sheet_file(sheet)}"] = face_sheet(sheet, faces, cell)
            if unique:
                files[f"{FOLDER}/{backs_file(sheet)}"] = face_sheet(sheet, backs, cell)
        return Rendered(files, {name: 1 for name in files},
                        note=f"{len(faces)} cards on {len(laid)} sheet(s) of "
                             f"{cell[0]} x {cell[1]} px cards")

    def finish(self, work: Work, job: Job, made: dict[str, bytes]) -> Rendered:
        """The saved object and its thumbnail; images of sheets no longer made are removed."""
        game = work.edition(job.locale).game
        laid = sheets(game)
        addresses = (Addresses(job.options.base_url) if job.options.base_url
                     else self.local(work, job.locale))
        data = saved_object(game, laid, trim(game, job.locale), sheet_file, back_file,
                            addresses, players_for(work.game, job.options.players),
                            lambda sheet: backs_file(sheet) if own_backs(game, sheet.deck)
                            else None)
        folder = output_dir(work.project, game.id, job.locale) / FOLDER
        backs = [f"{FOLDER}/{back_file(deck)}" for deck in laid if laid[deck]]
        picture = thumbnail([made[name] if name in made else (folder.parent / name).read_bytes()
                             for name in backs])
        fewest, most = player_range(game)
        objects = {f"{FOLDER}/{object_file(game, job.locale, kind, players_suffix(game, n))}"
                   for n in range(fewest, most + 1) for kind in ("json", "png")}
        keep = {*job.outputs, *objects, *backs, *(name for deck, found in laid.items()
                                                  for name in sheet_files(game, deck, found))}
        stale = [f"{FOLDER}/{p.name}" for p in sorted(folder.glob("*"))
                 if p.suffix in (".png", ".json") and f"{FOLDER}/{p.name}" not in keep]
        json_name, png_name = job.outputs
        files = {json_name: (json.dumps(data, ensure_ascii=False, indent=1) + "\n")
                 .encode("utf-8"), png_name: picture}
        cards = sum(len(deck["ContainedObjects"]) if "ContainedObjects" in deck else 1
                    for deck in data["ObjectStates"])
        return Rendered(files, {json_name: 1, png_name: 1}, remove=stale,
                        note=f"{len(data['ObjectStates'])} decks, {cards} cards, "
                             f"{sum(map(len, laid.values()))} sheets")


TARGET: Joining[TtsOptions] = Tts()
