"""Property tests of the diário reader: it never raises, it locates every error inside the
text, and what the writer prints reads back as the same events.

Runs are derandomized (the same examples every time) and keep no database, so the
file is quick and never flaky; raise ``EXAMPLES`` locally for a longer search.
"""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publish.games.agencia.diario import syntax as sx
from publish.games.agencia.diario.parse import POSITIONS, LogSyntaxError, parse
from publish.games.agencia.diario.write import write

FIXTURE = Path(__file__).parents[3] / "fixtures" / "diario" / "compendio-4.190617.txt"
COMPENDIUM = FIXTURE.read_text(encoding="utf-8")

EXAMPLES = 150
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def assert_well_located(text: str) -> list[LogSyntaxError]:
    """Reading never raises; errors are LogSyntaxErrors inside the text, in its order."""
    log, errors = parse(text)
    assert isinstance(log, sx.Log)
    lines = text.split("\n")
    for error in errors:
        assert isinstance(error, LogSyntaxError)
        assert isinstance(error.message, str) and error.message
        assert 1 <= error.line <= len(lines), (error.line, error.message)
        assert 1 <= error.col <= len(lines[error.line - 1]) + 1, (error.col, error.message)
    places = [(e.line, e.col) for e in errors]
    assert places == sorted(places)
    return errors


def assert_round_trip(text: str) -> None:
    """A text read without errors is written and read back to the same events."""
    log, errors = parse(text)
    if errors:
        return
    written = write(log)
    again, errors = parse(written)
    assert errors == [], (written, [(e.line, e.col, e.message) for e in errors])
    assert again.events == log.events


# ---------------------------------------------------------------- (a) random text

PIECES = [
    *"()[],.+->=@: \n\t", *"0123456789", ";", "_",
    "J1", "J12", "PART1", "PART2", "ID", "CAMPO", "CONQ", "CN", "MV", "PU",
    "X", "Q", "R", "H", "V", "F", "m", "c", "+c", "-c",
    "Ana", "Bia", "João", "Aline", "vanguarda-do-proletariado",
    "S", "NO", "NE", "012", "999", "06", "1234",
]

random_text = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=60).map("".join),
    st.text(alphabet="()[],.+->=@:\n 0123JPARTIDCONQXRHVFmcSNOLE", max_size=80),
)


@FUZZ
@given(random_text)
def test_random_text_never_raises_and_errors_are_located(text):
    assert_well_located(text)
    assert_round_trip(text)


# ---------------------------------------------------------------- (b) mutated logs

INSERTS = [*"()[],.+->=@:\n 0123456789;", "J7", "PART4", "X(", "Q", "Ana", "012", "+c. "]


@st.composite
def mutated(draw, text: str = COMPENDIUM) -> str:
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["delete", "insert", "replace", "delete-token",
                                     "swap-lines", "duplicate-line"]))
        at = draw(st.integers(0, max(len(text) - 1, 0)))
        if kind == "delete":
            text = text[:at] + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(INSERTS)) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(st.sampled_from(INSERTS)) + text[at + 1:]
        elif kind == "delete-token":
            end = at
            while end < len(text) and (text[end].isalnum() or text[end] == "-"):
                end += 1
            text = text[:at] + text[max(end, at + 1):]
        elif kind == "swap-lines":
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            i = draw(st.integers(0, len(lines) - 1))
            text = "\n".join([*lines[:i + 1], lines[i], *lines[i + 1:]])
    return text


@FUZZ
@given(mutated())
def test_mutated_logs_never_raise_and_errors_are_located(text):
    assert_well_located(text)
    assert_round_trip(text)


# ---------------------------------------------------------------- (c) generated logs

RESERVED = {"Q", "F", "m", "c"}  # a veto, the flow, a whole hand, a commitment (+c)
LETTERS = string.ascii_letters + "áâãàçéêíóôõúÁÉÍÓÚÇ"

names = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from(LETTERS),
    st.text(alphabet=LETTERS + string.digits, max_size=6),
).filter(lambda name: name not in RESERVED) | st.sampled_from(["Ana", "Bia", "João", "Aline"])
groups = st.lists(st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=8),
                  min_size=1, max_size=3).map("-".join)
cards = st.integers(0, 999).map("{:03d}".format)
counts = st.integers(0, 30)
card_lists = st.lists(cards, max_size=3).map(tuple)


def _tuple(strategy, **kw):
    return st.lists(strategy, **kw).map(tuple)


