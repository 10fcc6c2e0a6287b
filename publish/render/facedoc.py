"""Each face of a deck laid out once: one card per page with its full bleed, one document.

A deck's distinct faces, then its backs, are laid out one per page at a card
box (trim and bleed), in one document so that their font subsets are shared.
That document is the source of every output that shows the cards: the
print-and-cut sheets place its pages (publish.render.place), the print-shop
files are its pages in a service's order, and the images are rasterised from
it.  Copies are never laid out twice.

The document is kept between builds (``FaceStore``) with a record of what it
was made from: the edition's common inputs, its pages and each card's digest.
A build lays out again only the faces whose card changed (in the source or in
its translation) and puts them into the kept document (publish.render.splice),
so that a one-card edit lays out one face; anything else that changed (a
template, a font, a card added) lays the document out whole.  The faces laid
out again are told which glyphs the other pages draw, so that their font
subsets serve the whole document even where the edit draws a glyph new to it
or no longer draws one (publish.render.subsets).
Spliced or whole, its bytes are the same, and so are those of the outputs placed
from it.
"""

from __future__ import annotations

import fcntl
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from functools import cached_property
from pathlib import Path

from publish.core.atomic import WriteFailed, write_atomic
from publish.i18n.catalog import CARD_MESSAGES, CARDS
from publish.model.game import CARD_SIZES, Card, Game
from publish.model.inputs import COMMON_INPUTS, card_digest, digest
from publish.model.services import load_services
from publish.render.edition import EditionContext
from publish.render.faces import Back, DeckBack, Face, deck_context
from publish.render.fit import Shrunk
from publish.render.printshop import Ink, Item, ItemPages, Service, items_pdf
from publish.render.splice import SpliceError, canonical, replace_pages
from publish.render.subsets import GlyphSeed, glyph_seed

FOLDER = Path("build") / ".cache" / "faces"
"""Where face documents are kept, per game and edition, under the project."""


@dataclass(frozen=True)
class FaceSet:
    """Which layout of a deck's faces: the card box they are laid out at (trim and bleed, in
    mm), the card size whose type sizes they take, greyscale, and how their colours print."""

    deck: str
    box: Service
    size: str
    bw: bool = False
    ink: Ink = "rgb"
    proof: bool = False
    """The proof guides drawn over every face (publish.render.faces.FaceStyle.proof)."""

    @property
    def key(self) -> str:
        """A file name for this layout, different for every layout that draws otherwise."""
        w, h = self.box.trim
        parts = [self.deck, self.size, f"{w:g}x{h:g}", f"b{self.box.bleed:g}",
                 *(["bw"] if self.bw else []), *([self.ink] if self.ink != "rgb" else []),
                 *(["proof"] if self.proof else [])]
        return "-".join(parts)


@dataclass(frozen=True)
class FaceDoc:
    """A deck's faces and backs laid out, one per page: the PDF, and each page's anchor
    (``card-<number>``, ``back-<id>``, ``back-face-<number>``) in page order."""

    pdf: bytes
    anchors: tuple[str, ...]
    box: Service
    """The card box the faces are laid out at (trim and bleed)."""
    laid_out: int = 0
    """How many pages this build laid out (0: the kept document was still true)."""
    shrunk: tuple[Shrunk, ...] = ()

    @cached_property
    def pages(self) -> dict[str, int]:
        """Each anchor's page index."""
        return {anchor: i for i, anchor in enumerate(self.anchors)}


SHARED_WITHIN = 1.0
"""Millimetres by which a print service's trim may differ from the card's on each side and
still take the card's own layout, centred: the difference comes out of the bleed (a cut is
never truer than that, which is why services keep a safe zone)."""


def shares_layout(card: tuple[float, float], trim: tuple[float, float]) -> bool:
    """Whether a service's ``trim`` is close enough to the ``card`` size to take its layout."""
    return all(abs(t - c) / 2 <= SHARED_WITHIN for t, c in zip(trim, card, strict=True))


