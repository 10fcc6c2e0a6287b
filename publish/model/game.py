"""The typed model of a game: its configuration (game.yaml) and its cards.

The configuration models are static; the card models are built per game by
``publish.model.cardschema`` so that decks, kinds and groups are checked against
what the game declares and editors can complete them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, Field, model_validator

from publish.core.patterns import refusal
from publish.core.problems import Location
from publish.core.yamlsource import SourceMap
from publish.model.basics import FORMS as FORMS  # re-exported: the schema reads it here
from publish.model.basics import Colour, Id, NonEmpty, Strict, TagId
from publish.model.components import ComponentSpec
from publish.model.documents import Figures as Figures  # re-exported: tests and docs read it
from publish.model.documents import ManualSpec as ManualSpec
from publish.model.players import PlayersSpec
from publish.model.sizes import CardSize, card_sizes


def _compiles(pattern: str) -> str:
    if (why := refusal(pattern)) is not None:
        raise ValueError(why)
    return pattern


Regex = Annotated[str, Field(min_length=1), AfterValidator(_compiles)]
LocaleTag = Annotated[str, Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]


class Licence(Strict):
    """The licence the game's data is published under, with its attribution."""

    id: NonEmpty
    name: NonEmpty
    url: NonEmpty
    attribution: NonEmpty

    @property
    def in_words(self) -> bool:
        """An id written in words ('All rights reserved'), not an identifier (CC-BY-4.0):
        each edition prints its translation."""
        return any(ch.isspace() for ch in self.id)


class Locales(Strict):
    """The language the sources are written in, the editions published, and their glossary."""

    source: LocaleTag
    editions: list[LocaleTag] = Field(min_length=1)
    glossary: list[NonEmpty] = Field(
        default_factory=list,
        description="game terms each edition translates one way ('crisis|crises': the forms); "
                    "card texts using a term must use its translation")

    @model_validator(mode="after")
    def _source_published(self) -> Locales:
        if self.source not in self.editions:
            raise ValueError(f"the source locale {self.source} must be one of the editions")
        return self


class CardKind(Strict):
    """A kind of card (structural or natural, say) and its number range."""

    name: NonEmpty
    counted: list[NonEmpty] | None = Field(
        None, min_length=1,
        description="the name as printed after a number ('68 structural'), one form per plural "
                    "form of the source language in its gettext order (English, Portuguese: "
                    "one, then many); default: the name in lower case")
    numbers: Annotated[list[int], Field(min_length=2, max_length=2)]
    default: bool = False
    grouped: bool = Field(True, description="whether cards of this kind may belong to a group")
    colour: Colour | None = Field(None, description="frame colour of cards without a group")

    def count_forms(self) -> list[str]:
        """The forms of ``counted``, or the name in lower case."""
        return list(self.counted) if self.counted else [self.name.lower()]


class TextBlockKind(Strict):
    """A kind of effect block on a card face (direct or general, say)."""

    name: NonEmpty


class DeckExpectation(Strict):
    """What a deck must contain, counting copies; checked by `publish check`."""

    cards: int | None = None
    kinds: dict[str, int] = Field(default_factory=dict)
    grouped: int | None = Field(None, description="cards that belong to a group")


class DeckSpec(Strict):
    """A deck of the game and what it must contain."""

    name: NonEmpty
    colour: Colour = Field("#444444", description="colour of the deck's backs")
    indicator: NonEmpty | None = Field(None, description="deck mark on faces (none: no mark)")
    expect: DeckExpectation | None = None
    box_art: NonEmpty | None = Field(None, description="a picture in the game's folder for "
                                     "the front of the deck's tuck box; none: the deck's back")
    per_player: bool = Field(False, description="its cards' copies are one player's set, "
                             "printed once per player (--players): docs/components.md")


class BackSpec(Strict):
    """A back some cards print instead of their deck's (a location's, a character's): what
    the ``back`` macro reads as ``deck`` (its id, name and colour) for a card that names it."""

    name: NonEmpty = Field(description="printed on the back, as a deck's name is")
    colour: Colour = Field("#444444", description="the back's colour")


class GroupValue(Strict):
    """One group (a faction, say) with its display name and colour."""

    name: NonEmpty
    colour: Colour
    pattern: Literal[
        "solid", "stripes", "backslash", "horizontal", "vertical", "grid", "dots", "crosshatch"
    ] = Field("solid", description="how black-and-white prints tell the group apart")


class Groups(Strict):
    """Card groups: the card field that names them, their values and sizes."""

    field: Annotated[str, Field(pattern=r"^[a-z_]+$")] = "group"
    label: NonEmpty
    cards_each: int | None = None
    values: dict[Id, GroupValue] = Field(min_length=1)


