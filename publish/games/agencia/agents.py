"""Players that make the decisions the rules leave open.

The engine asks an agent whenever a player chooses: whom to target, which
cards to give or discard, which structure to change, whether to revolt,
approve, veto, refuse or use a natural card.  Agents draw only on the
engine's seeded generator, so a seed fixes a whole game.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

from publish.games.agencia.cards import derived
from publish.games.agencia.engine import Engine
from publish.games.agencia.host import Context, Stats
from publish.games.agencia.select import table_order
from publish.games.agencia.state import EMPTY, choice, sample, shuffle


class RandomAgent:
    """Chooses uniformly among the legal options."""

    name = "random"

    def before_jogada(self, engine: Engine, me: int) -> None:
        """Called as ``me``'s jogada starts, before anything of it happens."""

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        return sample(engine.state.rng, pool, count)

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        hand = engine.state.hands[me]
        if n == 1 and hand:  # what sample draws for one card, without its set-up
            return [choice(engine.state.rng, hand)]
        return sample(engine.state.rng, hand, n)

    def pick_from_pile(self, engine: Engine, me: int, pile: list[str]) -> str:
        return choice(engine.state.rng, pile)

    def trade_with_pile(self, engine: Engine, me: int) -> tuple[str, str]:
        s = engine.state
        return choice(s.rng, s.hands[me]), choice(s.rng, s.pile or s.discard)

    def change(self, engine: Engine, me: int, options: list[str],
               slots: Sequence[int]) -> tuple[int, str] | None:
        rng = engine.state.rng
        return choice(rng, slots), choice(rng, options)

    def veto(self, engine: Engine, me: int, changer: int, slot: int) -> bool:
        return engine.state.rng.random() < 0.3

    def approve(self, engine: Engine, me: int, proposer: int) -> bool:
        return engine.state.rng.random() < 0.5

    def wants_revolt(self, engine: Engine, me: int) -> bool:
        return engine.state.rng.random() < 0.7

    def natural(self, engine: Engine, me: int, options: list[str]) -> str | None:
        rng = engine.state.rng
        return choice(rng, options) if rng.random() < 0.7 else None

    def refuse(self, engine: Engine, me: int) -> bool:
        return engine.state.rng.random() < 0.5

    def field_move(self, engine: Engine, me: int, moves: list[tuple[int, int]]) -> tuple[int, int]:
        return choice(engine.state.rng, moves)

    def request_hegemony(self, engine: Engine, me: int, group: str, favours: int) -> bool:
        """Whether ``me`` asks for the hegemony of ``group``, which makes ``favours`` win."""
        return True


def own_score(info: Any) -> int:
    """How many cards a structure takes out of its holder's hand, roughly (higher: better)."""
    score = 0
    for action in info.actions:
        who = getattr(action, "who", None)
        n = action.n if isinstance(getattr(action, "n", None), int) else 1
        if who in ("self", "everyone") or (isinstance(who, list) and "self" in who):
            if action.do == "draw":
                score -= n
            elif action.do in ("discard", "give"):
                score += n
    return score


def discard_places(infos: dict[str, Any], scores: dict[str, int]) -> dict[str, int]:
    """card -> its place when giving cards away, the first given first: natural cards
    last, as they change structures and can end a partida; then the structures worst for
    oneself first.  A place is a number, equal for equal keys: numbers compare faster
    than the (natural, score) tuples they stand for, hands are sorted by them often."""
    keys = {}
    for number, info in infos.items():
        keys[number] = (info.natural is not None, scores[number])
    places = {key: place for place, key in enumerate(sorted(set(keys.values())))}
    return {number: places[key] for number, key in keys.items()}