def face_bleed(game: Game, size: str) -> float:
    """The bleed a card's faces are laid out with at ``size``: the game's, or more where a
    print service with a product of that size takes the same layout and needs more (its
    bleed, plus what its trim exceeds the card by), so one layout serves every output."""
    card = CARD_SIZES[size]
    needs = [game.config.print.bleed_mm]
    for service in load_services(game.root).values():
        product = service.spec.products.get(size)
        if product is not None and shares_layout(card, product.trim_mm):
            needs += [product.bleed_mm + max(0.0, (t - c) / 2)
                      for t, c in zip(product.trim_mm, card, strict=True)]
    return round(max(needs), 3)


def card_faces(game: Game, deck: str, size: str, bw: bool = False, ink: Ink = "rgb",
               proof: bool = False) -> FaceSet:
    """``deck``'s faces at the card ``size`` with the bleed every output needs (face_bleed)."""
    return FaceSet(deck, Service("faces", CARD_SIZES[size], face_bleed(game, size)), size, bw,
                   ink, proof)


def faces_at(game: Game, deck: str, box: Service, ink: Ink = "rgb", proof: bool = False
             ) -> FaceSet:
    """The faces a one-card-per-page document at ``box`` places: the card's own layout
    (card_faces) where the box's trim is close enough to the card's (shares_layout), else a
    layout at the box's own size."""
    size = game.config.print.default_size
    if shares_layout(CARD_SIZES[size], box.trim):
        return card_faces(game, deck, size, ink=ink, proof=proof)
    return FaceSet(deck, box, size, ink=ink, proof=proof)


def face_item(item: Item) -> Item:
    """The face document's page for a page of a print-shop document (a copy, a card's back,
    the deck's back): the face, or the back, with its anchor there."""
    if item.card is not None:
        return Item(item.card, None, side_anchor(item.card))
    assert item.deck is not None
    return Item(None, item.deck, side_anchor(item.deck))


def face_anchor(number: str) -> str:
    return f"card-{number}"


def back_anchor(back_id: str) -> str:
    return f"back-{back_id}"


def back_face_anchor(number: str) -> str:
    return f"back-face-{number}"


def side_anchor(side: Back) -> str:
    """The anchor of a face document's page: a card's face, its second face (a Face whose
    side is "back"), or a back (the deck's, or one of game.yaml's a card names)."""
    if isinstance(side, DeckBack):
        return back_anchor(side.id)
    return back_face_anchor(side.number) if side.side == "back" else face_anchor(side.number)


def face_items(context: EditionContext, deck: str) -> list[Item]:
    """The pages of ``deck``'s face document: each distinct face once in the deck's order,
    then each distinct back once: the deck's (which the virtual table's thumbnail shows,
    even where no card prints it), then each back of game.yaml's its cards
    name and each card's second face, in the order of the cards that print them."""
    faces, backs = context.deck_faces(deck)
    items: dict[str, Item] = {}
    for face in faces:
        items.setdefault(side_anchor(face), Item(face, None, side_anchor(face)))
    if faces:
        own = deck_context(context.game, deck)
        items[side_anchor(own)] = Item(None, own, side_anchor(own))
    for back in backs:
        anchor = side_anchor(back)
        items.setdefault(anchor, Item(back, None, anchor) if isinstance(back, Face)
                         else Item(None, back, anchor))
    return list(items.values())


def lay_out(context: EditionContext, faces: FaceSet, items: Sequence[Item],
            shrunk: list[Shrunk], seed: GlyphSeed | None = None) -> bytes:
    """``items`` laid out one per page at the face set's box (text shrunk where the game
    allows, Overflow naming any card whose text does not fit); ``seed``: the glyphs the
    document's other pages draw, when these pages are to be spliced into it."""
    config = context.game.config
    title = f"{config.name} · {config.decks[faces.deck].name}"
    pages = ItemPages(title, tuple(items), faces.box, faces.deck, faces.ink, faces.size,
                      faces.bw, faces.proof)
    return items_pdf(context, pages, shrunk, seed)


