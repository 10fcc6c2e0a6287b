"""What Agência records for a balance study agrees with what its engine counted."""

from __future__ import annotations

from collections import Counter

from conftest import REPO
from publish.engines.protocol import GameSpec
from publish.games.agencia.plugin import AgenciaEngine
from publish.games.agencia.records import record_of
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of

ALL = ("principal", "historico", "teorico", "estrategico", "social")


def test_the_events_agree_with_the_engines_counts():
    for plan in (Plan(REPO, players=(3, 6), seed=2, agents=("greedy", "random")),
                 Plan(REPO, players=(3, 6), bourdieu=True, decks=ALL, seed=3)):
        infos, deck = infos_of(plan)
        for index in range(8):
            engine = play(plan, index, infos, deck)
            structural = frozenset(c for c in deck if infos[c].natural is None)
            record = record_of(engine, structural)
            kinds = {key: Counter(card for k, _, card in record.events if k == key)
                     for key in ("played", "ran", "crisis")}
            assert sum(kinds["played"].values()) == engine.stats.jogadas
            # the engine's counts of cards run include natural cards used: not structures
            assert kinds["ran"] == Counter({c: n for c, n in engine.stats.executed.items()
                                            if c in structural and n})
            assert kinds["crisis"] == +engine.stats.crises_caused
            assert len(record.rounds) == engine.stats.partidas
            assert sum(r.moves for r in record.rounds) == engine.stats.jogadas
            assert sum(1 for r in record.rounds if r.winners) == engine.stats.partidas_won
            assert record.winners == tuple(engine.state.game_winners)
            assert sorted(record.order) == list(range(engine.state.players))
            assert set(kinds["played"]) <= record.cards


def test_the_first_seat_in_the_order_is_the_first_to_play():
    plan = Plan(REPO, players=(5, 5), seed=4)
    infos, deck = infos_of(plan)
    engine = play(plan, 0, infos, deck)
    first = next(entry for entry in engine.log if entry[0] == "part")[2]
    record = record_of(engine, frozenset())
    assert record.order[0] == first
    assert record.order == tuple((first + k) % 5 for k in range(5))


def test_the_plugin_plays_a_studys_games_and_refuses_a_table_it_cannot(agencia):
    engine = AgenciaEngine()
    specs = [GameSpec(4, "simple", ("principal",), ("greedy", "random", "greedy", "random"), s)
             for s in (1, 2)]
    first, again = engine.play(agencia, specs), engine.play(agencia, specs)
    assert first == again and len(first) == 2
    assert engine.table_problem(agencia, specs[0]) is None
    assert "principal deck alone" in engine.table_problem(
        agencia, GameSpec(4, "simple", ("principal", "social"), ("greedy",), 0))
    assert "unknown agent" in engine.table_problem(
        agencia, GameSpec(4, "simple", ("principal",), ("oracle",), 0))


def test_each_deal_and_each_draw_from_the_pile_is_recorded_as_the_seats():
    """("dealt", seat, card) for a seat's structure and hand at every deal; ("drew", ...) for
    every card a seat draws, as many as the diário's draws (none of a jogada undone)."""
    for plan in (Plan(REPO, players=(3, 6), seed=6, agents=("greedy", "random")),
                 Plan(REPO, players=(3, 6), bourdieu=True, decks=ALL, seed=8)):
        infos, deck = infos_of(plan)
        for index in range(12):
            engine = play(plan, index, infos, deck)
            players = engine.state.players
            dealt = [e for e in engine.events if e[0] == "dealt"]
            opening = [e for e in engine.log if e[0] == "part"]  # a deal opens each partida
            runs = _runs(engine.events, "dealt")
            assert len(runs) == len(opening)
            for run in runs:  # seat by seat, each its structure first, then its hand
                assert sorted({seat for _, seat, _ in run}) == list(range(players))
                firsts = [next(c for _, s, c in run if s == seat) for seat in range(players)]
                assert all(infos[c].natural is None for c in firsts)
            drew = [e for e in engine.events if e[0] == "drew"]
            assert len(drew) == sum(entry[2] for entry in engine.log if entry[0] == "draw")
            assert all(card in deck for _, _, card in dealt + drew)


def _runs(events: list, key: str) -> list[list]:
    """The stretches of consecutive events of ``key``."""
    runs: list[list] = []
    previous = None
    for event in events:
        if event[0] == key:
            if previous != key:
                runs.append([])
            runs[-1].append(event)
        previous = event[0]
    return runs
