"""Counting a chunk's game records: a row per game, and sums per cell and card.

Only what :class:`publish.engines.protocol.Recording` promises is read: the held event,
the outcome events, rounds, winners and the order of play.  Counts are
integers, so chunks summed in any grouping give the same totals; the chunks
are summed in the study's order all the same.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from publish.engines.protocol import GameRecord, Recording


@dataclass
class CardCounts:
    """One card in one cell: how often it was in play, held, won with, and its events."""

    in_pool: int = 0
    """Games whose decks held it."""
    held_games: int = 0
    """Games in which some seat held it."""
    holdings: int = 0
    """(game, seat) pairs in which the seat held it."""
    wins: int = 0
    """Holdings whose seat won the game."""
    expected: Fraction = Fraction(0)
    """Wins a holding would get by chance: for each, the game's winners over its players."""
    events: Counter = field(default_factory=Counter)
    seats: Counter = field(default_factory=Counter)
    """(game, seat) pairs by what the seat had of the card, when the engine says what each
    seat had in hand (``Recording.hands``): keys of ``HANDS``; ``won_`` + key: of them, won."""

    def add(self, other: CardCounts) -> None:
        self.in_pool += other.in_pool
        self.held_games += other.held_games
        self.holdings += other.holdings
        self.wins += other.wins
        self.expected += other.expected
        self.events.update(other.events)
        self.seats.update(other.seats)


HANDS = ("opening", "drawn", "in_hand", "unseen")
"""What a seat had of a card in a game: in its opening hand; drawn later (not in the opening
hand); either (in hand at some time); neither, nor played (never seen)."""


@dataclass(frozen=True)
class GameRow:
    """One game as the per-game table shows it."""

    cell: int
    index: int
    seed: int
    players: int
    rounds: int
    moves: int
    round_moves: tuple[int, ...]
    rounds_won: int
    winners: tuple[int, ...]
    positions: tuple[int, ...]
    """The winners' places in the order of play (1: first to move)."""
    stopped: bool


@dataclass
class Tally:
    """A chunk's games, counted; tallies add up."""

    games: list[GameRow] = field(default_factory=list)
    cards: dict[tuple[int, str], CardCounts] = field(default_factory=dict)
    seconds: Counter = field(default_factory=Counter)
    """CPU seconds spent playing each cell's games: the cost, never a figure of the study."""

    def add(self, other: Tally) -> None:
        self.games.extend(other.games)
        self.seconds.update(other.seconds)
        for key, counts in other.cards.items():
            self.cards.setdefault(key, CardCounts()).add(counts)


def count_game(tally: Tally, cell: int, index: int, seed: int, record: GameRecord,
               recording: Recording) -> None:
    """Add one game's record to ``tally``."""
    winners = set(record.winners)
    held: dict[str, set[int]] = {}
    counted = {recording.held, *(key for key, _ in recording.outcomes)}  # no hand events
    for key, seat, card in record.events:
        if key == recording.held:
            held.setdefault(card, set()).add(seat)
        if key in counted:
            tally.cards.setdefault((cell, card), CardCounts()).events[key] += 1
    share = Fraction(len(record.winners), record.players)
    for card in record.cards:
        counts = tally.cards.setdefault((cell, card), CardCounts())
        counts.in_pool += 1
        seats = held.get(card, ())
        if seats:
            counts.held_games += 1
            counts.holdings += len(seats)
            counts.wins += len(winners.intersection(seats))
            counts.expected += share * len(seats)
    if recording.hands:
        _count_hands(tally, cell, record, recording, winners, held)
    place = {seat: n for n, seat in enumerate(record.order, start=1)}
    moves = tuple(r.moves for r in record.rounds)
    tally.games.append(GameRow(
        cell, index, seed, record.players, len(record.rounds), sum(moves), moves,
        sum(1 for r in record.rounds if r.winners), tuple(sorted(record.winners)),
        tuple(sorted(place[w] for w in record.winners)), record.stopped))


def _count_hands(tally: Tally, cell: int, record: GameRecord, recording: Recording,
                 winners: set[int], held: dict[str, set[int]]) -> None:
    """Each (game, seat) of each card the game dealt, by what the seat had of it."""
    opening: dict[str, set[int]] = {}
    drawn: dict[str, set[int]] = {}
    for key, seat, card in record.events:
        if key == recording.opening:
            opening.setdefault(card, set()).add(seat)
        elif key == recording.drawn:
            drawn.setdefault(card, set()).add(seat)
    seats = range(record.players)
    for card in record.cards:
        first = opening.get(card, set())
        later = drawn.get(card, set()) - first
        played = held.get(card, set())
        counts = tally.cards[(cell, card)].seats
        for name, group in (("opening", first), ("drawn", later), ("in_hand", first | later)):
            counts[name] += len(group)
            counts["won_" + name] += len(winners & group)
        unseen = [seat for seat in seats if seat not in first and seat not in later
                  and seat not in played]
        counts["unseen"] += len(unseen)
        counts["won_unseen"] += len(winners.intersection(unseen))
