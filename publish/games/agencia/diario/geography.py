"""The geography of a partida (CNA 3.9-3.13): who sits where, named by compass points.

The points depend on the number of players (3.9, 3.12); whoever starts is
South (3.11); a PART event lists the players in the order they will play,
from South (3.13), so its points run clockwise from S, or counter-clockwise
when the flow does.  Both editions seat 3 to 6 players.
"""

from __future__ import annotations

from publish.games.agencia.diario import syntax as sx

CLOCKWISE = {3: ("S", "NO", "NE"), 4: ("S", "O", "N", "L"), 5: ("S", "SO", "NO", "NE", "SE"),
             6: ("S", "SO", "NO", "N", "NE", "SE")}
"""The points of each table size, clockwise from South (the figure of CNA 3.12)."""
FEWEST, MOST = min(CLOCKWISE), max(CLOCKWISE)


def orders(players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The points in the order of play: clockwise, and counter-clockwise."""
    points = CLOCKWISE[players]
    return points, points[:1] + points[:0:-1]


def seat_findings(part: sx.Part) -> list[tuple[str, str, str]]:
    """(what the log says, what the rules give, why) for each way the seats break 3.9-3.13."""
    names = [seat.name for seat in part.seats]
    points = tuple(seat.position for seat in part.seats)
    found = []
    if not FEWEST <= len(names) <= MOST:
        found.append((f"{len(names)} players", f"{FEWEST} to {MOST} players",
                      "3.9: the geography is drawn for 3 to 6 players"))
        return found
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        found.append((f"{', '.join(twice)} seated twice", "each player once",
                      "3.13: the geography lists every player once"))
        return found
    if points[0] != "S":
        found.append((f"{names[0]}={points[0]}", f"{names[0]}=S",
                      "3.11: the player who starts the partida is South"))
    clockwise, counter = orders(len(names))
    if points not in (clockwise, counter):
        found.append((", ".join(points), f"{', '.join(clockwise)} (or {', '.join(counter)})",
                      f"3.12, 3.13: with {len(names)} players these are the points, listed "
                      "from South in the order of play"))
    return found
