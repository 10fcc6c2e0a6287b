"""What a card's actions may change (``reach``): the snapshot copies only that, so running
any card and going back must give the state as it was."""

from __future__ import annotations

import random

import pytest
from agencia_helpers import infos, make

from publish.games.agencia import effects as fx
from publish.games.agencia.actions import _Skip
from publish.games.agencia.agents import RandomAgent
from publish.games.agencia.reach import (
    ACTIONS,
    ALL_HANDS,
    COURSE,
    EVERYTHING,
    NOTHING,
    OWN_HAND,
    card_reach,
    everything,
)
from publish.games.agencia.select import Crisis


def test_every_action_kind_is_weighed():
    """An action the table does not know would reach everything: a new one is weighed."""
    assert set(ACTIONS) == set(fx.ACTIONS)


def test_reach_of_cards():
    cards = infos()
    assert card_reach(cards["064"]) == (OWN_HAND, True, True, False, False)  # the owner draws
    assert card_reach(cards["001"]) == (ALL_HANDS, True, True, False, False)  # an opponent draws
    assert card_reach(cards["998"])[0] == OWN_HAND and card_reach(cards["998"])[3]
    reached = {card_reach(info) for info in cards.values() if not info.natural}
    assert None in reached  # a card without actions changes nothing
    assert COURSE in reached  # a card that only turns the flow, schedules a crisis...
    assert set(everything(cards).values()) == {EVERYTHING}


def _state(seed: int, card: str, pile: bool) -> tuple:
    """A jogada of seat 0 with ``card`` (a structure, or a natural card in hand)."""
    cards = infos()
    structural = sorted(n for n, info in cards.items() if not info.natural and n != card)
    natural = sorted(n for n, info in cards.items() if info.natural)
    rng = random.Random(seed)
    deck = rng.sample(structural, 3 + 4 * 6 + 20) + natural
    rng.shuffle(deck)
    others, deck = deck[:3], deck[3:]
    hands = [deck[i * 6:(i + 1) * 6] for i in range(4)]
    rest = deck[24:]
    if cards[card].natural:
        hands[0].append(card)
        structures = [others[0], *others]
    else:
        structures = [card, *others]
    return hands, structures, rest if pile else [], [] if pile else rest


def _seen(engine) -> tuple:
    """Everything a snapshot keeps, by value."""
    s = engine.state
    part, rec, fld = s.partida, engine.record, s.field
    return ([h[:] for h in s.hands], s.structures[:], s.pile[:], s.discard[:], s.flow,
            engine.standing, engine.reaches, part.crisis_next_play, part.crisis_next_discard,
            part.last_discarder, part.discards, part.teams[:], part.winners[:], part.ended,
            set(part.society_seen), dict(part.inserted_by), part.clock,
            dict(rec.drew), dict(rec.received), dict(rec.discarded), rec.gave, rec.changed,
            s.game_winners[:], s.game_over,
            fld and (fld.row[:], fld.col[:], fld.since[:], fld.blocked_wins[:], fld.clock))


def test_the_course_of_the_game_is_reached_by_the_cards_that_change_it():
    """Most cards leave the flow, crises, teams, winners and the field alone: their
    snapshot does not keep them; the cards that change them say so."""
    cards = infos()
    course = {n for n, info in cards.items() if (card_reach(info) or NOTHING)[4]}
    assert course and len(course) < len(cards) // 4
    for number in course:
        assert cards[number].does & {"reverse_flow", "flow_towards", "schedule_crisis", "win",
                                     "team_up", "field_move", "field_swap", "field_step"}


@pytest.mark.parametrize("pile", [True, False])
@pytest.mark.parametrize("rows", [None, [0, 1, 2, 3]])  # Bourdieu mode: the field's cards act
def test_every_card_run_and_undone_leaves_the_state_as_it_was(pile, rows):
    for card, info in sorted(infos().items()):
        for seed in range(3):
            hands, structures, pile_cards, discard = _state(seed, card, pile)
            e = make(hands, structures, pile=pile_cards, discard=discard, seed=seed, rows=rows,
                     cols=rows and [0, 1, 2, 0], agents={q: RandomAgent() for q in range(4)})
            was = _seen(e)
            reach = e.reaches[card]
            snap = None if reach is None else e.snapshot(0, reach)
            try:
                if info.natural:
                    e.use_natural(0, card)
                else:
                    e.execute(0)
            except (Crisis, _Skip):
                pass
            if snap is not None:
                e.restore(snap)
            assert _seen(e) == was, (card, seed)
