"""Broken and hostile input never ends in a traceback: every failure is a located message.

The cases of issue 24's probing: a duplicated card number or a misspelt key that used to
end in the examples' replay crashing, an example's front matter that is not what it should
be, a card text the build could not set in Roman numerals, card numbers in other scripts'
digits, nesting that crashed the interpreter, too many cards; then an unexpected exception
(one line and a log file, exit 2) and a killed build's workers.  The limits themselves are
tested with the reader (tests/test_yamlsource.py); the mutated files of the fuzz run
(tests/test_fuzz_sources.py) hold the rest.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, copy_game
from publish import load
from publish.cli import main


def check(project: Path, game: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["check", "--project", str(project), "--game", game])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def agencia(tmp_path: Path) -> Path:
    return copy_game(tmp_path / "project", "agencia")


def principal(project: Path) -> Path:
    return project / "cards" / "agencia" / "decks" / "principal.yaml"


def example(project: Path) -> Path:
    return project / "cards" / "agencia" / "examples" / "01-lideranca-e-revolta.md"


SKIPPED = "note: the Agência 2.180423 rules engine's checks ("
RULES_SKIPPED = "note: the rules chapters and summaries were not read"


def test_a_duplicated_number_is_said_and_the_engine_checks_are_not_run(agencia):
    edit(principal(agencia), 'number: "002"', 'number: "001"')
    status, lines = check(agencia, "agencia")
    assert status == 1
    assert any(re.search(r"principal.yaml:\d+:\d+: duplicate number 001: ", line)
               for line in lines), lines
    assert lines[-3].startswith(SKIPPED) and "were not run" in lines[-3]
    assert lines[-2].startswith(RULES_SKIPPED)
    assert "rules engine's checks not run; 1 problem(s)" in lines[-1]


def test_a_misspelt_key_is_said_and_hides_nothing(agencia):
    edit(principal(agencia), '  - number: "999"\n    name: Liderança',
         '  - number: "999"\n    nome: Liderança')
    status, lines = check(agencia, "agencia")
    assert status == 1
    assert lines[0].endswith("principal.yaml:499:5: card 999: missing field 'name'")
    assert "principal.yaml:500:5: card 999: unknown field 'nome' (did you mean 'name'?)" \
        in lines[1]
    # card 999 has copies in every deck: their counts, short of it, are not checked either
    assert len(lines) == 5 and lines[2].startswith(SKIPPED)
    assert lines[3].startswith(RULES_SKIPPED)


@pytest.mark.parametrize(("front", "said"), [
    ("decks: [nope]", "5:9: no deck 'nope' in this game; its decks: principal, historico"),
    ("decks: [principl]", "5:9: no deck 'principl' in this game (did you mean 'principal'?)"),
    ("decks: 5", "5:8: 'decks' must be a list of the game's decks ([principal])"),
    ("decks: [principal", "6:8: YAML syntax error: did not find expected ',' or ']' (parsing a "
                          "flow sequence that starts at line 5, column 8)"),
    ("players: many", "5:10: 'players' must be a whole number of players (4)"),
    ('edition: "4000.180423"', "3:10: unknown edition '4000.180423' (did you mean '2.180423'?); "
                               "the rules engine knows "
                               "2.180423, 4.190617"),
    ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
     "5:4: anchor '&a': anchors and aliases ('&'/'*') are not supported"),
])
def test_an_examples_front_matter_is_checked_against_the_game(agencia, front, said):
    path = example(agencia)
    text = path.read_text(encoding="utf-8").replace("decks: [principal]\n", front + "\n", 1)
    if front.startswith("players"):
        text = text.replace("players: 4\n", "", 1)
    if front.startswith("edition"):
        text = text.replace(front + "\n", "decks: [principal]\n", 1).replace(
            'edition: "2.180423"', front, 1)
    path.write_text(text, encoding="utf-8")
    status, lines = check(agencia, "agencia")
    assert status == 1
    assert lines[0].startswith(f"{path}:{said}"), lines
    assert lines[-3].startswith(SKIPPED) and lines[-2].startswith(RULES_SKIPPED)


def test_a_quantity_the_build_cannot_set_in_roman_numerals_fails_the_check(agencia):
    edit(principal(agencia), "      - direct: Compre 1 carta.\n",
         "      - direct: Compre 5000 cartas.\n")
    status, lines = check(agencia, "agencia")
    assert status == 1
    assert re.fullmatch(r".*principal.yaml:\d+:17: card \d{3}: '5000' in its text: no Roman "
                        r"numeral for 5000: only 1 to 3999, which (pt-BR|en) prints them in; "
                        r"write the amount in words", lines[0]), lines


def test_card_numbers_are_ascii_digits(demo):
    alpha = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    edit(alpha, 'number: "003"', 'number: "\uff10\uff10\uff13"')  # full-width 003
    status, lines = check(demo, "demo")
    assert status == 1
    assert lines[0].endswith("alpha.yaml:17:13: card ００３ number: '００３' does not have the "
                             "expected form ^[0-9]{3}$"), lines


def test_a_name_over_its_limit_is_refused_with_its_place(demo):
    alpha = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    edit(alpha, "name: Primeira", "name: " + "P" * 5000)
    status, lines = check(demo, "demo")
    assert status == 1
    assert "alpha.yaml:4:11: card 001 name: String should have at most 200 characters" \
        in lines[0], lines


def test_more_cards_than_the_limit_are_refused_at_the_first_one_over(demo, monkeypatch):
    monkeypatch.setattr(load, "MAX_CARDS", 3)
    status, lines = check(demo, "demo")
    assert status == 1
    assert "alpha.yaml:22:5: more than 3 cards in the game" in lines[0], lines


def test_nesting_that_crashed_the_interpreter_is_a_located_message(demo):
    alpha = demo / "cards" / "demo" / "decks" / "alpha.yaml"
    alpha.write_text("deck: alpha\ncards: " + "[" * 100_000 + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "publish", "check", "--project", str(demo),
                           "--game", "demo"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr  # not -11 (SIGSEGV)
    assert f"{alpha}:2:47: lists and mappings nested more than 40 deep" in done.stdout


def test_an_unexpected_exception_is_one_line_naming_its_log_and_exit_2(demo, monkeypatch,
                                                                       tmp_path):
    def broken(*_args: object) -> None:
        raise KeyError("002")

    monkeypatch.setattr("publish.check.check_game", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    result = CliRunner().invoke(main, ["check", "--project", str(demo), "--game", "demo"])
    assert result.exit_code == 2
    (line,) = result.output.splitlines()
    assert line.startswith("publish: internal error (KeyError: '002'); this is a bug, not a "
                           f"problem of your files: the traceback is in {tmp_path}/publish-crash-")
    log = Path(line.split("the traceback is in ")[1].split(";")[0])
    assert "Traceback" in log.read_text(encoding="utf-8") and "broken" in log.read_text()


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_killing_the_build_ends_its_workers(demo_docs):
    import shutil

    shutil.copytree(REPO / "templates" / "agencia", demo_docs / "templates" / "demo",
                    dirs_exist_ok=True)
    said = demo_docs / "said.txt"
    with said.open("wb") as out:
        build = subprocess.Popen([sys.executable, "-m", "publish", "build", "--project",
                                  str(demo_docs), "--game", "demo", "--jobs", "2", "--force"],
                                 stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while len(workers := children(build.pid)) < 2 and time.monotonic() < deadline \
                and build.poll() is None:
            time.sleep(0.02)
        assert len(workers) == 2, f"the build started {len(workers)} workers (exit status " \
            f"{build.poll()}); it said: {said.read_text(errors='replace')}"
        os.kill(build.pid, signal.SIGKILL)
        build.wait()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if Path(f"/proc/{w}").exists()
                    and "State:\tZ" not in Path(f"/proc/{w}/status").read_text()]
    finally:
        build.kill()