@dataclass(frozen=True)
class FaceStore:
    """Face documents (and the sheets their faces are placed on, laid out without them) kept
    between builds in an edition's output folder, each under a key with the record of what
    it was made from; None as a folder keeps nothing."""

    folder: Path | None

    def kept(self, key: str) -> tuple[bytes, dict] | None:
        """The document and record kept under ``key`` (a FaceSet's), if both are there and
        readable."""
        if self.folder is None:
            return None
        pdf, record = self._paths(key)
        try:
            return pdf.read_bytes(), json.loads(record.read_text("utf-8"))
        except (OSError, ValueError):
            return None

    def reusable(self, key: str, forced: bool, build: str) -> tuple[bytes, dict] | None:
        """What ``kept`` gives, unless ``forced``: then only what this ``build`` (a name for
        one build, publish.targets.base.Work.build) made itself."""
        found = self.kept(key)
        if found is not None and forced and not (build and found[1].get("build") == build):
            return None
        return found

    @contextmanager
    def locked(self, key: str) -> Iterator[None]:
        """Held while the document kept under ``key`` is looked at and made: one process at
        a time."""
        if self.folder is None:
            yield
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / f"{key}.lock", "a+b") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def keep(self, key: str, pdf: bytes, record: dict) -> None:
        """Keep ``pdf`` and its record under ``key`` for the next build; a store that cannot
        be written (a full disk) keeps nothing, and the outputs' own writing says what
        failed."""
        if self.folder is None:
            return
        path, record_path = self._paths(key)
        try:
            record_path.unlink(missing_ok=True)  # no record: what is kept is never trusted
            write_atomic(path, pdf)
            write_atomic(record_path, json.dumps(record, sort_keys=True))
        except (WriteFailed, OSError):
            return

    def _paths(self, key: str) -> tuple[Path, Path]:
        assert self.folder is not None
        return self.folder / f"{key}.pdf", self.folder / f"{key}.json"


NOWHERE = FaceStore(None)
"""Keeps nothing: every face laid out afresh (a test, a one-off document)."""


def store_for(project: Path, game_id: str, locale: str) -> FaceStore:
    """The face documents kept for an edition of a game."""
    return FaceStore(project / FOLDER / game_id / locale)


def card_digests(inputs: Mapping[str, str]) -> dict[str, str]:
    """A job's per-card input digests (``card <number>``) by card number."""
    return {name.removeprefix("card "): value for name, value in inputs.items()
            if name.startswith("card ")}


def common_digest(inputs: Mapping[str, str], context: EditionContext) -> str:
    """The digest of what every face of the edition is made from (templates, fonts,
    game.yaml, the edition's words but the cards' own...): when it changes, every face is
    laid out again.  The catalogs count as the words faces print (``face_words``), so that
    a card's translation changed lays out that card's face alone."""
    common = {k: inputs.get(k) for k in sorted(COMMON_INPUTS) if k != "catalogs"}
    return digest([json.dumps(common), face_words(context)])


def face_words(context: EditionContext) -> str:
    """The digest of the edition's words a face may print besides its card's own: the
    templates' words (``EditionContext.env``'s catalogs) and the game's words (kinds, decks,
    fields) in the cards' catalog.  The rules' and the glossary's catalogs print on no face;
    a card's own messages count with the card (``face_digests``)."""

    def words() -> str:
        parts: list[str] = []
        templates = context.template_words.catalogs if context.template_words else {}
        game = {d: c for d, c in context.words.catalogs.items() if d == CARDS}
        for catalogs in (templates, game):
            for domain, catalog in sorted(catalogs.items()):
                parts.append(json.dumps([domain, str(catalog.plural_forms)]))
                parts += sorted(json.dumps([domain, m.context, m.id, m.string, m.fuzzy])
                                for m in catalog if m.id and not (
                                    domain == CARDS and (m.context or "").startswith(
                                        CARD_MESSAGES)))
        return digest(parts)

    return context.once(("face words",), words)


