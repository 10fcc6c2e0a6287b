"""Rules Markdown: card references, lists, icons, callouts, examples, errors with places."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES, REPO
from publish.docs.edition import labels
from publish.docs.markdown import RulesContext, RulesMarkdown
from publish.i18n.catalog import read_catalog
from publish.i18n.translate import Translator
from publish.icons import read_icons
from publish.load import load_game
from publish.problems import Location, Problem

SOURCE = Path("regras.md")
SHARED_PT = REPO / "templates" / "_common" / "locale" / "pt_BR" / "LC_MESSAGES" / "templates.po"


def pt_words() -> Translator:
    """The shared words in Portuguese, as the demo's pt-BR edition prints them."""
    shared = read_catalog(SHARED_PT, "pt-BR", project=SHARED_PT.parent)
    return Translator("pt-BR", "pt-BR", {"templates": shared},
                      {"templates": SHARED_PT})


def load(root: Path):
    game, problems = load_game(root, "demo")
    assert not problems
    return game


@pytest.fixture(scope="module")
def game():
    return load(FIXTURES / "projects" / "demo")


def markdown(game, **options) -> RulesMarkdown:
    ctx = RulesContext(game=game, locale="pt-BR", icons=read_icons(game),
                       labels=labels(game, "pt-BR", pt_words().gettext),
                       examples_dir=game.root / "examples", **options)
    return RulesMarkdown(ctx)


def render(md: RulesMarkdown, text: str) -> str:
    return str(md.render(md.parse_text(text, SOURCE)))


def problems(md: RulesMarkdown) -> list[str]:
    return [str(p) for p in md.ctx.problems]


def test_card_reference_prints_the_name_and_links_to_the_card_list(game):
    md = markdown(game)
    html = render(md, "Jogue {card 001} ou {card Nova geração}.")
    assert '<a class="cardref" href="#card-001">Primeira</a>' in html
    assert '<a class="cardref" href="#card-998">Nova geração</a>' in html
    assert not md.ctx.problems


def test_without_links_a_reference_is_plain_text(game):
    html = render(markdown(game, link_cards=False), "{card 2}")
    assert '<span class="cardref">Segunda</span>' in html


def test_unknown_cards_fail_with_file_line_and_column(game):
    md = markdown(game)
    render(md, "# Regras\n\nUma linha.\nAqui {card 042} e {card Primiera}.\n")
    assert problems(md) == [
        "regras.md:4:6: {card 042}: no card numbered 042 (did you mean '004'?)",
        "regras.md:4:19: {card Primiera}: no card has this name (did you mean 'Primeira'?); "
        "write its number or its name exactly as in the deck file",
    ]


def test_a_card_name_typed_in_bold_or_italics_asks_for_a_reference(game):
    md = markdown(game)
    render(md, "Texto.\n\nJogue **Primeira** e *nova geração*.\n")
    assert problems(md) == [
        "regras.md:3:1: 'Primeira' is the name of card 001: write {card 001} so a rename "
        "reaches this text (*{card 001}* keeps the emphasis)",
        "regras.md:3:1: 'nova geração' is the name of card 998: write {card 998} so a rename "
        "reaches this text (*{card 998}* keeps the emphasis)",
    ]


def test_inline_list_joins_names_in_the_locale(game):
    html = render(markdown(game), "Descartam: {cards tag=descarte}.")
    assert ('<a class="cardref" href="#card-002">Segunda</a> e '
            '<a class="cardref" href="#card-003">Terceira</a>') in html


def test_a_list_alone_in_its_paragraph_is_a_column_list_and_a_table_on_request(game):
    html = render(markdown(game), "{cards deck=beta}\n\n{cards tag=compra as=table}\n")
    assert html.count("<li>") == 3
    assert '<ul class="card-query card-columns" data-query="deck=beta">' in html
    assert '<td class="num">001</td>' in html and "Compre 1 carta." in html


def test_the_list_follows_the_data(demo):
    deck = demo / "cards" / "demo" / "decks" / "beta.yaml"
    before = render(markdown(load(demo)), "{cards tag=compra}")
    assert "Quarta" not in before
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "name: Quarta\n", "name: Quarta\n    tags: [compra]\n"), encoding="utf-8")
    after = render(markdown(load(demo)), "{cards tag=compra}")
    assert "Primeira" in after and "Quarta" in after


def test_a_bad_query_fails_where_it_is_written(game):
    md = markdown(game)
    render(md, "Texto {cards tag=compras}.")
    assert len(md.ctx.problems) == 1
    assert str(md.ctx.problems[0]).startswith("regras.md:1:7: unknown tag 'compras'")


def test_group_table_takes_each_condition_from_its_section(game):
    md = markdown(game)
    html = render(md, "### {group red}\n\nDuas vermelhas.\n\nMais.\n\n"
                      "### {group blue}\n\nDuas azuis.\n\n{groups}\n")
    table = html[html.index('<table class="groups">'):]
    assert "Duas vermelhas." in table and "Mais." not in table
    assert "Vermelho" in table and "Primeira" in table and "Quarta" in table
    assert '<span class="group group-red">Vermelho</span>' in html
    assert not md.ctx.problems


