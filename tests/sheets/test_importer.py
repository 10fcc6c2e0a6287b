"""`publish import`: a spreadsheet back into the deck files, byte for byte where nothing
changed, as a located error where a row is wrong, and never half-written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from openpyxl import load_workbook

from conftest import copy_game, run


def digests(project: Path) -> dict[str, str]:
    return {p.relative_to(project).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((project / "cards").rglob("*")) if p.is_file()}


@pytest.fixture(scope="module", params=["agencia", "harbourlight"])
def real_game(request, tmp_path_factory) -> tuple[Path, str]:
    """A copy of a real game, shared by the round trips (which must write nothing)."""
    return copy_game(tmp_path_factory.mktemp(request.param), request.param), request.param


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "ods"])
def test_export_then_import_changes_no_byte(real_game, fmt):
    project, game = real_game
    before = digests(project)
    sheet = project / f"cards.{fmt}"
    exported = run("cards", "--project", str(project), "--game", game, "--format", fmt,
                   "--output", str(sheet))
    assert exported.exit_code == 0, exported.output
    result = run("import", "--project", str(project), "--game", game, str(sheet))
    assert result.exit_code == 0, result.output
    assert result.output == f"{sheet}: no changes: every card is as the deck files have it\n"
    assert digests(project) == before


def edit(path: Path, sheet: str, changes: dict[tuple[str, str], object],
         add: list[object] | None = None, remove: str | None = None) -> None:
    """Change cells by (card number, column header), append a row, delete a card's row."""
    book = load_workbook(path)
    table = book[sheet]
    header = {cell.value: cell.column for cell in table[1]}
    rows = {table.cell(r, 1).value: r for r in range(2, table.max_row + 1)}
    for (number, column), value in changes.items():
        table.cell(rows[number], header[column]).value = value
    if remove:
        table.delete_rows(rows[remove])
    if add:
        table.append(add)
    book.save(path)


@pytest.fixture
def harbour(tmp_path) -> Path:
    project = copy_game(tmp_path / "project", "harbourlight")
    assert run("cards", "--project", str(project), "--game", "harbourlight", "--format",
               "xlsx", "-o", str(tmp_path / "cards.xlsx")).exit_code == 0
    return project


MARKET = "cards/harbourlight/decks/market.yaml"

EXPECTED_DIFF = f"""\
--- a/{MARKET}
+++ b/{MARKET}
@@ -12,7 +12,7 @@
     faction: lamplighters
     tags: [gains-coin, calms-sea]
     text:
-      - cost: ":coin: :coin:"
+      - cost: ":coin: :coin: :coin:"
       - play: "Gain :coin:. Ebb 1."
   - number: "002"
     name: Oil Barge
@@ -86,13 +86,13 @@
     text:
       - cost: ":coin: :coin:"
       - play: "Gain :coin: :timber:."
-  - number: "011"
-    name: Timber Hoy
-    kind: vessel
-    tags: [gains-coin, gains-timber]
-    text:
-      - cost: ":coin: :coin: :coin:"
-      - play: "Gain :timber: :timber: :coin:."
+  - number: "012"
+    name: Harbour Tug
+    kind: vessel
+    tags: [gains-coin]
+    text:
+      - cost: ":coin:"
+      - play: "Gain :coin:."
   # ---------------------------------------------------------- buildings
   - number: "021"
     name: Keeper's Cottage
"""

TUG = ["012", "Harbour Tug", "vessel", None, "gains-coin", 1, None, None, "cost", ":coin:",
       "play", "Gain :coin:."]


def test_an_edited_sheet_is_shown_as_a_diff_then_written(harbour):
    sheet = harbour.parent / "cards.xlsx"
    edit(sheet, "market", {("001", "text 1"): ":coin: :coin: :coin:"}, add=TUG, remove="011")
    before = digests(harbour)
    dry = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet),
              "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.output == (EXPECTED_DIFF + "1 changed, 1 added, 1 removed in 1 deck file(s)\n"
                          "dry run: nothing written\n")
    assert digests(harbour) == before
    done = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert done.exit_code == 0, done.output
    assert done.output.endswith(f"written: {MARKET}\n")
    changed = {k for k, v in digests(harbour).items() if before[k] != v}
    assert changed == {MARKET}
    check = run("check", "--project", str(harbour), "--game", "harbourlight")
    assert check.exit_code == 0, check.output
    again = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert "no changes" in again.output


def test_a_wrong_value_is_located_in_the_sheet_and_nothing_is_written(harbour):
    sheet = harbour.parent / "cards.xlsx"
    edit(sheet, "market", {("001", "text 1"): ":coin: :coin: :coin:",
                           ("003", "kind"): "vesel", ("004", "text 2 kind"): "plya",
                           ("005", "faction"): "netmender"}, add=TUG, remove="011")
    before = digests(harbour)
    result = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert result.exit_code == 1
    assert result.output.splitlines() == [  # in the sheet's order: by row, then column
        f"{sheet}: nothing written; 3 problem(s):",
        f"{sheet}: market!C4: card 003 kind: unknown value 'vesel' (did you mean 'vessel'?); "
        "expected one of: vessel, building, crew, starter, tide",
        f"{sheet}: market!K5: text 2 kind: unknown kind 'plya' (did you mean 'play'?); "
        "expected one of: cost, play, calm, storm",
        f"{sheet}: market!D6: card 005 faction: unknown value 'netmender' (did you mean "
        "'netmenders'?); expected one of: lamplighters, netmenders, smugglers",
    ]
    assert digests(harbour) == before


def test_the_check_of_the_would_be_game_is_located_too(harbour):
    """A deck that no longer adds up (game.yaml expects 30 market cards) fails the import;
    the problem is the deck's, so it names the sheet."""
    sheet = harbour.parent / "cards.xlsx"
    edit(sheet, "market", {}, remove="011")
    before = digests(harbour)
    result = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert result.exit_code == 1
    assert f"{sheet}: sheet market: deck 'market' has 29 cards, counting copies; game.yaml " \
           "expects 30" in result.output
    assert digests(harbour) == before
