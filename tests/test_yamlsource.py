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


def test_python_tags_are_refused_not_executed(tmp_path):
    text = "a: !!python/object/apply:os.system ['touch pwned']\n"
    with pytest.raises(ProblemsFound) as info:
        load_yaml(write(tmp_path, text))
    (problem,) = info.value.problems
    assert str(problem).endswith(
        "x.yaml:1:4: tag '!!python/object/apply:os.system' is not allowed: sources hold plain "
        "text, numbers, lists and mappings only (nothing is executed)"
    )
    assert not (tmp_path / "pwned").exists()


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
    # the parser notices at the end of the file; the message names where the list began
    assert (problem.location.line, problem.location.col) == (4, 1)
    assert "YAML syntax error" in problem.message
    assert "starts at line 2, column 5" in problem.message


def test_unreadable_file_is_a_problem(tmp_path):
    with pytest.raises(ProblemsFound) as info:
        load_yaml(tmp_path / "missing.yaml")
    assert "cannot read file" in info.value.problems[0].message
