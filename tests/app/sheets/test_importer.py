"""`publish import`: a spreadsheet back into the deck files, byte for byte where nothing
changed, as a located error where a row is wrong, and never half-written."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from datetime import datetime, time
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
        "note: the rules chapters and summaries were not read: they name cards, icons and "
        "examples, which must load first",  # as `publish check` says
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


def test_agencia_typos_and_effects_are_located_at_their_cells(tmp_path):
    project = copy_game(tmp_path / "project", "agencia")
    sheet = tmp_path / "cards.xlsx"
    run("cards", "--project", str(project), "--game", "agencia", "--format", "xlsx", "-o",
        str(sheet))
    edit(sheet, "principal", {("013", "kind"): "structurall",
                              ("002", "text 1 effect"): "[{do: discard, n: 1",
                              ("001", "text 1 effect"): "[{do: draw, who: an_opponent, n: 5}]"})
    before = digests(project)
    result = run("import", "--project", str(project), "--game", "agencia", str(sheet))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{sheet}: nothing written; 2 problem(s):"
    assert lines[1].startswith(f"{sheet}: principal!M3: text 1 effect: YAML syntax error: ")
    assert lines[2] == f"{sheet}: principal!C14: card 013 kind: unknown value 'structurall' " \
                       "(did you mean 'structural'?); expected one of: structural, natural"
    # card 013 no longer loads: the engine's checks (its lint, the examples' replay, which
    # deals card 013) read every card, so they are not run, and that is said
    assert lines[3].startswith("note: the Agência 2.180423 rules engine's checks (")
    assert "were not run" in lines[3]
    assert digests(project) == before


def test_agencia_effect_lint_is_located_at_its_cell(tmp_path):
    project = copy_game(tmp_path / "project", "agencia")
    sheet = tmp_path / "cards.xlsx"
    run("cards", "--project", str(project), "--game", "agencia", "--format", "xlsx", "-o",
        str(sheet))
    edit(sheet, "principal", {("001", "text 1 effect"): "[{do: draw, who: an_opponent, n: 5}]"})
    result = run("import", "--project", str(project), "--game", "agencia", str(sheet))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[1] == f"{sheet}: principal!M2: card 001 text[1]: the text says 'compra 4 " \
                       "cartas' but the effect draws 5"


def test_an_ods_edit_with_lines_and_a_number_comes_back(harbour, tmp_path):
    from publish.app.sheets import ods

    sheet = tmp_path / "cards.ods"
    run("cards", "--project", str(harbour), "--game", "harbourlight", "--format", "ods", "-o",
        str(sheet))
    tables = ods.read(io.BytesIO(sheet.read_bytes()))
    _, rows = tables[0]
    header = rows[0]
    rows[2] += [None] * (len(header) - len(rows[2]))
    rows[2][header.index("notes")] = "Slow,\nbut it carries."
    rows[1] += [None] * (len(header) - len(rows[1]))
    rows[1][header.index("text_size")] = 8.5
    sheet.write_bytes(ods.write(tables))
    result = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert result.exit_code == 0, result.output
    text = (harbour / MARKET).read_text(encoding="utf-8")
    assert '      - play: "Gain :coin:. Ebb 1."\n    text_size: 8.5\n  - number: "002"' in text
    assert "    notes: |-\n      Slow,\n      but it carries.\n  - number: \"003\"" in text


def test_a_new_csv_row_needs_a_deck_and_a_known_file(harbour, tmp_path):
    sheet = tmp_path / "cards.csv"
    run("cards", "--project", str(harbour), "--game", "harbourlight", "--format", "csv", "-o",
        str(sheet))
    lines = sheet.read_text(encoding="utf-8").splitlines()
    lines.append(",012,Harbour Tug,vessel,,,,,,cost,:coin:,play,Gain :coin:.,,")
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("import", "--project", str(harbour), "--game", "harbourlight", str(sheet))
    assert result.exit_code == 1
    assert f"{sheet}: A48: new card 012: which deck's file holds it? give its deck (the deck " \
           "column)" in result.output


def test_a_new_game_s_cost_edited_in_excel_is_an_integer_in_its_yaml(tmp_path):
    project = tmp_path / "project"
    (project / "cards").mkdir(parents=True)
    assert run("new", "tiny", "--project", str(project), "--author", "A").exit_code == 0
    sheet = tmp_path / "tiny.xlsx"
    run("cards", "--project", str(project), "--format", "xlsx", "-o", str(sheet))
    edit(sheet, "main", {("001", "cost"): 4, ("050", "flavour"): None})
    result = run("import", "--project", str(project), str(sheet))
    assert result.exit_code == 0, result.output
    assert "-    cost: 2\n+    cost: 4\n" in result.output
    assert '-    flavour: "It has seen more nights than you have."' in result.output
    main = (project / "cards" / "tiny" / "decks" / "main.yaml").read_text(encoding="utf-8")
    assert "    cost: 4\n    art: art/001.png\n" in main
    assert run("check", "--project", str(project)).exit_code == 0


@pytest.mark.parametrize(("name", "said"), [
    ("cards.txt", "not a spreadsheet this reads: give a .csv, .xlsx or .ods file"),
    ("missing.xlsx", "cannot read file"),
])
def test_a_file_it_cannot_read_says_why(harbour, tmp_path, name, said):
    result = run("import", "--project", str(harbour), "--game", "harbourlight",
                 str(tmp_path / name))
    assert result.exit_code == 1 and said in result.output


def test_a_row_moved_to_another_sheet_moves_the_card_to_that_deck_s_file(demo, tmp_path):
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text("".join(line for line in game_yaml.read_text().splitlines(True)
                                 if "expect:" not in line and "cards_each" not in line))
    sheet = tmp_path / "cards.xlsx"
    run("cards", "--project", str(demo), "--format", "xlsx", "-o", str(sheet))
    book = load_workbook(sheet)
    alpha, beta = book["alpha"], book["beta"]
    header = [cell.value for cell in alpha[1]]
    row = [cell.value for cell in alpha[4]]  # card 003, one copy in alpha
    assert row[0] == "003"
    row[header.index("copies alpha")], row[header.index("copies beta")] = None, 2
    alpha.delete_rows(4)
    beta.append(row)
    book.save(sheet)
    result = run("import", "--project", str(demo), str(sheet))
    assert result.exit_code == 0, result.output
    assert result.output.endswith("1 moved in 2 deck file(s)\nwritten: cards/demo/decks/"
                                  "alpha.yaml, cards/demo/decks/beta.yaml\n")
    decks = demo / "cards" / "demo" / "decks"
    assert '  - number: "003"' not in (decks / "alpha.yaml").read_text()
    assert (decks / "beta.yaml").read_text().startswith(  # in number order, 003 first
        'deck: beta\ncards:\n'
        '  - number: "003"\n    name: Terceira\n    tags: [descarte]\n    copies: 2\n'
        '    text:\n      - direct: Descarte 2 cartas.\n  - number: "004"\n')
    assert run("check", "--project", str(demo)).exit_code == 0


def moved_card(demo: Path, tmp_path: Path) -> Path:
    """The demo's workbook with card 003 moved from deck alpha's sheet to beta's (its copies
    too): an import that changes two deck files."""
    game_yaml = demo / "cards" / "demo" / "game.yaml"
    game_yaml.write_text("".join(line for line in game_yaml.read_text().splitlines(True)
                                 if "expect:" not in line and "cards_each" not in line))
    sheet = tmp_path / "cards.xlsx"
    run("cards", "--project", str(demo), "--format", "xlsx", "-o", str(sheet))
    book = load_workbook(sheet)
    alpha, beta = book["alpha"], book["beta"]
    header = [cell.value for cell in alpha[1]]
    row = [cell.value for cell in alpha[4]]
    row[header.index("copies alpha")], row[header.index("copies beta")] = None, 2
    alpha.delete_rows(4)
    beta.append(row)
    book.save(sheet)
    return sheet


def test_a_failure_between_the_two_deck_files_writes_neither(demo, tmp_path, monkeypatch):
    """The card leaves alpha.yaml first: a failure before beta.yaml has it would lose it."""
    sheet = moved_card(demo, tmp_path)
    before = digests(demo)
    real, renames = os.replace, []

    def rename(source, target):
        if str(source).endswith(".publish-new"):
            renames.append(target)
            if len(renames) == 2:
                raise OSError(28, "No space left on device", str(target))
        return real(source, target)

    monkeypatch.setattr(os, "replace", rename)
    result = run("import", "--project", str(demo), str(sheet))
    assert result.exit_code == 1
    assert result.output == (
        f"{sheet}: nothing written: cannot write {demo}/cards/demo/decks/beta.yaml: No space "
        "left on device; cards/demo/decks/alpha.yaml had been written already, and is put back "
        "as it was\n")
    assert digests(demo) == before
    assert sorted(p.name for p in (demo / "cards" / "demo").rglob(".*")) == []


KILLED_IMPORT = """
import os, signal, sys
real = os.replace
def rename(source, target):
    real(source, target)
    if str(source).endswith("alpha.yaml.publish-new"):
        os.kill(os.getpid(), signal.SIGKILL)  # alpha.yaml written, beta.yaml not yet
