"""The same seed plays the same games: a digest of whole seeded games, fixed in advance.

The expected digests were computed from the engine before its speed-ups (and again
when the deal was made fair to every seat and greedy's ties stopped favouring the
lowest seat number: docs/balance.md, "Seats"), so
any change to the engine's code that alters a single decision, a single draw
on the random generator or a single entry of the log fails here.  A change
to the rules or to the cards' effects made on purpose changes them too: then
recompute them with ``python tests/games/agencia/test_engine_replay_digest.py``
and say why in the commit.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import fields

from conftest import REPO
from publish.games.agencia.engine import Engine
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of

ALL = ("principal", "historico", "teorico", "estrategico", "social")
PLANS = {
    "simple-4-bench": Plan(REPO, games=120, players=(4, 4), seed=11),
    "simple-3to6-random": Plan(REPO, games=80, players=(3, 6), seed=1, agents=("random",)),
    "bourdieu-all": Plan(REPO, games=30, players=(3, 6), bourdieu=True, decks=ALL, seed=3,
                         agents=("random", "greedy")),
    "bourdieu-social": Plan(REPO, games=20, players=(3, 6), bourdieu=True,
                            decks=("principal", "social"), seed=2, agents=("greedy",)),
}
EXPECTED = {
    "simple-4-bench":
        "9b90f276dfb06ae73bb725120a44dc33405db8dabb490fc73d84461300381dcd",
    "simple-3to6-random":
        "3e91368ef752eedc2439d634e9eb65ced12c8d59ddf46e9feac65f141968b290",
    "bourdieu-all":
        "776a9488c9bc06c9c0fcc5878ce53b1c60a506ae9f7f3439311e6a50fd77bf0e",
    "bourdieu-social":
        "5ec965d426d60ed67b134558fe486ccfbd91f0ed6dfd537d7dc22ecde8f6ebe0",
}


def _plain(value: object) -> object:
    """Counters in a fixed order, so that how a count was built does not matter."""
    return sorted(value.items()) if isinstance(value, Counter) else value


def game_record(engine: Engine) -> str:
    """Everything a game leaves behind: its log, its final state, the generator, the counts."""
    s = engine.state
    part = s.partida
    fld = s.field
    return repr((
        engine.log, s.hands, s.structures, s.pile, s.discard, s.flow, s.turn, s.wins,
        s.win_order, s.game_winners, s.game_over, s.stopped,
        (fld.row, fld.col, fld.since, fld.home, fld.blocked_wins, fld.clock) if fld else None,
        (part.number, part.jogadas, part.crises, part.revolts, part.winners, part.clock),
        s.rng.getstate(),
        [(f.name, _plain(getattr(engine.stats, f.name))) for f in fields(engine.stats)],
    ))


def digest(plan: Plan) -> str:
    infos, deck = infos_of(plan)
    h = hashlib.sha256()
    for index in range(plan.games):
        h.update(game_record(play(plan, index, infos, deck)).encode())
    return h.hexdigest()


def test_seeded_games_are_the_same_as_before_the_speed_ups():
    found = {name: digest(plan) for name, plan in PLANS.items()}
    assert found == EXPECTED


if __name__ == "__main__":
    for name, plan in PLANS.items():
        print(f'    "{name}": "{digest(plan)}",')
