"""Mutated log files through the whole replay: never a traceback, every finding inside the file.

The corpus: the compendium's game, our hand-written 4.190617 logs, two
simulated 2.180423 games (one in Bourdieu mode with every deck, headed by the
front matter `publish simulate --logs` writes).  Each case mutates one of them
a few times (characters, tokens, card numbers the game lacks, names, whole
lines, the front matter, bytes that are not UTF-8) and replays the file at
both levels, as `publish replay` does.  Derandomized: case ``k`` is the same
every run.  ``make test`` runs ``CASES`` of them; the long run (``pytest -m
long``) runs ``LONG_CASES`` and prints what it tried, how many raised, and the
slowest log.
"""

from __future__ import annotations

import random
import time
import traceback
from functools import cache
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO
from publish.games.agencia.cards import card_infos
from publish.games.agencia.diario.files import read_log, replay
from publish.games.agencia.diario.record import log_of
from publish.games.agencia.diario.write import write
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of
from publish.model.load import load_game

CASES = 200
LONG_CASES = 10_000
PIECES = ["(", ")", "[", "]", ",", ".", "+", "-", ">", "=", "@", ":", ";", "\n", " ", "m", "Q",
          "F", "X(", "R(", "CN(", "J7(", "PART2(", "CONQ(", "ID(", "+c", "-c", "Zeca", "é", "\t",
          "\x00", "\u202e", "１６５"]
NUMBERS = ["0", "1", "224", "999", "000", "062", "1" * 30, "5000", "12"]
NAMES = ["Ana", "Bia", "Zeca", "Lia", "Rui", "Tom", "Nina", "V", "X", "m", "c", "J3", "PART"]
FRONT = ["edition: 9.9\n", "decks: 5\n", "decks: [nope]\n", "edition: [\n", "decks: &a [a]\n",
         "mode: {x: *a}\n", "edition: 4.190617\n", "decks: [principal, social]\n"]


@cache
def game():
    loaded, problems = load_game(REPO, "agencia")
    assert loaded is not None, problems
    return loaded


@cache
def corpus() -> tuple[str, ...]:
    texts = [(FIXTURES / "diario" / name).read_text(encoding="utf-8") for name in (
        "compendio-4.190617.txt", "ours-3-jogadores-4.190617.txt",
        "ours-6-jogadores-4.190617.txt")]
    texts = ["---\nedition: 4.190617\n---\n" + text for text in texts]
    for plan in (Plan(REPO, games=1, players=(3, 3), seed=7),
                 Plan(REPO, games=1, players=(5, 5), bourdieu=True, seed=8,
                      decks=("principal", "historico", "teorico", "estrategico", "social"))):
        infos, deck = infos_of(plan)
        decks = ", ".join(plan.decks)
        texts.append(f"---\nedition: 2.180423\ndecks: [{decks}]\n---\n"
                     + write(log_of(play(plan, 0, infos, deck))))
    return tuple(texts)


def mutated(case: int) -> bytes:
    """Case ``case``: one text of the corpus, mutated 1 to 4 times."""
    rng = random.Random(case)
    text = rng.choice(corpus())
    for _ in range(rng.randint(1, 4)):
        text = rng.choice(_MUTATIONS)(rng, text)
    data = text.encode("utf-8")
    if rng.random() < 0.02:  # a byte that is not UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + b"\xff" + data[at:]
    return data


def _char(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    cut = rng.choice([0, 1, 1, 2])
    return text[:at] + rng.choice(["", *PIECES]) + text[at + cut:]


def _token(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    start = at
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    end = at
    while end < len(text) and text[end].isalnum():
        end += 1
    word = text[start:end]
    new = rng.choice(NUMBERS) if word.isdigit() else rng.choice(NAMES)
    if word.isdigit() and rng.random() < 0.5:
        new = str(rng.randrange(1000)).zfill(len(word))
    return text[:start] + new + text[end:]


def _lines(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.choice(["drop", "double", "swap"])
    if kind == "drop":
        del lines[i]
    elif kind == "double":
        lines.insert(i, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _front(rng: random.Random, text: str) -> str:
    return text.replace("---\n", "---\n" + rng.choice(FRONT), 1)


_MUTATIONS = [_char, _char, _token, _token, _token, _lines, _front]


def replay_case(case: int, folder: Path) -> tuple[float, str | None]:
    """(seconds, the traceback if it raised) of one case, with every finding located."""
    path = folder / f"case{case}.txt"
    data = mutated(case)
    path.write_bytes(data)
    start = time.perf_counter()
    try:
        found = replay(read_log(path), game(), card_infos(game()))
    except Exception:  # the very thing counted: any exception is a bug
        return time.perf_counter() - start, traceback.format_exc()
    seconds = time.perf_counter() - start
    lines = data.decode("utf-8", "replace").split("\n")
    for f in found:
        assert f.path == str(path), f
        assert 1 <= f.line <= len(lines), (case, str(f))
        assert 1 <= f.col <= len(lines[f.line - 1]) + 1, (case, str(f))
    return seconds, None


def test_mutated_logs_never_raise_and_every_finding_is_located(tmp_path):
    for case in range(CASES):
        _, raised = replay_case(case, tmp_path)
        assert raised is None, f"case {case}:\n{raised}"


@pytest.mark.long
def test_long_run_of_mutated_logs(tmp_path):
    slowest, tracebacks = (0.0, -1), []
    for case in range(LONG_CASES):
        seconds, raised = replay_case(case, tmp_path)
        slowest = max(slowest, (seconds, case))
        if raised:
            tracebacks.append((case, raised))
        (tmp_path / f"case{case}.txt").unlink()
    print(f"\n{LONG_CASES} mutated logs replayed; {len(tracebacks)} raised; slowest "
          f"{slowest[0]:.2f} s (case {slowest[1]})")
    assert not tracebacks, tracebacks[:3]
