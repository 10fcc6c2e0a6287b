from pathlib import Path

import pytest

from publish.problems import ProblemsFound
from publish.yamlsource import load_yaml


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
