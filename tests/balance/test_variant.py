"""What-if variants: a patch read and checked like the game, played on the baseline's seeds,
the same figures however many workers, and the game's files untouched."""

from __future__ import annotations

import csv
import hashlib
import io
import shutil
from pathlib import Path

import pytest

from conftest import REPO, copy_game, run
from publish.balance.distribute import play_study
from publish.balance.patch import read_variant, removal
from publish.balance.study import Study
from publish.balance.tables import games_csv
from publish.balance.whatif import compared, variants_csv
from publish.core.problems import ProblemsFound
from publish.engines.registry import engine_named

ENGINE = engine_named("agencia")
RECORDING = ENGINE.info.records
TITLES = ["played as a structure", "ran", "caused a crisis", "holder won"]

FEWER = """name: 052 draws 1
change:
  "052":
    text:
      - direct: Todos compram 1 carta.
        effect: [{do: draw, who: everyone, n: 1}]
"""


def study(chunk: int = 4, games: int = 8) -> Study:
    return Study("agencia", (4,), ("simple",), (("principal",),), (("greedy",),),
                 games_per_cell=games, seed=3, chunk=chunk)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_patch_is_checked_like_the_game_with_located_problems(agencia, tmp_path):
    bad = write(tmp_path, "bad.yaml", """name: broken
chnage: {}
change:
  "0520":
    copies: 2
  "054":
    number: "055"
remove: ["7777"]
add:
  principal:
    - number: "052"
      name: Twin
      text: "x"
""")
    with pytest.raises(ProblemsFound) as found:
        read_variant(agencia, ENGINE, bad)
    assert [str(p) for p in found.value.problems] == [
        f"{bad}:2:1: unknown key 'chnage' (did you mean 'change'?); a variant knows: name, "
        "game, change, remove, add",
        f"{bad}:4:3: no card 0520 in agencia (did you mean '052'?)",
        f"{bad}:7:13: a card's number cannot change: remove it and add another",
        f"{bad}:8:10: no card 7777",
        f"{bad}:13:13: wrong type for 'text': expected a list, got text 'x'",
    ]


def test_a_patched_effect_is_checked_by_the_engine_at_its_line(agencia, tmp_path):
    bad = write(tmp_path, "bad.yaml", FEWER.replace("do: draw", "do: teleport"))
    with pytest.raises(ProblemsFound) as found:
        read_variant(agencia, ENGINE, bad)
    [problem] = found.value.problems
    assert (problem.location.path, problem.location.line) == (bad, 6)
    assert "unknown do 'teleport'" in problem.message


def test_a_variant_is_the_game_with_its_changes_and_the_game_is_untouched(agencia, tmp_path):
    variant = read_variant(agencia, ENGINE, write(tmp_path, "fewer.yaml", FEWER))
    assert variant.name == "052 draws 1" and variant.changed == ("052",)
    [card] = [c for c in variant.game.cards if c.number == "052"]
    assert card.blocks[0].effect == [{"do": "draw", "who": "everyone", "n": 1}]
    assert card.location.path == tmp_path / "fewer.yaml"
    assert agencia.card("052").blocks[0].effect[0]["n"] == 2
    assert len(variant.game.cards) == len(agencia.cards)
    assert len(removal(agencia, "052").game.cards) == len(agencia.cards) - 1


def test_a_variant_that_changes_no_rule_plays_the_very_same_games(agencia, tmp_path):
    """Common random numbers: the same seeds at the same tables give the same games, so a
    variant that renames a card moves nothing at all."""
    renamed = read_variant(agencia, ENGINE, write(tmp_path, "same.yaml",
                                                  'change:\n  "052":\n    name: Outro\n'))
    played = play_study(agencia, study(), workers=1, variants=[renamed.game])
    assert games_csv(study().cells(), played.tally) == \
        games_csv(study().cells(), played.variants[0])
    [found] = compared(study().cells(), played.tally, [renamed], played.variants, RECORDING,
                       TITLES)
    assert found.differences and not any(d.difference for d in found.differences)


def test_a_variant_study_writes_the_same_csv_in_one_process_and_on_two_workers(agencia,
                                                                              tmp_path):
    variant = read_variant(agencia, ENGINE, write(tmp_path, "fewer.yaml", FEWER))
    names = {c.number: c.name for c in agencia.cards}

    def tables(workers: int) -> tuple[str, str]:
        played = play_study(agencia, study(), workers=workers, variants=[variant.game])
        return games_csv(study().cells(), played.variants[0]), variants_csv(
            compared(study().cells(), played.tally, [variant], played.variants, RECORDING,
                     TITLES), names)

    here, cluster = tables(1), tables(2)
    assert here == cluster
    assert "052 draws 1,greedy,0,052,Aquecimento global,ran," in here[1]


def digest(folder: Path) -> str:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    return hashlib.sha256(b"".join(p.read_bytes() for p in files)).hexdigest()


def test_balance_with_a_variant_reports_it_and_leaves_the_games_files_alone(tmp_path):
    root = copy_game(tmp_path / "project", "agencia")
    shutil.copytree(REPO / "fonts", root / "fonts")
    write(root, "fewer.yaml", FEWER)
    write(root, "study.yaml", "players: 4\nagents: [greedy]\ngames_per_cell: 10\nchunk: 5\n"
                              "variants: [fewer.yaml]\nimportance: [\"052\"]\n")
    before = digest(root / "cards")
    result = run("balance", "--project", str(root), "--game", "agencia", "--workers", "1",
                 str(root / "study.yaml"))
    assert result.exit_code == 0, result.output
    assert "variant '052 draws 1':" in result.output
    assert digest(root / "cards") == before
    folder = root / "build" / "agencia" / "balance"
    rows = list(csv.DictReader(io.StringIO((folder / "variants.csv").read_text())))
    assert {r["variant"] for r in rows} == {"052 draws 1"}
    assert {"partidas per game", "games won by the first to move"} <= {r["figure"] for r in rows}
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert "What if: 052 draws 1" in html and "fewer.yaml" in html
    assert "card importance: 1 card(s) taken out in turn" in result.output
    assert "Card importance" in html and (folder / "importance.csv").is_file()
    assert "Reproducibility" in html and (folder / "provenance.json").is_file()
    # a study of the main deck alone says which of the game's cards it never dealt
    assert "of the game's cards no table dealt:" in result.output
    assert "were dealt by no\n  table" in html and "070 " in html.split("were dealt by no")[1]
