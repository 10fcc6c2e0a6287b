"""Partidas and games: dealing (the social deck's asymmetric power), who starts a partida,
and a simple game that goes on after a partida without winner.

Manual lines 200-206 (partidas), 253 (a crisis nobody solves), 575 (the social deck).
"""

from __future__ import annotations

import pytest
from agencia_helpers import infos, make

from conftest import REPO
from publish.games.agencia.agents import RandomAgent
from publish.games.agencia.base import MAX_PARTIDAS
from publish.games.agencia.diario.record import log_of
from publish.games.agencia.diario.write import write
from publish.games.agencia.engine import Engine
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of
from publish.games.agencia.state import Partida

STRUCTURAL = sorted(n for n, i in infos().items() if i.natural is None)
OTHERS = ["038", "039", "042"]


def dealt(rows=None, social=True):
    """An engine on these rows, dealt afresh from a deck of structural cards."""
    e = make([[], [], [], []], ["048", *OTHERS], rows=rows)
    e.state.asymmetric = social
    e.deck = STRUCTURAL[:60]
    e.deal()
    return e


# ---------------------------------------------------------------- dealing

def test_social_deck_deals_8_cards_less_one_per_row_climbed():
    e = dealt(rows=[0, 1, 2, 3])
    assert [len(h) for h in e.state.hands] == [8, 7, 6, 5]
    assert all(c and infos()[c].natural is None for c in e.state.structures)
    assert sum(map(len, e.state.hands)) + 4 + len(e.state.pile) == 60


def test_social_deck_a_row_lost_gives_a_card_back():
    e = dealt(rows=[2, 0, 0, 0])
    assert len(e.state.hands[0]) == 6
    e.state.field.row[0] = 1  # dropped a row (a card of the field, a hegemony)
    e.deal()
    assert len(e.state.hands[0]) == 7


def test_without_the_social_deck_everyone_is_dealt_5_whatever_the_row():
    e = dealt(rows=[0, 1, 2, 3], social=False)
    assert [len(h) for h in e.state.hands] == [5, 5, 5, 5]


def test_every_seat_is_dealt_a_fair_share_of_natural_cards():
    """Who deals makes no difference (manual line 204): each hand, the structures aside, is
    a fair draw, and so is the pile's top.  The engine once took the structures from the
    bottom of the shuffled deck and dealt seat 0 from what was left there: its hand held
    1.35 natural cards in four-player games against 0.75 for the others."""
    plan = Plan(REPO, games=1)
    _, deck = infos_of(plan)
    naturals = {c for c in deck if infos()[c].natural is not None}
    games = 2000
    for players in (3, 6):
        in_hand, on_top = [0] * players, 0
        for seed in range(games):
            e = Engine(infos(), deck, [RandomAgent() for _ in range(players)], seed)
            e.deal()
            for q, hand in enumerate(e.state.hands):
                in_hand[q] += sum(card in naturals for card in hand)
            on_top += e.state.pile[-1] in naturals
        share = sum(c in naturals for c in deck) / (len(deck) - players)  # structures: never
        for q in range(players):
            assert in_hand[q] / games == pytest.approx(5 * share, abs=0.08), (players, q)
        assert on_top / games == pytest.approx(share, abs=0.03)


def test_the_social_deck_needs_the_field():
    with pytest.raises(ValueError, match="Bourdieu mode"):
        Engine(infos(), [], [RandomAgent() for _ in range(3)], 0, asymmetric=True)


def test_a_game_with_the_social_deck_opens_with_hands_of_8():
    plan = Plan(REPO, games=1, players=(3, 3), bourdieu=True, decks=("principal", "social"),
                seed=3)
    cards, deck = infos_of(plan)
    text = write(log_of(play(plan, 0, cards, deck)))
    first = next(line for line in text.splitlines() if line.startswith("J1("))
    assert first.split(",")[1].strip() == "8"


# ---------------------------------------------------------------- who starts

def opened(win_order, number=1, flow=1, seed=0):
    """The player and flow of the next partida, the partida itself cut short."""
    e = make([[], [], [], []], ["048", *OTHERS], win_order=win_order, flow=flow, seed=seed)
    e.deck = STRUCTURAL[:60]
    e.state.partida = Partida(number=number)

    def cut_short() -> None:
        e.state.partida.ended = True

    e.jogada = cut_short
    e.play_partida()
    part = next(entry for entry in e.log if entry[0] == "part")
    return part[2], part[3]