class TagSpec(Strict):
    """A family of cards by what their effects do; rules text lists them by query."""

    name: NonEmpty
    description: str = ""


class IconSpec(Strict):
    """An icon used as a :token: in card text, rules and tables; drawn by an SVG file."""

    name: NonEmpty = Field(description="what it stands for (legend, screen readers)")
    kind: NonEmpty = Field("symbol", description="resource, suit, card type, state...")
    file: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-][A-Za-z0-9_./-]*\.svg$")] | None = Field(
        None, description="SVG file under icons/ (default: <id>.svg)")


FieldId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
FieldType = Literal["integer", "text", "translatable", "choice", "image", "tags"]

RESERVED_FIELDS = frozenset({
    "number", "name", "kind", "copies", "notes", "text", "text_size", "shrink_to_fit", "tags",
    "group", "per_player",
    "name_class", "kind_label", "deck", "deck_mark", "frame", "boxes", "fields", "images",
    "back", "back_face", "side"})
"""Names a card entry or its face template already uses: a game's field cannot take them."""


class FieldSpec(Strict):
    """A card field of the game's own (a cost, a picture, a type line), and its rules."""

    type: FieldType = Field(description="integer, text (printed as written), translatable "
                                        "(a catalog message per edition), choice (one of "
                                        "'choices'), image (a file in the game folder), tags "
                                        "(a list, of 'choices' if given)")
    label: NonEmpty | None = Field(None, description="the field's name in exports and "
                                                     "messages (default: its id)")
    required: bool = False
    default: int | str | list[str] | None = Field(
        None, description="the value of a card that does not give one")
    min: int | None = Field(None, description="integer: the smallest value")
    max: int | None = Field(None, description="integer: the largest value")
    choices: list[NonEmpty] | None = Field(
        None, min_length=1, description="choice: the values allowed; tags: the tags allowed")
    print_mm: Annotated[list[float], Field(min_length=2, max_length=2)] | None = Field(
        None, description="image: width and height it prints at, in mm, for the 300 dpi "
                          "check (default: the whole card)")

    @model_validator(mode="after")
    def _consistent(self) -> FieldSpec:
        if self.type != "integer" and (self.min is not None or self.max is not None):
            raise ValueError("min and max are for integer fields")
        if self.type == "choice" and not self.choices:
            raise ValueError("a choice field lists its 'choices'")
        if self.choices and self.type not in ("choice", "tags"):
            raise ValueError("choices are for choice and tags fields")
        if self.print_mm is not None and self.type != "image":
            raise ValueError("print_mm is for image fields")
        if self.required and self.default is not None:
            raise ValueError("a required field has no default: drop one of them")
        if self.default is not None:
            _check_default(self)
        return self

    def title(self, field_id: str) -> str:
        """The field's name for readers: its label, or its id."""
        return self.label or field_id


def _check_default(spec: FieldSpec) -> None:
    value = spec.default
    wanted = {"integer": int, "tags": list}.get(spec.type, str)
    if not isinstance(value, wanted) or isinstance(value, bool):
        what = {int: "a whole number", list: "a list"}.get(wanted, "text")
        raise ValueError(f"the default of a {spec.type} field must be {what}")
    if spec.type == "integer" and isinstance(value, int) and not (
            (spec.min is None or value >= spec.min) and (spec.max is None or value <= spec.max)):
        raise ValueError(f"the default {value} is outside min..max")
    allowed = spec.choices or []
    values = value if isinstance(value, list) else [value]
    if allowed and spec.type in ("choice", "tags") and not set(values) <= set(allowed):
        raise ValueError(f"the default must be among the choices ({', '.join(allowed)})")


CARD_SIZES: dict[str, tuple[float, float]] = card_sizes()
"""Card sizes a game may print at: width and height in mm, before bleed (data/sizes.yaml)."""


BACKS = ("none", "long-edge", "short-edge", "fold")
"""How print-and-cut sheets carry the backs: none, on the next page for a duplex flip on the
long or short edge, or beside the faces to fold."""


