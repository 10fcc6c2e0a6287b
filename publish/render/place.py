"""Card faces placed on print-and-cut sheets: each page of a face document drawn as a PDF
form object at its slot, clipped to the part of its bleed the paper allows.

The sheets themselves (labels, cut lines, the fold line, the slots' named
anchors) are laid out by WeasyPrint without the cards; the faces, laid out
once per deck (publish.render.facedoc), are then drawn into them, each copy a
call of the same form object, as imposition software places pages.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from typing import Any

from publish.render.edition import EditionContext
from publish.render.facedoc import (
    NOWHERE,
    FaceDoc,
    FaceStore,
    face_document,
    face_item,
    faces_at,
    lay_out,
    side_anchor,
)
from publish.render.faces import holding_deck
from publish.render.fit import Shrunk
from publish.render.geometry import Box
from publish.render.printshop import Item, PageSpec, Service, item_card, single_items
from publish.render.sheets import Page, Slot
from publish.render.splice import save

MM = 72 / 25.4
"""Points per millimetre."""


class PlacingError(ValueError):
    """The sheets and the pages to place on them do not match (a bug, not bad input)."""


def slot_page(slot: Slot) -> tuple[str, str]:
    """The deck whose face document holds what a slot shows, and its page's anchor: the
    card's face, its second face, or its back (the deck's, or one of game.yaml's)."""
    if slot.card is not None:
        return slot.card.deck, side_anchor(slot.card)
    if slot.deck is not None:
        return holding_deck(slot.deck), side_anchor(slot.deck)
    raise PlacingError("a slot with neither a card nor a back")


def own_resources(page: Any) -> None:
    """Give a page resources of its own: WeasyPrint's pages share one dictionary, into which
    a face named on one page would be named on every page."""
    import pikepdf

    resources = pikepdf.Dictionary(dict(page.obj.get("/Resources", pikepdf.Dictionary())))
    resources.XObject = pikepdf.Dictionary(dict(resources.get("/XObject", pikepdf.Dictionary())))
    page.obj.Resources = resources


def whole_page(page: Any) -> tuple[Any, tuple[float, float]]:
    """A page of a face document as a form object with all of its bleed (qpdf's form of a
    page is cut to its TrimBox), and where in it the trim's lower left corner is."""
    form = page.as_form_xobject()
    form.BBox = page.mediabox
    trim = page.trimbox
    return form, (float(trim[0]), float(trim[1]))


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


def placement(slot: Slot, face: Service, origin: tuple[float, float], paper_h: float,
              name: str) -> bytes:
    """The content-stream operators that draw form ``name`` (a face laid out at ``face``'s
    card box, its trim's lower left corner at ``origin`` in its own points) with its trim
    centred on the slot's, clipped to the slot's visible box; sheet coordinates are
    millimetres from the top left, PDF's are points from the bottom left."""
    visible: Box = slot.visible
    clip = [visible.x * MM, (paper_h - visible.y - visible.h) * MM, visible.w * MM,
            visible.h * MM]
    face_w, face_h = face.trim
    left = slot.trim.x + (slot.trim.w - face_w) / 2
    bottom = paper_h - slot.trim.y - slot.trim.h + (slot.trim.h - face_h) / 2
    x, y = left * MM - origin[0], bottom * MM - origin[1]
    return (f"q {' '.join(map(_number, clip))} re W n "
            f"1 0 0 1 {_number(x)} {_number(y)} cm {name} Do Q\n").encode("ascii")


class Forms:
    """The face documents' pages as form objects of one output PDF: each opened once, each
    page copied in once however often it is drawn."""

    def __init__(self, out: Any, faces: Mapping[str, FaceDoc], opened: ExitStack) -> None:
        import pikepdf

        self.out, self.faces = out, faces
        self.sources = {deck: opened.enter_context(pikepdf.open(io.BytesIO(doc.pdf)))
                        for deck, doc in faces.items()}
        self.made: dict[tuple[str, str], tuple[Any, tuple[float, float]]] = {}

    def get(self, deck: str, anchor: str) -> tuple[Any, tuple[float, float]]:
        """The form drawing ``anchor`` of ``deck``'s face document, and its trim's corner."""
        if (deck, anchor) not in self.made:
            doc = self.faces.get(deck)
            if doc is None or anchor not in doc.pages:
                raise PlacingError(f"no page {anchor} in the faces of deck {deck}")
            form, origin = whole_page(self.sources[deck].pages[doc.pages[anchor]])
            self.made[deck, anchor] = self.out.copy_foreign(form), origin
        return self.made[deck, anchor]


