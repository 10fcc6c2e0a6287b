"""The shipped Agência data against the manual it was transcribed from.

The seed (../shared/seeds) travels beside the repository; where it is absent
(outside CI) these comparisons are skipped, in CI they must run.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter

import pytest

from conftest import REPO, run
from publish.model.load import load_game
from seedlist import normalise, seed_path, seed_rows

SEED = seed_path()
needs_seed = pytest.mark.skipif(
    SEED is None and not os.environ.get("CI"), reason="seed list not found beside the project"
)
ERRATA = REPO / "cards" / "agencia" / "ERRATA.md"


def exported() -> list[dict]:
    result = run("cards", "--project", str(REPO), "--game", "agencia", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def corrections() -> list[dict[str, str]]:
    """The 'Corrections used in the data' table of ERRATA.md."""
    text = ERRATA.read_text(encoding="utf-8")
    section = text.split("## Corrections used in the data", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d{3}", cells[0]):
            rows.append(dict(zip(["card", "field", "printed", "used", "why"], cells, strict=True)))
    return rows


def test_errata_table_is_read():
    fixes = corrections()
    assert {(f["card"], f["field"]) for f in fixes} >= {("014", "name"), ("141", "text")}


@needs_seed
def test_export_matches_the_seed_list_row_for_row():
    seed = seed_rows(SEED)
    ours = exported()
    assert len(seed) == len(ours) == 222
    fixes = corrections()
    used = Counter()
    for printed, row in zip(seed, ours, strict=True):
        expected = {k: normalise(printed[k]) for k in ("number", "name", "deck", "text")}
        for fix in fixes:
            if fix["card"] == printed["number"] and fix["field"] in expected:
                before = expected[fix["field"]]
                expected[fix["field"]] = before.replace(fix["printed"], fix["used"])
                used[(fix["card"], fix["field"])] += before != expected[fix["field"]]
        assert {k: row[k] for k in expected} == expected


@needs_seed
def test_every_correction_is_needed():
    fixes = corrections()
    assert {f["field"] for f in fixes} <= {"name", "text"}
    seed = seed_rows(SEED)
    for fix in fixes:
        printed = next(r for r in seed if r["number"] == fix["card"])
        assert fix["printed"] in normalise(printed[fix["field"]]), fix


@needs_seed
def test_the_cards_with_notes_are_those_the_seed_observes():
    """Notes are our own rulings (tests/test_seed_overlap.py keeps them ours), one per
    card the seed comments on beyond the count of natural copies."""
    observed = set()
    for row in seed_rows(SEED):
        rest = re.sub(r"Carta natural\. Há \d+ destas no [dD]eck \w+\s*\.\s*", "", row["notes"])
        if rest.strip():
            observed.add(row["number"])
    ours = {row["number"] for row in exported() if row["notes"]}
    assert ours == observed


@needs_seed
def test_natural_copies_match_the_observations():
    for row in seed_rows(SEED):
        found = re.search(r"Há (\d+) destas", row["notes"])
        if found:
            ours = next(r for r in exported() if (r["number"], r["deck"]) ==
                        (row["number"], row["deck"]))
            assert ours["copies"] == int(found.group(1))
            assert ours["kind"] == "natural"


@needs_seed
def test_ideologies_are_the_hegemony_lists_of_the_manual():
    text = SEED.read_text(encoding="utf-8")
    section = text.split("Ideologias e hegemonia\n\n56", 1)[1]
    lists = re.findall(r"Cartas: (.*)", section)[:7]
    by_name = {r["name"]: r for r in exported()}
    fixes = {f["printed"]: f["used"] for f in corrections() if f["field"] == "name"}
    groups = []
    for line in lists:
        names = [fixes.get(n, n) for n in re.findall(r"\*\*(.+?)\*\*", line)]
        assert len(names) == 8
        ideologies = {by_name[n]["ideology"] for n in names}
        assert len(ideologies) == 1, names
        groups.append(ideologies.pop())
    assert len(set(groups)) == 7


def test_deck_totals():
    rows = exported()
    copies = Counter()
    for row in rows:
        copies[row["deck"]] += row["copies"]
    assert copies == {"principal": 80, "historico": 40, "teorico": 40, "estrategico": 40,
                      "social": 50}
    assert sum(copies.values()) == 250
    structural = {r["number"] for r in rows if r["kind"] == "structural"}
    assert len(structural) == 209
    assert Counter(r["ideology"] for r in rows if r["ideology"]).most_common()[-1][1] == 8


def test_shipped_data_checks_clean():
    result = run("check", "--project", str(REPO), "--game", "agencia")
    assert result.exit_code == 0, result.output
    assert "214 cards (250 with copies) in 5 decks" in result.output


def test_only_direct_effects_say_they_cause_a_crisis():
    """Compendium 2.12: only direct effects cause crises.  A card's "Causa crise..." is
    printed in its direct (white) box, never in the general (grey) one; "Não causa crise"
    qualifies a rule and may stand in either."""
    game, problems = load_game(REPO, "agencia")
    assert not problems
    misplaced = [(card.number, block.text) for card in game.cards for block in card.blocks
                 if block.kind == "general"
                 and re.search(r"(?<![Nn]ão )\b[Cc]ausa crise", block.text)]
    assert misplaced == []


def test_the_main_deck_has_no_card_that_acts_on_or_reads_the_field():
    """Seed 000: Bourdieu mode may be played with the main deck alone, which has no card
    that acts on the field or depends on it (the field families are tagged, and the engine's
    lint holds the tags to the effects)."""
    game, problems = load_game(REPO, "agencia")
    assert not problems
    field = {"campo-depois-da-partida", "campo-durante-a-partida", "depende-do-campo",
             "protege-o-campo"}
    main = [c.number for c in game.cards if c.home_deck == "principal" and field & set(c.tags)]
    assert main == []
    assert any(field & set(c.tags) for c in game.cards)


def test_the_licence_line_says_what_is_corrected_and_what_is_ours():
    """The card texts are carried exactly but for three misprints (ERRATA.md), and the
    notes are our own rulings: the credits printed in every edition say so."""
    game, problems = load_game(REPO, "agencia")
    assert not problems
    attribution = " ".join(game.config.licence.attribution.split())
    assert "com três erros de impressão corrigidos" in attribution
    assert "observações das cartas" in attribution.split("nossos")[0].split("Textos de regras")[1]
