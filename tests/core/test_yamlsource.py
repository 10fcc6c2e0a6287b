from pathlib import Path

import pytest

from publish.core import sourcetext, yamlsource
from publish.core.problems import ProblemsFound
from publish.core.yamlsource import MAX_CHARS, MAX_DEPTH, load_front_matter, load_yaml


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_values_keep_their_line_and_column(tmp_path):
    data, where = load_yaml(write(tmp_path, "a: 1\nlist:\n  - name: x\n    more: y\n"))
    assert data == {"a": 1, "list": [{"name": "x", "more": "y"}]}
    more = where.locate(("list", 0, "more"))
    assert (more.line, more.col) == (4, 11)
    assert where.locate(("list", 0, "more"), key=True).col == 5
    # an unknown path falls back to its nearest parent
    assert where.locate(("list", 0, "nothing")).line == 3


def test_leading_zero_numbers_stay_identifiers(tmp_path):
    data, _ = load_yaml(write(tmp_path, "a: 007\nb: 010\nc: 12\nd: '001'\n"))
    assert data == {"a": "007", "b": "010", "c": 12, "d": "001"}


@pytest.mark.parametrize(("value", "tag"), [
    # the first two run the command under yaml.unsafe_load
    ("!!python/object/apply:os.system ['touch {pwned}']", "!!python/object/apply:os.system"),
    ("!!python/object/new:os.system ['touch {pwned}']", "!!python/object/new:os.system"),
    ("!!python/object:subprocess.Popen {{args: [touch, '{pwned}']}}",
     "!!python/object:subprocess.Popen"),
    ("!!python/name:os.system", "!!python/name:os.system"),
    ("!!python/module:os", "!!python/module:os"),
])
def test_python_tags_are_refused_not_executed(tmp_path, value, tag):
    pwned = tmp_path / "pwned"
    with pytest.raises(ProblemsFound) as info:
        load_yaml(write(tmp_path, "a: " + value.format(pwned=pwned) + "\n"))
    (problem,) = info.value.problems
    assert str(problem).endswith(
        f"x.yaml:1:4: tag '{tag}' is not allowed: sources hold plain "
        "text, numbers, lists and mappings only (nothing is executed)"
    )
    assert not pwned.exists()


