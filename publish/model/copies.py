"""Copies per player: what a build prints for a number of players (``--players``).

A deck may say its cards' copies are one player's set (game.yaml
``decks.<id>.per_player``), and a card may say so of its own copies or deny
it (``per_player`` on the card).  A build prints those copies once per
player, for the number asked (--players) or the game's usual number
(``players.default``, else ``players.min``; 1 for a game that gives no
``players``).  Everything else, the deck's expectations, the check's counts,
a rules engine's decks, counts the copies as written: one player's set.
"""

from __future__ import annotations

from publish.core.problems import OptionError
from publish.model.game import Card, Game
from publish.model.players import MAX_PLAYERS


def player_range(game: Game) -> tuple[int, int]:
    """The fewest and the most players a build of ``game`` may print for."""
    spec = game.config.players
    return (spec.min, spec.max) if spec else (1, MAX_PLAYERS)


def usual_players(game: Game) -> int:
    """The players a build prints for unless told: ``players.default``, else ``min``, else 1."""
    spec = game.config.players
    if spec is None:
        return 1
    return spec.default if spec.default is not None else spec.min


def per_player(game: Game, card: Card, deck: str) -> bool:
    """Whether ``card``'s copies in ``deck`` are one player's set: its own word, else its
    deck's."""
    return card.per_player if card.per_player is not None else \
        game.config.decks[deck].per_player


def copies(game: Game, card: Card, deck: str, players: int = 1) -> int:
    """How many of ``card`` ``deck`` holds printed for ``players`` players: its copies, times
    the players when they are per player (for 1 player, the copies as written)."""
    written = card.copies[deck]
    return written * players if per_player(game, card, deck) else written


def has_per_player(game: Game) -> bool:
    """Whether any card's copies count per player, so that --players changes what prints."""
    return any(per_player(game, card, deck) for card in game.cards for deck in card.copies)


def players_for(game: Game, asked: int | None) -> int:
    """The players a build prints for: ``asked`` (--players), else the game's usual number.

    OptionError when ``asked`` is outside the game's range (game.yaml ``players``), or when
    it is not the usual number and nothing of the game counts per player (the files would
    be the default ones under another name).
    """
    if asked is None:
        return usual_players(game)
    fewest, most = player_range(game)
    if not fewest <= asked <= most:
        where = ("game.yaml players" if game.config.players is not None
                 else "without players in game.yaml")
        raise OptionError(f"--players {asked}: {game.id} is for {fewest} to {most} players "
                          f"({where})")
    if asked != usual_players(game) and not has_per_player(game):
        raise OptionError(f"--players {asked}: no deck or card of {game.id} has copies per "
                          "player (per_player: true in game.yaml's decks or on a card), so "
                          "every build prints the same cards")
    return asked


def players_suffix(game: Game, players: int) -> str:
    """What the name of a file printed for ``players`` players adds: ``-4p``, or nothing for
    the game's usual number (the default build's files)."""
    return "" if players == usual_players(game) else f"-{players}p"
