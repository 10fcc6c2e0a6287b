"""Each face is laid out once per edition and card size, whatever shows it: the decks and
the print-shop files of a cold build share one layout, copies are never laid out again,
and a one-card edit lays out that card's face alone in each edition."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import run
from publish.i18n.catalog import po_path, read_catalog, write_catalog
from publish.model.load import load_game
from publish.render import facedoc


def counting(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """facedoc.lay_out wrapped so that each face it lays out (in this process and in the
    workers forked from it) writes "<locale> <layout> <anchor>" to ``log``."""
    real = facedoc.lay_out

    def lay_out(context, faces, items, shrunk, *seed):
        with log.open("a", encoding="utf-8") as out:
            for item in items:
                out.write(f"{context.locale} {faces.key} {item.anchor} {os.getpid()}\n")
        return real(context, faces, items, shrunk, *seed)

    for module in list(sys.modules.values()):
        if module is not None and getattr(module, "lay_out", None) is real:
            monkeypatch.setattr(module, "lay_out", lay_out)


def laid_out(log: Path) -> Counter[tuple[str, str, str]]:
    lines = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
    return Counter(tuple(line.split()[:3]) for line in lines)  # type: ignore[misc]


def test_a_cold_build_lays_out_each_distinct_face_once_an_edition(demo_en: Path, tmp_path,
                                                                  monkeypatch):
    game, _ = load_game(demo_en, "demo")
    assert game is not None
    alpha = game.deck_cards("alpha")
    assert any(card.copies["alpha"] > 1 for card in alpha)  # copies are there to be skipped
    log = tmp_path / "faces.log"
    counting(monkeypatch, log)
    result = run("build", "--project", str(demo_en), "--game", "demo", "--jobs", "2")
    assert result.exit_code == 0, result.output
    made = laid_out(log)
    assert {n for n in made.values()} == {1}, made  # nothing laid out twice
    editions = game.config.locales.editions
    backs = len(game.config.decks)
    distinct = sum(len(game.deck_cards(deck)) for deck in game.config.decks)
    assert len(made) == (distinct + backs) * len(editions)
    assert {key.split("-")[1] for _, key, _ in made} == {game.config.print.default_size}
    # both outputs were made from it: the decks and the print shop's files
    out = demo_en / "build" / "demo" / game.config.locales.source
    assert (out / "deck-alpha.pdf").is_file() and any((out / "printshop").rglob("*.png"))

    # one card's text set a little smaller (the same glyphs, in every edition): its face
    # alone, once in each edition (a catalog changed lays the deck's faces out again:
    # publish.render.facedoc)
    card = alpha[0]
    source = card.source.path
    text = source.read_text(encoding="utf-8")
    assert f'  - number: "{card.number}"\n' in text
    source.write_text(text.replace(f'  - number: "{card.number}"\n',
                                   f'  - number: "{card.number}"\n    text_size: 6.5\n', 1),
                      encoding="utf-8")
    log.unlink()
    result = run("build", "--project", str(demo_en), "--game", "demo", "--jobs", "2")
    assert result.exit_code == 0, result.output
    only_its_face = sorted((locale, key, f"card-{card.number}") for locale, key, anchor in made
                           if anchor == f"card-{card.number}")
    assert sorted(laid_out(log)) == only_its_face

    # its name given glyphs no face of the deck draws: still its face alone
    text = source.read_text(encoding="utf-8")
    assert f'    name: {card.name}\n' in text
    source.write_text(text.replace(f'    name: {card.name}\n', f'    name: {card.name} Qxwž\n', 1),
                      encoding="utf-8")
    log.unlink()
    result = run("build", "--project", str(demo_en), "--game", "demo", "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert sorted(laid_out(log)) == only_its_face

    # its English text retranslated, and a rules paragraph: its English face alone
    for domain, context in (("cards", f"card {card.number} text 1"), ("rules", None)):
        path = po_path(game.root, "en", domain)
        catalog = read_catalog(path, "en", project=path.parent)
        message = next(m for m in catalog if m.id and m.string and not m.pluralizable
                       and not m.fuzzy and (context is None or m.context == context))
        message.string = f"{message.string} (Ñ)"
        write_catalog(path, catalog)
    log.unlink()
    result = run("build", "--project", str(demo_en), "--game", "demo", "--jobs", "2")
    assert result.exit_code == 0, result.output
    english = [face for face in only_its_face if face[0] == "en"]
    assert sorted(laid_out(log)) == english, result.output


def test_a_kept_face_document_says_what_it_was_made_from(demo_en: Path):
    result = run("build", "decks", "--project", str(demo_en), "--game", "demo", "--jobs", "1")
    assert result.exit_code == 0, result.output
    folder = demo_en / facedoc.FOLDER / "demo" / "pt-BR"
    records = sorted(folder.glob("*.json"))
    assert records, list(folder.iterdir())
    record = json.loads(records[0].read_text(encoding="utf-8"))
    assert set(record) >= {"common", "pages", "cards", "build", "shrunk"}
    assert all(page.startswith(("card-", "back-")) for page in record["pages"])
