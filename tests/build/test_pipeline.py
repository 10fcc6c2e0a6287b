"""`publish build`: only the outputs whose inputs changed are made again, and it says why."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO, declare, give, run
from publish.docs.manual import ManualOptions
from publish.targets.manual import parts_dir

OUTPUTS = ["deck-alpha.pdf", "deck-beta.pdf", "decks-all.pdf", "printshop/tgc/alpha.pdf",
           "printshop/tgc/beta.pdf", "manual.pdf", "summary-resumo.pdf"]


@pytest.fixture
def built(demo_docs: Path) -> Path:
    """The demo game, with Agência's card templates, built once."""
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    result = build(demo_docs)
    assert "6 job(s) to run, 0 output(s) up to date" in result, result
    return demo_docs


def build(project: Path, *extra: str) -> str:
    result = run("build", "--project", str(project), "--game", "demo", *extra)
    assert result.exit_code == 0, result.output
    return result.output


def times(project: Path) -> dict[str, int]:
    out = project / "build" / "demo" / "pt-BR"
    return {name: (out / name).stat().st_mtime_ns for name in OUTPUTS}


def remade(project: Path, before: dict[str, int]) -> set[str]:
    return {name for name, t in times(project).items() if t != before[name]}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_second_build_makes_nothing(built):
    before = times(built)
    assert "demo: up to date (7 outputs" in build(built)
    assert remade(built, before) == set()


def test_one_card_edit_remakes_its_deck_the_joined_decks_and_the_manual_only(built):
    before = times(built)
    edit(built / "cards" / "demo" / "decks" / "alpha.yaml", "Descarte 2 cartas.",
         "Descarte 3 cartas.")  # card 003: in alpha, in no summary
    output = build(built)
    assert remade(built, before) == {"deck-alpha.pdf", "printshop/tgc/alpha.pdf",
                                     "decks-all.pdf", "manual.pdf"}
    assert "deck alpha (pt-BR): 1 pages (card 003 changed; only the pages showing 003)" in output


def test_a_card_a_summary_shows_remakes_that_summary_too(built):
    before = times(built)
    edit(built / "cards" / "demo" / "decks" / "beta.yaml", "Compre 2 cartas.",
         "Compre 4 cartas.")  # card 004: in beta, in the summary's hegemony table
    build(built)
    assert remade(built, before) == {"deck-beta.pdf", "printshop/tgc/beta.pdf",
                                     "decks-all.pdf", "manual.pdf", "summary-resumo.pdf"}


def test_a_rules_edit_remakes_the_manual_and_summaries_and_a_stylesheet_edit_everything(built):
    before = times(built)
    edit(built / "cards" / "demo" / "rules" / "pt-BR" / "02-glossario.md", "A carta que manda",
         "A carta que comanda")
    build(built)
    assert remade(built, before) == {"manual.pdf", "summary-resumo.pdf"}
    before = times(built)
    css = built / "templates" / "_common" / "rules.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* edited */\n", encoding="utf-8")
    build(built)
    assert remade(built, before) == set(OUTPUTS)


def test_force_remakes_everything_and_a_deleted_output_is_remade(built):
    (built / "build" / "demo" / "pt-BR" / "deck-beta.pdf").unlink()
    assert "deck beta (pt-BR): 1 pages (missing)" in build(built)
    before = times(built)
    build(built, "--force")
    assert remade(built, before) == set(OUTPUTS)


def test_a_build_with_nothing_to_do_never_imports_weasyprint(built):
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "publish", "build",
                             "--project", str(built), "--game", "demo"],
                            capture_output=True, text=True, check=True)
    assert "up to date" in result.stdout
    assert "weasyprint" not in result.stderr


