"""Booklet directives: variant steps for some groups, icon legends, per-block tables, forms."""

from __future__ import annotations

import re

import pytest
from test_markdown import load, markdown, problems, render

from conftest import FIXTURES
from publish.model.load import load_game


@pytest.fixture(scope="module")
def game():
    return load(FIXTURES / "projects" / "demo")


def test_a_variant_step_is_written_once_and_labelled_with_its_groups(game):
    md = markdown(game)
    html = render(md, "1. Todos compram.\n2. {for red blue} Só estes.\n3. De novo todos.\n")
    assert '<li class="variant for-red for-blue">' in html
    assert html.count('<li class="variant') == 1
    labels = re.search(r'<span class="for">(.*?)</span> Só estes', html)[1]
    assert "Vermelho" in labels and "Azul" in labels
    assert not md.ctx.problems


def test_a_variant_for_an_unknown_group_or_outside_a_step_fails_with_its_place(game):
    md = markdown(game)
    render(md, "1. {for verde} Passo.\n\nTexto {for red} no meio.\n")
    assert problems(md) == [
        "regras.md:1:1: {for verde}: unknown group 'verde'; known: red, blue",
        "regras.md:3:7: {for ...} must begin a list item: '3. {for faction} the step'"]


def test_a_block_query_shows_only_that_kind_of_block(game):
    md = markdown(game)
    html = render(md, "{cards deck=alpha block=general as=table}")
    assert "Não proponha revoltas." in html and "Descarte 1 carta." not in html
    assert html.count("<tr>") == 1  # only card 002 has a general block
    render(md, "{cards block=secret}")
    assert "unknown block 'secret'" in problems(md)[0]


def test_the_icon_legend_lists_every_icon_with_its_token(game):
    html = render(markdown(game), "{icons}")
    assert "<code>:estrela:</code>" in html and "<svg" in html


def test_declared_icons_have_names_kinds_and_files(demo):
    config = demo / "cards" / "demo" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8") + (
        "icons:\n  estrela: {name: Estrela, kind: recurso}\n"), encoding="utf-8")
    game, _ = load_game(demo, "demo")
    md = markdown(game)
    html = render(md, "{icons kind=recurso}\n\n{icons kind=naipe}\n")
    assert '<th scope="row" class="name">Estrela</th>' in html  # the row's header
    assert '<td class="kind">recurso</td>' in html
    assert "{icons kind=naipe}: write {icons} or {icons kind=...}" in problems(md)[0]


def test_a_declared_icon_without_its_file_fails_with_game_yaml_line(demo):
    from publish.model.icons import read_icons

    config = demo / "cards" / "demo" / "game.yaml"
    config.write_text(config.read_text(encoding="utf-8") + (
        "icons:\n  estrela: {name: Estrela}\n  lua: {name: Lua, kind: estado}\n"),
        encoding="utf-8")
    game, _ = load_game(demo, "demo")
    with pytest.raises(ValueError, match=r"game.yaml:\d+:\d+: icon :lua: no file .*lua.svg"):
        read_icons(game)


def test_the_record_sheet_is_a_blank_form_with_its_columns_and_rows(game):
    md = markdown(game)
    html = render(md, '{record-sheet rows=6 columns="Jogo|Pontos :estrela:|Notas" '
                      'title="Registro"}')
    assert '<section class="record-sheet" style="--rows: 6; --chrome: 23mm">' in html
    assert html.count("<tr><td></td><td></td><td></td></tr>") == 6
    assert "<th>Pontos <span class=\"icon icon-estrela\"" in html
    render(md, "{record-sheet rows=0}")
    assert "rows 1 to 60" in problems(md)[0]