changes = st.builds(sx.Change, st.none() | names, cards, cards)
approvals = st.builds(sx.Approval, names | cards)
vetoes = st.builds(sx.Veto, _tuple(names | cards, min_size=1, max_size=2))  # Q alone: Vetoed
outcomes = approvals | st.builds(sx.Vetoed) | vetoes
positions = st.builds(sx.Position, names, st.integers(0, 9), st.integers(0, 9))
revolts = st.builds(sx.Revolt, changes, outcomes)
ideologies = st.builds(sx.Ideologies, _tuple(st.tuples(names, names), max_size=3))
hegemonies = st.builds(sx.Hegemony, names, groups)
whole_hand = st.none()  # written m

plain_consequences = st.one_of(
    st.builds(sx.Draw, names, counts, card_lists),
    st.builds(sx.Discard, names, counts, card_lists), st.builds(sx.Discard, names, whole_hand),
    st.builds(sx.Give, names, counts, names, card_lists),
    st.builds(sx.Give, names, whole_hand, names),
    st.builds(sx.Exchange, names, counts, names),
    st.builds(sx.SwapHands, names, names),
    st.builds(sx.SwapCards, cards, cards),
    changes, st.builds(sx.Flow), approvals, st.builds(sx.Vetoed), positions,
    st.builds(sx.Alliance, names, names), st.builds(sx.Breakup, names, names),
    st.builds(sx.Withdrawn, cards), st.builds(sx.Commit, st.sampled_from([1, -1])),
    revolts, ideologies, hegemonies, vetoes,
    st.builds(sx.Punishment, names, counts, card_lists),
    st.builds(sx.Victory, _tuple(names, min_size=1, max_size=3)),
)


def crises(inner):
    """X(...) in each of its shapes; CNA 3.7 allows it only inside a structure event."""
    passed = _tuple(names, max_size=2)
    return st.one_of(
        st.builds(sx.Crisis, st.none(), passed),
        st.builds(sx.Crisis, changes, passed, _tuple(inner, max_size=2)),
        st.builds(sx.Crisis, st.none(), passed,
                  st.tuples(revolts, *([inner] * 0)) | st.tuples(revolts, inner)),
    )


consequences = st.recursive(
    plain_consequences,
    lambda inner: st.one_of(
        st.builds(sx.Structure, cards, _tuple(inner | crises(inner), max_size=3)),
        st.builds(sx.Natural, cards, _tuple(inner, max_size=2)),
        st.builds(sx.Move, _tuple(inner, max_size=2)),
    ),
    max_leaves=6,
)
structures = st.builds(sx.Structure, cards,
                       _tuple(consequences | crises(consequences), max_size=4))


@st.composite
def jogadas(draw, number: int) -> list:
    hand = draw(st.none() | _tuple(cards, min_size=1, max_size=5))
    uncommitted = len(hand) if hand else draw(counts)
    held = draw(st.none() | _tuple(cards, min_size=1, max_size=2))
    committed = len(held) if held else draw(counts)
    jogada = sx.Jogada(number, draw(names), uncommitted, committed, hand, held)
    after = draw(st.lists(st.one_of(
        st.builds(sx.Commit, st.sampled_from([1, -1])),
        revolts,
        st.builds(sx.Natural, cards, _tuple(consequences, max_size=2)),
        st.builds(sx.Move, _tuple(consequences, max_size=2)),
        st.builds(sx.Veto, _tuple(names | cards | consequences, max_size=2)),
        st.builds(sx.Punishment, names, counts, card_lists),
        st.builds(sx.Victory, _tuple(names, min_size=1, max_size=3)),
        hegemonies,
    ), max_size=3))
    return [jogada, draw(structures), *after]


@st.composite
def logs(draw) -> sx.Log:
    events: list = [draw(ideologies)]
    for part in range(1, draw(st.integers(1, 2)) + 1):
        seats = draw(_tuple(st.builds(sx.Seat, names, st.sampled_from(POSITIONS), cards),
                            min_size=1, max_size=6))
        events.append(sx.Part(part, seats))
        if draw(st.booleans()):
            events.append(sx.Campo(draw(_tuple(positions, max_size=6))))
        for number in range(1, draw(st.integers(0, 4)) + 1):
            events.extend(draw(jogadas(number)))
        events.append(sx.Conquests(draw(_tuple(st.tuples(names, counts, card_lists),
                                               max_size=4))))
    return sx.Log(tuple(events))


@FUZZ
@given(logs())
def test_generated_logs_are_written_and_read_back_unchanged(log):
    written = write(log)
    again, errors = parse(written)
    assert errors == [], (written, [(e.line, e.col, e.message) for e in errors])
    assert again.events == log.events
    assert write(again) == written