def test_group_table_names_a_group_without_a_section(game):
    md = markdown(game)
    render(md, "### {group red}\n\nDuas vermelhas.\n\n{groups}\n\n{group green}\n")
    assert problems(md) == [
        "regras.md:5:1: {groups}: no group section for 'blue'; add a heading "
        "'### {group blue}' followed by its condition",
        "regras.md:7:1: {group green}: unknown group; known: red, blue"]


def test_block_directives_must_stand_alone(game):
    md = markdown(game)
    render(md, "Veja {groups} aqui.")
    assert problems(md) == ["regras.md:1:6: {groups} must be a paragraph of its own"]


def test_a_game_without_an_engine_has_only_the_core_directives(game):
    md = markdown(game)
    html = render(md, "### {ideology red}\n\n{hegemonies}\n")
    assert "{ideology red}" in html and "{hegemonies}" in html and not md.ctx.problems


def test_icons_are_inline_svg_and_unknown_ones_fail_in_place(game):
    md = markdown(game)
    html = render(md, "Ganhe :estrela: e :lua:.")
    assert "<svg" in html
    assert len(md.ctx.problems) == 1
    assert str(md.ctx.problems[0]) == ("regras.md:1:19: unknown icon :lua: "
                                           "(known icons: estrela)")


def test_callouts_print_their_label_and_unknown_kinds_fail(game):
    md = markdown(game)
    html = render(md, "::: tip\nLeia tudo.\n:::\n\n::: caution Cuidado!\nNão.\n:::\n\n"
                      "::: aviso\nX\n:::\n")
    assert '<aside class="callout callout-tip"><p class="callout-title">Dica</p>' in html
    assert '<p class="callout-title">Cuidado!</p>' in html
    assert problems(md) == ["regras.md:9:1: unknown callout '::: aviso'; "
                            "kinds: tip, caution, note"]


def test_raw_html_in_rules_is_printed_as_text(game):
    html = render(markdown(game), "Um <script>alert(1)</script> e <b>negrito</b>.")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b>" not in html


def test_example_is_embedded_with_title_meta_commentary_and_log(game):
    md = markdown(game)
    html = render(md, "{example 01-curto}")
    assert '<h3 class="example-title">Uma partida curta</h3>' in html
    assert "3 jogadores · modo simples · Alpha" in html
    assert '<a class="cardref" href="#card-002">Segunda</a>' in html
    assert '<pre class="log log-diario">J1(Ana, 5, 0).</pre>' in html
    assert not md.ctx.problems and md.ctx.examples_shown == ["01-curto"]


def test_a_source_rendered_twice_gives_the_same_html_and_replays_its_examples_once(game):
    """A preview or a script may render an edition again: ids must not move on."""
    replays = []
    md = markdown(game, check_example=lambda path: replays.append(path.name) or [])
    source = md.parse_text("{example 01-curto}\n\nE de novo:\n\n{example 01-curto}\n", SOURCE)
    first, second = str(md.render(source)), str(md.render(source))
    assert first == second
    assert 'id="example-01-curto"' in first and 'id="example-01-curto-2"' in first
    assert replays == ["01-curto.md", "01-curto.md"]  # once per use, not per render
    assert md.ctx.examples_shown == ["01-curto", "01-curto"] and not md.ctx.problems


def test_a_broken_example_rendered_twice_is_reported_once(game):
    md = markdown(game)
    source = md.parse_text("{example 01-curta}", SOURCE)
    assert md.render(source) == md.render(source)
    assert len(problems(md)) == 1


def test_an_example_that_no_longer_replays_fails_the_build(game):
    finding = Problem(Location(game.root / "examples" / "01-curto.md", 12, 1), "count is wrong")

    md = markdown(game, check_example=lambda path: [finding])
    render(md, "Texto.\n\n{example 01-curto}\n")
    assert problems(md)[0].endswith("01-curto.md:12:1: count is wrong")
    assert problems(md)[1] == ("regras.md:3:1: {example 01-curto}: the log no longer replays "
                               "with the current cards (findings above)")


def test_unknown_example_names_the_known_ones(game):
    md = markdown(game)
    render(md, "{example 01-curta}")
    assert problems(md) == ["regras.md:1:1: {example 01-curta}: no such example "
                            "(did you mean '01-curto'?); examples: 01-curto"]


def test_headings_get_unique_ids_for_contents_and_bookmarks(game):
    md = markdown(game)
    source = md.parse_text("# Regras\n\n## Crise\n\n## Crise\n", SOURCE)
    assert [h.id for h in source.headings] == ["regras", "regras--crise", "regras--crise-2"]


def test_faces_are_drawn_by_the_game_and_missing_faces_say_why(game):
    from markupsafe import Markup

    md = markdown(game, face_html=lambda card: Markup("<div class='card'>{}</div>").format(
        card.name))
    html = render(md, '{face 001 "Nova geração"}')
    assert html.count('<div class="face">') == 2 and "Nova geração" in html
    plain = markdown(game)
    render(plain, "{face 001}")
    assert problems(plain) == ["regras.md:1:1: {face 001}: this game has no card faces "
                               "(templates/demo/cards.html.j2)"]