def face_digests(context: EditionContext, inputs: Mapping[str, str]) -> dict[str, str]:
    """Each card's face digest in the edition: its source's (the job's ``card <number>``
    input) and its words as the edition prints them, translated or marked untranslated."""
    cards = card_digests(inputs)

    def printed(card: Card) -> str:
        sides = [card, *([card.back_face] if card.back_face is not None else [])]
        return digest([cards.get(card.number, ""), card_digest(card),
                       *(",".join(sorted(side.untranslated)) for side in sides)])

    return {card.number: printed(card) for card in context.game.cards
            if card.number in cards}


def face_document(context: EditionContext, faces: FaceSet, inputs: Mapping[str, str],
                  store: FaceStore, forced: bool = False, build: str = "") -> FaceDoc:
    """The face document of ``faces``: the kept one where its record still holds, with the
    faces of changed cards laid out again and put in; else laid out whole.  ``inputs`` are
    the job's input digests; ``forced`` ignores what earlier builds kept, but not what this
    ``build`` (a name for one build, publish.targets.base.Work.build) made.  Processes that
    want the same document take turns: the second finds it made.  Inputs without every
    card's digest cannot say what is kept is true: then nothing is kept."""
    numbers = {card.number for card in context.game.deck_cards(faces.deck)}
    if not numbers <= set(card_digests(inputs)):
        store = NOWHERE
    with store.locked(faces.key):
        return _face_document(context, faces, inputs, store, forced, build)


def _face_document(context: EditionContext, faces: FaceSet, inputs: Mapping[str, str],
                   store: FaceStore, forced: bool, build: str) -> FaceDoc:
    items = face_items(context, faces.deck)
    anchors = tuple(item.anchor for item in items)
    cards = face_digests(context, inputs)
    record: dict = {"common": common_digest(inputs, context), "pages": list(anchors),
                    "build": build,
                    "cards": {i.card.number: cards.get(i.card.number, "") for i in items
                              if i.card is not None}}
    kept = store.reusable(faces.key, forced, build)
    if kept is not None and kept[1].get("common") == record["common"] \
            and kept[1].get("pages") == record["pages"]:
        old = kept[1].get("cards", {})
        numbers = {number for number, made in record["cards"].items() if old.get(number) != made}
        changed = [i for i, item in enumerate(items)
                   if item.card is not None and item.card.number in numbers]
        earlier = [s for s in _shrunk(kept[1]) if s.card not in numbers]
        if not changed:
            return FaceDoc(kept[0], anchors, faces.box, 0, tuple(earlier))
        shrunk: list[Shrunk] = []
        seed = glyph_seed(kept[0], set(range(len(items))) - set(changed))
        new = lay_out(context, faces, [items[i] for i in changed], shrunk, seed)
        try:
            pdf = replace_pages(kept[0], new, changed)
        except SpliceError:  # the fonts change, or the kept file is not what it says
            pass
        else:
            found = tuple(sorted(earlier + shrunk, key=lambda s: anchors.index(
                face_anchor(s.card))))
            store.keep(faces.key, pdf, {**record, "shrunk": [asdict(s) for s in found]})
            return FaceDoc(pdf, anchors, faces.box, len(changed), found)
    shrunk = []
    pdf = canonical(lay_out(context, faces, items, shrunk))  # as a spliced one is written
    store.keep(faces.key, pdf, {**record, "shrunk": [asdict(s) for s in shrunk]})
    return FaceDoc(pdf, anchors, faces.box, len(items), tuple(shrunk))


def _shrunk(record: dict) -> list[Shrunk]:
    """The cards whose text a kept document shrank to fit, as its record lists them."""
    try:
        return [Shrunk(**entry) for entry in record.get("shrunk", [])]
    except TypeError:
        return []
