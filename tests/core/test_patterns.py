"""A designer's regular expressions cannot hold up a check or a build (issue 46, finding 6;
docs/hostile-input.md): read in Python's syntax, refused when they would unroll too large,
run with a time limit, each refusal and each time-out a problem at the pattern's line."""

from __future__ import annotations

import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run
from publish.core.patterns import MATCH_SECONDS, MAX_UNROLLED, PatternTimeout, find, refusal
from publish.model import text
from publish.model.game import EmphasisRule, Typography
from publish.model.load import load_game
from publish.model.text import style_blocks, typography_problems
from publish.render.faces import face_context

BACKTRACKS = "(a+)+$"
"""The probe's pattern: a repeat inside a repeat, exponential on a run of a's that fails."""

LONG_AS = "a" * 4000 + "!"


def edit(path: Path, old: str, new: str) -> None:
    source = path.read_text(encoding="utf-8")
    assert old in source, (path, old)
    path.write_text(source.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                if needle in line)


def with_pattern(project: Path, pattern: str, card_text: str | None = LONG_AS) -> Path:
    """The moon game with its first bold rule's pattern replaced (and card 001's text)."""
    game_yaml = project / "cards" / "moon" / "game.yaml"
    edit(game_yaml, r"pattern: '\bDraws?\b'", f"pattern: '{pattern}'")
    if card_text is not None:
        edit(project / "cards" / "moon" / "decks" / "main.yaml",
             'text: "When you play the Scout, Draw 1 card."', f'text: "{card_text}"')
    return game_yaml


def test_a_pattern_that_backtracks_without_end_is_a_check_problem_at_its_line(moon):
    game_yaml = with_pattern(moon, BACKTRACKS)
    started = time.monotonic()
    try:  # a process of its own: Python's re, which cannot be stopped, ran for minutes here
        done = subprocess.run([sys.executable, "-m", "publish", "check", "--project", str(moon),
                               "--game", "moon"], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("publish check ran a minute on one pattern")
    assert time.monotonic() - started < 20
    assert done.returncode == 1, done.stdout + done.stderr
    line = line_of(game_yaml, BACKTRACKS)
    assert (f"game.yaml:{line}:31: typography.en.bold[1]: over the text of card 001 "
            f"({moon}/cards/moon/decks/main.yaml:13:11): the pattern '{BACKTRACKS}' ran over "
            f"{MATCH_SECONDS} s and was stopped") in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.parametrize("pattern, said", [
    ("((a{100}){100}){100}", "its counted repeats unroll to 1,010,100 elements, over the "
                             f"limit of {MAX_UNROLLED:,}"),
    ("(" * 1000 + "a" + ")" * 1000,
     "not a valid regular expression: its groups are nested too deep"),
    ("(a", "not a valid regular expression: missing ), unterminated subpattern"),
])
def test_a_pattern_the_engine_would_not_take_is_a_check_problem_at_its_line(moon, pattern,
                                                                             said):
    game_yaml = with_pattern(moon, pattern, card_text=None)
    result = run("check", "--project", str(moon), "--game", "moon")
    assert result.exit_code == 1, result.output
    line = line_of(game_yaml, f"pattern: '{pattern}'")
    assert f"game.yaml:{line}:31: typography.en.bold[1].pattern: Value error, {said}" \
        in result.output, result.output


@pytest.mark.parametrize("pattern, size", [("a{3}", 3), ("(?:ab){2}c", 5), ("a+", 1),
                                           ("(?:a{0,1000}){0,1000}", 1),
                                           ("(?:a{1000}b){10}", 10_020)])
def test_what_a_pattern_unrolls_to_counts_each_repeats_lower_bound(pattern, size):
    assert (refusal(pattern) is None) == (size <= MAX_UNROLLED)


def test_the_engine_reads_our_games_syntax_lookbehinds_included():
    quantity = r"(?<!row )\b[1-9][0-9]*\b"
    assert [m[0] for m in find(quantity, "Advance 2 rows, to row 3; gain 12")] == ["2", "12"]
    assert refusal(quantity) is None


def test_a_match_over_its_time_is_stopped_naming_the_text():
    started = time.monotonic()
    with pytest.raises(PatternTimeout, match=r"^card 7: the pattern '\(a\+\)\+\$' ran over"):
        find(BACKTRACKS, LONG_AS, "card 7")
    assert time.monotonic() - started < 5 * MATCH_SECONDS
    crossed = pickle.loads(pickle.dumps(PatternTimeout(BACKTRACKS, "card 7")))
    assert str(crossed) == str(PatternTimeout(BACKTRACKS, "card 7"))


def test_the_build_stops_a_rule_over_its_time_naming_the_card(moon):
    with_pattern(moon, BACKTRACKS)
    game, problems = load_game(moon, "moon")
    assert game is not None and not problems
    card = next(c for c in game.cards if c.number == "001")
    with pytest.raises(PatternTimeout, match=r"^card 001 \(.*main\.yaml:13:11\): the pattern"):
        face_context(game, card, "main", "en", {"star": "<svg/>"})
    typography = Typography(italic=[EmphasisRule(name="slow", pattern=BACKTRACKS)])
    with pytest.raises(PatternTimeout):
        style_blocks(["fine", LONG_AS], typography)


def test_the_check_gives_all_patterns_a_bounded_time(moon, monkeypatch):
    """Many cards each a little under the limit would add up: the check's own time ends it."""
    game_yaml = with_pattern(moon, r"\bDraws?\b", card_text=None)
    game, _ = load_game(moon, "moon")
    assert game is not None and typography_problems(game) == []
    monkeypatch.setattr(text, "CHECK_SECONDS", 0.0)
    [problem] = typography_problems(game)
    assert problem.location.line == line_of(game_yaml, r"\bDraws?\b")
    assert "the patterns had 0.0 s over every card's text and ran out at this one" \
        in problem.message
