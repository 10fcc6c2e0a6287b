"""Effect lint, targets: "o próximo a jogar", "todos", "um adversário"... name the
selector the effect uses, and the effect names nobody the text does not."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, get_args

from pydantic import BaseModel

from publish.games.agencia.effects import (
    Named,
    Query,
)
from publish.games.agencia.lint_text import Block, descend, pair, quote, regex
from publish.games.agencia.lint_verbs import effect_facts

NAMED = frozenset(get_args(Named))
SELECTOR_FIELDS = ("who", "to", "if_who", "whose", "targets", "of", "exclude")


@dataclass(frozen=True)
class Use:
    """One player selector of an effect, and where it sits."""

    named: str | None  # a Named selector, or None for a query
    query: Query | None
    owner: BaseModel  # the action, rule or query holding it
    excluded: bool = False  # inside an `exclude`: the players left out ("os demais")
    default: bool = False  # the field holds its schema default: the data claims nothing

    @property
    def label(self) -> str:
        if self.named:
            return self.named
        assert self.query is not None
        parts = [f"among {self.query.among}", f"take {self.query.take}"]
        if self.query.rank:
            parts.insert(0, f"rank {self.query.rank}")
        return "a query (" + ", ".join(parts) + ")"


def selector_uses(items: Iterable[Any]) -> list[Use]:
    """Every selector of an effect, in order, with what it belongs to."""
    uses: list[Use] = []

    def add(value: Any, owner: BaseModel, *, excluded: bool, default: bool) -> None:
        if isinstance(value, list):
            for item in value:
                add(item, owner, excluded=excluded, default=default)
        elif isinstance(value, str) and value in NAMED:
            uses.append(Use(value, None, owner, excluded, default))
        elif isinstance(value, Query):
            uses.append(Use(None, value, owner, excluded, default))
            if value.exclude is not None:
                add(value.exclude, value, excluded=True, default=False)

    for model in descend(list(items)):
        if isinstance(model, Query):
            continue  # reached through its owner, above
        for name in SELECTOR_FIELDS:
            if name not in type(model).model_fields:
                continue
            value = getattr(model, name)
            default = value == type(model).model_fields[name].default
            add(value, model, excluded=name == "exclude", default=default)
    return uses


@dataclass(frozen=True)
class Target:
    """A phrase naming players and the selectors that pick them.

    ``pattern``: the phrase; the effect needs one of ``named``, a query matching
    ``query`` (among, take) or one of ``facts``.  ``backs``: the words that let
    the effect use one of ``named`` (default: ``pattern``).
    """

    says: str
    pattern: re.Pattern[str]
    named: frozenset[str] = frozenset()
    query: tuple[str, str] | None = None
    facts: frozenset[str] = frozenset()
    backs: re.Pattern[str] | None = None

    def picks(self, use: Use) -> bool:
        if use.named is not None:
            return use.named in self.named
        assert use.query is not None
        return self.query == (use.query.among, use.query.take) and use.query.rank is None


TARGETS: tuple[Target, ...] = (
    Target("o próximo a jogar", regex(r"\bo\s+próximo\s+a\s+jogar\b"), frozenset({"next"})),
    Target("os 2 próximos a jogar", regex(r"\bos\s+(?:2|dois)\s+próximos\s+a\s+jogar\b"),
           frozenset({"next_2"})),
    Target("o último a jogar", regex(r"\bo\s+último\s+a\s+jogar\b"), frozenset({"last"})),
    Target("os 2 últimos a jogar", regex(r"\bos\s+(?:2|dois)\s+últimos\s+a\s+jogar\b"),
           frozenset({"last_2"})),
    # "Todos" as a subject opens a clause ("Todos compram", ", todos descartam");
    # "de todos os jogadores" and "por todos" are not subjects.  Passing cards or
    # hands along the flow, and the natural cards' rules, involve everyone by
    # definition.  Besides "todos", "cada jogador", "nenhum(a)" and an agentless
    # "não pode ser usada" also speak of every player.
    Target(
        "todos", regex(r"(?:^|[.;:,]\s*)todos\b(?!\s+(?:os|as)\b)"), frozenset({"everyone"}),
        facts=frozenset({"do:pass_cards", "do:rotate_hands", "rule:natural"}),
        backs=regex(r"\btod[oa]s\b|\bcada\s+jogador\b|\bnenhum[a]?\b|\bnão\s+pode\s+ser\b"),
    ),
    # Every opponent, possibly filtered ("Todo adversário cuja estrutura...").
    Target(
        "todo adversário",
        regex(r"\btodo\s+adversário\b|\bcada\s+adversário\b|\bos\s+(?:seus\s+)?adversários\b"
            r"|\bo\(s\)\s+adversário\(s\)"),
        frozenset({"opponents"}), ("opponents", "all"),
        backs=regex(r"\badversários\b|\btodo\s+adversário\b|\bcada\s+adversário\b"),
    ),
    # The acting player's choice.  "aprovada por (ao menos) um adversário" is an
    # approval, not a target (cards 089 and 095).
    Target(
        "um adversário", regex(r"(?<!por )(?<!menos )\bum\s+adversário\b"),
        frozenset({"an_opponent"}), ("opponents", "choose"),
        backs=regex(r"\bum\s+adversário\b"),
    ),
    Target("aprovada por um adversário",
           regex(r"\baprovad\w*\s+por\s+(?:ao\s+menos\s+)?um\s+adversário\b"),
           facts=frozenset({"approval:opponent"})),
)


def check_targets(block: Block) -> list[str]:
    """Each phrase naming players has its selector in the effect, and vice versa.

    A selector inside ``exclude`` ("os demais") may name players of an earlier
    block (card 194: "O jogador mais baixo..." then "Os demais jogadores..."),
    so it is backed by the card's text so far.  A field left at its default, or
    written equal to it, claims nothing: "Veja as mãos de todos os jogadores"
    sees the opponents' hands without saying "adversários".
    """
    uses = selector_uses(block.items)
    facts = effect_facts(block.items)
    said: list[tuple[str, str]] = []
    for target in TARGETS:
        found = target.pattern.search(block.text)
        if found and not facts & target.facts and not any(target.picks(u) for u in uses):
            words = quote(found.group(0))
            wanted = " or ".join(sorted(target.named)) or " / ".join(sorted(target.facts))
            said.append((f"'{words}'",
                         f"the text says '{words}' but the effect names no {wanted}"))
    done: list[tuple[str, str]] = []
    for use in uses:
        if use.named is None or use.default:
            continue
        text = block.so_far if use.excluded else block.text
        for target in TARGETS:
            if use.named in target.named and not (target.backs or target.pattern).search(text):
                done.append((f"names {use.named}", f"the effect names {use.named} but the "
                                                   f"text never says '{target.says}'"))
    return pair(said, done)
