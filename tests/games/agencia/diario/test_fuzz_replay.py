"""Property tests of the replay: mutated logs give located findings, never a crash.

A simulated game's log and the compendium's example are mutated token by
token (a count, a card number, a name, an event dropped or doubled); whatever
still parses is replayed at both levels and every finding must point inside
the text.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from publish.games.agencia.diario.bookkeeping import check_bookkeeping
from publish.games.agencia.diario.parse import parse
from publish.games.agencia.diario.record import log_of
from publish.games.agencia.diario.replay_effects import check_effects
from publish.games.agencia.diario.write import write
from publish.games.agencia.simulate import Plan, play
from publish.games.agencia.simulate import _infos as infos_of

PLAN = Plan(REPO, games=2, players=(4, 4), bourdieu=True, seed=41)
INFOS, DECK = infos_of(PLAN)
GAME = write(log_of(play(PLAN, 0, INFOS, DECK)))
COMPENDIUM = (Path(__file__).parents[3] / "fixtures" / "diario"
              / "compendio-4.190617.txt").read_text(encoding="utf-8")
TOKEN = re.compile(r"\d+|[^\W\d_]+")
FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def _mutate(text: str, data: st.DataObject) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["token", "drop", "double"]))
        i = data.draw(st.integers(0, max(0, len(lines) - 2)))
        if kind == "drop" and len(lines) > 3:
            del lines[i]
        elif kind == "double":
            lines.insert(i, lines[i])
        else:
            found = list(TOKEN.finditer(lines[i]))
            if not found:
                continue
            m = data.draw(st.sampled_from(found))
            if m.group().isdigit():
                new = data.draw(st.sampled_from(
                    [str(int(m.group()) + 1), "0", "999", m.group().zfill(3), "062"]))
            else:
                new = data.draw(st.sampled_from(["Ana", "Bia", "Zeca", "Caio", "Eva"]))
            lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    return "\n".join(lines)


def _located(findings: list, text: str) -> None:
    lines = text.split("\n")
    for finding in findings:
        assert 1 <= finding.line <= len(lines), finding
        assert 1 <= finding.col <= len(lines[finding.line - 1]) + 1, finding
        assert finding.why and finding.expected and finding.declared


@FUZZ
@given(st.data())
def test_mutated_simulated_logs_give_located_findings(data):
    text = _mutate(GAME, data)
    log, errors = parse(text, "mutated.txt")
    if errors:
        return
    _located(check_bookkeeping(log, "2.180423", INFOS), text)
    _located(check_effects(log, INFOS, len(DECK)), text)


@FUZZ
@given(st.data())
def test_mutated_compendium_gives_located_findings(data):
    text = _mutate(COMPENDIUM, data)
    log, errors = parse(text, "compendio.txt")
    if errors:
        return
    _located(check_bookkeeping(log, "4.190617"), text)
