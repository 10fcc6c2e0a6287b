"""docs/agencia-rules-audit.md holds: every line it cites says its clause, every test exists.

Each row of the audit vouches that the lines it cites (chapters, summaries, examples,
card notes) state its clause, in both editions, and that the engine does it; its test
column names the tests that hold both.  ``test_the_lines_say_the_clause[ID]`` is the
chapter half: the words ``audit_clauses.CLAUSES`` gives for the row must stand within the
lines the row cites, in Portuguese, and in the English translation of those lines.  A
line that changes meaning loses its words; a line that moves leaves the cited range; a
row that cites a file its entry does not know, or names a test that does not exist,
fails here too.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from audit_clauses import CLAUSES
from babel.messages.pofile import read_po

from conftest import REPO

AUDIT = REPO / "docs" / "agencia-rules-audit.md"
GAME = REPO / "cards" / "agencia"
LOCALE = GAME / "locale" / "en" / "LC_MESSAGES"
AGENCIA_TESTS = "tests/games/agencia/"
SHORT = {  # the audit's abbreviations of test modules (its header says which)
    "tc": "test_engine_crises.py", "tf": "test_engine_field.py", "tn": "test_engine_naturals.py",
    "ta": "test_engine_actions.py", "ts": "test_engine_selectors.py", "tsim": "test_simulate.py",
    "tp": "test_engine_partidas.py", "tt": "test_engine_turnos.py", "tra": "test_rules_audit.py",
}
ROW = re.compile(r"^\| (?P<id>[A-Z]\d+) \|(?P<cells>.*)\|\s*$")
CITE = re.compile(r"(?P<file>(?:examples/|summaries/)?[\w-]+\.md):(?P<a>\d+)(?:-(?P<b>\d+))?"
                  r"|note (?P<note>\d{3})")
TEST = re.compile(r"`(?P<module>[\w/.]+?)::(?P<name>test_\w+)(?:\[(?P<param>[^\]]+)\])?`")


@dataclass(frozen=True)
class Row:
    """One row of the audit: its id and its columns as written."""

    id: str
    clause: str
    chapters: str
    engine: str
    tests: str


@cache
def rows() -> dict[str, Row]:
    found = {}
    for line in AUDIT.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            cells = [c.strip() for c in match["cells"].split(" | ")]
            assert len(cells) == 4, line
            assert match["id"] not in found, f"row {match['id']} twice"
            found[match["id"]] = Row(match["id"], *cells)
    return found


def citations(row: Row) -> dict[str, list[tuple[int, int]]]:
    """The files a row cites (a chapter, ``summaries/...``, ``examples/...``, ``note NNN``),
    each with its line ranges (none for a note)."""
    cited: dict[str, list[tuple[int, int]]] = {}
    for m in CITE.finditer(row.chapters):
        if m["note"]:
            cited.setdefault(f"note {m['note']}", [])
        else:
            a = int(m["a"])
            cited.setdefault(m["file"], []).append((a, int(m["b"] or a)))
    return cited


def squash(text: str) -> str:
    return " ".join(text.split())


def source(name: str) -> Path:
    return GAME / name if name.startswith("examples/") else GAME / "rules" / "pt-BR" / name


def lines_of(name: str, ranges: list[tuple[int, int]]) -> str:
    lines = source(name).read_text(encoding="utf-8").splitlines()
    return squash(" ".join(" ".join(lines[a - 1:b]) for a, b in ranges))


@cache
def translations(catalog: str) -> dict[str, list[tuple[int, str, str]]]:
    """file -> (line where the message starts, source, translation), in line order."""
    with open(LOCALE / f"{catalog}.po", "rb") as handle:
        messages = read_po(handle)
    found: dict[str, list[tuple[int, str, str]]] = {}
    for message in messages:
        for path, line in message.locations:
            found.setdefault(path, []).append((line or 0, message.id, message.string))
    return {path: sorted(entries) for path, entries in found.items()}


def english_of(name: str, ranges: list[tuple[int, int]]) -> str:
    """The English of the messages that the cited lines are part of."""
    entries = translations("rules")["rules/pt-BR/" + name if not name.startswith("examples/")
                                    else name]
    starts = [*sorted({line for line, _, _ in entries}), 10**9]
    ends = dict(pairwise(starts))  # a message runs to the line where the next one starts
    return squash(" ".join(english for line, _, english in entries
                           if any(line <= b and a < ends[line] for a, b in ranges)))


@cache
def notes() -> dict[str, tuple[str, str]]:
    """Card number -> (its note, the note's translation)."""
    with open(LOCALE / "cards.po", "rb") as handle:
        messages = read_po(handle)
    return {m.context.split()[1]: (m.id, m.string) for m in messages
            if m.context and m.context.endswith(" notes")}


@pytest.mark.parametrize("row_id", sorted(CLAUSES))
def test_the_lines_say_the_clause(row_id: str) -> None:
    row = rows().get(row_id)
    assert row is not None, f"{row_id}: no such row in the audit"
    cited = citations(row)
    assert set(cited) == {name for name, _, _ in CLAUSES[row_id]}, row_id
    for name, portuguese, english in CLAUSES[row_id]:
        if name.startswith("note "):
            text, translated = (squash(t) for t in notes()[name.split()[1]])
        else:
            text, translated = lines_of(name, cited[name]), english_of(name, cited[name])
        for phrase in portuguese:
            assert squash(phrase) in text, f"{row_id}: {name} {cited[name]}: {phrase!r}"
        for phrase in english:
            assert squash(phrase) in translated, f"{row_id}: {name} (en): {phrase!r}"


def test_every_row_that_cites_lines_names_the_test_of_its_clause() -> None:
    unheld = [row.id for row in rows().values() if citations(row) and (
        f"`tra::test_the_lines_say_the_clause[{row.id}]`" not in row.tests
        or row.id not in CLAUSES)]
    assert unheld == []


@cache
def functions(module: str) -> frozenset[str]:
    tree = ast.parse((REPO / module).read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef))


def test_every_test_the_audit_names_exists() -> None:
    named, missing = 0, []
    for row in rows().values():
        for m in TEST.finditer(row.tests):
            module = AGENCIA_TESTS + SHORT[m["module"]] if m["module"] in SHORT else m["module"]
            if not (REPO / module).is_file() or m["name"] not in functions(module) or (
                    m["name"] == "test_the_lines_say_the_clause" and m["param"] != row.id):
                missing.append(f"{row.id}: {m[0]}")
            named += 1
    assert missing == []
    assert named > len(rows())


def test_a_row_the_engine_implements_names_an_engine_test() -> None:
    """The lines are held above; what the engine does needs a test of its outcome.  A row
    whose engine column says ``none`` (table talk, or a case that cannot arise, with the
    reason) or ``data`` (held by the data tests) names none."""
    unheld = [row.id for row in rows().values()
              if not row.engine.startswith(("none", "data", "see "))
              and not any(m["module"] != "tra" for m in TEST.finditer(row.tests))]
    assert unheld == []
