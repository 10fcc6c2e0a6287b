"""A print-shop PDF as its service takes it: CMYK for its printing condition, and PDF/X.

WeasyPrint lays the cards out in sRGB (or in device-cmyk() where a template
asks for it: those stay as written).  Here every other colour of every page
and drawing is converted (publish.render.cmyk): the fill and stroke colours of
the content streams and the pictures.  For PDF/X-1a, which allows no
transparency, constant opacity is flattened against the paper (an ink at 9 %
opacity prints as 9 % of that ink) and a picture's transparency over white;
a soft mask or a transparency group that cannot be flattened so is refused,
naming the card.  Then the PDF/X keys: the version, the output intent naming
the registered printing condition (with the profile embedded when the
printer's is named, and always for PDF/X-4, which requires it), Trapped,
the identifiers in Info (X-1a, X-3) or the XMP metadata (X-4).
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from publish.core.problems import PublishError
from publish.core.sourcedate import now
from publish.render.cmyk import Converter, converter
from publish.render.splice import prune_resources

if TYPE_CHECKING:
    from publish.model.services import Service
    from publish.render.printshop import Item

PDFX = {"pdf/x-1a": ("PDF/X-1a:2003", "1.4"), "pdf/x-3": ("PDF/X-3:2003", "1.4"),
        "pdf/x-4": ("PDF/X-4", "1.6")}
"""Each variant's identifier and the PDF version it is written as."""
PART = {"pdf/x-1a": "PDF/X-1:2003"}
"""GTS_PDFXVersion where it names the part rather than the variant (X-1a: part 1)."""


class NotPrintable(PublishError, ValueError):
    """A page holds what its service's PDF variant does not allow."""


def print_ready(pdf: bytes, service: Service, items: Sequence[Item], game_root: Path,
                project: Path, what: str) -> bytes:
    """``pdf`` (one card per page, ``items`` in page order) as ``service`` takes it: as it
    is for an RGB service; in CMYK, and as its PDF/X variant, for a CMYK one."""
    if not service.cmyk:
        return pdf
    import pikepdf

    colour = service.spec.colour
    convert = converter(colour, game_root, project)
    flatten = service.spec.pdf == "pdf/x-1a"
    with pikepdf.open(io.BytesIO(pdf)) as document:
        prune_resources(document)  # each page names only what it draws: refusals name it
        done: dict[tuple[int, int], Any] = {}  # what was converted: a drawing's opacities
        for index, page in enumerate(document.pages):
            named = _page_name(items, index, what)
            _cmyk_group(page.obj, flatten)
            _convert_holder(document, page.obj, convert, flatten, named, done)
        _pdfx(document, service, convert, what)
        return _save(document, service.spec.pdf)


def _page_name(items: Sequence[Item], index: int, what: str) -> str:
    item = items[index] if index < len(items) else None
    if item is None:
        return f"{what}, page {index + 1}"
    side = f"card {item.card.number}" if item.card is not None else f"the back ({item.anchor})"
    return f"{what}, page {index + 1}: {side}"


def _convert_holder(document: Any, holder: Any, convert: Converter, flatten: bool,
                    named: str, done: dict[tuple[int, int], Any]) -> None:
    """Convert a page's or a drawing's content stream and every resource it uses."""
    import pikepdf

    if holder.is_indirect and holder.objgen in done:
        return
    resources = holder.get("/Resources") or pikepdf.Dictionary()
    alphas = _alphas(resources, flatten, named)
    if holder.is_indirect:
        done[holder.objgen] = alphas
    xobjects = resources.get("/XObject") or {}
    for key in list(xobjects.keys()):
        xobject = xobjects[key]
        if xobject.get("/Subtype") == "/Image":
            _convert_image(document, xobject, convert, flatten, named, done)
        elif xobject.get("/Subtype") == "/Form":
            _cmyk_group(xobject, flatten)
            _convert_holder(document, xobject, convert, flatten, named, done)
    for pattern in list((resources.get("/Pattern") or {}).values()):
        if int(pattern.get("/PatternType", 0)) == 1:  # a tile drawn by a content stream
            _convert_holder(document, pattern, convert, flatten, named, done)
    if "/Pattern" in resources or "/Shading" in resources:
        _convert_shadings(resources, convert, named)
    _convert_stream(document, holder, convert, alphas, done)


