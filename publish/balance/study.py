"""What a balance study plays: its cells (a table and a line-up of agents), their games,
each game's seed, and the chunks the games are dealt out in.

Everything here is fixed by the study alone.  A game's seed comes from the
study's seed, its cell and its number; chunks have a fixed size; so the
figures never depend on how many workers played them.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from dataclasses import dataclass
from pathlib import Path

from publish.engines.protocol import GameSpec

DEFAULT_GAMES = 2000
"""Games of a study that says nothing else (`publish balance` alone): a few minutes here."""

CHUNK = 50
"""Games per task: small enough to keep every worker busy, big enough to pay for the trip."""


@dataclass(frozen=True)
class Cell:
    """One table of the study and the agents at it; ``lineup`` is seated in turn."""

    players: int
    mode: str
    decks: tuple[str, ...]
    lineup: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.players}/{self.mode}/{'+'.join(self.decks)}/{'+'.join(self.lineup)}"

    @property
    def agents(self) -> str:
        """The line-up as the report names it: 'greedy' or 'greedy+random'."""
        return "+".join(self.lineup)


@dataclass(frozen=True)
class Chunk:
    """Games ``start``..``stop``-1 of cell number ``cell``, played with game ``variant`` (0:
    the game as it is; then each what-if variant, on the same seeds): one task."""

    cell: int
    start: int
    stop: int
    variant: int = 0


@dataclass(frozen=True)
class Study:
    """Player counts x modes x deck sets x line-ups, ``games_per_cell`` games each."""

    game_id: str
    players: tuple[int, ...]
    modes: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]
    lineups: tuple[tuple[str, ...], ...]
    games_per_cell: int
    seed: int = 0
    chunk: int = CHUNK
    variants: tuple[Path, ...] = ()
    """What-if patch files (publish.balance.patch), each played on the same seeds."""
    importance: tuple[str, ...] = ()
    """Cards to take out in turn (publish.balance.importance): numbers, or 'flagged', 'all'."""
    tables: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(mode, decks) of each table, when not every mode with every deck set (the engine's
    default tables, ``EngineInfo.default_tables``)."""

    def pairs(self) -> list[tuple[str, tuple[str, ...]]]:
        """(mode, decks) of each table: ``tables``, or every mode with every deck set."""
        return list(self.tables) or list(itertools.product(self.modes, self.decks))

    def cells(self) -> list[Cell]:
        """Every cell, in a fixed order: line-up, then mode, deck set and player count."""
        return [Cell(players, mode, decks, lineup) for lineup, (mode, decks), players
                in itertools.product(self.lineups, self.pairs(), self.players)]

    def chunks(self) -> list[Chunk]:
        size = max(1, self.chunk)
        return [Chunk(number, start, min(self.games_per_cell, start + size))
                for number in range(len(self.cells()))
                for start in range(0, self.games_per_cell, size)]

    @property
    def games(self) -> int:
        return self.games_per_cell * len(self.cells())

    def spec(self, cell: Cell, index: int) -> GameSpec:
        """Game ``index`` of ``cell``: its seed, and the line-up seated from seat ``index``."""
        width = len(cell.lineup)
        agents = tuple(cell.lineup[(index + seat) % width] for seat in range(cell.players))
        return GameSpec(cell.players, cell.mode, cell.decks, agents,
                        game_seed(self.seed, cell.key, index))


def game_seed(seed: int, cell: str, index: int) -> int:
    """A 63-bit seed for game ``index`` of a cell, the same in every process and machine."""
    digest = hashlib.blake2b(f"{seed}/{cell}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def per_cell(total: int, cells: int) -> int:
    """Games per cell for a study of about ``total`` games (rounded up, at least one)."""
    return max(1, math.ceil(total / max(1, cells)))
