"""Broken and hostile input never ends in a traceback: every failure is a located message.

The cases of issue 24's probing: a duplicated card number or a misspelt key that used to
end in the examples' replay crashing, an example's front matter that is not what it should
be, a card text the build could not set in Roman numerals, card numbers in other scripts'
digits, nesting that crashed the interpreter, too many cards; then an unexpected exception
(one line and a log file, exit 2) and a killed build's workers.  The limits themselves are
tested with the reader (tests/core/test_yamlsource.py); the mutated files of the fuzz run
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
from publish.cli.main import main
from publish.model import load


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

    monkeypatch.setattr("publish.checks.phases.check_game", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    result = CliRunner().invoke(main, ["check", "--project", str(demo), "--game", "demo"])
    assert result.exit_code == 2
    (line,) = result.output.splitlines()
    assert line.startswith("publish: internal error (KeyError: '002'); this is a bug, not a "
                           f"problem of your files: the traceback is in {tmp_path}/publish-crash-")
    log = Path(line.split("the traceback is in ")[1].split(";")[0])
    assert "Traceback" in log.read_text(encoding="utf-8") and "broken" in log.read_text()


Process = tuple[int, int]
"""A process as (pid, start time): a pid alone may name another process once it is reused."""


def _stat(pid: int) -> tuple[int, int, str] | None:
    """(parent pid, start time, state) of a process, None if it is gone (read from /proc,
    where a process may vanish between two reads)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19]), fields[0]


def descendants(pid: int) -> set[Process]:
    """Every process below ``pid``: its children, theirs, and so on."""
    parents: dict[int, list[Process]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) is not None:
            parents.setdefault(stat[0], []).append((int(entry.name), stat[1]))
    found, below = set(), [pid]
    while below:
        for child in parents.get(below.pop(), []):
            found.add(child)
            below.append(child[0])
    return found


def alive(processes: set[Process]) -> set[Process]:
    """Those of ``processes`` still running (the same process, not a zombie)."""
    return {(pid, start) for pid, start in processes
            if (stat := _stat(pid)) is not None and stat[1] == start and stat[2] != "Z"}


def _command(pid: int) -> bytes | None:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None


def killed_with(build: subprocess.Popen, forks: int, seconds: float = 120) -> set[Process]:
    """Kill ``build`` (kill -9) as soon as ``forks`` processes forked from it are below it
    (its workers, the helper a worker forks: the build's own command line; the commands
    libraries run as they load, ldconfig and the like, come and go and are not counted),
    and return every process below it then; fail, saying so, if that moment does not come."""
    deadline = time.monotonic() + seconds
    command = b"".join(os.fsencode(arg) + b"\0" for arg in build.args)  # as /proc shows it
    while True:
        below = descendants(build.pid)
        if len([pid for pid, _ in below if _command(pid) == command]) >= forks:
            break
        assert build.poll() is None and time.monotonic() < deadline, (
            f"the moment to kill never came (exit status {build.poll()}, processes below: "
            f"{len(below)})")
        time.sleep(0.005)
    os.kill(build.pid, signal.SIGKILL)
    build.wait()
    return below


def left_after(processes: set[Process], seconds: float = 10) -> set[Process]:
    """Those of ``processes`` still alive ``seconds`` on (each is killed then: a test
    leaves nothing behind, whatever it finds)."""
    deadline = time.monotonic() + seconds
    while alive(processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = alive(processes)
    for pid, _ in left:
        os.kill(pid, signal.SIGKILL)
    return left


def start_build(project: Path, *args: str) -> subprocess.Popen:
    """`publish build *args` of the demo drawn with Agência's templates (a manual of several
    parts), in a process of its own; what it says is kept in said.txt."""
    import shutil

    shutil.copytree(REPO / "templates" / "agencia", project / "templates" / "demo",
                    dirs_exist_ok=True)
    with (project / "said.txt").open("wb") as out:
        return subprocess.Popen([sys.executable, "-m", "publish", "build", *args, "--project",
                                 str(project), "--game", "demo"], stdout=out,
                                stderr=subprocess.STDOUT)


LINUX_PROC = pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads /proc")


@LINUX_PROC
def test_killing_the_build_ends_its_workers(demo_docs):
    build = start_build(demo_docs, "--jobs", "2", "--force")
    try:
        workers = killed_with(build, forks=2)
        assert not left_after(workers), (demo_docs / "said.txt").read_text(errors="replace")
    finally:
        build.kill()


@LINUX_PROC
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the manual's parts fork on 2 cores")
def test_killing_the_build_while_the_manual_forks_its_helper_ends_them_all(demo_docs):
    build = start_build(demo_docs, "manual")
    try:  # the build, its worker, and the helper the worker forks to write the manual's parts
        below = killed_with(build, forks=2)
        assert not left_after(below, seconds=5), (demo_docs / "said.txt").read_text(
            errors="replace")
    finally:
        build.kill()