def _cmyk_group(holder: Any, flatten: bool) -> None:
    """A transparency group blends in CMYK (an RGB blending space would bring RGB back
    into the file), or is gone when flattening."""
    import pikepdf

    group = holder.get("/Group")
    if group is None or group.get("/S") != pikepdf.Name("/Transparency"):
        return
    if flatten:
        del holder["/Group"]
    elif "/CS" in group:
        group["/CS"] = pikepdf.Name("/DeviceCMYK")


def _alphas(resources: Any, flatten: bool, named: str) -> dict[str, tuple[float, float]]:
    """When flattening: each graphics state's fill and stroke opacity, the state made opaque
    (the content stream carries the opacity into its colours instead), a soft mask or a
    blend mode refused; else nothing (opacity stays as it is)."""
    import pikepdf

    found: dict[str, tuple[float, float]] = {}
    states = resources.get("/ExtGState") or {}
    for key in list(states.keys()):
        state = states[key]
        fill = float(state.get("/ca", 1))
        stroke = float(state.get("/CA", 1))
        if not flatten:
            continue
        found[str(key)] = (fill, stroke)
        mask = state.get("/SMask")
        if mask is not None and mask != pikepdf.Name("/None"):
            raise NotPrintable(f"{named}: a soft mask (a transparent gradient or picture "
                               "mask) cannot be flattened for PDF/X-1a; remove it from the "
                               "template, or print with a PDF/X-4 service")
        blend = state.get("/BM")
        if blend is not None and blend not in (pikepdf.Name("/Normal"),
                                               pikepdf.Name("/Compatible")):
            raise NotPrintable(f"{named}: blend mode {blend} cannot be flattened for "
                               "PDF/X-1a; remove mix-blend-mode from the template")
        for name in ("/ca", "/CA"):
            if name in state:
                state[name] = 1
    return found


def _convert_stream(document: Any, holder: Any, convert: Converter,
                    alphas: dict[str, tuple[float, float]], done: dict[tuple[int, int], Any],
                    base: float = 1.0) -> None:
    """Rewrite a content stream's RGB colours as CMYK; a constant opacity set by a graphics
    state (when ``alphas`` was made opaque), and ``base``, the opacity the stream is drawn
    at, scale the inks of what follows.  A drawing called at an opacity is called as a copy
    of itself with its inks so scaled."""
    import pikepdf

    recolour = _Recolour(convert, alphas, base)
    for instruction in pikepdf.parse_content_stream(holder):
        operator = instruction.operator
        recolour.feed(list(instruction.operands), str(operator), operator)
    if not recolour.changed:
        return
    data = zlib.compress(pikepdf.unparse_content_stream(recolour.out))
    if isinstance(holder, pikepdf.Stream):
        holder.write(data, filter=pikepdf.Name("/FlateDecode"))
    else:
        holder["/Contents"] = document.make_stream(data)
        holder["/Contents"]["/Filter"] = pikepdf.Name("/FlateDecode")
    xobjects = (holder.get("/Resources") or {}).get("/XObject") or {}
    for (name, alpha), faded in recolour.faded.items():
        drawing = xobjects.get(name)
        if drawing is None or faded in xobjects:
            continue
        copy = document.make_stream(drawing.read_bytes())
        for key, value in drawing.items():
            if key not in ("/Length", "/Filter", "/DecodeParms"):
                copy[key] = value
        xobjects[faded] = copy
        if drawing.get("/Subtype") == pikepdf.Name("/Form"):
            _convert_stream(document, copy, convert, done.get(drawing.objgen) or {}, done,
                            alpha)


