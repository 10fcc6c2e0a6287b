import os
import platform
import re
import sys

from conftest import REPO
from publish.app.bench import _all_decks_html, interpreter


def test_bench_renders_the_same_cards_as_the_build(tmp_path):
    path, faces = _all_decks_html(REPO, "agencia", tmp_path)
    html = path.read_text(encoding="utf-8")
    # every copy of every card, as our build lays them out, in one document
    assert html.count('class="trim" id="card-') == 250 == faces
    assert 'id="card-250"' in html and 'id="card-251"' not in html


def test_the_bench_names_the_python_it_ran_on():
    python = interpreter()
    assert python["version"] == platform.python_version()
    assert python["executable"] == os.path.realpath(sys.executable)
    assert python["implementation"] == platform.python_implementation()


def test_the_cost_of_tags_is_the_tagged_manuals_build_over_the_untagged(monkeypatch, tmp_path):
    from publish.app import bench

    seen = []

    def timed(command, cwd):
        seen.append(command[1:])
        return (1.0, 0.9) if "--untagged" in command else (1.2, 1.0)

    monkeypatch.setattr(bench, "_timed", timed)
    tags = bench.bench_tags(tmp_path, "moon", runs=2)
    assert tags["ratio_wall_tagged_over_untagged"] == 1.2 and tags["goal_ratio"] == 1.15
    assert seen.count(["build", "--force", "manual", "--game", "moon", "--untagged"]) == 2
    assert seen.count(["build", "--force", "manual", "--game", "moon"]) == 3  # a warm-up
    assert "tagged/untagged = 1.2 (goal <= 1.15: NOT met)" in bench._tags_line(tags)


def test_the_decks_are_compared_in_wall_and_in_cpu(monkeypatch, tmp_path):
    from publish.app import bench

    def timed(command, cwd):
        return (1.0, 1.6) if command[0].endswith("weasyprint") else (0.5, 1.2)

    monkeypatch.setattr(bench, "_timed", timed)
    found = bench._compare(["publish"], ["weasyprint"], tmp_path, runs=2)
    assert found["ratio_wall_ours_over_bare"] == 0.5 and found["ratio_cpu_ours_over_bare"] == 0.75
    decks = {**found, "cores_used_by_ours": 2.4,
             "floor": {"pages": 227, "ratio_cpu_floor_over_bare": 0.84}}
    line = bench._decks_line(decks)
    assert "= 0.5 in wall (goal <= 0.55: met), 0.75 in CPU (goal <= 0.9: met)" in line
    decks["ratio_cpu_ours_over_bare"] = 1.4
    assert "1.4 in CPU (goal <= 0.9: NOT met)" in bench._decks_line(decks)
    assert line.endswith("the floor, bare WeasyPrint laying out the 227 distinct faces and "
                         "backs once, 0.84 in CPU")


def test_the_floor_lays_out_each_distinct_face_and_back_once(tmp_path):
    from publish.app.bench import _unique_faces_html

    path, pages = _unique_faces_html(REPO, "agencia", tmp_path)
    html = path.read_text(encoding="utf-8")
    anchors = re.findall(r'<div class="one" id="([^"]+)"', html)
    # Agência: 250 copies of 214 cards (some in two decks), and each of its five backs
    assert len(anchors) == len(set(anchors)) == pages == 219
    assert sum(a.startswith("back-") for a in anchors) == 5


def test_the_one_card_edit_is_judged_against_the_cold_build():
    from publish.app.bench import _build_line

    whole = {"cold": {"wall_s": 38.9, "cores_used": 1.9}, "no_op": {"wall_s": 0.06},
             "one_card_edit": {"wall_s": 5.45}, "edit_over_cold": 0.14,
             "one_card_edit_watching": {"wall_s": 5.0}, "watching_over_command": 0.92}
    assert "5.45 s = 0.14 of cold (goal <= 0.1: NOT met)" in _build_line(whole)
