"""Agência's directives: `{ideology}` names an ideology and opens its hegemony section;
`{hegemonies}` tables each ideology's condition and cards (on the demo game, which has
ideologies as groups)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from publish.docs.edition import labels
from publish.docs.markdown import RulesContext, RulesMarkdown
from publish.engines.registry import engine_named
from publish.games.agencia.directives import DIRECTIVES
from publish.model.icons import read_icons
from publish.model.load import load_game

SOURCE = Path("regras.md")


@pytest.fixture(scope="module")
def game():
    game, problems = load_game(FIXTURES / "projects" / "demo", "demo")
    assert not problems
    return game


def markdown(game) -> RulesMarkdown:
    ctx = RulesContext(game=game, locale="pt-BR", icons=read_icons(game),
                       labels=labels(game, "pt-BR"), examples_dir=game.root / "examples",
                       directives=DIRECTIVES)
    return RulesMarkdown(ctx)


def render(md: RulesMarkdown, text: str) -> str:
    return str(md.render(md.parse_text(text, SOURCE)))


def problems(md: RulesMarkdown) -> list[str]:
    return [str(p) for p in md.ctx.problems]


def test_the_engine_offers_them():
    engine = engine_named("agencia")
    assert engine is not None and engine.directives() is DIRECTIVES
    assert set(DIRECTIVES) == {"ideology", "hegemonies"}


def test_hegemony_table_takes_each_condition_from_its_section(game):
    md = markdown(game)
    html = render(md, "### {ideology red}\n\nDuas vermelhas.\n\nMais.\n\n"
                      "### {ideology blue}\n\nDuas azuis.\n\n{hegemonies}\n")
    table = html[html.index('<table class="hegemonies">'):]
    assert "Duas vermelhas." in table and "Mais." not in table
    assert "Vermelho" in table and "Primeira" in table and "Quarta" in table
    assert not md.ctx.problems


def test_hegemony_table_names_a_group_without_a_section(game):
    md = markdown(game)
    render(md, "### {ideology red}\n\nDuas vermelhas.\n\n{hegemonies}\n")
    assert any("no hegemony section for 'blue'" in p for p in problems(md))


def test_block_directives_must_stand_alone(game):
    md = markdown(game)
    render(md, "Veja {hegemonies} aqui.")
    assert problems(md) == ["regras.md:1:6: {hegemonies} must be a paragraph of its own"]
