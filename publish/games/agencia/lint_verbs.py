"""Effect lint, verbs: an action verb in the text needs an action or rule of that kind
in the effect, and an action in the effect needs its verb in the text.

Most of this module is the table of verbs (:data:`VERBS`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from publish.games.agencia.effects import (
    Cancel,
    Cannot,
    Cap,
    ChangeStructure,
    Double,
    Natural,
    OnlyOwn,
    Penalty,
    ScheduleCrisis,
    Trigger,
)
from publish.games.agencia.lint_text import Block, descend, pair, quote, regex


def effect_facts(items: Iterable[Any]) -> set[str]:
    """What an effect does or rules on, as short facts the verb table can name.

    ``do:X`` for an action, ``rule:X`` for a standing rule, and the acts a rule
    is about (``cannot:draw``, ``double:give``, ``cancel:exchange``...), so that
    "Nenhum jogador pode comprar" is carried out by a rule, not an action.
    """
    facts: set[str] = set()
    for model in descend(list(items)):
        do = getattr(model, "do", None)  # an action's kind: other models have none
        if isinstance(do, str):  # what ``lint_text.is_action`` asks
            facts.add(f"do:{do}")
            if getattr(model, "unless_revolt_succeeded_last_turn", False):
                facts.add("unless:successful_revolt")
        rule = getattr(model, "rule", None)
        if rule:
            facts.add(f"rule:{rule}")
        match model:
            case Cannot(act=acts):
                facts.update(f"cannot:{act}" for act in acts)
            case Cancel():
                cancelled = [*(model.many or []), *(model.unless or []), model.only, model.makes]
                facts.update(f"cancel:{act}" for act in cancelled if act)
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
    Verb("compr- (draw)", regex(r"\bcompr(?:e|a|as|am|ar|em)\b"), DRAW,
         lacks="draw (no draw action, nor a rule on drawing)"),
    # "descarte" is also a noun of conditions: "algum descarte", "caso não haja
    # descarte" (card 032: a crisis if nobody discarded), "nenhum descarte".
    # "Descarte esta carta" is discard_this, a verb of its own below.
    Verb(
        "descart- (discard)",
        regex(r"(?<!algum )(?<!nenhum )(?<!haja )\bdescart(?:e|a|am|ar|em|es)\b"
            r"(?!\s+esta\s+carta)"),
        DISCARD, lacks="discard (no discard action, nor a rule on discarding)",
    ),
    # "entregam ... na direção do fluxo" passes cards, "entrega ... até que os dois
    # tenham o mesmo número" equalises; "entregar cartas para você" is a rule on
    # receiving (card 057).
    Verb("entreg- (give)", regex(r"\bentreg(?:ue|a|am|ar|as)\b"), GIVE,
         lacks="give (no give/pass_cards/equalise action, nor a rule on giving)"),
    # "Troque 1 carta": cards change hands.  "troca(m) de mão", "de estrutura",
    # "de posição" and "por qualquer carta do monte" are other actions, below.
    Verb(
        "troc- cartas (exchange)",
        regex(TROCA + r"\b(?!\s+de\s+(?:mão|estrutura|posição))(?![^.]*\bdo\s+monte\b)"),
        EXCHANGE, lacks="exchange (no exchange action, nor a rule on exchanging)",
    ),
    Verb("troca de mão", regex(TROCA + r"\s+de\s+mão\b"),
         frozenset({"do:swap_hands", "do:rotate_hands"})),
    Verb("troca de estrutura", regex(TROCA + r"\s+de\s+estrutura\b"),
         frozenset({"do:swap_structures"})),
    Verb("troca de posição", regex(TROCA + r"\s+de\s+posição\b"), frozenset({"do:field_swap"})),
    Verb("troque ... do monte", regex(r"\btroque\b[^.]*\bdo\s+monte\b"),
         frozenset({"do:trade_with_pile"})),
    # "Altere uma estrutura", "altera 1 estrutura", "alteração estrutural",
    # "Alterações ... de estrutura".  Liderança is the natural card that makes a
    # structural change, so a rule on it carries the words (card 095); a rule on
    # Liderança does not need them (card 005 never speaks of alterations).
    Verb(
        "alter- estrutura (change_structure)",
        regex(r"\balter(?:e|a|ar|ação|ações)\b[^.]*?\bestrutura"),
        frozenset({"do:change_structure", "rule:veto", "penalty:structure_change",
                   "natural:lideranca"}),
        frozenset({"do:change_structure", "rule:veto", "penalty:structure_change"}),
    ),
    # "Faça uma alteração no campo", "O campo não pode ser alterado", "não pode
    # alterá-lo" (the field, card 142).
    Verb(
        "alteração no campo (field_move)",
        regex(r"\balter\w*[^.]{0,15}\bcampo\b|\bcampo\b[^.]{0,20}\balter"),
        frozenset({"do:field_move", "rule:winner_field_moves", "rule:field_locked",
                   "cannot:change_field", "penalty:field_change"}),
    ),
    Verb("suba/desça (field_step)", regex(r"\b(?:suba|subir|sobe|desça|desce)\b"),
         frozenset({"do:field_step", "cannot:climb"})),
    Verb("fluir na direção contrária", regex(r"\bfluir\s+na\s+direção\s+contrária\b"),
         frozenset({"do:reverse_flow"})),
    Verb("fluir na direção de alguém", regex(r"\bfluir\s+na\s+direção\s+d[oa]\b"),
         frozenset({"do:flow_towards"})),
    # "vence a partida", "para vencer": an action.  "pode vencer ... ao mesmo
    # tempo", "não pode vencer o jogo", "o vencedor" are rules, below.
    Verb("vence (win)", regex(r"\bvence\b|\bpara\s+vencer\b"), frozenset({"do:win"})),
    Verb("embaralhe o monte", regex(r"\bembaralhe\s+o\s+monte\b"),
         frozenset({"do:shuffle_pile"})),
    Verb("estruturas embaralhadas", regex(r"\bestruturas\b[^.]*\bembaralhad"),
         frozenset({"do:shuffle_structures"})),
    Verb("redistribuídas", regex(r"\bredistribu"), frozenset({"do:redistribute_hands"})),
    Verb("descarte esta carta", regex(r"\bdescarte\s+esta\s+carta\b"),
         frozenset({"do:discard_this"})),
    Verb("forme uma equipe", regex(r"\bequipe\b"), frozenset({"do:team_up"})),
    Verb("mostre", regex(r"\bmostre\b"), frozenset({"do:show_hand"})),
    Verb("veja", regex(r"\bveja\b"), frozenset({"do:see_hands"})),
    Verb("à mostra", regex(r"\bà\s+mostra\b"), frozenset({"rule:open_hands"})),
    Verb("a jogada seguinte ativa uma crise",
         regex(r"\bjogada\s+seguinte\s+ativa\s+uma\s+crise\b"),
         frozenset({"schedule_crisis:next_play"})),
    # The crisis clause of the card's own rule ("Causa crise caso esta seja a estrutura
    # do jogador na linha mais alta"): a direct effect (``OwnCrisis``), never the
    # rule's general block, since only direct effects cause crises.
    Verb("causa crise caso esta seja a estrutura",
         regex(r"\bcausa\s+crise\s+caso\s+esta\s+seja\s+a\s+estrutura\b"),
         frozenset({"do:own_crisis"})),
    Verb("a próxima estrutura que implicar algum descarte",
         regex(r"\bpróxima\s+estrutura\s+que\s+implicar\s+algum\s+descarte\b"),
         frozenset({"schedule_crisis:next_discard"})),
    # "Não proponha ou apoie revoltas": the negation covers both verbs.
    Verb("não proponha", regex(r"\bnão\s+proponha\b"), frozenset({"cannot:propose_revolt"})),
    Verb("não apoie", regex(r"\bnão\s+(?:proponha\s+ou\s+)?apoie\b"),
         frozenset({"cannot:support_revolt"})),
    Verb("apoie qualquer revolta", regex(r"(?<!não )(?<!ou )\bapoie\s+qualquer\b"),
         frozenset({"rule:supports_revolts"})),
    Verb("não ofereça soluções", regex(r"\bnão\s+ofereça\s+soluções\b"),
         frozenset({"cannot:solve_crisis"})),
    Verb("não exigem aprovação", regex(r"\bnão\s+exigem\s+aprovação\b"),
         frozenset({"rule:revolts_need_no_approval"})),
    Verb("votada", regex(r"\bvotada\b"), frozenset({"rule:vote_crisis_solutions"})),
    Verb("prioridade", regex(r"\bprioridade\b"), frozenset({"rule:crisis_priority"})),
    Verb("recusar o efeito", regex(r"\brecusar\b"), frozenset({"rule:may_refuse"})),
    Verb("vetar", regex(r"\bvetar\b"), frozenset({"rule:veto"})),
    Verb("dobra", regex(r"\bdobra\b"), frozenset({"rule:double"})),
    Verb("somente poderão exigir", regex(r"\bsomente\s+poderão\s+exigir\b"),
         frozenset({"rule:cap"})),
    Verb("que não seja a sua", regex(r"\bque\s+não\s+seja\s+a\s+sua\b"),
         frozenset({"rule:only_own_structure"})),
    Verb("joga(m) duas vezes", regex(r"\bjoga\S*\s+duas\s+vezes\b"),
         frozenset({"rule:extra_turn"})),
    Verb("vencer ao mesmo tempo", regex(r"\bao\s+mesmo\s+tempo\b"),
         frozenset({"rule:shared_victory"})),
    Verb("volta à linha 0", regex(r"\bvolta\s+à\s+linha\s+0\b"),
         frozenset({"rule:winner_demoted"})),
    Verb("penalidade", regex(r"\bpenalidade\b"), frozenset({"rule:penalty"})),
    Verb("ao final de cada turno", regex(r"\bao\s+final\s+de\s+cada\s+turno\b"),
         frozenset({"rule:turn_tally"})),
    Verb("não tem efeito", regex(r"\bnão\s+(?:terá|tem)\s+efeito\b|\btêm\s+efeito\b"
                               r"|\búnico\s+efeito\b"),
         frozenset({"rule:cancel"})),
    Verb("Nova geração", regex(r"\bnova\s+geração\b"),
         frozenset({"natural:nova_geracao", "cannot:use_nova_geracao"})),
    Verb("Liderança", regex(r"\bliderança\b"),
         frozenset({"natural:lideranca", "cannot:use_lideranca"})),
    # What a standing trigger waits for.  "revolta bem-sucedida" is also the
    # condition of card 059's discard ("se não houve revolta bem-sucedida").
    Verb("a cada crise", regex(r"\bapós\s+uma\s+crise\b|\ba\s+cada\s+crise\b"
                             r"|\bque\s+resolver\s+crises\b"),
         frozenset({"at:crisis"})),
    Verb("revolta bem-sucedida", regex(r"\brevolta\s+bem-sucedida\b"),
         frozenset({"at:successful_revolt", "unless:successful_revolt"})),
    Verb("que ativar revoltas", regex(r"\bque\s+ativar\s+revoltas\b"), frozenset({"at:revolt"})),
    Verb("a cada carta comprada", regex(r"\ba\s+cada\s+carta\s+comprada\b"),
         frozenset({"at:draw"})),
)

RULED = regex(r"\ba\s+serem\s+(\w+(?:(?:,\s*|\s+e\s+|\s+ou\s+)\w+)*)")
INFINITIVE = {"compradas": "comprar", "descartadas": "descartar",
              "entregues": "entregar", "trocadas": "trocar"}


def prescribed(text: str) -> str:
    """The text with the participles of "a serem compradas, descartadas, entregues e
    trocadas" read as the verbs they are: a rule on acts still to be done (cards
    056, 093, 145), unlike "cartas descartadas" that counts acts already done."""
    def verbs(match: re.Match[str]) -> str:
        return re.sub(r"\w+", lambda w: INFINITIVE.get(w.group(0).lower(), w.group(0)),
                      match.group(0))

    return RULED.sub(verbs, text)


def check_verbs(block: Block) -> list[str]:
    """Each verb used as an action has its action in the effect, and vice versa."""
    text = prescribed(block.words)
    facts = effect_facts(block.items)
    said: list[tuple[str, str]] = []
    done: list[tuple[str, str]] = []
    for verb in VERBS:
        found = verb.pattern.search(text)
        if found and not facts & verb.accepts:
            words = quote(found.group(0))
            lacks = verb.lacks or " / ".join(sorted(verb.accepts))
            said.append((f"'{words}'", f"the text says '{words}' but the effect has no {lacks}"))
        missing = sorted(facts & verb.needs)
        if missing and not found:
            what = ", ".join(missing)
            done.append((f"has {what}",
                         f"the effect has {what} but the text never says {verb.says}"))
    return pair(said, done)
