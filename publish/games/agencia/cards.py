"""Cards as the engine sees them: parsed effects and what they imply, computed once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, get_args

from pydantic import BaseModel

from publish.games.agencia import effects as fx
from publish.games.agencia.blocks import block_effects
from publish.games.agencia.lint_text import descend
from publish.model.game import Game

SINGLE = {"self", "next", "last", "an_opponent", "most_cards", "fewest_cards", "highest",
          "lowest", "last_winner", "last_crisis_solver", "last_discarder", "last_revolter",
          "crisis_causer", "crisis_solver", "revolter", "winner", "drawer", "changer"}

NATURAL_ROLES = {"998": "nova_geracao", "999": "lideranca", "997": "momento_historico",
                 "996": "novo_paradigma", "995": "aliancas"}


def single(selector: Any) -> bool:
    """Whether a selector names one player at most (for 'more than 1 player' tests)."""
    if isinstance(selector, str):
        return selector in SINGLE
    if isinstance(selector, list):
        return False
    return selector.take in ("one", "choose") and selector.count == 1


def _acts(action: Any) -> str | None:
    return action.do if action.do in ("draw", "discard", "give", "exchange") else None


class Plain:
    """An effect model's fields as ordinary attributes, for the engine, which reads them
    many times a jogada: pydantic's ``BaseModel.__getattr__`` makes every read of a
    model's field go through a hook that CPython's attribute caches do not speed up,
    about four times the cost of a plain read.  Only read, never changed; selectors,
    conditions and amounts inside are plain too, lists stay lists."""

    def __init__(self, model: BaseModel, **facts: Any):
        """``facts``: what the engine computes once from the model (``action_facts``),
        first, so that each field sits at the same place in every record of its family
        (CPython's attribute caches remember where a name was found)."""
        self.__dict__.update(facts)
        self.__dict__.update({name: plain(getattr(model, name))
                              for name in type(model).model_fields})

    def but(self, **changes: Any) -> Plain:
        """A copy with ``changes`` made (the record itself stays as it is)."""
        twin = object.__new__(Plain)
        twin.__dict__.update(self.__dict__, **changes)
        return twin

    def __repr__(self) -> str:
        return f"Plain({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


def plain(value: Any) -> Any:
    """``value`` with every effect model in it made ``Plain``; an action with the facts
    running it asks (``action_facts``)."""
    if isinstance(value, BaseModel):
        return Plain(value, **action_facts(value)) if isinstance(value, ACTION_MODELS) else \
            Plain(value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


ACTION_MODELS: tuple[type, ...] = get_args(get_args(fx.Action)[0])
"""Every model of an action of the effect schema."""


def action_facts(action: Any) -> dict[str, bool]:
    """What running an action asks each time (``actions.HANDLERS``), computed once for its
    record: ``gated``, whether a condition or the last turn's revolt may stop it
    (``actions.gate``); ``lenient``, whether what cannot be done is skipped rather than a
    crisis (its ``crisis`` false); ``fixed``, whether its number of cards is a plain
    number, which is the amount it moves unless a rule that ``SCALES`` stands.  ``action``:
    a model of ``ACTION_MODELS``, each of which has those fields."""
    return {"gated": action.when is not None or action.unless_revolt_succeeded_last_turn,
            "lenient": not action.crisis,
            "fixed": type(getattr(action, "n", None)) is int}


@dataclass
class CardInfo:
    """One card: number, name, ideology, natural role, actions and rules."""

    number: str
    name: str
    group: str | None
    natural: str | None
    actions: list[Any] = field(default_factory=list)  # each ``Plain``: the engine runs them
    rules: list[Any] = field(default_factory=list)
    acts: set[str] = field(default_factory=set)
    makes_others_draw: bool = False
    many: set[str] = field(default_factory=set)  # acts it makes more than 1 player do
    does: frozenset[str] = frozenset()  # every kind of action (``do``) it has
    conditional: tuple[Any, ...] = ()  # its actions that happen only if a condition holds
    # (key, rule) for each of its standing rules and each key it is filed under: its types
    # and, for a prohibition, BARRED[act] (``rules_by_type``); the rule ``Plain``, as the
    # engine reads it (``rules`` keeps the models, for what needs their types)
    rule_kinds: tuple[tuple[Any, Any], ...] = ()
    # the records a game keeps only for the cards that read them (``RECORDS_READ``,
    # ``kept_records``): which of them a condition, amount or rule of it reads
    reads: frozenset[str] = frozenset()
    # its own cancel or may_refuse rule falling on its holder is a crisis (``OwnCrisis``)
    own_crisis: bool = False


def card_infos(game: Game) -> dict[str, CardInfo]:
    """Every card of the game, with its effects parsed (cards with invalid effects are empty)."""
    infos: dict[str, CardInfo] = {}
    for card in game.cards:
        info = CardInfo(card.number, card.name, card.group,
                        NATURAL_ROLES.get(card.number) if card.kind == "natural" else None)
        for _, kind, effect in block_effects(card):
            info.reads = info.reads.union(records_read(effect))
            if kind == "direct":
                info.actions.extend(plain(action) for action in effect)
            else:
                info.rules.extend(effect)  # models: filed by their types (``rule_kinds``)
        for action in info.actions:
            act = _acts(action)
            if act:
                info.acts.add(act)
                who = getattr(action, "who", "self")
                if not single(who) or (act in ("give", "exchange") and not single(action.to)):
                    info.many.add(act)
            if action.do == "draw" and action.who != "self":
                info.makes_others_draw = True
        if any(a.do in ("rotate_hands", "pass_cards") for a in info.actions):
            info.many.add("give")
        info.does = frozenset(a.do for a in info.actions)
        info.own_crisis = "own_crisis" in info.does
        info.conditional = tuple(a for a in info.actions if a.when is not None)
        info.rule_kinds = tuple((kind, read) for rule in info.rules
                                for read in (plain(rule),) for kind in _filed_under(rule))
        infos[card.number] = info
    return infos


def rules_of(rule_type: type, cards: list[str],
             infos: dict[str, CardInfo]) -> list[tuple[int, Any]]:
    """(seat, rule) for every standing rule of this type in the society."""
    found = []
    for seat, number in enumerate(cards):
        for rule in infos[number].rules:
            if isinstance(rule, rule_type):
                found.append((seat, rule))
    return found


NO_RULES: list[tuple[int, Any]] = []  # shared and never changed: what a society lacks

RuleKey = type | tuple[type, str] | str
"""What standing rules are filed under (``rules_by_type``): a rule's type, a prohibition's
``BARRED[act]``, or ``SCALES``."""

_DERIVED: dict[int, tuple[dict[str, CardInfo], dict[str, Any]]] = {}
KEPT_SETS = 4  # sets of cards whose derived tables are kept (a worker plays with one)


def derived(infos: dict[str, CardInfo]) -> dict[str, Any]:
    """Tables computed from these cards, kept for every game played with them (a worker
    plays thousands): name -> table.  The set is held, so its id stays its own; the
    cards must not change once games are played with them."""
    entry = _DERIVED.get(id(infos))
    if entry is None:
        while len(_DERIVED) >= KEPT_SETS:
            del _DERIVED[next(iter(_DERIVED))]
        entry = _DERIVED[id(infos)] = (infos, {})
    return entry[1]


def natural_roles(infos: dict[str, CardInfo]) -> dict[str, str]:
    """card -> role of every natural card, kept with the set of cards."""
    tables = derived(infos)
    roles = tables.get("natural_roles")
    if roles is None:
        roles = tables["natural_roles"] = {number: info.natural for number, info in infos.items()
                                           if info.natural}
    return roles


def ruled_cards(infos: dict[str, CardInfo]) -> frozenset[str]:
    """The cards that carry standing rules, kept with the set of cards."""
    tables = derived(infos)
    ruled = tables.get("ruled_cards")
    if ruled is None:
        ruled = tables["ruled_cards"] = frozenset(n for n, info in infos.items() if info.rules)
    return ruled


RECORDS_READ: dict[str, tuple[str, Any]] = {
    "had_one_card": ("had_one_card_this_partida", None),  # Partida.had_one_card
    "received": ("count", "received_last_turn"),  # Jogada.received
    "discards": ("count", "discards_since_target_played"),  # Partida.discards(_at_play)
    # Partida.society_seen: a standing rule that lets a natural card bring back only a card
    # that was a structure this partida (079 Centro histórico tombado)
    "society_seen": ("returning_only", True),
    "changed": ("changed_structure_last_turn", None),  # Jogada.changed
    "turno_counts": ("rule", "turn_tally"),  # Partida.turno_drew, turno_discarded
}
"""The records a game keeps only when a card of its deck reads them, each with the field
of a model (condition or count) that reads it and the value it reads it with (None: any
value set, true or false).  The other records (who drew, who discarded, who gave, the
last discarder) are read by cards of the principal deck, which every game plays."""


def records_read(effect: Any) -> frozenset[str]:
    """The records of ``RECORDS_READ`` any model of a parsed effect reads, found by the
    linter's own walk (``lint_text.descend``)."""
    found = set()
    for model in descend(effect):
        for record, (name, value) in RECORDS_READ.items():
            got = getattr(model, name, None)
            if got is not None and (value is None or got == value):
                found.add(record)
    return frozenset(found)


def kept_records(infos: dict[str, CardInfo], cards: Iterable[str]) -> set[str]:
    """The records of ``RECORDS_READ`` a game played with ``cards`` keeps: those a card
    among them reads.  Asked once per game, so in one pass over the cards made in C: the
    cards that read any record are kept with the set of cards."""
    tables = derived(infos)
    reading = tables.get("reading")
    if reading is None:
        reading = tables["reading"] = frozenset(
            number for number, info in infos.items() if info.reads)
    kept: set[str] = set()
    for number in reading.intersection(cards):
        kept |= infos[number].reads
    return kept


def rules_by_type(cards: tuple[str, ...],
                  infos: dict[str, CardInfo]) -> dict[RuleKey, list[tuple[int, Any]]]:
    """``rules_of`` for every rule type at once: type -> (seat, rule), for each type of
    the schema a rule is an instance of (its class, and any base class of its below
    ``Strict``: none today).  The base classes every model shares are left out, as a
    society is filed anew each time its structures change and nobody asks for them.
    A prohibition is also filed under ``BARRED[act]`` for each act it bars, a rule that
    changes amounts under ``SCALES`` (the card's ``rule_kinds``)."""
    found: dict[RuleKey, list[tuple[int, Any]]] = {}
    for seat, number in enumerate(cards):
        for kind, rule in infos[number].rule_kinds:
            found.setdefault(kind, []).append((seat, rule))
    return found


SCALES = "scales amounts"
"""The key under which the rules that change an action's amount ('dobra', 'somente 1':
``fx.Double``, ``fx.Cap``) are also filed (``rules_by_type``): whether the amounts of a
society are its actions' own numbers is one look-up, of a string, whose hash is kept."""

BARRED: dict[str, tuple[type, str]] = {act: (fx.Cannot, act) for act in get_args(fx.Forbidden)}
"""act -> the key under which the prohibitions of that act are filed (``rules_by_type``):
whether a society bars an act is one look-up, and most bar none of the acts asked about."""


def _filed_under(rule: Any) -> tuple[Any, ...]:
    """The keys a rule is filed under: its types, for a prohibition the acts it bars, for
    a rule that changes amounts ``SCALES``."""
    kinds: tuple[Any, ...] = _rule_types(type(rule))
    if isinstance(rule, fx.Cannot):
        kinds += tuple(BARRED[act] for act in dict.fromkeys(rule.act))
    if isinstance(rule, fx.Double | fx.Cap):
        kinds += (SCALES,)
    return kinds


def _rule_types(cls: type) -> tuple[type, ...]:
    """The schema's types a rule of class ``cls`` is filed under (see ``rules_by_type``)."""
    return tuple(kind for kind in cls.__mro__
                 if issubclass(kind, fx.Strict) and kind is not fx.Strict)


ACT_TYPES = {"draw": fx.Draw, "discard": fx.Discard, "give": fx.Give, "exchange": fx.Exchange}


_LAST: dict[int, tuple[Game, dict[str, CardInfo]]] = {}


def infos_of(game: Game) -> dict[str, CardInfo]:
    """``card_infos(game)``, computed once for the game in hand: a check replays every example
    and a study plays thousands of games on the same loaded game, and the infos are only read.
    One game at a time is kept (the game itself too, so that its id is not reused)."""
    if id(game) not in _LAST:
        _LAST.clear()
        _LAST[id(game)] = (game, card_infos(game))
    return _LAST[id(game)][1]

