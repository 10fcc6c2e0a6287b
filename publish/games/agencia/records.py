"""Games played for a balance study, as the core's :class:`GameRecord`.

The engine appends its events as a jogada goes (``base.EngineBase.events``):
``("played", seat, card)`` when a seat's structure is played,
``("ran", seat, card)`` when it ran, ``("crisis", seat, card)`` when it
caused a crisis, ``("dealt", seat, card)`` for each card a deal gives a seat
(its structure and its hand), ``("drew", seat, card)`` for each card a seat
draws from the pile, and ``("round", jogadas, winners)`` as a partida ends.
This module plays the games a study asks for and hands those events over.
"""

from __future__ import annotations

from collections.abc import Sequence

from publish.engines.protocol import GameRecord, GameSpec, Recording, RoundRecord
from publish.games.agencia.agents import AGENTS
from publish.games.agencia.cards import infos_of
from publish.games.agencia.engine import Engine
from publish.games.agencia.play import deck_cards, play_spec
from publish.model.game import Game

MODES = ("simple", "bourdieu")
DECKS = ("principal", "historico", "teorico", "estrategico", "social")
"""Agência's five decks: the main deck first, which every game needs."""

RECORDING = Recording(
    round=("partida", "partidas"),
    move=("jogada", "jogadas"),
    held="played",
    held_label="played as a structure",
    outcomes=(("ran", "ran"), ("crisis", "caused a crisis")),
    opening="dealt",
    drawn="drew",
)

"""Each game's cards as the engine reads them, once per process (keyed by the object)."""


def table_problem(game: Game, mode: str, decks: Sequence[str], agents: Sequence[str]) -> str | None:
    """Why the engine cannot play this table, or None."""
    unknown = [a for a in agents if a not in AGENTS]
    if unknown:
        return f"unknown agent(s) {', '.join(unknown)}; known: {', '.join(AGENTS)}"
    if mode not in MODES:
        return f"unknown mode {mode!r}; known: {', '.join(MODES)}"
    missing = [d for d in decks if d not in game.config.decks]
    if missing:
        return (f"unknown deck(s) {', '.join(missing)}; known: "
                f"{', '.join(game.config.decks)}")
    if mode != "bourdieu" and tuple(decks) != ("principal",):
        return ("simple mode is played with the principal deck alone; "
                "use --mode bourdieu for other decks")
    if "principal" not in decks:
        return ("every game needs the principal deck; add the others to it "
                "(--decks principal,social)")
    return None


def play_records(game: Game, specs: Sequence[GameSpec]) -> list[GameRecord]:
    """Play each game to its end; what it recorded."""
    infos = infos_of(game)
    records = []
    decks: dict[tuple[str, ...], tuple[list[str], frozenset[str]]] = {}
    for spec in specs:
        if spec.decks not in decks:
            deck = deck_cards(game, spec.decks)
            decks[spec.decks] = deck, frozenset(c for c in deck if infos[c].natural is None)
        deck, held = decks[spec.decks]
        records.append(record_of(play_spec(infos, deck, spec), held))
    return records


def record_of(engine: Engine, held: frozenset[str]) -> GameRecord:
    """The core's record of a game the engine played."""
    s = engine.state
    rounds = tuple(RoundRecord(e[1], e[2]) for e in engine.events if e[0] == "round")
    cards = tuple(e for e in engine.events if e[0] != "round")
    first = next((e[1] for e in cards if e[0] == "played"), 0)  # clockwise when a game starts
    order = tuple((first + k) % s.players for k in range(s.players))
    return GameRecord(players=s.players, order=order, rounds=rounds,
                      winners=tuple(s.game_winners), cards=held, events=cards,
                      stopped=s.stopped)