class PrintSpec(Strict):
    """Print defaults: card size, bleed and backs."""

    default_size: CardSize = Field("poker", description="the size a build prints at unless "
                                                        "told otherwise (--size)")
    backs: Literal[BACKS] = Field(  # type: ignore[valid-type]
        "none", description="the backs `publish build` prints on the print-and-cut sheets "
                            "unless told otherwise (--backs): none, long-edge or short-edge "
                            "(duplex, with a calibration sheet), fold")
    shrink_to_fit: float = Field(
        1.0, gt=0, le=1, description="the smallest share of its size a card's text may step "
        "down to when it overflows its box, before the build fails and names the card (0.8: "
        "down to 80 %); 1, the default: never shrink. A card's own shrink_to_fit overrides it")
    sizes: list[CardSize] | None = Field(None, min_length=1, description="the sizes the "
        "cards are made for, default_size among them; default: the default_size alone")
    bleed_mm: float = Field(3.0, ge=0, le=10)
    safe_mm: float = Field(3.0, ge=0, le=20, description="the safe zone: how far inside the "
                           "trim (mm) a card's text must stay, drawn by --proof and measured by "
                           "`publish check`: docs/components.md")
    card_thickness_mm: float = Field(0.32, gt=0, le=3, description="one printed card's "
                                     "thickness (mm), for the tuck boxes: docs/components.md")
    box_clearance_mm: float = Field(2.0, ge=0, le=10, description="room around the deck in a "
                                    "tuck box (mm), each way: docs/components.md")

    @model_validator(mode="after")
    def _own_size_listed(self) -> PrintSpec:
        if self.sizes is not None and self.default_size not in self.sizes:
            raise ValueError(f"default_size {self.default_size} is not among the sizes the "
                             f"game lists ({', '.join(self.sizes)}): add it, or choose one")
        return self


class Component(ComponentSpec):
    """A component of game.yaml, whose ``size``, if it has one, is a card size of the game's."""

    size: CardSize | None = Field(None, description="a card size the piece has")
    card_sizes: ClassVar[dict[str, tuple[float, float]]] = CARD_SIZES


class EmphasisRule(Strict):
    """Words set in a style by the renderer; ``once``: the first match per card.  Rules of
    one name are tried in turns; ``kinds`` and ``effect`` keep one to some blocks."""

    name: NonEmpty
    pattern: Regex
    once: bool = True
    kinds: list[NonEmpty] | None = Field(None, min_length=1, description="block kinds only")
    effect: list[Annotated[dict[NonEmpty, NonEmpty], Field(min_length=1)]] | None = Field(
        None, min_length=1, description="only blocks whose effect holds one of these entries")


class Typography(Strict):
    """Per-locale typography of card text, applied when rendering, never typed in data."""

    numerals: Literal["arabic", "roman"] = "arabic"
    quotes: Annotated[str, Field(min_length=4, max_length=4)] = Field(
        "\u201c\u201d\u2018\u2019", description="opening, closing, inner opening, inner closing")
    quantity: Regex = Field(r"\b[1-9][0-9]*\b", description="regex of the numbers to restyle")
    bold: list[EmphasisRule] = Field(default_factory=list)
    italic: list[EmphasisRule] = Field(default_factory=list)


def _version_name(name: str) -> str:
    """An earlier version's name as git or a folder path can take it: one line, no option."""
    if name.startswith("-"):
        raise ValueError(f"{name!r}: a git revision or a folder, not an option")
    if any(ord(c) < 32 for c in name):
        raise ValueError("a git revision or a folder on one line, without control characters")
    return name


VersionName = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(_version_name)]


class GameConfig(Strict):
    """game.yaml: everything about a game that is not a card."""

    name: NonEmpty
    edition: NonEmpty
    licence: Licence
    source: NonEmpty
    locales: Locales
    engine: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        None, description="the rules engine that checks, simulates and replays the game: the "
                          "id it is registered under (an entry point of the publish.engines "
                          "group; docs/engines.md); none: the game has no engine")
    number_digits: int = Field(3, ge=1, le=6)
    card_kinds: dict[Id, CardKind] = Field(min_length=1)
    text_blocks: dict[Id, TextBlockKind] = Field(default_factory=dict)
    decks: dict[Id, DeckSpec] = Field(min_length=1)
    backs: dict[Id, BackSpec] = Field(
        default_factory=dict, description="backs a card may name instead of its deck's "
                                          "(back: <id>): docs/components.md")
    groups: Groups | None = None
    tags: dict[TagId, TagSpec] = Field(
        default_factory=dict, description="card families that cards list in their 'tags'")
    icons: dict[TagId, IconSpec] = Field(
        default_factory=dict, description="icons by token (:id:); none: every icons/*.svg")
    fields: dict[FieldId, FieldSpec] = Field(
        default_factory=dict, description="the game's own card fields, by id: cards write "
                                          "them as keys, templates read them as card.<id>")
    print: PrintSpec = Field(default_factory=PrintSpec)
    players: PlayersSpec | None = Field(None, description="how many play: docs/components.md")
    components: dict[Id, Component] = Field(
        default_factory=dict, description="tokens, reference cards: docs/components.md")
    typography: dict[str, Typography] = Field(default_factory=dict)
    changes_since: VersionName | None = Field(
        None, description="the earlier version the manual's changes part and the site's "
                          "changes page compare with: a git revision of the project (a tag, "
                          "a commit) or a project folder (relative to the project); none: "
                          "neither is made (docs/changes.md)")
    manual: ManualSpec = Field(
        default_factory=ManualSpec,
        description="the manual's shape: its form (full or booklet) and its parts in order")
    figures: Figures = Field(
        default_factory=Figures,
        description="lining or old-style digits for cards, rules and summaries, and tabular "
                    "ones in tables")

    @model_validator(mode="after")
    def _one_default_kind(self) -> GameConfig:
        defaults = [k for k, v in self.card_kinds.items() if v.default]
        if len(defaults) > 1:
            raise ValueError(f"only one card kind may be the default, not {', '.join(defaults)}")
        return self

    @model_validator(mode="after")
    def _backs_apart(self) -> GameConfig:
        shared = sorted(set(self.backs) & set(self.decks))
        if shared:
            raise ValueError(f"back {', '.join(shared)}: a deck has that id; a back's id names "
                             "it on its own (templates style it as back-<id>): choose another")
        return self

    @model_validator(mode="after")
    def _fields_free(self) -> GameConfig:
        taken = set(RESERVED_FIELDS) | ({self.groups.field} if self.groups else set())
        clash = sorted(set(self.fields) & taken)
        if clash:
            raise ValueError(f"field {', '.join(clash)}: the name is taken by the cards' own "
                             "keys; choose another")
        return self

    def fields_of(self, kind: str) -> list[str]:
        """The ids of the declared fields of one type ('image', 'translatable'...)."""
        return [k for k, v in self.fields.items() if v.type == kind]

    @property
    def default_kind(self) -> str | None:
        return next((k for k, v in self.card_kinds.items() if v.default), None)


