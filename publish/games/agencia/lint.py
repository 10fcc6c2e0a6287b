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

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, get_args

from pydantic import BaseModel

from publish.games.agencia.blocks import block_effects
from publish.games.agencia.effects import (
    Cancel,
    Cannot,
    Cap,
    ChangeStructure,
    Computed,
    Condition,
    Count,
    Discard,
    Double,
    Draw,
    Exchange,
    Give,
    Named,
    Natural,
    OnlyOwn,
    PassCards,
    Penalty,
    Query,
    ScheduleCrisis,
    Trigger,
    TurnTally,
)
from publish.model import Card, Game
from publish.problems import Problem

FLAGS = re.IGNORECASE


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, FLAGS)


# ---------------------------------------------------------------- reading a block


@dataclass(frozen=True)
class Block:
    """One text block as the lint reads it: its words and its parsed effect."""

    card: Card
    index: int
    kind: str
    text: str  # the words that describe this effect (see _read_blocks)
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


ASIDE = _re(r"\s*\([^()]*\s[^()]*\)")
QUALIFIER = _re(r"^\s*não\s+causa\s+crise\.?\s*$")


def _read_blocks(card: Card) -> list[Block]:
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


def _descend(value: Any) -> Iterator[BaseModel]:
    """Every model inside a parsed effect: actions, rules, queries, conditions, counts."""
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from _descend(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _descend(item)


def _is_action(model: BaseModel) -> bool:
    return isinstance(getattr(model, "do", None), str)


def _actions(block: Block) -> Iterator[BaseModel]:
    """The actions of a block, including those a standing trigger runs."""
    return (m for m in _descend(block.items) if _is_action(m))


def _quote(text: str) -> str:
    return text.strip(" ,.;:–-")


def _pair(
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


# ---------------------------------------------------------------- 1. verbs


def effect_facts(items: Iterable[Any]) -> set[str]:
    """What an effect does or rules on, as short facts the verb table can name.

    ``do:X`` for an action, ``rule:X`` for a standing rule, and the acts a rule
    is about (``cannot:draw``, ``double:give``, ``cancel:exchange``...), so that
    "Nenhum jogador pode comprar" is carried out by a rule, not an action.
    """
    facts: set[str] = set()
    for model in _descend(list(items)):
        if _is_action(model):
            facts.add(f"do:{model.do}")  # type: ignore[attr-defined]
            if getattr(model, "unless_revolt_succeeded_last_turn", False):
                facts.add("unless:successful_revolt")
        rule = getattr(model, "rule", None)
        if rule:
            facts.add(f"rule:{rule}")
        match model:
            case Cannot(act=acts):
                facts.update(f"cannot:{act}" for act in acts)
            case Cancel():
                acts = [*(model.many or []), *(model.unless or []), model.only, model.makes]
                facts.update(f"cancel:{act}" for act in acts if act)
            case OnlyOwn(act=acts):
                facts.update(f"only_own:{act}" for act in acts)
            case Double(act=acts):
                facts.update(f"double:{act}" for act in acts)
            case Cap(act=act):
                facts.add(f"cap:{act}")
            case Penalty(at=events):
                facts.update(f"penalty:{event}" for event in events)
            case Trigger(at=events):
                facts.update(f"at:{event}" for event in events)
            case Natural(card=card):
                facts.add(f"natural:{card}")
                if model.approval:
                    facts.add("approval:opponent")
            case ChangeStructure(approval="opponent"):
                facts.add("approval:opponent")
            case ScheduleCrisis(at=at):
                facts.add(f"schedule_crisis:{at}")
    return facts


def _acts(act: str, *, rules: bool = True) -> frozenset[str]:
    """The facts that carry out one of the four card verbs, by action or by rule."""
    facts = {f"do:{act}"}
    if rules:
        facts |= {f"{rule}:{act}" for rule in ("cannot", "cancel", "double", "cap", "only_own")}
    return frozenset(facts)


@dataclass(frozen=True)
class Verb:
    """A verb (or phrase) of the cards and the effect facts it stands for.

    ``accepts``: any of these in the effect carries out the words.  ``implies``:
    each of these in the effect must be said by the words (by default the same).
    """

    says: str  # how a message names the words
    pattern: re.Pattern[str]
    accepts: frozenset[str]
    implies: frozenset[str] | None = None
    lacks: str | None = None  # how a message names what is missing (default: the facts)

    @property
    def needs(self) -> frozenset[str]:
        return self.accepts if self.implies is None else self.implies


DRAW = _acts("draw") | {"rule:penalty", "rule:turn_tally"}
DISCARD = _acts("discard") | {"rule:turn_tally"}
GIVE = _acts("give") | {"do:pass_cards", "do:equalise", "cannot:receive"}
EXCHANGE = _acts("exchange")
TROCA = r"\b(?:troque|troca|trocam|trocar)"

VERBS: tuple[Verb, ...] = (
    # The four card verbs, only in the forms that prescribe: "compra", "Compre",
    # "comprar", "a compra de" (a rule's noun); never "comprou" or "comprada(s)",
    # which describe what already happened ("a cada carta comprada", "que comprou").
    Verb("compr- (draw)", _re(r"\bcompr(?:e|a|as|am|ar|em)\b"), DRAW,
         lacks="draw (no draw action, nor a rule on drawing)"),
    # "descarte" is also a noun of conditions: "algum descarte", "caso não haja
    # descarte" (card 032: a crisis if nobody discarded), "nenhum descarte".
    # "Descarte esta carta" is discard_this, a verb of its own below.
    Verb(
        "descart- (discard)",
        _re(r"(?<!algum )(?<!nenhum )(?<!haja )\bdescart(?:e|a|am|ar|em|es)\b"
            r"(?!\s+esta\s+carta)"),
        DISCARD, lacks="discard (no discard action, nor a rule on discarding)",
    ),
    # "entregam ... na direção do fluxo" passes cards, "entrega ... até que os dois
    # tenham o mesmo número" equalises; "entregar cartas para você" is a rule on
    # receiving (card 057).
    Verb("entreg- (give)", _re(r"\bentreg(?:ue|a|am|ar|as)\b"), GIVE,
         lacks="give (no give/pass_cards/equalise action, nor a rule on giving)"),
    # "Troque 1 carta": cards change hands.  "troca(m) de mão", "de estrutura",
    # "de posição" and "por qualquer carta do monte" are other actions, below.
    Verb(
        "troc- cartas (exchange)",
        _re(TROCA + r"\b(?!\s+de\s+(?:mão|estrutura|posição))(?![^.]*\bdo\s+monte\b)"),
        EXCHANGE, lacks="exchange (no exchange action, nor a rule on exchanging)",
    ),
    Verb("troca de mão", _re(TROCA + r"\s+de\s+mão\b"),
         frozenset({"do:swap_hands", "do:rotate_hands"})),
    Verb("troca de estrutura", _re(TROCA + r"\s+de\s+estrutura\b"),
         frozenset({"do:swap_structures"})),
    Verb("troca de posição", _re(TROCA + r"\s+de\s+posição\b"), frozenset({"do:field_swap"})),
    Verb("troque ... do monte", _re(r"\btroque\b[^.]*\bdo\s+monte\b"),
         frozenset({"do:trade_with_pile"})),
    # "Altere uma estrutura", "altera 1 estrutura", "alteração estrutural",
    # "Alterações ... de estrutura".  Liderança is the natural card that makes a
    # structural change, so a rule on it carries the words (card 095); a rule on
    # Liderança does not need them (card 005 never speaks of alterations).
    Verb(
        "alter- estrutura (change_structure)",
        _re(r"\balter(?:e|a|ar|ação|ações)\b[^.]*?\bestrutura"),
        frozenset({"do:change_structure", "rule:veto", "penalty:structure_change",
                   "natural:lideranca"}),
        frozenset({"do:change_structure", "rule:veto", "penalty:structure_change"}),
    ),
    # "Faça uma alteração no campo", "O campo não pode ser alterado", "não pode
    # alterá-lo" (the field, card 142).
    Verb(
        "alteração no campo (field_move)",
        _re(r"\balter\w*[^.]{0,15}\bcampo\b|\bcampo\b[^.]{0,20}\balter"),
        frozenset({"do:field_move", "rule:winner_field_moves", "rule:field_locked",
                   "cannot:change_field", "penalty:field_change"}),
    ),
    Verb("suba/desça (field_step)", _re(r"\b(?:suba|subir|sobe|desça|desce)\b"),
         frozenset({"do:field_step", "cannot:climb"})),
    Verb("fluir na direção contrária", _re(r"\bfluir\s+na\s+direção\s+contrária\b"),
         frozenset({"do:reverse_flow"})),
    Verb("fluir na direção de alguém", _re(r"\bfluir\s+na\s+direção\s+d[oa]\b"),
         frozenset({"do:flow_towards"})),
    # "vence a partida", "para vencer": an action.  "pode vencer ... ao mesmo
    # tempo", "não pode vencer o jogo", "o vencedor" are rules, below.
    Verb("vence (win)", _re(r"\bvence\b|\bpara\s+vencer\b"), frozenset({"do:win"})),
    Verb("embaralhe o monte", _re(r"\bembaralhe\s+o\s+monte\b"),
         frozenset({"do:shuffle_pile"})),
    Verb("estruturas embaralhadas", _re(r"\bestruturas\b[^.]*\bembaralhad"),
         frozenset({"do:shuffle_structures"})),
    Verb("redistribuídas", _re(r"\bredistribu"), frozenset({"do:redistribute_hands"})),
    Verb("descarte esta carta", _re(r"\bdescarte\s+esta\s+carta\b"),
         frozenset({"do:discard_this"})),
    Verb("forme uma equipe", _re(r"\bequipe\b"), frozenset({"do:team_up"})),
    Verb("mostre", _re(r"\bmostre\b"), frozenset({"do:show_hand"})),
    Verb("veja", _re(r"\bveja\b"), frozenset({"do:see_hands"})),
    Verb("à mostra", _re(r"\bà\s+mostra\b"), frozenset({"rule:open_hands"})),
    Verb("a jogada seguinte ativa uma crise",
         _re(r"\bjogada\s+seguinte\s+ativa\s+uma\s+crise\b"),
         frozenset({"schedule_crisis:next_play"})),
    Verb("a próxima estrutura que implicar algum descarte",
         _re(r"\bpróxima\s+estrutura\s+que\s+implicar\s+algum\s+descarte\b"),
         frozenset({"schedule_crisis:next_discard"})),
    # "Não proponha ou apoie revoltas": the negation covers both verbs.
    Verb("não proponha", _re(r"\bnão\s+proponha\b"), frozenset({"cannot:propose_revolt"})),
    Verb("não apoie", _re(r"\bnão\s+(?:proponha\s+ou\s+)?apoie\b"),
         frozenset({"cannot:support_revolt"})),
    Verb("apoie qualquer revolta", _re(r"(?<!não )(?<!ou )\bapoie\s+qualquer\b"),
         frozenset({"rule:supports_revolts"})),
    Verb("não ofereça soluções", _re(r"\bnão\s+ofereça\s+soluções\b"),
         frozenset({"cannot:solve_crisis"})),
    Verb("não exigem aprovação", _re(r"\bnão\s+exigem\s+aprovação\b"),
         frozenset({"rule:revolts_need_no_approval"})),
    Verb("votada", _re(r"\bvotada\b"), frozenset({"rule:vote_crisis_solutions"})),
    Verb("prioridade", _re(r"\bprioridade\b"), frozenset({"rule:crisis_priority"})),
    Verb("recusar o efeito", _re(r"\brecusar\b"), frozenset({"rule:may_refuse"})),
    Verb("vetar", _re(r"\bvetar\b"), frozenset({"rule:veto"})),
    Verb("dobra", _re(r"\bdobra\b"), frozenset({"rule:double"})),
    Verb("somente poderão exigir", _re(r"\bsomente\s+poderão\s+exigir\b"),
         frozenset({"rule:cap"})),
    Verb("que não seja a sua", _re(r"\bque\s+não\s+seja\s+a\s+sua\b"),
         frozenset({"rule:only_own_structure"})),
    Verb("joga(m) duas vezes", _re(r"\bjoga\S*\s+duas\s+vezes\b"),
         frozenset({"rule:extra_turn"})),
    Verb("vencer ao mesmo tempo", _re(r"\bao\s+mesmo\s+tempo\b"),
         frozenset({"rule:shared_victory"})),
    Verb("volta à linha 0", _re(r"\bvolta\s+à\s+linha\s+0\b"),
         frozenset({"rule:winner_demoted"})),
    Verb("penalidade", _re(r"\bpenalidade\b"), frozenset({"rule:penalty"})),
    Verb("ao final de cada turno", _re(r"\bao\s+final\s+de\s+cada\s+turno\b"),
         frozenset({"rule:turn_tally"})),
    Verb("não tem efeito", _re(r"\bnão\s+(?:terá|tem)\s+efeito\b|\btêm\s+efeito\b"
                               r"|\búnico\s+efeito\b"),
         frozenset({"rule:cancel"})),
    Verb("Nova geração", _re(r"\bnova\s+geração\b"),
         frozenset({"natural:nova_geracao", "cannot:use_nova_geracao"})),
    Verb("Liderança", _re(r"\bliderança\b"),
         frozenset({"natural:lideranca", "cannot:use_lideranca"})),
    # What a standing trigger waits for.  "revolta bem-sucedida" is also the
    # condition of card 059's discard ("se não houve revolta bem-sucedida").
    Verb("a cada crise", _re(r"\bapós\s+uma\s+crise\b|\ba\s+cada\s+crise\b"
                             r"|\bque\s+resolver\s+crises\b"),
         frozenset({"at:crisis"})),
    Verb("revolta bem-sucedida", _re(r"\brevolta\s+bem-sucedida\b"),
         frozenset({"at:successful_revolt", "unless:successful_revolt"})),
    Verb("que ativar revoltas", _re(r"\bque\s+ativar\s+revoltas\b"), frozenset({"at:revolt"})),
    Verb("a cada carta comprada", _re(r"\ba\s+cada\s+carta\s+comprada\b"),
         frozenset({"at:draw"})),
)

RULED = _re(r"\ba\s+serem\s+(\w+(?:(?:,\s*|\s+e\s+|\s+ou\s+)\w+)*)")
INFINITIVE = {"compradas": "comprar", "descartadas": "descartar",
              "entregues": "entregar", "trocadas": "trocar"}


def _prescribed(text: str) -> str:
    """The text with the participles of "a serem compradas, descartadas, entregues e
    trocadas" read as the verbs they are: a rule on acts still to be done (cards
    056, 093, 145), unlike "cartas descartadas" that counts acts already done."""
    def verbs(match: re.Match[str]) -> str:
        return re.sub(r"\w+", lambda w: INFINITIVE.get(w.group(0).lower(), w.group(0)),
                      match.group(0))

    return RULED.sub(verbs, text)


def check_verbs(block: Block) -> list[str]:
    """Each verb used as an action has its action in the effect, and vice versa."""
    text = _prescribed(block.words)
    facts = effect_facts(block.items)
    said: list[tuple[str, str]] = []
    done: list[tuple[str, str]] = []
    for verb in VERBS:
        found = verb.pattern.search(text)
        if found and not facts & verb.accepts:
            words = _quote(found.group(0))
            lacks = verb.lacks or " / ".join(sorted(verb.accepts))
            said.append((f"'{words}'", f"the text says '{words}' but the effect has no {lacks}"))
        missing = sorted(facts & verb.needs)
        if missing and not found:
            what = ", ".join(missing)
            done.append((f"has {what}",
                         f"the effect has {what} but the text never says {verb.says}"))
    return _pair(said, done)


# ---------------------------------------------------------------- 2. quantities

AMOUNT = _re(r"\b(\d+)\s+cartas?\b")
VERB_STEM = _re(r"\b(compr|descart|entreg|troc|troqu)(\w*)")
CONCEPT = {"compr": "draw", "descart": "discard", "entreg": "give", "troc": "exchange",
           "troqu": "exchange"}
PAST = ("ou", "ada", "adas", "ida", "idas", "ues")  # comprou, comprada(s), entregues...
BOUND_BEFORE = _re(r"\bcom(?:\s+no\s+(máximo|mínimo))?\s+$")
EACH_BEFORE = _re(r"\bcada\s+$")
BOOLEAN_BEFORE = _re(r"\bapenas\s+$")
OR_AFTER = _re(r"^\s+ou\s+(mais|menos)\b")
SINGULAR = _re(r"(?<!\d )\bcarta\b")
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
    for model in _descend(list(items)):
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
            mentions.append(Mention(n, "count", _quote(bound.group(0) + match.group(0)), op))
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
        words = _quote(text[start + verb.start():match.end()])
        if verb.group(2).lower().endswith(PAST):
            continue  # "que descartou 1 ou mais cartas" is a condition
        mentions.append(Mention(n, CONCEPT[verb.group(1).lower()], words))
    return mentions


OPS = {"eq": "=", "lt": "<", "le": "≤", "gt": ">", "ge": "≥"}


def check_amounts(block: Block) -> list[str]:
    """Each "N carta(s)" of a verb is the ``n`` of an action of that verb, and back."""
    text = _prescribed(block.words)
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
        messages += _pair(said, done)
    return messages


def _numbers(values: set[int]) -> str:
    return " or ".join(str(v) for v in sorted(values)) or "a computed number"


def _unique(mentions: list[Mention]) -> list[Mention]:
    seen: dict[int, Mention] = {}
    for mention in mentions:
        seen.setdefault(mention.n, mention)
    return list(seen.values())


# ---------------------------------------------------------------- 3. targets

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

    for model in _descend(list(items)):
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
    Target("o próximo a jogar", _re(r"\bo\s+próximo\s+a\s+jogar\b"), frozenset({"next"})),
    Target("os 2 próximos a jogar", _re(r"\bos\s+(?:2|dois)\s+próximos\s+a\s+jogar\b"),
           frozenset({"next_2"})),
    Target("o último a jogar", _re(r"\bo\s+último\s+a\s+jogar\b"), frozenset({"last"})),
    Target("os 2 últimos a jogar", _re(r"\bos\s+(?:2|dois)\s+últimos\s+a\s+jogar\b"),
           frozenset({"last_2"})),
    # "Todos" as a subject opens a clause ("Todos compram", ", todos descartam");
    # "de todos os jogadores" and "por todos" are not subjects.  Passing cards or
    # hands along the flow, and the natural cards' rules, involve everyone by
    # definition.  Besides "todos", "cada jogador", "nenhum(a)" and an agentless
    # "não pode ser usada" also speak of every player.
    Target(
        "todos", _re(r"(?:^|[.;:,]\s*)todos\b(?!\s+(?:os|as)\b)"), frozenset({"everyone"}),
        facts=frozenset({"do:pass_cards", "do:rotate_hands", "rule:natural"}),
        backs=_re(r"\btod[oa]s\b|\bcada\s+jogador\b|\bnenhum[a]?\b|\bnão\s+pode\s+ser\b"),
    ),
    # Every opponent, possibly filtered ("Todo adversário cuja estrutura...").
    Target(
        "todo adversário",
        _re(r"\btodo\s+adversário\b|\bcada\s+adversário\b|\bos\s+(?:seus\s+)?adversários\b"
            r"|\bo\(s\)\s+adversário\(s\)"),
        frozenset({"opponents"}), ("opponents", "all"),
        backs=_re(r"\badversários\b|\btodo\s+adversário\b|\bcada\s+adversário\b"),
    ),
    # The acting player's choice.  "aprovada por (ao menos) um adversário" is an
    # approval, not a target (cards 089 and 095).
    Target(
        "um adversário", _re(r"(?<!por )(?<!menos )\bum\s+adversário\b"),
        frozenset({"an_opponent"}), ("opponents", "choose"),
        backs=_re(r"\bum\s+adversário\b"),
    ),
    Target("aprovada por um adversário",
           _re(r"\baprovad\w*\s+por\s+(?:ao\s+menos\s+)?um\s+adversário\b"),
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
            words = _quote(found.group(0))
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
    return _pair(said, done)


# ---------------------------------------------------------------- 4. ranks and ties

RANK_OF_NAMED = {
    "most_cards": ("most", True), "most_cards_all": ("most", False),
    "fewest_cards": ("fewest", True), "fewest_cards_all": ("fewest", False),
    "highest": ("highest", True), "highest_all": ("highest", False),
    "lowest": ("lowest", True), "lowest_all": ("lowest", False),
}
RANK_OF_QUERY = {"most_cards": "most", "fewest_cards": "fewest", "highest": "highest",
                 "lowest": "lowest"}
TIE_FREE_COUNTS = {"max_hand": "most", "gap_to_max": "most"}
LEAD = r"(?P<lead>\b(?:o\(s\)|os|o|do|ao)\s+(?:(?P<num>\d+|dois|duas)\s+|segundo\s+)?)?"
CARDS_RANK = _re(LEAD + r"\bjogador(?P<pl>\(es\)|es)?(?:\s+ao\s+lado)?\s+com\s+(?:o\s+)?"
                 r"(?P<dir>mais|menos|menor\s+número\s+de)\s+cartas\b")
ROW_RANK = _re(LEAD + r"\bjogador(?P<pl>\(es\)|es)?(?:\s+empatados)?(?:\s+na\s+linha)?"
               r"\s+mais\s+(?P<dir>alt|baix)[oa]s?(?P<pl2>\(s\))?")
RANK_WORD = {"mais": "most", "menos": "fewest", "menor": "fewest", "alt": "highest",
             "baix": "lowest"}
STRICT = {True: "a tie is a crisis", False: "ties allowed"}


@dataclass(frozen=True)
class Ranked:
    """A ranking on either side: which one, and whether a tie is a crisis.

    ``strict`` None: the side cannot tell (a count like ``max_hand`` is the same
    whoever ties; a standing prohibition is only consulted when someone tries the
    act, so card 142's "o jogador mais alto no campo não pode alterá-lo" is, by
    its own note, no crisis when two players tie: both encodings are accepted).
    """

    rank: str
    strict: bool | None
    words: str


def text_ranks(text: str) -> list[Ranked]:
    """ "o jogador com mais cartas" and "o segundo jogador..." name exactly one player,
    "os 2 jogadores com menos cartas" exactly two; "o(s) jogador(es)" tolerates ties."""
    found = []
    for pattern in (CARDS_RANK, ROW_RANK):
        for match in pattern.finditer(text):
            plural = (match.group("pl") or "").lower()
            tolerant = plural == "(es)" or bool(match.groupdict().get("pl2"))
            if plural == "es":
                tolerant = not match.group("num")  # "os 2 jogadores": exactly two
            direction = match.group("dir").split()[0].lower()
            words = _quote(match.group(0))
            found.append(Ranked(RANK_WORD[direction], not tolerant, words))
    return found


def effect_ranks(block: Block) -> list[tuple[Ranked, Use | None]]:
    """The rankings an effect uses, with the selector (None for a computed count)."""
    found: list[tuple[Ranked, Use | None]] = []
    for use in selector_uses(block.items):
        strict: bool | None
        if use.named in RANK_OF_NAMED:
            rank, strict = RANK_OF_NAMED[use.named]
        elif use.query is not None and use.query.rank is not None:
            rank = RANK_OF_QUERY[use.query.rank]
            strict = {"all": False, "choose": None}.get(use.query.take, True)
        else:
            continue
        if isinstance(use.owner, Cannot):
            strict = None
        found.append((Ranked(rank, strict, use.label), use))
    for model in _descend(block.items):
        if isinstance(model, Computed) and model.count in TIE_FREE_COUNTS:
            found.append((Ranked(TIE_FREE_COUNTS[model.count], None, model.count), None))
    return found


def check_ranks(block: Block) -> list[str]:
    """"o jogador com mais cartas" is not "o(s) jogador(es) com mais cartas".

    The manual makes a tie on a singular ranking a crisis; the plural form lets
    every tied player act.  A text ranking needs an effect ranking of the same
    kind and tie rule, and each effect ranking needs its words.
    """
    said_all = text_ranks(block.text)
    used = effect_ranks(block)

    def agree(a: Ranked, b: Ranked) -> bool:
        return a.rank == b.rank and (a.strict is None or b.strict is None or a.strict == b.strict)

    said = [(f"'{r.words}' ({STRICT[bool(r.strict)]})",
             f"the text says '{r.words}' ({STRICT[bool(r.strict)]}) but the effect "
             f"has no such {r.rank} ranking")
            for r in said_all if not any(agree(r, u) for u, _ in used)]
    done = []
    for ranked, use in used:
        context = text_ranks(block.so_far) if use is not None and use.excluded else said_all
        if not any(agree(ranked, r) for r in context):
            tie = "" if ranked.strict is None else f" ({STRICT[ranked.strict]})"
            done.append((f"uses {ranked.words}{tie}",
                         f"the effect uses {ranked.words}{tie} but the text has no such "
                         f"{ranked.rank} ranking"))
    return _pair(said, done)


# ---------------------------------------------------------------- 5. directions

AGAINST = _re(r"\bcontrária\s+ao\s+fluxo\b")
UP = _re(r"\b(?:suba|subir|sobe)\b")
DOWN = _re(r"\b(?:desça|desce)\b")


def check_directions(block: Block) -> list[str]:
    """"na direção contrária ao fluxo" is ``direction: against``; "Suba" is ``rows: 1``."""
    messages = []
    for action in _actions(block):
        direction = getattr(action, "direction", None)
        if direction is not None and (direction == "against") != bool(AGAINST.search(
                block.text)):
            says = "says" if direction == "flow" else "does not say"
            messages.append(f"the text {says} 'contrária ao fluxo' but the effect's "
                            f"direction is {direction}")
        rows = getattr(action, "rows", None)
        said, meant = {1: (DOWN, UP), -1: (UP, DOWN)}.get(rows or 0, (None, None))
        contrary = said.search(block.text) if said and meant else None
        if contrary and meant and not meant.search(block.text):
            messages.append(f"the text says '{contrary.group(0)}' but the effect moves "
                            f"{rows:+d} row")
    return messages


# ---------------------------------------------------------------- 6. families

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
    for block in _read_blocks(card):
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


# ---------------------------------------------------------------- the lint

CHECKS: tuple[Callable[[Block], list[str]], ...] = (
    check_verbs, check_amounts, check_targets, check_ranks, check_directions,
)


def lint_card(card: Card) -> list[Problem]:
    """Every disagreement between a card's words and its effects, located at the effect."""
    problems = []
    for block in _read_blocks(card):
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
