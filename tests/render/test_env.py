"""The template environment: a name a template gets wrong is named with its file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from conftest import REPO, run
from publish.render.env import environment


def project_with(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "templates" / "game" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("line", "said"), [
    ("{{ card.nmae }}", "'dict object' has no attribute 'nmae' (did you mean 'name'?)"),
    ("{{ styl.bw }}", "'styl' is undefined (did you mean 'style'?)"),
    ("{{ card.group.nmae }}", "has no attribute 'nmae' (did you mean 'name'?)"),
    ("{{ card.zzzzzz }}", "'dict object' has no attribute 'zzzzzz'"),
])
def test_an_undefined_name_says_where_and_what_was_meant(tmp_path, line, said):
    project = project_with(tmp_path, {
        "cards.html.j2": "{% macro face(card, style) %}\nfirst\n" + line + "\n{% endmacro %}\n",
        "page.html.j2": "{% import 'cards.html.j2' as cards %}\n{{ cards.face(card, style) }}\n",
    })
    env = environment(project, "game")
    with pytest.raises(UndefinedError) as raised:
        env.get_template("page.html.j2").render(
            card={"name": "A", "group": {"name": "G"}}, style={"bw": False})
    message = str(raised.value)
    assert message.startswith("templates/game/cards.html.j2:3: ")
    assert message.endswith(said)
    if "zzzzzz" in line:
        assert "did you mean" not in message


def test_the_build_prints_the_templates_file_and_line(tmp_path):
    project = tmp_path / "project"
    (project / "cards").mkdir(parents=True)
    shutil.copytree(REPO / "templates" / "_common", project / "templates" / "_common")
    shutil.copytree(REPO / "fonts", project / "fonts")
    assert run("new", "comet", "--layout", "text", "--project", str(project)).exit_code == 0
    faces = project / "templates" / "comet" / "cards.html.j2"
    rows = faces.read_text(encoding="utf-8").splitlines()
    line = next(i for i, row in enumerate(rows, 1) if "{{ card.name }}" in row)
    rows[line - 1] = rows[line - 1].replace("{{ card.name }}", "{{ card.nmae }}")
    faces.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = run("build", "decks", "--project", str(project), "--game", "comet")
    assert result.exit_code == 1
    assert (f"templates/comet/cards.html.j2:{line}: 'dict object' has no attribute 'nmae' "
            "(did you mean 'name'?)") in result.output