def test_the_first_partida_of_a_game_is_drawn_and_flows_clockwise():
    """Manual, partidas: who plays first in the game's first partida is drawn once the hands
    and structures are dealt; its flow is clockwise (+1)."""
    e = Engine(infos(), STRUCTURAL[:60], [RandomAgent() for _ in range(4)], seed=0)
    starts = set()
    for seed in range(16):
        found = opened(win_order=[], number=0, seed=seed)
        assert found[1] == 1
        starts.add(found[0])
    assert starts == {0, 1, 2, 3}
    assert e.state.flow == 1


def test_after_a_partida_without_winner_the_last_winner_of_any_partida_starts():
    # partida 3 follows one without winner; seat 2 won partida 1; the flow stays reversed
    assert opened(win_order=[2], number=2, flow=-1) == (2, -1)


def test_after_partidas_without_any_winner_the_starter_is_drawn_again():
    starters = {opened(win_order=[], number=2, seed=seed)[0] for seed in range(12)}
    assert len(starters) > 1


# ---------------------------------------------------------------- simple mode

def scripted_game(outcomes):
    """A simple game whose partidas end with these winners, in turn (then none)."""
    e = make([[], [], []], ["048", "038", "039"])
    e.state.partida = Partida(number=0)  # no partida played yet
    results = iter(outcomes)

    def partida() -> None:
        e.state.partida = Partida(number=e.state.partida.number + 1)
        e.state.partida.winners = next(results, [])

    e.play_partida = partida
    return e


def test_simple_mode_a_partida_without_winner_is_followed_by_another():
    e = scripted_game([[], [], [2]])
    assert e.play_game() == [2]
    assert e.state.partida.number == 3
    assert not e.state.stopped


def test_simple_mode_the_first_partida_with_a_winner_ends_the_game():
    e = scripted_game([[1], [2]])
    assert e.play_game() == [1]
    assert e.state.partida.number == 1


def test_a_game_without_winner_stops_at_the_cap_and_says_so():
    e = scripted_game([])
    assert e.play_game() == []
    assert e.state.partida.number == MAX_PARTIDAS
    assert e.state.stopped and e.state.game_over


def test_simulated_simple_games_end_with_a_winner_or_at_the_cap():
    plan = Plan(REPO, games=40, players=(3, 6), seed=9)
    cards, deck = infos_of(plan)
    for index in range(plan.games):
        engine = play(plan, index, cards, deck)
        assert engine.state.game_winners or engine.state.stopped
        if engine.state.partida.number > 1:
            assert engine.state.game_winners == engine.state.partida.winners


def test_hands_of_one_card_are_noted_only_when_a_card_of_the_deck_asks_about_them():
    # 153 Hamartia (estratégico) asks who had one card this partida; the principal deck
    # has no such card, so its games spare the note after every jogada
    for decks, asks in ((("principal",), False), (("estrategico",), True)):
        plan = Plan(REPO, players=(4, 4), seed=5, decks=decks)
        game_infos, deck = infos_of(plan)
        engine = play(plan, 0, game_infos, deck)
        assert engine.notes_one_card is asks
        assert bool(engine.state.partida.had_one_card) is asks
    # a replay deals no deck: any card of the game may come up in it
    assert Engine(game_infos, [], [RandomAgent()] * 3, 0).notes_one_card


class _Summing(Engine):
    """Sums, partida by partida, what each jogada's own record says was discarded and
    received: what the partida's counts must come to when they are kept."""

    def play_game(self) -> list[int]:
        self.sums: list[tuple[int, int, int, int]] = []  # (kept, summed) discards, gifts
        self._discards = self._received = self._gifts = 0
        return super().play_game()

    def end_jogada(self, p: int) -> None:
        super().end_jogada(p)  # the turn's tally discards in it
        self._discards += sum(self.record.discarded.values())
        self._received += sum(self.record.received.values())

    def end_partida(self) -> None:
        gifts = sum(e[3] for e in self.log[self._gifts:] if e[0] == "give")
        self.sums.append((self.state.partida.discards, self._discards, self._received, gifts))
        self._discards = self._received = 0
        self._gifts = len(self.log)
        super().end_partida()


def _summed(plan: Plan, keep: bool, seed: int) -> _Summing:
    game_infos, deck = infos_of(plan)
    agents = [RandomAgent() for _ in range(4)]
    engine = _Summing(game_infos, deck, agents, seed, bourdieu=plan.bourdieu)
    if keep:  # as if a card of the deck read them
        engine.notes_received = engine.notes_discards = True
    engine.play_game()
    return engine