def impose(sheets: bytes, pages: Sequence[Page], faces: Mapping[str, FaceDoc]) -> bytes:
    """``sheets`` (the laid-out sheets, without cards) with every slot of ``pages`` drawn
    under them from its deck's face document (``faces``, by deck): one form object per
    face, shared by its copies."""
    import pikepdf

    with ExitStack() as opened:
        out = opened.enter_context(pikepdf.open(io.BytesIO(sheets)))
        forms = Forms(out, faces, opened)
        if len(out.pages) != len(pages):
            raise PlacingError(f"{len(out.pages)} sheets laid out for {len(pages)} pages")
        for sheet, page in zip(out.pages, pages, strict=True):
            if not page.slots:
                continue
            paper_h = float(sheet.mediabox[3]) / MM
            own_resources(sheet)
            drawn: list[bytes] = []
            names: dict[tuple[str, str], str] = {}
            for slot in page.slots:
                anchor = slot_page(slot)
                form, origin = forms.get(*anchor)
                if anchor not in names:  # named in the order drawn: the same every build
                    names[anchor] = f"/Face{len(names)}"
                    sheet.add_resource(form, pikepdf.Name.XObject,
                                       name=pikepdf.Name(names[anchor]))
                drawn.append(placement(slot, faces[anchor[0]].box, origin, paper_h,
                                       names[anchor]))
            # the faces first, the sheet over them: crop marks run on over the outer bleed
            sheet.contents_add(pikepdf.Stream(out, b"".join(drawn)), prepend=True)
            sheet.contents_coalesce()  # one stream, whose resources save() names in order
        return save(out)


def item_page(item: Item) -> tuple[str, str]:
    """The deck whose face document holds what a one-card page shows, and its anchor."""
    if item.card is not None:
        return item.card.deck, side_anchor(item.card)
    if item.deck is not None:
        return holding_deck(item.deck), side_anchor(item.deck)
    raise PlacingError(f"page {item.anchor} shows neither a card nor a back")


def card_pages(items: Sequence[Item], faces: Mapping[str, FaceDoc], box: Service) -> bytes:
    """One page per item at ``box``'s card size (MediaBox with its bleed, TrimBox, BleedBox),
    each drawing its face from its deck's face document centred on the trim, so that a
    service's trim a little larger or smaller than the card takes the difference from the
    bleed; each page named by its item's anchor."""
    import pikepdf

    (tw, th), bleed = box.trim, box.bleed
    # as WeasyPrint writes a page with bleed: the trim's corner at the origin
    media = [-bleed * MM, -bleed * MM, (tw + bleed) * MM, (th + bleed) * MM]
    trim = [0, 0, tw * MM, th * MM]
    clip = f"{_number(media[0])} {_number(media[1])} {_number((tw + 2 * bleed) * MM)} " \
           f"{_number((th + 2 * bleed) * MM)} re W n"

    def draw(face: Service, origin: tuple[float, float]) -> bytes:
        fw, fh = face.trim
        dx, dy = (tw - fw) / 2 * MM - origin[0], (th - fh) / 2 * MM - origin[1]
        return f"q {clip} 1 0 0 1 {_number(dx)} {_number(dy)} cm /Face Do Q\n".encode("ascii")

    with ExitStack() as opened:
        out = opened.enter_context(pikepdf.new())
        forms = Forms(out, faces, opened)
        for item in items:
            deck, anchor = item_page(item)
            form, origin = forms.get(deck, anchor)
            page = pikepdf.Dictionary(
                Type=pikepdf.Name.Page, MediaBox=media, BleedBox=media, TrimBox=trim,
                Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Face=form)),
                Contents=pikepdf.Stream(out, draw(faces[deck].box, origin)))
            out.pages.append(pikepdf.Page(page))
        name_pages(out, [item.anchor for item in items])
        return save(out)


def name_pages(pdf: Any, names: Sequence[str]) -> None:
    """Name each page of a pikepdf PDF (a named destination at its top left), as WeasyPrint
    names the element an ``id`` marks: what preflight's messages and links go by."""
    import pikepdf

    pairs = sorted((name, page) for name, page in zip(names, pdf.pages, strict=True))
    flat: list[Any] = []
    for name, page in pairs:
        top = float(page.mediabox[3])
        flat += [pikepdf.String(name), pikepdf.Array([page.obj, pikepdf.Name.XYZ, 0, top, 0])]
    tree = pdf.make_indirect(pikepdf.Dictionary(Names=pikepdf.Array(flat)))
    pdf.Root.Names = pikepdf.Dictionary(Dests=tree)


def single_pdf(context: EditionContext, spec: PageSpec, shrunk: list[Shrunk] | None = None,
               store: FaceStore | None = None, inputs: Mapping[str, str] | None = None,
               forced: bool = False, build: str = "", extra: Sequence[Item] = ()
               ) -> tuple[bytes, list[Item]]:
    """One card per page for ``spec.deck`` at the service's card box, and its page list; with
    ``spec.cards``, only the pages of those cards; ``extra`` pages (of the deck's face
    document) after them.  The pages are placed from the deck's face
    document (publish.render.facedoc: laid out once, kept in ``store`` between builds where
    ``inputs`` still hold, all of it made again when ``forced`` but what this ``build``
    made); cards whose text was shrunk to fit are added to ``shrunk``."""
    items = single_items(context, spec)
    if spec.cards is not None:
        items = [i for i in items if item_card(i) in spec.cards]
    items += extra
    faces = faces_at(context.game, spec.deck, spec.service, spec.ink, spec.proof)
    store = store or NOWHERE
    if spec.cards is not None and store is NOWHERE:  # a few cards, nothing kept: those alone
        laid: list[Shrunk] = []
        shown = list({i.anchor: i for i in map(face_item, items)}.values())
        doc = FaceDoc(lay_out(context, faces, shown, laid), tuple(i.anchor for i in shown),
                      faces.box, len(shown), tuple(laid))
    else:
        doc = face_document(context, faces, inputs or {}, store, forced, build)
    if shrunk is not None:
        shrunk += doc.shrunk
    return card_pages(items, {spec.deck: doc}, spec.service), items