os.replace = rename
from publish.cli.main import main
main(sys.argv[1:], prog_name="publish")
"""


def test_an_import_killed_between_its_deck_files_is_undone_by_the_next_command(demo,
                                                                              tmp_path):
    sheet = moved_card(demo, tmp_path)
    before = digests(demo)
    killed = subprocess.run([sys.executable, "-c", KILLED_IMPORT, "import", "--project",
                             str(demo), str(sheet)], capture_output=True, text=True,
                            timeout=120)
    assert killed.returncode == -9, killed.stderr
    alpha = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    assert '  - number: "003"' not in alpha.read_text()  # card 003 in no deck file now
    check = run("check", "--project", str(demo))
    assert check.exit_code == 0, check.output
    assert check.output.startswith(
        "note: an interrupted import (cards/demo/.publish-import.replace.json) is undone: "
        "cards/demo/decks/alpha.yaml put back as it was; run the import again\n")
    assert digests(demo) == before
    again = run("import", "--project", str(demo), str(sheet))
    assert again.exit_code == 0, again.output
    assert again.output.endswith("written: cards/demo/decks/alpha.yaml, "
                                 "cards/demo/decks/beta.yaml\n")


def test_an_import_that_removes_a_card_a_rules_chapter_names_is_refused(moon, tmp_path):
    """The import runs the whole of `publish check`: the rules chapters read the cards."""
    sheet = tmp_path / "cards.csv"
    run("cards", "--project", str(moon), "--format", "csv", "-o", str(sheet))
    sheet.write_text("".join(line for line in sheet.read_text().splitlines(True)
                             if not line.startswith("main,080,")))
    before = digests(moon)
    result = run("import", "--project", str(moon), str(sheet))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{sheet}: nothing written; 1 problem(s):",
        f"{moon}/cards/moon/rules/en/01-how-to-play.md:29:1: {{card 080}}: no card numbered "
        "080 (did you mean '050'?)"]
    assert digests(moon) == before


@pytest.mark.parametrize(("column", "value", "said"), [
    ("number", 1.5, "A3: number: 1.5 is not a card number: write its digits as text (007)"),
    ("number", -3, "A3: number: -3 is not a card number"),
    ("number", "#DIV/0!", "A3: number: the cell shows the error #DIV/0!, not a value"),
    ("number", True, "A3: card TRUE number: 'TRUE' does not have the expected form"),
    ("number", datetime(2024, 1, 1), "A3: card 2024-01-01T00:00:00 number: "),
    ("name", "#N/A", "B3: name: the cell shows the error #N/A, not a value"),
    ("cost", 1.5, "E3: wrong type for 'card 002 cost': expected a whole number, got a number "
                  "1.5"),
    ("cost", True, "E3: wrong type for 'card 002 cost': expected a whole number, got text "
                   "'TRUE'"),
    ("copies main", True, "H3: copies main: 'TRUE' is not a number of copies"),
    ("copies main", 1.5, "H3: copies main: '1.5' is not a number of copies"),
    ("text_size", True, "K3: wrong type for 'card 002 text_size': expected a number, got "
                        "text 'TRUE'"),
    ("text_size", time(3, 4), "K3: wrong type for 'card 002 text_size': expected a number, "
                              "got text '03:04:00'"),
])
def test_a_cell_of_another_type_is_a_located_problem(moon, tmp_path, column, value, said):
    """Excel's numbers, booleans, dates and errors where text or a whole number belongs:
    each a message at its cell (a 1.5 in the number column was an internal error)."""
    sheet = tmp_path / "cards.xlsx"
    run("cards", "--project", str(moon), "--format", "xlsx", "-o", str(sheet))
    edit(sheet, "main", {("002", column): value})  # openpyxl makes "#DIV/0!" an error cell
    result = run("import", "--project", str(moon), str(sheet), "--dry-run")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{sheet}: nothing written; 1 problem(s):"
    assert lines[1].startswith(f"{sheet}: main!{said}")
