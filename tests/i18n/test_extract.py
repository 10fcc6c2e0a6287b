"""What translators get: every card word, every rules text, every template word, nothing else."""

from __future__ import annotations

from publish.app.catalogs.extract import markdown_messages, templates
from publish.model.load import load_game


def messages(project, domain):
    game, _ = load_game(project, "demo")
    return {(m.context, str(m.id)): m for m in templates(project, game)[domain] if m.id}


def test_each_card_name_text_block_and_note_is_a_message_with_its_card_as_context(demo):
    cards = messages(demo, "cards")
    assert ("card 001 name", "Primeira") in cards
    assert ("card 002 text 1", "Não proponha revoltas.") in cards
    assert ("card 002 text 2", "Descarte 1 carta.") in cards
    assert ("card 002 notes", "Uma *observação*.") in cards
    assert ("card 003 notes", "") not in cards  # no notes, no message
    assert ("deck alpha name", "Alpha") in cards and ("group red name", "Vermelho") in cards
    assert ("tag compra name", "Cartas que fazem comprar") in cards
    name = cards[("card 002 text 2", "Descarte 1 carta.")]
    assert name.locations == [("decks/alpha.yaml", 15)]


def test_rules_messages_keep_directives_and_skip_what_has_no_words(demo):
    rules = messages(demo, "rules")
    context = "rules/pt-BR/01-regras.md"
    texts = {msgid for ctxt, msgid in rules if ctxt == context}
    assert ("Cada jogador recebe cinco cartas. A carta {card 001} abre a partida, e a "
            "{card Nova geração} pode entrar a qualquer momento :estrela:.") in texts
    assert "Preparação" in texts and "Leia as cartas ao pé da letra." in texts
    assert not any(t.startswith("{cards") or t.startswith("{ideology") for t in texts)
    assert ("rules/pt-BR/summaries/resumo.md", "Resumo") in rules  # front matter title
    assert any(ctxt == "examples/01-curto.md" for ctxt, _ in rules)
    assert not any("PART1" in msgid for _, msgid in rules)  # game logs are not messages


def test_what_each_markdown_message_is_tells_the_translator_where_it_sits():
    found = list(markdown_messages("# Título\n\n- um item\n\n| a | b |\n|---|---|\n| c | d |\n\n"
                                   "Termo\n: definição\n\n::: dica Fique ligado\ntexto\n:::\n"))
    kinds = {text: what for text, _, what in found}
    assert kinds["Título"] == "heading"
    assert kinds["um item"] == "paragraph in list item"
    assert kinds["c"] == "table cell"
    assert kinds["Termo"] == "glossary term"
    assert kinds["Fique ligado"] == "callout title"
    assert kinds["texto"] == "paragraph in callout"


def test_template_words_come_from_the_templates(demo_docs):
    shared = messages(demo_docs, "templates")
    assert (None, "Index") in shared and (None, "Tip") in shared
    counted = next(m for (_, text), m in shared.items()
                   if text in ("{n} card", str(("{n} card", "{n} cards"))))
    assert counted.id == ("{n} card", "{n} cards")  # a count is a plural message
    assert (None, "fold on the dashed line") in shared  # a Python constant marked N_
    assert messages(demo_docs, "ui") == {}  # the demo has no templates of its own