@dataclass(frozen=True)
class TextBlock:
    """One block of a card's effect text, in the order printed."""

    kind: str | None
    text: str
    effect: Any = field(default=None, metadata={"doc": "structured effect, for the rules engine"})


@dataclass
class Card:
    """A card as loaded: the game data, plus where it was defined."""

    number: str
    name: str
    kind: str
    group: str | None
    copies: dict[str, int]
    blocks: list[TextBlock]
    notes: str
    home_deck: str
    source: SourceMap
    path: tuple[object, ...]
    text_size: float | None = None
    shrink_to_fit: float | None = None
    """This card's own floor for shrinking its text (None: the game's print.shrink_to_fit)."""
    tags: tuple[str, ...] = ()
    per_player: bool | None = None  # its copies one player's set? None: as its deck says
    fields: dict[str, Any] = field(
        default_factory=dict,
        metadata={"doc": "the game's own fields (game.yaml 'fields'), defaults filled in"})
    untranslated: frozenset[str] = field(
        default=frozenset(),
        metadata={"doc": "fields printed in the source language for want of a translation"})
    back: str | None = None
    """The id of the back this card prints instead of its deck's (game.yaml ``backs``)."""
    back_face: Card | None = None
    """The card's second face, printed as its back (a double-faced card): a card of the same
    number, kind, group and copies, with its own name, text and fields."""

    @property
    def sides(self) -> tuple[Card, ...]:
        """The faces the card prints: itself, and its back face if it has one."""
        return (self,) if self.back_face is None else (self, self.back_face)

    @property
    def location(self) -> Location:
        """Where the card's entry starts."""
        return self.source.locate(self.path)

    def where(self, *fields: object) -> Location:
        """Where one of the card's fields is written (or the entry, if absent)."""
        return self.source.locate((*self.path, *fields))

    @property
    def text(self) -> str:
        """The whole effect text as printed, blocks joined by a space."""
        return " ".join(block.text for block in self.blocks)


@dataclass
class Game:
    """A loaded game: its configuration, its cards, and where its files are."""

    id: str
    root: Path
    config: GameConfig
    cards: list[Card]
    config_source: SourceMap
    deck_sources: dict[str, Location] = field(default_factory=dict)
    incomplete: set[str] = field(
        default_factory=set,
        metadata={"doc": "decks with cards that failed to load ('*': cannot tell which)"},
    )

    @property
    def project(self) -> Path:
        """The project folder (``cards/<game>/`` lies two levels down): what its files may
        lead to and nothing else (publish.core.projectfiles)."""
        return self.root.parent.parent

    def deck_cards(self, deck: str) -> list[Card]:
        """The cards in ``deck``, in number order (structural first, as lists print them)."""
        return sorted((c for c in self.cards if deck in c.copies), key=lambda c: c.number)

    def card_sides(self) -> list[Card]:
        """Every face the game prints: each card, followed by its second face if it has one
        (what text, icon and picture checks go over)."""
        return [side for card in self.cards for side in card.sides]

    def card(self, number: str) -> Card:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)


def game_files(game: Game) -> list[Path]:
    """The folders a game's build reads: its own, its templates, the shared ones, the fonts."""
    project = game.project
    return [game.root, project / "templates" / game.id, project / "templates" / "_common",
            project / "fonts"]
