"""The effect lint: does each block's structured effect do what its printed words say?

Every text block of an Agência card carries its printed Portuguese text and,
beside it, an ``effect`` that the rules engine runs (see ``effects.py``).  The
two are written by hand and can drift apart: a "Descarte 3 cartas." whose
effect discards 2, an "o jogador com mais cartas" (exactly one player, a tie
is a crisis) encoded with the tie-tolerant ``most_cards_all``.  This lint reads
the words with small tables of patterns and compares them with the data:

* verbs: an action verb in the text needs an action or rule of that kind in
  the effect, and an action in the effect needs its verb in the text;
* quantities: every "N carta(s)" the text gives to a verb is the ``n`` of an
  action of that kind, every explicit ``n`` is stated, and "com N cartas"
  conditions agree with the effect's counts;
* targets: "o próximo a jogar", "todos", "um adversário"... name the selector
  the effect uses, and the effect names nobody the text does not;
* ranks: "o jogador com mais cartas" / "mais alto no campo" names exactly one
  player, "o(s) jogador(es)" tolerates ties; the effect must agree;
* directions: "contrária ao fluxo", "suba"/"desça" match the effect's fields.

The patterns are deliberately conservative: a word is read as an action only
in the forms that prescribe one (imperative, present, infinitive, the nouns of
a rule), never in the past tense or participles that describe a condition
("que comprou", "cartas descartadas").  Each finding is one Problem located at
the block's ``effect``, so the data, not the lint, is what gets fixed.
"""

from __future__ import annotations

from collections.abc import Callable

from publish.core.problems import Problem
from publish.games.agencia.lint_amounts import check_amounts
from publish.games.agencia.lint_directions import check_directions
from publish.games.agencia.lint_ranks import check_ranks
from publish.games.agencia.lint_tags import check_tags
from publish.games.agencia.lint_targets import check_targets
from publish.games.agencia.lint_text import Block, read_blocks
from publish.games.agencia.lint_verbs import check_verbs
from publish.model.game import Card, Game

CHECKS: tuple[Callable[[Block], list[str]], ...] = (
    check_verbs, check_amounts, check_targets, check_ranks, check_directions,
)


def lint_card(card: Card) -> list[Problem]:
    """Every disagreement between a card's words and its effects, located at the effect."""
    problems = []
    for block in read_blocks(card):
        where = card.where("text", block.index, "effect")
        for check in CHECKS:
            for message in check(block):
                problems.append(Problem(
                    where, f"card {card.number} text[{block.index + 1}]: {message}"))
    where = card.where("tags") if card.tags else card.where("name")
    problems += [Problem(where, f"card {card.number}: {message}") for message in check_tags(card)]
    return problems


def lint_game(game: Game) -> list[Problem]:
    """Compare every block's structured effect with its printed text."""
    return [problem for card in game.cards for problem in lint_card(card)]
