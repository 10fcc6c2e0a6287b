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
        "59e763c0199302a3d24ccb2c80912789e0f2dae0886486a0700e4cce2cdd51b4",
    "simple-3to6-random":
        "1438ff014f7edecb6df82a657e233dd21ef34575fb46b9554b578d0e2c3880dc",
    "bourdieu-all":
        "c4669fedc85efd7d072448e91b8adb9b4f2f0b0be68919bb8995b6a5e63f6b50",
    "bourdieu-social":
        "bfc6bcf508f02f98a2657bfce93bab31d8d7956770c71c25dfec3b1bca01e816",
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
