"""docs/engines.md's engine, as a new user would use it: registered as the page says, for a
game `publish new` made, checked and studied by `publish balance`."""

from __future__ import annotations

import csv
import re
import shutil
import tomllib
from pathlib import Path

from conftest import REPO, run

PAGE = (REPO / "docs" / "engines.md").read_text(encoding="utf-8")


def block(language: str, after: str) -> str:
    """The page's first ``language`` code block after the heading ``after``."""
    found = re.search(rf"^## {re.escape(after)}$.*?^```{language}\n(.*?)^```$", PAGE,
                      re.DOTALL | re.MULTILINE)
    assert found, f"no {language} block after '{after}'"
    return found.group(1)


MORE_CARDS = "".join(f"""
  - number: "{number:03d}"
    name: Spare {number}
    kind: item
    cost: {number % 5}
    copies: 2
    text:
      - play: "Nothing happens."
""" for number in range(60, 70))  # items: 050-079


def test_the_page_s_engine_checks_and_studies_a_new_game(tmp_path, engine_plugin):
    entry = tomllib.loads(block("toml", "Registering it"))
    [(game_id, value)] = entry["project"]["entry-points"]["publish.engines"].items()
    module, attr = value.split(":")
    engine_plugin(game_id, module, block("python", "A whole engine"), attr)
    project = tmp_path / "project"  # as in a clone of the toolchain: its shared templates
    (project / "cards").mkdir(parents=True)
    shutil.copytree(REPO / "templates" / "_common", project / "templates" / "_common")
    shutil.copytree(REPO / "fonts", project / "fonts")
    assert run("new", game_id, "--project", str(project), "--layout", "text",
               "--author", "A").exit_code == 0
    game_yaml = project / "cards" / game_id / "game.yaml"  # named as the page says
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + block("yaml", "Naming it in "
                         "the game"), encoding="utf-8")

    # the new game's 10 cards are too few for its tables: said before anything is played
    small = run("balance", "--project", str(project), "--games", "20", "--workers", "1")
    assert small.exit_code == 1
    assert "Shed needs at least 13 cards for 3 players; the decks hold" in small.output

    deck = project / "cards" / game_id / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + MORE_CARDS, encoding="utf-8")
    checked = run("check", "--project", str(project))
    assert checked.exit_code == 0, checked.output
    assert "checked by the Shed rules engine" in checked.output

    studied = run("balance", "--project", str(project), "--games", "40", "--workers", "1")
    assert studied.exit_code == 0, studied.output
    folder = project / "build" / game_id / "balance"
    games = list(csv.DictReader((folder / "games.csv").open(encoding="utf-8")))
    assert len(games) == 40 and {g["agents"] for g in games} == {"greedy", "random"}
    assert all(g["winners"] for g in games)  # a shedding game always ends with a winner
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert "turns per game" in html and "emptied the hand" in html

    # a what-if study of the new game: one card made free, one taken out, the same seeds
    patch = tmp_path / "cheaper.yaml"
    patch.write_text('name: cheaper 060\nchange:\n  "060":\n    cost: 0\nremove: ["061"]\n',
                     encoding="utf-8")
    whatif = run("balance", "--project", str(project), "--games", "40", "--workers", "1",
                 "--variant", str(patch))
    assert whatif.exit_code == 0, whatif.output
    assert "variant 'cheaper 060':" in whatif.output
    rows = list(csv.DictReader((folder / "variants.csv").open(encoding="utf-8")))
    assert {"turns per game", "games won by the first to move"} <= {r["figure"] for r in rows}
    assert "060" in {r["card"] for r in rows} and "061" not in {r["card"] for r in rows}
    bad = tmp_path / "bad.yaml"
    bad.write_text('change:\n  "060":\n    cost: lots\n', encoding="utf-8")
    refused = run("balance", "--project", str(project), "--games", "4", "--workers", "1",
                  "--variant", str(bad))
    assert refused.exit_code == 1 and f"{bad}:3:" in refused.output, refused.output

    # simulate plays through the same play() as the study, in the engine's words
    simulated = run("simulate", "--project", str(project), "--games", "5", "--players", "3",
                    "--workers", "1")
    assert simulated.exit_code == 0, simulated.output
    assert "5 games (basic, 3 players" in simulated.output
    assert re.search(r"turns: \d+ \(\d+\.\d per game\)", simulated.output)
    logs = run("simulate", "--project", str(project), "--games", "2", "--logs",
               str(tmp_path / "logs"), "--workers", "1")
    assert logs.exit_code == 2 and "writes no game logs (--logs)" in logs.output


def test_the_page_names_every_method_the_toolchain_requires():
    from publish.engines.protocol import REQUIRED

    table = PAGE.split("## What the toolchain calls", 1)[1].split("###", 1)[0]
    for _, _, names in REQUIRED:
        for name in names:
            assert f"`{name}(" in table, name
    assert Path(REPO / "docs" / "engines.md").is_file()
