"""Sheet layouts as data: what ships, a game's own, located errors, the check and --layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from publish.core.problems import OptionError, ProblemsFound
from publish.model.game import CARD_SIZES
from publish.model.layouts import LAYOUTS_FILE, default_layout, load_layouts
from publish.render.geometry import PAPERS, impose, pick_layout


def own_layout(game_root: Path, name: str, text: str) -> Path:
    folder = game_root / "layouts"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


ROOMY = """name: Poker, roomy
paper: a4
size: poker
cols: 2
rows: 3
gap: 10
marks: {length: 4}
default: true
"""


def test_every_paper_size_and_kind_has_one_shipped_default():
    layouts = load_layouts()
    for paper in PAPERS:
        for size in CARD_SIZES:
            for fold in (False, True):
                chosen = default_layout(layouts, paper, size, fold)
                assert chosen is not None and chosen.where.path == LAYOUTS_FILE
                assert chosen.where.line > 0  # located at its entry in the file
    defaults = [lay.kind for lay in layouts.values() if lay.spec.default]
    assert len(defaults) == len(set(defaults)) == len(PAPERS) * len(CARD_SIZES) * 2


def test_the_denser_layouts_say_what_they_give_up():
    layouts = load_layouts()
    for lid in ("a4-square-8", "letter-poker-9", "letter-bridge-9"):
        spec = layouts[lid].spec
        assert not spec.default and "bleed" in spec.note
        layout = impose(layouts[lid], 3)
        assert (layout.cols, layout.rows) == (spec.cols, spec.rows)


def test_a_game_adds_its_own_layout_and_its_default_replaces_the_packages(demo):
    game_root = demo / "cards" / "demo"
    own_layout(game_root, "roomy", ROOMY)
    layouts = load_layouts(game_root)
    assert "roomy" in layouts and "a4-poker" in layouts
    assert default_layout(layouts, "a4", "poker", False).id == "roomy"
    assert pick_layout(game_root, "a4", "poker", False).id == "roomy"
    layout = impose(layouts["roomy"], 3)
    assert (layout.cols, layout.rows, layout.gutter_x) == (2, 3, 10)


def test_a_wrong_layout_file_is_refused_at_its_line(demo):
    game_root = demo / "cards" / "demo"
    path = own_layout(game_root, "roomy", ROOMY.replace("cols: 2", "cols: many")
                      .replace("size: poker", "size: huge"))
    with pytest.raises(ProblemsFound) as found:
        load_layouts(game_root)
    lines = {(p.location.path, p.location.line) for p in found.value.problems}
    assert (path, 4) in lines  # cols
    text = str(found.value)
    assert "cols" in text


def test_an_unknown_size_is_named_with_the_sizes(demo):
    game_root = demo / "cards" / "demo"
    own_layout(game_root, "roomy", ROOMY.replace("size: poker", "size: huge"))
    with pytest.raises(ProblemsFound) as found:
        load_layouts(game_root)
    assert "unknown card size 'huge'; the sizes are poker" in str(found.value)


def test_two_defaults_of_a_game_for_the_same_sheets_are_refused(demo):
    game_root = demo / "cards" / "demo"
    own_layout(game_root, "roomy", ROOMY)
    own_layout(game_root, "roomier", ROOMY.replace("gap: 10", "gap: 12"))
    with pytest.raises(ProblemsFound) as found:
        load_layouts(game_root)
    (problem,) = found.value.problems
    assert problem.location.path == game_root / "layouts" / "roomy.yaml"
    assert "is a default for poker cards on a4, as roomier is" in problem.message


def test_a_grid_too_big_for_its_paper_is_refused_at_the_layout():
    layouts = load_layouts()
    too_big = type(layouts["a4-poker"])("wide", layouts["a4-poker"].spec.model_copy(
        update={"cols": 4}), layouts["a4-poker"].where)
    with pytest.raises(ProblemsFound) as found:
        impose(too_big, 3)
    problem = found.value.problems[0]
    assert problem.location == layouts["a4-poker"].where  # the package's entry has no cols
    assert "4 card(s) across of 63 mm with 6 mm gaps need 270 mm" in problem.message


def test_layout_option_is_checked_against_the_sheets(demo):
    with pytest.raises(OptionError, match="--layout letter-poker-9 is for poker cards on "
                                          "letter, not poker cards on a4: choose a4-poker"):
        pick_layout(None, "a4", "poker", False, "letter-poker-9")
    with pytest.raises(OptionError, match="no such layout"):
        pick_layout(None, "a4", "poker", False, "a4-pokr")
    assert pick_layout(None, "letter", "poker", False, "letter-poker-9").id == "letter-poker-9"


def test_publish_check_finds_a_games_layout_that_does_not_fit(demo):
    from conftest import run

    path = own_layout(demo / "cards" / "demo", "roomy", ROOMY.replace("cols: 2", "cols: 3"))
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert f"{path}:4:7: layout roomy: 3 card(s) across" in result.output  # at its cols