class _Recolour:
    """The operators of one content stream, RGB colours made CMYK, opacity (``alphas``, the
    graphics states made opaque, and ``base``, the stream's own) carried into the inks."""

    def __init__(self, convert: Converter, alphas: dict[str, tuple[float, float]],
                 base: float = 1.0):
        self.convert, self.alphas, self.base = convert, alphas, base
        self.flatten = base < 1 or any(a != (1.0, 1.0) for a in alphas.values())
        self.state: dict[str, Any] = {"fill": (0.0, 0.0, 0.0, 1.0),
                                      "stroke": (0.0, 0.0, 0.0, 1.0), "ca": 1.0, "CA": 1.0}
        self.stack: list[dict[str, Any]] = []
        self.out: list[tuple[list[Any], Any]] = []
        self.faded: dict[tuple[str, float], str] = {}
        """Drawings called at an opacity: (name, opacity) -> the name of their faded copy."""
        self.changed = base < 1

    def emit(self, which: str) -> None:
        import pikepdf

        alpha = self.state["ca" if which == "fill" else "CA"] * self.base
        cmyk = [round(v * alpha, 4) for v in self.state[which]]
        self.out.append((cmyk, pikepdf.Operator("k" if which == "fill" else "K")))
        self.changed = True

    def feed(self, operands: list[Any], op: str, operator: Any) -> None:
        import pikepdf

        stroke = op in ("RG", "K", "G", "SC", "SCN")
        which = "stroke" if stroke else "fill"
        plain = not any(isinstance(v, pikepdf.Name) for v in operands)
        if op in ("rg", "RG") and len(operands) == 3:
            self.state[which] = self.convert.colour(*(float(v) for v in operands))
            return self.emit(which)
        if op in ("sc", "scn", "SC", "SCN") and len(operands) == 3 and plain:
            self.state[which] = self.convert.colour(*(float(v) for v in operands))
            self.out.append(([pikepdf.Name("/DeviceCMYK")],
                             pikepdf.Operator("CS" if stroke else "cs")))
            return self.emit(which)
        if op in ("k", "K", "sc", "scn", "SC", "SCN") and len(operands) == 4 and plain:
            self.state[which] = tuple(float(v) for v in operands)
            if self.flatten:
                if op not in ("k", "K"):
                    self.out.append(([pikepdf.Name("/DeviceCMYK")],
                                     pikepdf.Operator("CS" if stroke else "cs")))
                return self.emit(which)
        if op in ("g", "G") and len(operands) == 1 and self.flatten:
            self.state[which] = (0.0, 0.0, 0.0, 1 - float(operands[0]))
            return self.emit(which)
        if op == "Do" and self.flatten and self.state["ca"] * self.base < 1:
            alpha = round(self.state["ca"] * self.base, 4)
            name = str(operands[0])
            faded = self.faded.setdefault((name, alpha), f"{name}_a{round(alpha * 1000)}")
            operands = [pikepdf.Name(faded)]
            self.changed = True
        if op == "q":
            self.stack.append(dict(self.state))
        elif op == "Q" and self.stack:
            self.state.update(self.stack.pop())
        self.out.append((operands, operator))
        if op == "gs" and self.flatten:
            fill, line = self.alphas.get(str(operands[0]), (1.0, 1.0))
            if (fill, line) != (self.state["ca"], self.state["CA"]):
                self.state["ca"], self.state["CA"] = fill, line
                self.emit("fill")
                self.emit("stroke")
        return None


