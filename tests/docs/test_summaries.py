"""Rule summaries: one PDF each, within the pages their front matter allows."""

from __future__ import annotations

import re

from conftest import run
from pdftext import page_texts, squash


def build(project):
    return run("build", "summaries", "--project", str(project), "--game", "demo")


def summaries(project):
    return project / "cards" / "demo" / "rules" / "pt-BR" / "summaries"


def test_summary_is_built_within_its_pages_with_the_generated_table(demo_docs):
    result = build(demo_docs)
    assert result.exit_code == 0, result.output
    assert "summary resumo: 1 of at most 1 pages" in result.output
    (text,) = page_texts(demo_docs / "build" / "demo" / "pt-BR" / "summary-resumo.pdf")
    assert text.startswith("Resumo")
    flat = squash(text)  # table cells wrap
    assert squash("Vence quem juntar duas cartas vermelhas.") in flat  # from the chapter
    assert squash("Primeira e Quarta") in flat and squash("Segunda e Quinta") in flat


def test_a_summary_longer_than_allowed_fails_naming_it(demo_docs):
    long = summaries(demo_docs) / "longo.md"
    long.write_text("---\ntitle: Longo\npages: 1\n---\n# Longo\n\n"
                    + "\n\n".join(f"Regra número {n} do jogo." for n in range(80)),
                    encoding="utf-8")
    result = build(demo_docs)
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(long))}:1:1: summary 'longo' takes [2-9] pages on a4; "
                     "its front matter allows 1: shorten it", result.output)
    assert not (demo_docs / "build" / "demo" / "pt-BR" / "summary-longo.pdf").exists()


def test_front_matter_must_give_title_and_pages(demo_docs):
    bad = summaries(demo_docs) / "sem-limite.md"
    bad.write_text("---\ntitle: Sem limite\n---\n# Sem limite\n", encoding="utf-8")
    result = build(demo_docs)
    assert result.exit_code == 1
    assert f"{bad}:1:1: summary front matter needs 'pages'" in result.output


def test_asking_for_summaries_of_a_game_without_them_says_where_to_write_them(demo_docs):
    for path in summaries(demo_docs).iterdir():
        path.unlink()
    result = build(demo_docs)
    assert result.exit_code == 1
    assert f"{summaries(demo_docs)}: no summaries (*.md) here" in result.output