class GreedyAgent(RandomAgent):
    """Plays for itself: good structures for itself, bad ones for the player about to win."""

    name = "greedy"

    # the tables of the set of cards ``_cards`` (see ``_learn``): a game is played with one
    # set, so an agent looks its tables up once rather than at every choice
    _cards: dict[str, Any] | None = None
    _score_of: dict[str, int]
    _order_of: dict[str, int]

    def _learn(self, engine: Engine) -> None:
        """Take the tables of the engine's cards, computed once for the set of cards (a
        worker plays thousands of games with it): card -> own_score, and card -> its
        place when giving cards away (``discard_places``)."""
        infos = engine.infos
        tables = derived(infos)
        scores = tables.get("greedy_scores")
        if scores is None:
            scores = tables["greedy_scores"] = {}
            for number, info in infos.items():
                scores[number] = own_score(info)
            tables["greedy_discard_order"] = discard_places(infos, scores)
        self._score_of, self._order_of = scores, tables["greedy_discard_order"]
        self._cards = infos

    def _scores(self, engine: Engine) -> dict[str, int]:
        """card -> own_score for every card of the game."""
        if self._cards is not engine.infos:
            self._learn(engine)
        return self._score_of

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        s = engine.state
        hands, flow, n = s.hands, s.flow, s.players
        # (cards, steps after me in the flow, player), sorted: on a tie the nearest to play
        # after me, never the lowest seat number (seats are labels; see docs/balance.md)
        keys = []  # no key function closing over hands
        for p in pool:
            keys.append((len(hands[p]), (p - me) * flow % n, p))
        keys.sort()
        chosen = []
        for _, _, p in keys[:count]:
            chosen.append(p)
        return chosen

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        hand = engine.state.hands[me]
        if self._cards is not engine.infos:
            self._learn(engine)
        order = self._order_of
        if n == 1 and hand:  # what sorting gives first, the first of equals, by a loop
            first = hand[0]  # (cheaper than min with a key on a hand this size)
            low = order[first]
            for card in hand:
                key = order[card]
                if key < low:
                    first, low = card, key
            return [first]
        return sorted(hand, key=order.__getitem__)[:n]

    def changes(self, engine: Engine, me: int, options: list[str],
                slots: Sequence[int]) -> list[tuple[int, str]]:
        """Every (slot, card), the best for me first (the first of equals first), as
        ``change`` weighs them: the answers the planner tries, in greedy's order."""
        s = engine.state
        leader = _leader(s, me)
        scores = self._scores(engine)
        gains: list[tuple[float, int, tuple[int, str]]] = []
        for slot in _from_me(s, me, slots):
            current = scores[s.structures[slot]]
            for card in options:
                new = scores[card]
                gain = (new - current if slot == me else current - new if slot == leader
                        else (current - new) / 2)
                gains.append((-gain, len(gains), (slot, card)))
        return [pair for _, _, pair in sorted(gains)]

    def change(self, engine: Engine, me: int, options: list[str],
               slots: Sequence[int]) -> tuple[int, str] | None:
        if not options:
            return None
        s = engine.state
        if self._cards is not engine.infos:
            self._learn(engine)
        scores = self._score_of
        # loops rather than map, min, max and index: cheaper on a few hands and options
        leader = _leader(s, me)
        # the best card for a slot: the highest score in one's own, the lowest elsewhere;
        # the first such card on a tie
        highest = lowest = options[0]
        high = low = scores[highest]
        for card in options:
            score = scores[card]
            if score > high:
                highest, high = card, score
            elif score < low:
                lowest, low = card, score
        structures = s.structures
        best, best_gain = None, None
        for slot in _from_me(s, me, slots):  # the first of equal gains: me, then the flow
            current = scores[structures[slot]]
            gain: float  # half a score's difference in a slot neither mine nor the leader's
            if slot == me:
                gain = high - current
            elif slot == leader:
                gain = current - low
            else:
                gain = (current - low) / 2
            if best_gain is None or gain > best_gain:
                best, best_gain = slot, gain
        if best is None:
            return None
        return best, highest if best == me else lowest

    def veto(self, engine: Engine, me: int, changer: int, slot: int) -> bool:
        return slot == me

    def approve(self, engine: Engine, me: int, proposer: int) -> bool:
        hands = engine.state.hands
        return len(hands[proposer]) > len(hands[me])

    def wants_revolt(self, engine: Engine, me: int) -> bool:
        return True

    def natural(self, engine: Engine, me: int, options: list[str]) -> str | None:
        return options[0]

    def refuse(self, engine: Engine, me: int) -> bool:
        return self._scores(engine)[engine.state.structures[me]] < 0


