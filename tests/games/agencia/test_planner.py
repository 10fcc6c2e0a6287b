"""The planning agent: it looks ahead in copies of the game, never in the game itself."""

from __future__ import annotations

from conftest import REPO
from publish.engines.protocol import GameSpec
from publish.games.agencia.agents import PlannerAgent, fork
from publish.games.agencia.records import play_records
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of


def test_planners_keep_every_invariant_and_a_seed_fixes_their_game():
    plan = Plan(REPO, games=2, players=(4, 4), seed=6, agents=("planner", "random"), check=True)
    infos, deck = infos_of(plan)
    one = play(plan, 0, infos, deck)
    two = play(plan, 0, infos, deck)
    assert one.events == two.events and one.log == two.log
    assert one.state.game_over


def test_a_fork_is_a_game_of_its_own():
    plan = Plan(REPO, players=(4, 4), seed=8, agents=("greedy",))
    infos, deck = infos_of(plan)
    engine = play(plan, 0, infos, deck)
    before = (engine.state.hands, engine.state.pile, engine.state.rng.getstate(),
              engine.state.partida.turns, len(engine.events))
    twin = fork(engine)
    twin.state.hands[0].append("x")
    twin.state.pile.clear()
    twin.state.rng.random()
    twin.state.partida.turns[-1].drew[0] = 99
    twin.events.append(("played", 0, "x"))
    assert (engine.state.hands, engine.state.pile, engine.state.rng.getstate(),
            engine.state.partida.turns, len(engine.events)) == before
    assert 0 not in engine.state.partida.turns[-1].drew or \
        engine.state.partida.turns[-1].drew[0] != 99
    # a planner's rollouts run while the game's structure is carried out in its context
    assert twin.structure_context is not engine.structure_context


def test_the_planner_beats_greedy_players_at_its_own_table(agencia):
    """One planner against two greedy players, seated in turn: it wins well over a third."""
    lineup = ("planner", "greedy", "greedy")
    specs = [GameSpec(3, "simple", ("principal",),
                      tuple(lineup[(i + seat) % 3] for seat in range(3)), 500 + i)
             for i in range(90)]
    won = sum(1 for spec, record in zip(specs, play_records(agencia, specs), strict=True)
              for seat in record.winners if spec.agents[seat] == "planner")
    assert won / len(specs) > 0.38
    assert PlannerAgent.name == "planner"