def test_aliases_are_refused_so_a_small_file_cannot_expand_into_billions(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    with pytest.raises(ProblemsFound) as info:  # 10**10 values if expanded
        load_yaml(write(tmp_path, "\n".join(lines) + "\n"))
    problems = [str(p) for p in info.value.problems]
    assert len(problems) == 10  # once per anchor, at the anchored value; not per alias
    assert problems[0].endswith(
        "x.yaml:1:5: anchor '&a0': anchors and aliases ('&'/'*') are not supported (they can "
        "multiply a small file into billions of values): write the value out where it is used")


def test_duplicate_keys_are_an_error(tmp_path):
    with pytest.raises(ProblemsFound) as info:
        load_yaml(write(tmp_path, "name: a\nkind: b\nname: c\n"))
    (problem,) = info.value.problems
    assert (problem.location.line, problem.location.col) == (3, 1)
    assert "duplicate key 'name' (first at line 1)" in problem.message


def test_syntax_error_points_at_the_place(tmp_path):
    with pytest.raises(ProblemsFound) as info:
        load_yaml(write(tmp_path, "a:\n  - [1, 2\n  - 3\n"))
    (problem,) = info.value.problems
    # the parser notices at the end of the file (its last character, not the line after
    # it); the message names where the list began
    assert (problem.location.line, problem.location.col) == (3, 6)
    assert "YAML syntax error" in problem.message
    assert "starts at line 2, column 5" in problem.message


def test_unreadable_file_is_a_problem(tmp_path):
    with pytest.raises(ProblemsFound) as info:
        load_yaml(tmp_path / "missing.yaml")
    assert "cannot read the file" in info.value.problems[0].message


# Limits and places: no input crashes the reader, and every message points inside the file.


def problem_of(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "x.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(ProblemsFound) as info:
        load_yaml(path)
    (problem,) = info.value.problems[:1]
    return str(problem).removeprefix(f"{path}:")


def test_nesting_deeper_than_the_limit_stops_at_its_place_without_recursion(tmp_path):
    # 100,000 '[' crashed the interpreter (the C composer recurses); read without recursion,
    # the reading stops at the first level past the limit
    said = problem_of(tmp_path, "a: " + "[" * 100_000 + "\n")
    assert said.startswith(f"1:{4 + MAX_DEPTH - 1}: lists and mappings nested more than "
                           f"{MAX_DEPTH} deep")
    deep = "".join(" " * i + "- \n" for i in range(0, 2 * (MAX_DEPTH + 5), 2))
    assert "nested more than" in problem_of(tmp_path, deep)


def test_a_value_over_the_length_limit_is_refused_at_its_place(tmp_path):
    said = problem_of(tmp_path, "a: 1\nname: " + "x" * (MAX_CHARS + 1) + "\n")
    assert said.startswith(f"2:7: a value of {MAX_CHARS + 1:,} characters, over the limit")


def test_a_file_over_the_size_limit_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(sourcetext, "MAX_BYTES", 100)
    said = problem_of(tmp_path, "a: " + "x" * 200 + "\n")
    assert said.startswith("1:1: the file is 204 bytes, over the limit of 100")


def test_too_many_values_stop_the_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlsource, "MAX_VALUES", 10)
    said = problem_of(tmp_path, "a: [" + ", ".join("1" * 20) + "]\n")
    assert said.startswith("1:") and "more than 10 values in one file" in said


def test_bytes_that_are_not_utf8_are_located_by_line_and_column(tmp_path):
    said = problem_of(tmp_path, "a: 1\nnome: Açaí \xff\n".encode("latin-1"))
    assert said == "2:8: not UTF-8 text (byte 0xe7); save the file as UTF-8"
    said = problem_of(tmp_path, "a: 1\nnome: Açaí ".encode() + b"\xff\n")
    assert said.startswith("2:12: not UTF-8 text (byte 0xff)")


@pytest.mark.parametrize(("text", "place", "code"), [
    ("a: 1\nb: x\x01y\n", "2:5", "U+0001"),
    ("a: é\nb: ééé\x7f\n", "2:7", "U+007F"),
    ("a: 1\nb: \ufffe\n", "2:4", "U+FFFE"),
])
def test_control_characters_are_named_at_their_line_and_column(tmp_path, text, place, code):
    said = problem_of(tmp_path, text)
    assert said.startswith(f"{place}: invisible character {code}")


@pytest.mark.parametrize("text", ["a: [1, 2\n", "a: \"open\n", "a:\n  - [1\n\n\n", "a: {b: 1",
                                  "- a\nb: c\n", "a: 1\n  b: 2\n", "a: 'x\n\n"])
def test_a_syntax_error_is_never_placed_past_the_last_line(tmp_path, text):
    said = problem_of(tmp_path, text)
    line, col = (int(n) for n in said.split(":")[:2])
    lines = text.split("\n")
    last = len(lines) - 1 if text.endswith("\n") else len(lines)
    assert 1 <= line <= last and 1 <= col <= len(lines[line - 1]) + 1, said


def test_line_separators_do_not_shift_the_lines_editors_show(tmp_path):
    # YAML counts U+2028 as a line break; editors and the messages count '\n' only
    said = problem_of(tmp_path, "a: x\u2028y\nb: [1\n")
    assert said.startswith("2:"), said


def test_a_second_document_is_refused(tmp_path):
    said = problem_of(tmp_path, "a: 1\n---\nb: 2\n")
    assert said.startswith("2:1: a second document ('---') starts here")


def test_a_number_too_long_to_convert_is_a_problem_not_a_crash(tmp_path):
    said = problem_of(tmp_path, "a: " + "9" * 5000 + "\n")
    assert said.startswith("1:4: '9999") and "quote it to keep it as text" in said


def test_keys_that_are_lists_or_aliases_are_refused_and_reading_goes_on(tmp_path):
    with pytest.raises(ProblemsFound) as info:
        load_yaml(write(tmp_path, "? [a, b]\n: 1\nc: *nowhere\nd: [e, {f: g}]\nd: 2\n"))
    said = [str(p).split("x.yaml:")[1] for p in info.value.problems]
    assert said[0] == "1:3: a key must be plain text"
    assert said[1].startswith("3:4: alias '*nowhere': anchors and aliases")
    assert said[2] == "5:1: duplicate key 'd' (first at line 4); remove one of them"


def test_front_matter_reads_as_a_source_with_its_lines_counted_in_the_file(tmp_path):
    path = tmp_path / "x.md"
    data, where = load_front_matter(path, "title: T\ndecks: [a]\n", 2)
    assert data == {"title": "T", "decks": ["a"]}
    assert (where.locate(("decks", 0)).line, where.locate(("decks", 0)).col) == (3, 9)
    chain = "a: &a [x, x]\nb: &b [*a, *a]\n"
    with pytest.raises(ProblemsFound) as info:  # the 9-line chain took 5.5 GB before
        load_front_matter(path, chain, 2)
    assert str(info.value.problems[0]).startswith(f"{path}:2:4: anchor '&a'")
    with pytest.raises(ProblemsFound, match="must be a mapping"):
        load_front_matter(path, "- a\n", 2)
