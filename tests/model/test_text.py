"""Card effect text typography: Roman numerals, emphasis rules, icons and escaping."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache

import pytest
from markupsafe import Markup

from conftest import REPO
from publish.model.game import EmphasisRule, Typography
from publish.model.load import load_config, load_game
from publish.model.text import UnknownIcon, holds, roman, style_blocks, typography_problems

AGENCIA = REPO / "cards" / "agencia"
SVG = '<svg viewBox="0 0 1 1"><circle r="1"/></svg>'
ICONS = {"moeda": SVG, "campo": SVG, "dado-6": SVG}
ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@cache
def agencia() -> Typography:
    config, _ = load_config(AGENCIA)
    return config.typography["pt-BR"]


def arabic() -> Typography:
    return agencia().model_copy(update={"numerals": "arabic"})


def style(*blocks: str, typography: Typography | None = None, **kw: object) -> list[str]:
    return [str(m) for m in style_blocks(list(blocks), typography or agencia(), **kw)]


# Structured effects that order what the words say: Agência sets a card verb in bold
# only in a block whose effect does or rules on that act (cards/agencia/game.yaml).
DRAW, DISCARD = [{"do": "draw", "n": 1}], [{"do": "discard", "n": 1}]
GIVE, EXCHANGE = [{"do": "give", "to": "last"}], [{"do": "exchange", "to": "last"}]


def rules(italic: dict[str, str] | None = None, **bold: str) -> Typography:
    """A small typography: name -> pattern, all once per card."""
    return Typography(
        bold=[EmphasisRule(name=n, pattern=p) for n, p in bold.items()],
        italic=[EmphasisRule(name=n, pattern=p) for n, p in (italic or {}).items()],
    )


def from_roman(numeral: str) -> int:
    """Independent reading of a Roman numeral (subtractive pairs), to check `roman` against."""
    values = [ROMAN_VALUES[c] for c in numeral]
    return sum(-v if v < nxt else v for v, nxt in zip(values, [*values[1:], 0], strict=True))


def text_of(html: str) -> str:
    """The text content of ``html``; parsing it also proves it is well formed."""
    return "".join(ET.fromstring(f"<p>{html}</p>").itertext())


# Roman numerals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "I"), (2, "II"), (3, "III"), (4, "IV"), (5, "V"), (6, "VI"), (9, "IX"),
        (10, "X"), (12, "XII"), (14, "XIV"), (19, "XIX"), (40, "XL"), (49, "XLIX"),
        (90, "XC"), (99, "XCIX"), (400, "CD"), (444, "CDXLIV"), (900, "CM"),
        (1994, "MCMXCIV"), (2024, "MMXXIV"), (3888, "MMMDCCCLXXXVIII"), (3999, "MMMCMXCIX"),
    ],
)
def test_roman_table(n: int, expected: str) -> None:
    assert roman(n) == expected


@pytest.mark.parametrize("n", [0, -1, 4000, 10_000])
def test_roman_out_of_range(n: int) -> None:
    with pytest.raises(ValueError, match=str(n)):
        roman(n)


def test_roman_round_trips_and_is_canonical() -> None:
    numerals = [roman(n) for n in range(1, 4000)]
    assert [from_roman(r) for r in numerals] == list(range(1, 4000))
    assert len(set(numerals)) == 3999
    canonical = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
    assert all(canonical.fullmatch(r) for r in numerals)


# The Agência rules on real card texts ---------------------------------------------------------


def test_only_first_verb_of_each_family_is_bold() -> None:
    (html,) = style("Troque 1 carta com o último a jogar. O próximo a jogar descarta 1 carta.",
                    effects=[EXCHANGE + DISCARD])
    assert html == (
        "<strong>Troque</strong> I carta com o último a jogar. "
        "O próximo a jogar <strong>descarta</strong> I carta."
    )


def test_negated_verb_and_italic_phrase_with_nested_bold() -> None:
    (html,) = style("Os 2 jogadores com menos cartas não compram cartas. Não causa crise.",
                    effects=[[{"rule": "cannot", "act": ["draw"], "crisis": False}]])
    assert html == (
        "Os II jogadores com menos cartas <strong>não compram</strong> cartas. "
        "<em>Não causa <strong>crise</strong>.</em>"
    )


def test_line_numbers_stay_arabic() -> None:
    (html,) = style("Suba 1 linha no campo. Causa crise se você já estiver na linha 3.")
    assert html == (
        "Suba I linha no <strong>campo</strong>. "
        "Causa <strong>crise</strong> se você já estiver na linha 3."
    )


@pytest.mark.parametrize(
    ("text", "effect", "expected"),
    [
        ("Troque 1 carta.", EXCHANGE, "<strong>Troque</strong> I carta."),
        ("Os outros trocam de mão.", [{"do": "swap_hands", "to": "last"}],
         "Os outros <strong>trocam</strong> de mão."),
        ("Não troque.", [{"rule": "cannot", "act": ["exchange"]}], "<strong>Não troque</strong>."),
        ("Compre 3 cartas.", DRAW, "<strong>Compre</strong> III cartas."),
        ("Descarte 2 cartas.", DISCARD, "<strong>Descarte</strong> II cartas."),
        ("Entregue 1 carta.", GIVE, "<strong>Entregue</strong> I carta."),
        ("Cause duas crises.", None, "Cause duas <strong>crises</strong>."),
        ("Apoie qualquer revolta.", None, "Apoie qualquer <strong>revolta</strong>."),
        ("Use a carta Nova geração.", None, "Use a carta <strong>Nova geração</strong>."),
        ("A carta Liderança vale.", None, "A carta <strong>Liderança</strong> vale."),
        ("Não causa crise", None, "<em>Não causa <strong>crise</strong></em>"),
    ],
)
def test_each_agencia_rule(text: str, effect: list | None, expected: str) -> None:
    assert style(text, effects=[effect]) == [expected]


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("Troque de estrutura com alguém.", [{"do": "swap_structures", "to": "an_opponent"}]),
        ("Troque de posição, no campo, com alguém.", [{"do": "field_swap", "to": "last"}]),
        ("Entregue 1 carta a quem comprou cartas.", GIVE),
    ],
)
def test_agencia_sets_no_verb_whose_act_the_block_does_not_order(text: str,
                                                                  effect: list) -> None:
    """A swap of structures or places is no swap of cards; "comprou" names a past draw."""
    assert "<strong>Tro" not in style(text, effects=[effect])[0]
    assert "<strong>comprou" not in style(text, effects=[effect])[0]


def test_words_merely_containing_a_rule_are_not_set() -> None:
    assert style("O campeonato, a criseira, o campos.") == ["O campeonato, a criseira, o campos."]


def test_once_per_card_across_blocks() -> None:
    card_178 = ["O jogador com menos cartas compra 1 carta.", "Descarte 1 carta.",
                "O próximo a jogar descarta 2 cartas."]
    assert style(*card_178, effects=[DRAW, DISCARD, DISCARD]) == [
        "O jogador com menos cartas <strong>compra</strong> I carta.",
        "<strong>Descarte</strong> I carta.",
        "O próximo a jogar descarta II cartas.",
    ]


def test_each_card_starts_afresh() -> None:
    assert style("Compre 1 carta.", effects=[DRAW]) == style("Compre 1 carta.",
                                                            effects=[DRAW]) == [
        "<strong>Compre</strong> I carta."
    ]


def test_once_false_sets_every_match() -> None:
    typography = Typography(bold=[EmphasisRule(name="carta", pattern=r"\bcartas?\b", once=False)])
    assert style("Uma carta, duas cartas.", "Sem carta.", typography=typography) == [
        "Uma <strong>carta</strong>, duas <strong>cartas</strong>.",
        "Sem <strong>carta</strong>.",
    ]


def test_arabic_numerals_are_left_alone() -> None:
    assert style("Compre 2 cartas e suba 12 linhas.", typography=arabic(),
                 effects=[DRAW]) == [
        "<strong>Compre</strong> 2 cartas e suba 12 linhas."
    ]


def test_arabic_is_the_default() -> None:
    assert style("Compre 2 cartas.", typography=Typography()) == ["Compre 2 cartas."]


def test_roman_beyond_3999_is_an_error() -> None:
    with pytest.raises(ValueError, match="4000"):
        style("Compre 4000 cartas.")


# Overlaps and nesting -------------------------------------------------------------------------


def test_partial_overlap_is_skipped() -> None:
    assert style("a b c", typography=rules({"ab": "a b"}, bc="b c")) == ["<em>a b</em> c"]


def test_once_rule_falls_back_to_next_match_that_nests() -> None:
    typography = rules({"ab": "a b"}, bc="b c")
    assert style("a b c", "b c", typography=typography) == [
        "<em>a b</em> c",
        "<strong>b c</strong>",
    ]


def test_earlier_bold_rule_wins_an_overlap() -> None:
    assert style("a b c", typography=rules(ab="a b", bc="b c")) == ["<strong>a b</strong> c"]


def test_italic_wins_over_bold_listed_first() -> None:
    assert style("a b c", typography=rules({"bc": "b c"}, ab="a b")) == ["a <em>b c</em>"]


def test_equal_spans_nest_italic_outside() -> None:
    assert style("a crise", typography=rules({"i": "crise"}, b="crise")) == [
        "a <em><strong>crise</strong></em>"
    ]


def test_bold_may_contain_bold() -> None:
    assert style("x a b c y", typography=rules(outer="a b c", inner="b")) == [
        "x <strong>a <strong>b</strong> c</strong> y"
    ]


def test_empty_matches_are_ignored() -> None:
    assert style("abc", typography=rules(empty="x*")) == ["abc"]


def test_no_blocks_and_empty_block() -> None:
    assert style_blocks([], agencia()) == []
    assert style("") == [""]


def test_returns_markup() -> None:
    assert all(isinstance(m, Markup) for m in style_blocks(["Compre 1 carta.", "<b>"], agencia()))


# Rules kept to some effects, and rules tried in turns ------------------------------------------


def kept(*rules: EmphasisRule) -> Typography:
    return Typography(bold=list(rules))


def test_a_rule_kept_to_an_effect_sets_only_in_blocks_that_hold_it() -> None:
    typography = kept(EmphasisRule(name="go", pattern=r"\bgo\b", effect=[{"do": "move"}]))
    assert style("go on", "go back", typography=typography,
                 effects=[[{"do": "wait"}], [{"do": "move", "n": 1}]]) == [
        "go on", "<strong>go</strong> back"]


@pytest.mark.parametrize(("entry", "found"), [
    ({"act": "give"}, True),  # a list holds the values it lists
    ({"rule": "cannot", "act": "draw"}, True),  # every key of an entry, in one mapping
    ({"rule": "cannot", "act": "discard"}, False),
    ({"do": "draw"}, True),  # at any depth
    ({"rule": "trigger", "do": "draw"}, False),  # not across two mappings
])
def test_what_an_effect_holds(entry: dict[str, str], found: bool) -> None:
    effect = [{"rule": "cannot", "act": ["draw", "give"]},
              {"rule": "trigger", "do": [{"do": "draw", "who": "everyone"}]}]
    assert holds(effect, [entry]) is found


def test_without_effects_a_rule_kept_to_some_sets_nothing() -> None:
    typography = kept(EmphasisRule(name="go", pattern=r"\bgo\b", effect=[{"do": "move"}]))
    assert style("go on", typography=typography) == ["go on"]


def test_rules_of_one_name_are_tried_in_turns_once_a_card() -> None:
    """The first of a name's rules that finds a match sets it; the later ones are skipped.
    Here the act ("Draw") is preferred to a word that names it in a ban ("draw")."""
    typography = kept(
        EmphasisRule(name="draw", pattern=r"\b[Dd]raws?\b", effect=[{"do": "draw"}]),
        EmphasisRule(name="draw", pattern=r"\b[Dd]raw\w*", effect=[{"act": "draw"}]))
    ban, act = [{"rule": "cannot", "act": ["draw"]}], [{"do": "draw"}]
    assert style("Nobody may draw.", "Draw 1.", typography=typography,
                 effects=[ban, act]) == ["Nobody may draw.", "<strong>Draw</strong> 1."]
    assert style("Nobody may draw.", "Wait.", typography=typography,
                 effects=[ban, []]) == ["Nobody may <strong>draw</strong>.", "Wait."]


def test_a_rule_kept_to_kinds_sets_only_in_blocks_of_those_kinds() -> None:
    """The act a card's own jogada orders (its direct block) before the same act in a
    standing rule; the rule of the general block comes next, in turns."""
    typography = kept(
        EmphasisRule(name="draw", pattern=r"\b[Dd]raws?\b", kinds=["direct"]),
        EmphasisRule(name="draw", pattern=r"\b[Dd]raws?\b"))
    assert style("Others draw.", "Draw 1.", typography=typography,
                 kinds=["general", "direct"]) == ["Others draw.", "<strong>Draw</strong> 1."]
    assert style("Others draw.", "Wait.", typography=typography,
                 kinds=["general", "direct"]) == ["Others <strong>draw</strong>.", "Wait."]


def test_a_rule_kept_to_an_unknown_block_kind_is_a_problem_at_its_line() -> None:
    game, problems = load_game(REPO, "agencia")
    assert not problems
    typography = game.config.typography["pt-BR"]
    bold = [typography.bold[0].model_copy(update={"kinds": ["diret"]}), *typography.bold[1:]]
    config = game.config.model_copy(update={"typography": {
        "pt-BR": typography.model_copy(update={"bold": bold})}})
    (problem,) = typography_problems(replace(game, config=config))
    assert "typography.pt-BR.bold[1] (trocar): no text block kind diret; text_blocks has " \
           "direct, general" in str(problem)
    assert "game.yaml:" in str(problem)


@pytest.mark.parametrize("effect", [[], [{}]])
def test_an_empty_effect_filter_is_refused(effect: list) -> None:
    with pytest.raises(ValueError, match="effect"):
        EmphasisRule(name="go", pattern="go", effect=effect)


# Escaping -------------------------------------------------------------------------------------


def test_html_and_jinja_looking_input_is_literal_text() -> None:
    text = "<script>alert('x')</script> & \"Compre\" {{ x }} {% if y %}"
    (html,) = style(text, effects=[DRAW])
    assert "<script" not in html
    assert "&lt;script&gt;" in html
    assert "{{ x }}" in html and "{% if y %}" in html
    assert "<strong>Compre</strong>" in html
    assert text_of(html) == text


def test_markup_in_input_does_not_break_emphasis() -> None:
    (html,) = style("Compre <em>1</em> carta.", effects=[DRAW])
    assert html == "<strong>Compre</strong> &lt;em&gt;I&lt;/em&gt; carta."


# Icons ----------------------------------------------------------------------------------------


def icon(name: str) -> str:
    return f'<span class="icon icon-{name}" role="img" aria-label="{name}">{SVG}</span>'


def test_known_icon_is_replaced_by_its_markup() -> None:
    assert style("Ganhe :moeda: agora.", icons=ICONS) == [f"Ganhe {icon('moeda')} agora."]


def test_adjacent_icons() -> None:
    assert style(":moeda::moeda:", icons=ICONS) == [icon("moeda") * 2]


def test_a_count_and_its_icon_never_part() -> None:
    assert style("Ganhe 2 :moeda: e 1 carta.", typography=arabic(), icons=ICONS) == [
        f"Ganhe 2\u00a0{icon('moeda')} e 1 carta."
    ]


def test_a_count_set_in_roman_keeps_its_icon() -> None:
    (html,) = style("Ganhe 3 :moeda:.", icons=ICONS)
    assert html.endswith(f"III\u00a0{icon('moeda')}.")


def test_only_a_number_glues_to_an_icon() -> None:
    assert style("Ganhe :moeda: :moeda:", typography=arabic(), icons=ICONS) == [
        f"Ganhe {icon('moeda')} {icon('moeda')}"
    ]


def test_emphasis_over_a_count_and_its_icon() -> None:
    typography = rules(ganhe=r"Ganhe \d :\w+:")
    assert style("Ganhe 2 :moeda:.", typography=typography, icons=ICONS) == [
        f"<strong>Ganhe 2\u00a0{icon('moeda')}</strong>."
    ]


def test_unknown_icon_names_it_and_the_known_ones() -> None:
    with pytest.raises(UnknownIcon) as caught:
        style("Ganhe :moedas:.", icons=ICONS)
    assert caught.value.name == "moedas"
    assert caught.value.known == ["campo", "dado-6", "moeda"]
    assert ":moedas:" in str(caught.value) and "campo, dado-6, moeda" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_icon_without_icons_is_unknown() -> None:
    with pytest.raises(UnknownIcon) as caught:
        style(":moeda:")
    assert caught.value.known == []


@pytest.mark.parametrize(
    "text", ["Cartas: três", "Nota: veja : aqui", "10:30", ":Maiúscula:", ": a :", "::"]
)
def test_lone_colons_are_text(text: str) -> None:
    assert style(text, typography=arabic(), icons=ICONS) == [text]


def test_rules_do_not_reach_inside_icons() -> None:
    (html,) = style("Ganhe :campo: :dado-6: no campo.", icons=ICONS)
    assert html == f"Ganhe {icon('campo')} {icon('dado-6')} no <strong>campo</strong>."


def test_emphasis_may_contain_an_icon() -> None:
    typography = rules(ganhe=r"Ganhe :\w+:")
    assert style("Ganhe :moeda:.", typography=typography, icons=ICONS) == [
        f"<strong>Ganhe {icon('moeda')}</strong>."
    ]


def test_emphasis_partly_over_an_icon_is_skipped() -> None:
    typography = rules(half="Ganhe :mo")
    assert style("Ganhe :moeda:.", typography=typography, icons=ICONS) == [
        f"Ganhe {icon('moeda')}."
    ]


# Every card of the real data ------------------------------------------------------------------


@cache
def card_texts() -> list[list[str]]:
    game, problems = load_game(REPO, "agencia")
    assert not problems
    assert game.cards
    return [[block.text for block in card.blocks] for card in game.cards]


def test_every_card_keeps_its_text_in_arabic() -> None:
    for blocks in card_texts():
        styled = style_blocks(blocks, arabic())
        assert [text_of(html) for html in styled] == blocks


def test_every_card_keeps_its_text_in_roman() -> None:
    typography = agencia()
    for blocks in card_texts():
        for text, html in zip(blocks, style_blocks(blocks, typography), strict=True):
            back = re.sub(r"\b[IVXLCDM]+\b", lambda m: str(from_roman(m[0])), text_of(html))
            assert back == text
            assert not re.search(typography.quantity, text_of(html))


def test_once_rules_set_at_most_one_match_per_card() -> None:
    typography = agencia()
    once = [re.compile(rule.pattern) for rule in typography.bold if rule.once]
    for blocks in card_texts():
        strong = [s for html in style_blocks(blocks, typography)
                  for s in re.findall(r"<strong>(.*?)</strong>", str(html))]
        for pattern in once:
            assert sum(bool(pattern.fullmatch(s)) for s in strong) <= 1, blocks
