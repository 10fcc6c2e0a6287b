"""How the effect lint reads a card: its blocks, the words describing each, the
models inside an effect, and how a disagreement is put into words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from publish.games.agencia.blocks import block_effects
from publish.model.game import Card

FLAGS = re.IGNORECASE


def regex(source: str) -> re.Pattern[str]:
    return re.compile(source, FLAGS)


# ---------------------------------------------------------------- reading a block


@dataclass(frozen=True)
class Block:
    """One text block as the lint reads it: its words and its parsed effect."""

    card: Card
    index: int
    kind: str
    text: str  # the words that describe this effect (see read_blocks)
    so_far: str  # the card's text up to and including this block
    items: list[Any]  # the parsed effect: actions or rules

    @property
    def words(self) -> str:
        """The text without its asides: a parenthesis clarifies scope, it prescribes nothing.

        Card 106 says "(não afeta outras ações, como descartes ou entregas)" and card
        008 "(mesmo para trocar esta estrutura)": neither asks for a discard, a give
        or an exchange.  Short markers like "carta(s)" or "jogador(es)" are kept.
        """
        return ASIDE.sub("", self.text)


ASIDE = regex(r"\s*\([^()]*\s[^()]*\)")
QUALIFIER = regex(r"^\s*não\s+causa\s+crise\.?\s*$")


def read_blocks(card: Card) -> list[Block]:
    """The blocks of a card with a valid effect, each with the words describing it.

    A block that only says "Não causa crise." qualifies the general rule printed
    before it (cards 084 and 167 print the qualifier apart): its effect restates
    that rule with ``crisis: false``, so it is read with that rule's words.
    """
    blocks = []
    for index, kind, items in block_effects(card):
        text = card.blocks[index].text
        if QUALIFIER.match(text):
            earlier = [b.text for b in card.blocks[:index] if b.kind == kind]
            if earlier:
                text = f"{earlier[-1]} {text}"
        so_far = " ".join(b.text for b in card.blocks[: index + 1])
        blocks.append(Block(card, index, kind, text, so_far, items))
    return blocks


def descend(value: Any) -> Iterator[BaseModel]:
    """Every model inside a parsed effect: actions, rules, queries, conditions, counts."""
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from descend(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from descend(item)


def is_action(model: BaseModel) -> bool:
    return isinstance(getattr(model, "do", None), str)


def block_actions(block: Block) -> Iterator[BaseModel]:
    """The actions of a block, including those a standing trigger runs."""
    return (m for m in descend(block.items) if is_action(m))


def quote(text: str) -> str:
    return text.strip(" ,.;:–-")


def pair(
    text_side: list[tuple[str, str]],
    effect_side: list[tuple[str, str]],
) -> list[str]:
    """One message per disagreement: a word without data and data without a word
    that sit in the same check are the same mistake seen from both sides
    (a ``next`` edited to ``last`` misses "o próximo" and lacks "o último"),
    so they are reported together.  Each side holds (what, message alone): the
    words as quoted ("'Descarte 3 cartas'"), and what the effect does
    ("discards 2", "names last")."""
    messages = [
        f"the text says {said} but the effect {done}"
        for (said, _), (done, _) in zip(text_side, effect_side, strict=False)
    ]
    shorter = min(len(text_side), len(effect_side))
    messages += [alone for _, alone in text_side[shorter:]]
    messages += [alone for _, alone in effect_side[shorter:]]
    return messages
