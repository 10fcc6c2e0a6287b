"""Players that make the decisions the rules leave open.

The engine asks an agent whenever a player chooses: whom to target, which
cards to give or discard, which structure to change, whether to revolt,
approve, veto, refuse or use a natural card.  Agents draw only on the
engine's seeded generator, so a seed fixes a whole game.
"""

from __future__ import annotations

from typing import Any

from publish.games.agencia.engine import Engine


class RandomAgent:
    """Chooses uniformly among the legal options."""

    name = "random"

    def before_jogada(self, engine: Engine, me: int) -> None:
        """Called as ``me``'s jogada starts, before anything of it happens."""

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        return engine.state.rng.sample(pool, count)

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        return engine.state.rng.sample(engine.state.hands[me], n)

    def pick_from_pile(self, engine: Engine, me: int, pile: list[str]) -> str:
        return engine.state.rng.choice(pile)

    def trade_with_pile(self, engine: Engine, me: int) -> tuple[str, str]:
        s = engine.state
        return s.rng.choice(s.hands[me]), s.rng.choice(s.pile or s.discard)

    def change(self, engine: Engine, me: int, options: list[str],
               slots: list[int]) -> tuple[int, str] | None:
        rng = engine.state.rng
        return rng.choice(slots), rng.choice(options)

    def veto(self, engine: Engine, me: int, changer: int, slot: int) -> bool:
        return engine.state.rng.random() < 0.3

    def approve(self, engine: Engine, me: int, proposer: int) -> bool:
        return engine.state.rng.random() < 0.5

    def wants_revolt(self, engine: Engine, me: int) -> bool:
        return engine.state.rng.random() < 0.7

    def natural(self, engine: Engine, me: int, options: list[str]) -> str | None:
        rng = engine.state.rng
        return rng.choice(options) if rng.random() < 0.7 else None

    def refuse(self, engine: Engine, me: int) -> bool:
        return engine.state.rng.random() < 0.5

    def field_move(self, engine: Engine, me: int, moves: list[tuple[int, int]]) -> tuple[int, int]:
        return engine.state.rng.choice(moves)

    def request_hegemony(self, engine: Engine, me: int, group: str) -> bool:
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


class GreedyAgent(RandomAgent):
    """Plays for itself: good structures for itself, bad ones for the player about to win."""

    name = "greedy"

    def _score(self, engine: Engine, card: str) -> int:
        cache = engine.__dict__.setdefault("_greedy_scores", {})
        if card not in cache:
            cache[card] = own_score(engine.infos[card])
        return cache[card]

    def choose_players(self, engine: Engine, me: int, pool: list[int], count: int,
                       purpose: str) -> list[int]:
        hands = engine.state.hands
        return sorted(pool, key=lambda p: (len(hands[p]), p))[:count]

    def pick_cards(self, engine: Engine, me: int, n: int, purpose: str) -> list[str]:
        hand = engine.state.hands[me]
        # keep natural cards (they change structures and can end a partida)
        ordered = sorted(hand, key=lambda c: (engine.infos[c].natural is not None,
                                              self._score(engine, c)))
        return ordered[:n]

    def change(self, engine: Engine, me: int, options: list[str],
               slots: list[int]) -> tuple[int, str] | None:
        s = engine.state
        leader = min(range(s.players), key=lambda p: (len(s.hands[p]), p))
        best, best_gain = None, None
        for slot in slots:
            current = self._score(engine, s.structures[slot])
            for card in options:
                new = self._score(engine, card)
                if slot == me:
                    gain = new - current
                elif slot == leader:
                    gain = current - new
                else:
                    gain = (current - new) / 2
                if best_gain is None or gain > best_gain:
                    best, best_gain = (slot, card), gain
        return best

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
        return self._score(engine, engine.state.structures[me]) < 0


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
