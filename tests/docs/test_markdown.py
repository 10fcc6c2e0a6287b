"""Rules Markdown: card references, lists, icons, callouts, examples, errors with places."""

from __future__ import annotations

from pathlib import Path

import pytest
from bombs import EMPHASIS, PEAK_MB, SECONDS, measured, write_chapter

from conftest import FIXTURES, REPO, run
from publish.core.problems import Location, Problem
from publish.docs import markdown as rules_markdown
from publish.docs.directives import CORE
from publish.docs.edition import labels
from publish.docs.markdown import RulesContext, RulesMarkdown
from publish.docs.parser import (
    MAX_DIRECTIVES,
    MAX_EDITION_CHARS,
    MAX_MARKDOWN_BYTES,
    new_parser,
)
from publish.i18n.catalog import read_catalog
from publish.i18n.translate import Translator
from publish.model.icons import read_icons
from publish.model.load import load_game

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
    assert '<th scope="row" class="num">001</th>' in html and "Compre 1 carta." in html


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
    # each face a picture labelled with its text (a Figure in a tagged PDF)
    assert html.count('<article class="face" role="img" aria-label="') == 2
    assert 'aria-label="Nova geração"' in html
    plain = markdown(game)
    render(plain, "{face 001}")
    assert problems(plain) == ["regras.md:1:1: {face 001}: this game has no card faces "
                               "(templates/demo/cards.html.j2)"]


# ----------------------------------------------------------------- limits (issue 46)


def chapter(project: Path, name: str) -> Path:
    return project / "cards" / "demo" / "rules" / "pt-BR" / name


def check_lines(project: Path) -> list[str]:
    result = run("check", "--project", str(project), "--game", "demo")
    assert result.exit_code == 1, result.output
    return result.output.splitlines()


def test_a_chapter_over_the_size_limit_is_refused_before_it_is_parsed(demo):
    path = chapter(demo, "04-extra.md")
    write_chapter(path, EMPHASIS * (MAX_MARKDOWN_BYTES // len(EMPHASIS)))
    assert f"{path}:1:1: the file is {path.stat().st_size:,} bytes, over the limit of " \
           f"{MAX_MARKDOWN_BYTES:,} for a source file: split it into chapters (each file is " \
           "one)" in check_lines(demo)


def test_the_rules_of_an_edition_are_held_to_a_total_at_the_file_that_passes_it(demo):
    third = MAX_EDITION_CHARS // 3 + 1000
    for name in ("04-a.md", "05-b.md", "06-c.md"):
        write_chapter(chapter(demo, name), "word " * (third // 5))
    assert check_lines(demo)[0] == (
        f"{chapter(demo, '06-c.md')}:1:1: the rules of this edition come to more than "
        f"{MAX_EDITION_CHARS:,} characters of Markdown with this text, the limit: nothing from "
        "here on is read")


def test_directives_over_the_limit_are_refused_at_the_first_one_over(demo):
    parser = new_parser(directives=CORE)
    before = sum(1 for p in sorted(chapter(demo, "").glob("*.md"))
                 for token in parser.parse(p.read_text(encoding="utf-8"))
                 for child in token.children or [] if child.type in ("directive", "icon"))
    path = chapter(demo, "04-extra.md")  # read after the demo's three chapters
    write_chapter(path, "{card 001}\n\n" * MAX_DIRECTIVES)
    over = MAX_DIRECTIVES + 1 - before  # the directive of this file over the limit
    said = [line for line in check_lines(demo) if "directives and icons" in line]
    assert said == [f"{path}:{3 + 2 * (over - 1)}:1: more than {MAX_DIRECTIVES:,} directives "
                    "and icons in the rules of this edition, the limit: nothing from here on is "
                    "read"]


class Found:
    def __init__(self, text: str, where: Location) -> None:
        self.text, self.where = text, where


class Everything:
    """An edition whose catalog translates every text into one long text."""

    is_source = False

    def __init__(self, translation: str) -> None:
        self.translation = translation

    def get(self, domain, context, text):
        return Found(self.translation, Location(Path("rules.po"), 7, 1))

    def gettext(self, message):
        return message


def test_a_translation_over_the_editions_limit_is_refused_at_its_catalog_entry(game,
                                                                               monkeypatch):
    monkeypatch.setattr(rules_markdown, "MAX_EDITION_CHARS", 100)
    md = markdown(game, words=Everything(EMPHASIS * 20))
    html = render(md, "A paragraph.\n")
    assert "untranslated" in html and "A paragraph." in html
    assert [str(p) for p in md.ctx.problems] == [
        "rules.po:7:1: the rules of this edition come to more than 100 characters of Markdown "
        "with this text, the limit: nothing from here on is read"]


@pytest.mark.fuzz
@pytest.mark.parametrize(("body", "command"), [
    (EMPHASIS * 700_000, "check"),  # the probe's 7 MB chapter
    (EMPHASIS * 700_000, "build"),
    ("{card 001}\n\n" * 100_000, "check"),  # and its 100,000 directives
    ("{card 001}\n\n" * 100_000, "build"),
])
def test_the_probes_chapters_are_refused_at_once(demo_docs, body, command):
    path = chapter(demo_docs, "04-extra.md")
    write_chapter(path, body)
    done = measured([command, "--project", str(demo_docs), "--game", "demo"])
    assert done.status == 1, done.output
    assert f"{path}:1:1: the file is " in done.output
    assert done.seconds < SECONDS and done.peak_mb < PEAK_MB, done


@pytest.mark.fuzz
def test_directives_split_over_chapters_to_pass_the_file_limit_stop_at_the_editions(demo_docs):
    for index in range(5):  # 100,000 in all, each file under the size limit
        write_chapter(chapter(demo_docs, f"1{index}-extra.md"), "{card 001}\n\n" * 20_000)
    done = measured(["build", "--project", str(demo_docs), "--game", "demo"])
    assert done.status == 1 and "directives and icons in the rules" in done.output, done
    assert done.seconds < SECONDS and done.peak_mb < PEAK_MB, done
