"""`publish layouts`: the sheet layouts a game may print with, its own among them."""

from __future__ import annotations

from pathlib import Path

from conftest import run

ROOMY = """name: Roomy poker on A4
paper: a4
size: poker
cols: 2
rows: 2
default: true
"""


def layouts(project: Path, *args: str):
    return run("layouts", "--project", str(project), "--game", "demo", *args)


def lines_by_id(output: str) -> dict[str, str]:
    return {line.split()[0]: line for line in output.splitlines() if line.startswith("  ")}


def test_every_layout_is_listed_with_what_it_is_for_and_the_cards_a_page(demo: Path):
    result = layouts(demo)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("demo: 23 sheet layouts; `publish build decks --layout ID`")
    listed = lines_by_id(result.output)
    assert "letter-poker-9" in listed and "a4-square-8" in listed
    assert "poker on a4, portrait" in listed["a4-poker"]
    assert "3 x 3 = 9 a page, default · Poker on A4" in listed["a4-poker"]
    assert "default" not in listed["letter-poker-9"]
    assert "fold" in listed["a4-poker-fold"]
    assert next(iter(listed)) == "a4-poker"  # the game's own card size (poker) first


def test_the_games_own_layouts_are_listed_and_replace_the_default(demo: Path):
    folder = demo / "cards" / "demo" / "layouts"
    folder.mkdir()
    (folder / "roomy.yaml").write_text(ROOMY, encoding="utf-8")
    tight = ROOMY.replace("cols: 2", "cols: 5").replace("default: true", "default: false")
    (folder / "tight.yaml").write_text(tight, encoding="utf-8")
    result = layouts(demo, "--paper", "a4", "--size", "poker")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("demo: 4 sheet layouts for --paper a4 "
                                                    "--size poker")
    listed = lines_by_id(result.output)
    assert set(listed) == {"a4-poker", "a4-poker-fold", "roomy", "tight"}
    assert "does not fit with the game's 3 mm bleed (publish check says why)" in listed["tight"]
    assert "2 x 2 = 4 a page, default · Roomy poker on A4 [cards/demo/layouts/roomy.yaml]" \
        in listed["roomy"]
    assert "default" not in listed["a4-poker"]


def test_a_wrong_layout_file_is_said_at_its_line_without_a_traceback(demo: Path):
    folder = demo / "cards" / "demo" / "layouts"
    folder.mkdir()
    (folder / "roomy.yaml").write_text(ROOMY.replace("cols: 2", "cols: 0"), "utf-8")
    result = layouts(demo)
    assert result.exit_code == 1
    assert "layouts/roomy.yaml:4:" in result.output and "cols" in result.output
    assert "Traceback" not in result.output


def test_a_paper_and_size_narrow_the_list_and_an_unknown_one_is_refused(demo: Path):
    result = layouts(demo, "--paper", "letter", "--size", "mini")
    assert result.exit_code == 0
    assert set(lines_by_id(result.output)) == {"letter-mini", "letter-mini-fold"}
    unknown = layouts(demo, "--size", "huge")
    assert unknown.exit_code == 2 and "huge" in unknown.output
