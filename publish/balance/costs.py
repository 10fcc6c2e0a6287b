"""`make bench`: what a what-if variant costs against the study it varies.

A variant plays the baseline's games again with the patched game, then is
compared with it; so one variant should cost about twice the baseline alone
(goal: at most ``VARIANT_GOAL`` times).  Both are timed in this process,
alternately, on a small study of the game's engine (its first default table and
agent, one player count), and the ratio of the medians of their CPU time is
the figure, which other work on the machine disturbs less than wall time.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from publish.balance.distribute import play_study
from publish.balance.patch import removal
from publish.balance.report import titles
from publish.balance.study import Study
from publish.balance.whatif import compared, variants_csv
from publish.engines.protocol import GameSpec
from publish.engines.registry import engine_for
from publish.model.load import load_game

VARIANT_GOAL = 2.1
"""The most a study with one variant may cost, in baseline studies (the baseline shared)."""


def bench_variant(root: Path, game_id: str, games: int = 400, runs: int = 3
                  ) -> dict[str, Any] | None:
    """CPU and wall seconds of a baseline study alone and with one variant (a card taken
    out), medians of ``runs`` alternated; None when the game's engine does not study."""
    game, _ = load_game(root, game_id)
    engine = None if game is None else engine_for(game)
    if game is None or engine is None or not engine.info.studies:
        return None
    info = engine.info
    recording = info.records
    assert recording is not None  # info.studies
    mode, decks = info.default_tables[0] if info.default_tables else (
        info.modes[0], (next(iter(game.config.decks)),))
    players = info.default_players[0]
    study = Study(game.id, (players,), (mode,), (tuple(decks),), ((info.default_agents[0],),),
                  games, seed=11, chunk=50)
    if engine.table_problem(game, GameSpec(players, mode, tuple(decks),
                                           (info.default_agents[0],), 0)):
        return None
    cards = game.deck_cards(decks[0])
    variant = removal(game, cards[len(cards) // 2].number)
    names = {card.number: card.name for card in game.cards}
    rows: dict[str, list[tuple[float, float]]] = {"baseline": [], "variant": []}
    for _ in range(runs):
        for label in ("baseline", "variant"):
            wall, cpu = time.perf_counter(), time.process_time()
            if label == "baseline":
                play_study(game, study, workers=1)
            else:
                played = play_study(game, study, workers=1, variants=[variant.game])
                variants_csv(compared(study.cells(), played.tally, [variant], played.variants,
                                      recording, titles(recording)), names)
            rows[label].append((time.perf_counter() - wall, time.process_time() - cpu))
    median = {label: {"wall_s": round(statistics.median(w for w, _ in r), 3),
                      "cpu_s": round(statistics.median(c for _, c in r), 3)}
              for label, r in rows.items()}
    return {"setup": f"{games} games, {players} players, {mode}, {'+'.join(decks)}, "
                     f"{info.default_agents[0]}; the variant without card {variant.removed[0]}",
            "runs": runs, **median,
            "ratio_cpu": round(median["variant"]["cpu_s"] / median["baseline"]["cpu_s"], 3),
            "goal_ratio": VARIANT_GOAL}


def describe_variant_bench(result: dict[str, Any]) -> str:
    verdict = "met" if result["ratio_cpu"] <= result["goal_ratio"] else "NOT met"
    return (f"variant study: baseline {result['baseline']['cpu_s']:.2f} s of CPU, with one "
            f"variant {result['variant']['cpu_s']:.2f} s; variant/baseline = "
            f"{result['ratio_cpu']} (goal <= {result['goal_ratio']}: {verdict}; "
            f"{result['setup']})")