def _convert_image(document: Any, image: Any, convert: Converter, flatten: bool,
                   named: str, done: dict[tuple[int, int], Any]) -> None:
    """An RGB picture as CMYK (over white when a PDF/X-1a drops its transparency)."""
    import pikepdf
    from PIL import Image

    if image.objgen in done:
        return
    done[image.objgen] = None
    space = image.get("/ColorSpace")
    rgb = space == pikepdf.Name("/DeviceRGB") or (
        isinstance(space, pikepdf.Array) and space[0] == pikepdf.Name("/ICCBased")
        and int(space[1].get("/N", 0)) == 3)
    mask = image.get("/SMask")
    if not rgb and not (flatten and mask is not None):
        return
    picture = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
    if flatten and mask is not None:
        alpha = pikepdf.PdfImage(mask).as_pil_image().convert("L").resize(picture.size)
        white = Image.new("RGB", picture.size, (255, 255, 255))
        picture = Image.composite(picture, white, alpha)
        del image["/SMask"]
    cmyk = convert.picture(picture)
    image.write(zlib.compress(cmyk.tobytes()), filter=pikepdf.Name("/FlateDecode"))
    image["/ColorSpace"] = pikepdf.Name("/DeviceCMYK")
    image["/BitsPerComponent"] = 8
    image["/Width"], image["/Height"] = cmyk.size
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def _convert_shadings(resources: Any, convert: Converter, named: str) -> None:
    """RGB shadings (CSS gradients) with a function of two colours: their colours as
    CMYK; any other RGB shading is refused, named."""
    import pikepdf

    shadings = [pattern["/Shading"] for pattern in (resources.get("/Pattern") or {}).values()
                if "/Shading" in pattern]
    shadings += list((resources.get("/Shading") or {}).values())
    for shading in shadings:
        if shading.get("/ColorSpace") != pikepdf.Name("/DeviceRGB"):
            continue
        functions = [shading["/Function"]]
        if "/Functions" in shading["/Function"]:
            functions = list(shading["/Function"]["/Functions"])
        for function in functions:
            if int(function.get("/FunctionType", 0)) != 2:
                raise NotPrintable(f"{named}: a gradient this converter cannot turn to CMYK; "
                                   "use solid colours")
            for end in ("/C0", "/C1"):
                values = [float(v) for v in function.get(end, [0, 0, 0] if end == "/C0"
                                                         else [1, 1, 1])]
                function[end] = pikepdf.Array(convert.colour(*values))
        shading["/ColorSpace"] = pikepdf.Name("/DeviceCMYK")


def _pdfx(document: Any, service: Service, convert: Converter, what: str) -> None:
    """The output intent and the PDF/X identification of ``service``'s variant."""
    import pikepdf

    colour = service.spec.colour
    variant = service.spec.pdf
    intent = pikepdf.Dictionary({
        "/Type": pikepdf.Name("/OutputIntent"), "/S": pikepdf.Name("/GTS_PDFX"),
        "/OutputConditionIdentifier": pikepdf.String(colour.condition or ""),
        "/OutputCondition": pikepdf.String(colour.info or colour.condition or ""),
        "/RegistryName": pikepdf.String(colour.registry),
        "/Info": pikepdf.String(colour.info or colour.condition or ""),
    })
    if colour.profile is not None or variant == "pdf/x-4":
        profile = document.make_stream(zlib.compress(convert.profile))
        profile["/Filter"] = pikepdf.Name("/FlateDecode")
        profile["/N"] = 4
        intent["/DestOutputProfile"] = profile
    document.Root["/OutputIntents"] = pikepdf.Array([document.make_indirect(intent)])
    moment = now().replace(microsecond=0)
    stamp = moment.strftime("D:%Y%m%d%H%M%S+00'00'")
    info = document.docinfo
    info["/Trapped"] = pikepdf.Name("/False")
    info["/CreationDate"] = stamp
    info["/ModDate"] = stamp
    if "/Title" not in info:
        info["/Title"] = what
    if variant == "none":
        return
    identifier, _version = PDFX[variant]
    if variant != "pdf/x-4":
        # ISO 15930-4: an X-1a file names its part's version, PDF/X-1:2003, and says
        # which conformance level of it, PDF/X-1a:2003, in a key of its own
        info["/GTS_PDFXVersion"] = PART.get(variant, identifier)
        if variant == "pdf/x-1a":
            info["/GTS_PDFXConformance"] = identifier
    with document.open_metadata(set_pikepdf_as_editor=False) as meta:
        meta["dc:title"] = str(info["/Title"])
        meta["pdfxid:GTS_PDFXVersion"] = PART.get(variant, identifier)
        meta["pdf:Trapped"] = "False"
        for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            meta[key] = moment.isoformat()


def _save(document: Any, variant: str) -> bytes:
    """The PDF written reproducibly; as PDF 1.4 without object streams for X-1a and X-3
    (what PDF 1.4 allows), PDF 1.6 for X-4."""
    import pikepdf

    version = PDFX.get(variant, ("", "1.6"))[1]
    buffer = io.BytesIO()
    streams = (pikepdf.ObjectStreamMode.disable if version == "1.4"
               else pikepdf.ObjectStreamMode.generate)
    document.save(buffer, deterministic_id=True, object_stream_mode=streams,
                  compress_streams=True, force_version=version)
    return buffer.getvalue()