def test_a_card_edit_lays_out_only_that_cards_pages_and_they_match_a_full_build(built):
    from pdftext import page_texts

    out = built / "build" / "demo" / "pt-BR"
    images = out / "printshop" / "tgc" / "alpha"
    before = {p.name: p.stat().st_mtime_ns for p in images.glob("*.png")}
    edit(built / "cards" / "demo" / "decks" / "alpha.yaml", "Descarte 2 cartas.",
         "Descarte 3 cartas.")  # card 003
    output = build(built)
    assert "printshop alpha (pt-BR): 5 pages (card 003 changed; only the pages showing 003)" \
        in output
    changed = {p.name for p in images.glob("*.png") if p.stat().st_mtime_ns != before[p.name]}
    assert changed == {"front-003.png"}  # the other cards' images are left as they were
    spliced = {name: page_texts(out / name) for name in ("deck-alpha.pdf",
                                                          "printshop/tgc/alpha.pdf")}
    assert "Descarte 3 cartas." in spliced["printshop/tgc/alpha.pdf"][2]
    build(built, "--force")
    assert {name: page_texts(out / name) for name in spliced} == spliced


def test_cards_that_move_on_the_sheets_have_the_whole_deck_laid_out(built, monkeypatch):
    from publish.build.run import TARGETS, Request, plan
    from publish.model.load import load_game
    from publish.targets.base import Work

    game, _ = load_game(built, "demo")
    decks, declared = TARGETS["decks"], []

    def declaring(*args):
        jobs = type(decks).jobs(decks, *args)
        declared.extend(jobs)
        return jobs

    monkeypatch.setattr(decks, "jobs", declaring)

    def jobs_of() -> tuple[dict, dict]:
        """The planned jobs, and why each runs, by (target, key)."""
        the_plan = plan(Work(built, game), Request(["pt-BR"]))
        jobs = {("deck" if j.target == "decks" else j.target, j.key): j for j in the_plan.jobs}
        return jobs, {key: the_plan.reasons[job] for key, job in jobs.items()}

    card = next(c for c in game.cards if c.number == "998")
    card.copies["alpha"] = 3  # every card after it moves (the deck rules would refuse it)
    jobs, reasons = jobs_of()
    assert reasons["deck", "alpha"] == "order, card 998 changed"
    assert jobs["deck", "alpha"].cards == () and jobs["printshop", "alpha"].cards == ()
    card.copies["alpha"] = 2
    card.name += " (editada)"
    jobs, reasons = jobs_of()
    assert reasons["deck", "alpha"] == "card 998 changed; only the pages showing 998"
    assert jobs["deck", "alpha"].cards == ("998",) and jobs["deck", "beta"].cards == ("998",)
    # the planner handed on jobs of its own: the target's stay as it declared them
    assert declared and all(job.cards == () for job in declared)
    assert not {id(job) for job in declared} & {id(job) for job in jobs.values()}


def test_a_redrawn_picture_remakes_only_the_pages_and_the_manual_part_showing_its_card(
        demo_docs: Path):
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    declare(demo_docs, "fields:\n  art: {type: image, print_mm: [20, 15]}\n")
    give(demo_docs, "Primeira", "art: art/001.png")
    give(demo_docs, "Terceira", "art: art/003.png")
    art = demo_docs / "cards" / "demo" / "art"
    art.mkdir()
    for name, colour in (("001.png", "red"), ("003.png", "blue")):
        Image.new("RGB", (240, 180), colour).save(art / name)
    edit(demo_docs / "templates" / "demo" / "cards.html.j2", "{{ card.name }}",
         '{{ card.name }}{% if card.art %}<img src="{{ card.art }}" '
         'style="width: 4mm; height: 3mm; position: absolute">{% endif %}')
    build(demo_docs)
    before = times(demo_docs)
    # the manual is tagged unless asked otherwise (`publish build manual --untagged`)
    parts = parts_dir(demo_docs / "build" / "demo" / "pt-BR", ManualOptions(tagged=True))
    parts_before = set(parts.iterdir())
    Image.new("RGB", (240, 180), "green").save(art / "003.png")  # 003: in no summary
    output = build(demo_docs)
    assert remade(demo_docs, before) == {"deck-alpha.pdf", "printshop/tgc/alpha.pdf",
                                         "decks-all.pdf", "manual.pdf"}
    assert "deck alpha (pt-BR): 1 pages (card 003 changed; only the pages showing 003)" in output
    assert re.search(r"printshop alpha \(pt-BR\): \d+ pages \(card 003 changed; only the pages "
                     r"showing 003\)", output), output
    laid_again = {p.stem for p in set(parts.iterdir()) - parts_before if p.suffix == ".pdf"}
    assert len(laid_again) == 1  # the card list of deck alpha, where 003 has its thumbnail
