"""The `publish` entry point answers a build with nothing to do without loading the toolchain,
says what the full plan says, and leaves every other build to it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO, age, run


def publish(project: Path, *args: str, importtime: bool = False) -> subprocess.CompletedProcess:
    flags = ["-X", "importtime"] if importtime else []
    return subprocess.run([sys.executable, *flags, "-m", "publish", *args, "--project",
                           str(project), "--game", "demo"],
                          capture_output=True, text=True, check=True)


def test_a_build_with_nothing_to_do_is_answered_before_the_toolchain_loads(demo_docs):
    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    first = run("build", "--project", str(demo_docs), "--game", "demo")
    assert first.exit_code == 0, first.output
    age(demo_docs)  # the sources as a designer's are: not modified this very second
    planned = run("build", "--project", str(demo_docs), "--game", "demo")
    assert planned.output.startswith("demo: up to date (7 outputs")  # and stamped

    quick = publish(demo_docs, "build", importtime=True)
    assert quick.stdout == planned.output
    assert "publish.cli.main" not in quick.stderr and "click" not in quick.stderr

    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "Descarte 2 cartas.", "Descarte 3 cartas.", 1), encoding="utf-8")
    remade = publish(demo_docs, "build")
    assert "deck alpha (pt-BR): 1 pages (card 003 changed" in remade.stdout


def test_every_other_command_runs_the_command_line(demo):
    checked = subprocess.run([sys.executable, "-m", "publish", "check", "--project", str(demo),
                              "--game", "demo"], capture_output=True, text=True)
    assert checked.returncode == 0 and "no problems" in checked.stdout, checked.stdout
