"""Effect lint, quantities: every "N carta(s)" the text gives to a verb is the ``n`` of
an action of that kind, every explicit ``n`` is stated, and "com N cartas" conditions
agree with the effect's counts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from publish.games.agencia.effects import (
    Cap,
    Computed,
    Condition,
    Count,
    Discard,
    Draw,
    Exchange,
    Give,
    PassCards,
    Penalty,
    TurnTally,
)
from publish.games.agencia.lint_text import Block, descend, pair, quote, regex
from publish.games.agencia.lint_verbs import VERBS, prescribed

AMOUNT = regex(r"\b(\d+)\s+cartas?\b")
VERB_STEM = regex(r"\b(compr|descart|entreg|troc|troqu)(\w*)")
CONCEPT = {"compr": "draw", "descart": "discard", "entreg": "give", "troc": "exchange",
           "troqu": "exchange"}
PAST = ("ou", "ada", "adas", "ida", "idas", "ues")  # comprou, comprada(s), entregues...
BOUND_BEFORE = regex(r"\bcom(?:\s+no\s+(máximo|mínimo))?\s+$")
EACH_BEFORE = regex(r"\bcada\s+$")
BOOLEAN_BEFORE = regex(r"\bapenas\s+$")
OR_AFTER = regex(r"^\s+ou\s+(mais|menos)\b")
SINGULAR = regex(r"(?<!\d )\bcarta\b")
DOES = {"draw": "draws", "discard": "discards", "give": "gives", "exchange": "exchanges"}
CONCEPT_VERBS = {"draw": VERBS[0], "discard": VERBS[1], "give": VERBS[2], "exchange": VERBS[3]}
ACTION_CONCEPT = {"draw": "draw", "discard": "discard", "give": "give", "pass_cards": "give",
                  "exchange": "exchange"}
Moves = Draw | Discard | Give | PassCards | Exchange  # the actions with an amount of cards


@dataclass
class Amounts:
    """The numbers of cards an effect moves, by verb."""

    allowed: dict[str, set[int]] = field(default_factory=dict)  # any n the words may state
    required: dict[str, set[int]] = field(default_factory=dict)  # explicit n the words must
    divisors: set[int] = field(default_factory=set)  # "a cada N carta(s)"
    counts: set[tuple[str, int]] = field(default_factory=set)  # (eq/le/ge..., N) of hands

    def add(self, concept: str, n: int, *, explicit: bool) -> None:
        self.allowed.setdefault(concept, set()).add(n)
        self.required.setdefault(concept, set())
        if explicit:
            self.required[concept].add(n)


def effect_amounts(items: Iterable[Any]) -> Amounts:
    """Every card count of an effect: actions' ``n``, rules' numbers, conditions' counts.

    A computed amount ("a cada 1 carta comprada ... 2 cartas") states its
    multiplier as an amount and its divisor after "cada"; ``n: hand`` and a
    bare computed count state no number.  Only an ``n`` written in the data must
    be stated: a default says nothing the words could contradict.
    """
    found = Amounts()
    for model in descend(list(items)):
        if isinstance(model, Moves):
            concept, n = ACTION_CONCEPT[model.do], model.n
            if isinstance(n, int):
                found.add(concept, n, explicit="n" in model.model_fields_set)
            else:
                found.allowed.setdefault(concept, set())
                found.required.setdefault(concept, set())
                if isinstance(n, Computed):
                    found.allowed[concept].add(n.times)
        match model:
            case Computed(divide=divide):
                found.divisors.add(divide)
            case Cap(act=act, max=most):
                found.add(act, most, explicit=True)
            case Penalty(n=n):
                found.add("draw", n, explicit=True)
            case TurnTally(n=n):
                for concept in ("draw", "discard"):
                    found.add(concept, n, explicit="n" in model.model_fields_set)
            case Condition(cards=Count() as count):
                for op in ("eq", "lt", "le", "gt", "ge"):
                    value = getattr(count, op)
                    if isinstance(value, int):
                        found.counts.add((op, value))
    return found


@dataclass(frozen=True)
class Mention:
    """A "N carta(s)" in the text and what it is: an amount of a verb, or a condition."""

    n: int
    role: str  # draw/discard/give/exchange, "any" (no verb before it), "count", "each"
    words: str
    op: str = "eq"


def text_amounts(text: str) -> list[Mention]:
    """Read each "N carta(s)" by what precedes it in its sentence.

    "com N cartas" (with "no máximo"/"no mínimo"/"ou menos") filters players by hand
    size; "a cada N carta(s)" divides; "apenas 1 carta" and "que comprou 1 ou mais"
    are conditions without a number to compare.  Otherwise the number is the amount
    of the nearest verb before it: "Entregue 1 carta ... e 1 carta para" gives twice,
    "descarta 2 cartas, enquanto os outros compram 1 carta" discards 2 and draws 1.
    """
    mentions = []
    for match in AMOUNT.finditer(text):
        start = max(text.rfind(".", 0, match.start()), text.rfind(";", 0, match.start())) + 1
        before, after = text[start:match.start()], text[match.end():]
        n = int(match.group(1))
        bound, more = BOUND_BEFORE.search(before), OR_AFTER.match(after)
        if bound:
            op = {"máximo": "le", "mínimo": "ge"}.get((bound.group(1) or "").lower(), "eq")
            if more:
                op = "ge" if more.group(1).lower() == "mais" else "le"
            mentions.append(Mention(n, "count", quote(bound.group(0) + match.group(0)), op))
            continue
        if EACH_BEFORE.search(before):
            mentions.append(Mention(n, "each", "cada " + match.group(0)))
            continue
        if BOOLEAN_BEFORE.search(before) or more:
            continue
        verbs = list(VERB_STEM.finditer(before))
        if not verbs:
            mentions.append(Mention(n, "any", match.group(0)))
            continue
        verb = verbs[-1]
        words = quote(text[start + verb.start():match.end()])
        if verb.group(2).lower().endswith(PAST):
            continue  # "que descartou 1 ou mais cartas" is a condition
        mentions.append(Mention(n, CONCEPT[verb.group(1).lower()], words))
    return mentions


OPS = {"eq": "=", "lt": "<", "le": "≤", "gt": ">", "ge": "≥"}


def check_amounts(block: Block) -> list[str]:
    """Each "N carta(s)" of a verb is the ``n`` of an action of that verb, and back."""
    text = prescribed(block.words)
    found = effect_amounts(block.items)
    mentions = text_amounts(text)
    messages: list[str] = []
    for mention in mentions:
        if mention.role == "count" and (mention.op, mention.n) not in found.counts:
            messages.append(f"the text says '{mention.words}' but no condition of the effect "
                            f"asks for a hand of {OPS[mention.op]} {mention.n}")
        elif mention.role == "each" and mention.n not in found.divisors:
            messages.append(f"the text says '{mention.words}' but no computed amount of the "
                            f"effect divides by {mention.n}")
        elif mention.role == "any" and found.allowed and not any(
                mention.n in ns for ns in found.allowed.values()):
            messages.append(f"the text says '{mention.words}' but no action of the effect "
                            f"moves {mention.n}")
    for concept, allowed in found.allowed.items():
        stated = [m for m in mentions if m.role == concept]
        said = [(f"'{m.words}'", f"the text says '{m.words}' but the effect {DOES[concept]} "
                          f"{_numbers(allowed)}")
                for m in _unique(stated) if m.n not in allowed]
        if not CONCEPT_VERBS[concept].pattern.search(text):
            messages += [alone for _, alone in said]
            continue  # the verb check reports the missing verb
        unstated = found.required[concept] - {m.n for m in stated}
        if 1 in unstated and not stated and SINGULAR.search(text):
            unstated.discard(1)  # "Escolha qual carta do monte comprar": one card
        done = [(f"{DOES[concept]} {n}",
                 f"the effect {DOES[concept]} {n} but the text never says {n} carta(s) "
                 f"with {CONCEPT_VERBS[concept].says}")
                for n in sorted(unstated)]
        messages += pair(said, done)
    return messages


def _numbers(values: set[int]) -> str:
    return " or ".join(str(v) for v in sorted(values)) or "a computed number"


def _unique(mentions: list[Mention]) -> list[Mention]:
    seen: dict[int, Mention] = {}
    for mention in mentions:
        seen.setdefault(mention.n, mention)
    return list(seen.values())
