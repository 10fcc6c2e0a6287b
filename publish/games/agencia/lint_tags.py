"""Effect lint, families: a card's tags agree with what its effect does."""

from __future__ import annotations

from publish.games.agencia.lint_text import read_blocks
from publish.games.agencia.lint_verbs import effect_facts
from publish.model.game import Card

# The families (game.yaml tags) that the effects can tell: a card is in one
# exactly when its structured effect does one of these things.  The manual's
# lists are queries on the tags, so this keeps those lists true to the rules.
TAG_FACTS: dict[str, frozenset[str]] = {
    "campo-durante-a-partida": frozenset({"do:field_move", "do:field_swap", "do:field_step"}),
    "campo-depois-da-partida": frozenset({"rule:winner_demoted", "rule:winner_field_moves"}),
    "protege-o-campo": frozenset({"cannot:change_field", "rule:field_locked",
                                  "penalty:field_change"}),
    "altera-estruturas": frozenset({"do:change_structure", "do:swap_structures",
                                    "do:shuffle_structures"}),
    "depois-da-crise": frozenset({"at:crisis"}),
    "depois-da-revolta": frozenset({"at:revolt", "at:successful_revolt"}),
    "prioridade-de-crise": frozenset({"rule:crisis_priority"}),
    "vitoria-compartilhada": frozenset({"rule:shared_victory"}),
}
# Natural cards change structures by nature; the manual lists them on their own.
TAG_KINDS: dict[str, str] = {"altera-estruturas": "structural"}


def check_tags(card: Card) -> list[str]:
    """Families the effect shows but the tags miss, and tags the effect does not bear out."""
    facts: set[str] = set()
    for block in read_blocks(card):
        facts |= effect_facts(block.items)
    messages = []
    for tag, shown_by in TAG_FACTS.items():
        if TAG_KINDS.get(tag, card.kind) != card.kind:
            continue
        does = sorted(facts & shown_by)
        if does and tag not in card.tags:
            messages.append(f"its effect has {', '.join(does)}: add the tag '{tag}'")
        elif tag in card.tags and not does:
            messages.append(f"tagged '{tag}' but its effect has none of "
                            f"{', '.join(sorted(shown_by))}: remove the tag or fix the effect")
    return messages