def test_gifts_and_discards_are_counted_only_when_a_card_of_the_deck_reads_them():
    # 174 Culto militarista (social) counts the cards its owner received last turn, 113
    # Mais-valia (teórico) the discards since a player's last play; the principal deck
    # has neither, so its games spare both counts
    principal = Plan(REPO, players=(4, 4), seed=5)
    for decks, asks in ((("principal",), (False, False)), (("teorico",), (False, True)),
                        (("principal", "social"), (True, False))):
        plan = Plan(REPO, players=(4, 4), seed=5, decks=decks, bourdieu="social" in decks)
        game_infos, deck = infos_of(plan)
        engine = Engine(game_infos, deck, [RandomAgent()] * 4, 0, bourdieu=plan.bourdieu)
        assert (engine.notes_received, engine.notes_discards) == asks
    sums = []  # several games, so that some partidas have gifts and discards to count
    for seed in range(6, 12):
        spared, kept = _summed(principal, False, seed), _summed(principal, True, seed)
        assert spared.log == kept.log  # the counts change nothing in a game
        assert spared.state.rng.getstate() == kept.state.rng.getstate()
        assert all(discards == 0 and received == 0 for discards, _, received, _ in spared.sums)
        sums += kept.sums
    assert any(discards for discards, _, _, _ in sums)
    assert any(received for _, _, received, _ in sums)
    for discards, summed, received, gifts in sums:  # exact when they are kept
        assert discards == summed and received == gifts
    # a replay deals no deck: any card of the game may come up in it
    replay = Engine(game_infos, [], [RandomAgent()] * 3, 0)
    assert replay.notes_received and replay.notes_discards


def test_the_cards_that_were_structures_are_noted_only_when_a_card_of_the_deck_asks():
    # 079 Centro histórico tombado (histórico) lets Nova geração bring back only a card
    # that was a structure this partida; the principal deck has no such card
    for decks, asks in ((("principal",), False), (("historico",), True)):
        plan = Plan(REPO, players=(4, 4), seed=5, decks=decks)
        game_infos, deck = infos_of(plan)
        engine = play(plan, 0, game_infos, deck)
        part = engine.state.partida
        assert engine.notes_seen is asks
        assert any(entry[0] == "change" for entry in engine.log)
        assert part.society_seen.issuperset(engine.state.structures) is asks
    # a replay deals no deck: any card of the game may come up in it
    assert Engine(game_infos, [], [RandomAgent()] * 3, 0).notes_seen


class _Changers(Engine):
    """Compares, at the end of each jogada, who the jogada's record says changed a
    structure with who the log says did: what the record must say when it is kept."""

    def play_game(self) -> list[int]:
        self.compared: list[tuple[frozenset, frozenset]] = []
        return super().play_game()

    def end_jogada(self, p: int) -> None:
        start = max(i for i, entry in enumerate(self.log) if entry[0] == "jogada")
        logged = frozenset(e[1] for e in self.log[start:] if e[0] == "change")
        self.compared.append((frozenset(self.record.changed), logged))
        super().end_jogada(p)


def test_who_changed_a_structure_is_noted_only_when_a_card_of_the_deck_asks():
    # 161 A contrarrevolução (estratégico) asks who changed a structure last turn; the
    # principal deck has no such card, and sparing the note changes nothing in a game
    for decks, asks in ((("principal",), False), (("estrategico",), True)):
        game_infos, deck = infos_of(Plan(REPO, players=(4, 4), seed=5, decks=decks))
        assert Engine(game_infos, deck, [RandomAgent()] * 4, 0).notes_changes is asks
    game_infos, deck = infos_of(Plan(REPO, players=(4, 4), seed=5))
    games = []
    for kept in (False, True):
        engine = _Changers(game_infos, deck, [RandomAgent() for _ in range(4)], 6)
        engine.notes_changes = kept
        engine.play_game()
        games.append(engine)
    spared, kept = games
    assert (spared.log, spared.state.rng.getstate()) == (kept.log, kept.state.rng.getstate())
    assert all(not noted for noted, _ in spared.compared)
    assert any(logged for _, logged in kept.compared)
    assert all(noted == logged for noted, logged in kept.compared)  # exact when kept
    assert Engine(game_infos, [], [RandomAgent()] * 3, 0).notes_changes  # a replay