def _leader(s: Any, me: int) -> int:
    """The player with fewest cards; on a tie the first after ``me`` in the flow (``me``
    last), so no seat number is favoured."""
    hands = s.hands
    around = table_order(s, me)  # a list of its own: me first, then the flow
    around.append(around.pop(0))
    leader = around[0]
    for q in around:
        if len(hands[q]) < len(hands[leader]):
            leader = q
    return leader


def _from_me(s: Any, me: int, slots: Sequence[int]) -> list[int]:
    """``slots`` in the order of play from ``me``: ties go round the table, not to seat 0."""
    return [q for q in table_order(s, me) if q in slots]


DECISIONS = ("choose_players", "pick_cards", "pick_from_pile", "trade_with_pile", "change",
             "veto", "approve", "wants_revolt", "natural", "refuse", "field_move",
             "request_hegemony")
"""Every question the engine asks an agent."""

_ATOMS = (str, int, float, bool, type(None), tuple, frozenset)


def _fork(value: Any) -> Any:
    """An independent copy of a piece of state (lists, sets, dicts, dataclasses, the
    generator), several times faster than copy.deepcopy; strings and tuples are shared."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return value[:] if all(type(v) in _ATOMS for v in value) else [_fork(v) for v in value]
    if kind is set:
        return set(value)
    if kind is dict or value is EMPTY:  # a jogada's shared empty record: a dict of its own
        return {k: _fork(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    if dataclasses.is_dataclass(value):
        twin = copy.copy(value)
        for f in dataclasses.fields(value):
            setattr(twin, f.name, _fork(getattr(value, f.name)))
        return twin
    return copy.deepcopy(value)


def fork(engine: Engine) -> Engine:
    """A copy of a game to play ahead in: its own state, statistics, logs and caches."""
    twin = copy.copy(engine)
    for name, value in vars(engine).items():
        if type(value) in (list, dict, set):
            setattr(twin, name, copy.copy(value))
    twin.state = _fork(engine.state)
    twin.stats, twin.run_jogadas = Stats(), 0
    twin.log, twin.events = [], []  # the standing rules are the same society's
    twin.structure_context = Context(0)  # the game's is in use while the twin plays
    return twin


class Replay(GreedyAgent):
    """In a rollout: the answers a seat gave so far in the jogada, then greedy play.

    ``then`` runs on the rollout's engine as the last answer is given: the
    planner makes its hidden information up there (determinisation).
    """

    def __init__(self, answers: list[tuple[str, Any]],
                 then: Callable[[Engine], None] | None = None):
        self.answers = list(answers)
        self.then = then


def _replaying(method: str) -> Callable[..., Any]:
    def answer(self: Replay, engine: Engine, me: int, *args: Any) -> Any:
        if self.answers:
            name, value = self.answers[0]
            if name == method:
                del self.answers[0]
                if not self.answers and self.then is not None:
                    self.then(engine)
                return copy.copy(value)
            self.answers.clear()  # off the path played: greedy from here, nothing seen
            if self.then is not None:
                self.then(engine)
                self.then = None
        return getattr(GreedyAgent, method)(self, engine, me, *args)
    return answer


for _method in DECISIONS:
    setattr(Replay, _method, _replaying(_method))


def determinise(engine: Engine, me: int, seed: int) -> None:
    """Deal what ``me`` cannot see (the others' hands and the pile) anew, sizes kept, and
    give chance a new seed: one of the games ``me`` may be in."""
    s = engine.state
    rng = random.Random(seed)
    others = [q for q in range(s.players) if q != me]
    unseen = s.pile + [c for q in others for c in s.hands[q]]
    shuffle(rng, unseen)
    for q in others:  # in place: the jogada under way may hold these lists
        size = len(s.hands[q])
        s.hands[q][:], unseen = unseen[:size], unseen[size:]
    s.pile[:] = unseen
    s.rng.seed(seed)


def outlook(engine: Engine, me: int) -> float:
    """How good the position is for ``me``: 1 a won partida, 0 a lost one, else by hands."""
    part = engine.state.partida
    if part.ended:
        return 1.0 if me in part.winners else 0.0 if part.winners else 0.3
    hands = [len(h) for h in engine.state.hands]
    best = min(n for q, n in enumerate(hands) if q != me)
    return min(0.9, max(0.1, 0.5 + 0.1 * (best - hands[me])))


class PlannerAgent(GreedyAgent):
    """Looks ahead before each choice of its own jogada: determinised Monte Carlo search.

    Each candidate answer (greedy's favourites first, at most ``options``) is
    played out ``rollouts`` times from the start of the jogada: the jogada
    replayed as it went up to the choice, the cards it cannot see dealt anew
    and chance reseeded there, then ``horizon`` rounds of the table or to the
    end of the partida, everyone else playing as they do (a planner greedily).
    The answer with the best mean outlook wins, ties to greedy's; all
    candidates meet the same deals (common random numbers).  Choices in the
    others' jogadas are greedy's.  OpenSpiel's ISMCTS is the reference: it
    grows a search tree over such determinisations; this is its one-level form.
    """

    name = "planner"
    rollouts = 3  # 3 x 3 x 2 rounds: as strong as 4 x 4 against greedy here, at 60% of the cost
    options = 3
    horizon = 2

    def __init__(self) -> None:
        self.start: Engine | None = None
        self.jogada = -1

    def before_jogada(self, engine: Engine, me: int) -> None:
        self.start = fork(engine)
        self.jogada = engine.stats.jogadas + 1
        engine.__dict__["_planner_answers"] = []

    def candidates(self, method: str, engine: Engine, me: int, *args: Any) -> list[Any]:
        """The answers worth trying for this question, greedy's first ([]: do not plan)."""
        if engine.state.turn != me or self.start is None or engine.stats.jogadas != self.jogada:
            return []
        if method == "natural":
            return [*args[0][:self.options - 1], None]
        if method == "change":
            return self.changes(engine, me, *args)[:self.options]
        if method == "pick_cards" and args[0] == 1:
            ordered = GreedyAgent.pick_cards(self, engine, me, len(engine.state.hands[me]),
                                             args[1])
            return [[c] for c in dict.fromkeys(ordered)][:self.options]
        if method in ("wants_revolt", "refuse"):
            first = getattr(GreedyAgent, method)(self, engine, me)
            return [first, not first]
        if method == "choose_players" and args[1] == 1:
            return [[p] for p in GreedyAgent.choose_players(self, engine, me, args[0], len(
                args[0]), args[2])][:self.options]
        return []

    def best(self, engine: Engine, me: int, method: str, candidates: list[Any]) -> Any:
        chance = random.Random()
        chance.setstate(engine.state.rng.getstate())  # the game's own generator is not drawn on
        seeds = [chance.getrandbits(63) for _ in range(self.rollouts)]
        answers = engine.__dict__.get("_planner_answers", [])
        best, best_score = candidates[0], -1.0
        for value in candidates:
            score = sum(self.rollout(me, answers, method, value, seed) for seed in seeds)
            if score > best_score:
                best, best_score = value, score
        return best

    def rollout(self, me: int, answers: list, method: str, value: Any, seed: int) -> float:
        """One determinised play-out of ``value`` from the start of the jogada."""
        assert self.start is not None
        twin = fork(self.start)
        twin.rewrites_hidden_cards()  # determinise deals the others' hands anew
        for q, agent in enumerate(twin.agents):
            if q == me or isinstance(agent, PlannerAgent):
                given = [(m, v) for seat, m, v in answers if seat == q]
                twin.agents[q] = (Replay([*given, (method, value)],
                                         lambda e: determinise(e, me, seed))
                                  if q == me else Replay(given))
        part = twin.state.partida
        for _ in range(self.horizon * twin.state.players + 1):
            twin.jogada()
            if part.ended:
                break
        return outlook(twin, me)


def _planning(method: str) -> Callable[..., Any]:
    def answer(self: PlannerAgent, engine: Engine, me: int, *args: Any) -> Any:
        candidates = self.candidates(method, engine, me, *args)
        if len(candidates) > 1:
            value = self.best(engine, me, method, candidates)
        else:
            value = getattr(GreedyAgent, method)(self, engine, me, *args)
        engine.__dict__.setdefault("_planner_answers", []).append((me, method, copy.copy(value)))
        return value
    return answer


for _method in DECISIONS:
    setattr(PlannerAgent, _method, _planning(_method))


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "planner": PlannerAgent}
