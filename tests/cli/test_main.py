import shutil
import subprocess
import sys

from conftest import REPO, run


def test_python_dash_m_runs_the_cli():
    done = subprocess.run([sys.executable, "-m", "publish", "--version"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.startswith("publish, version ")


def test_default_game_comes_from_pyproject():
    done = subprocess.run([sys.executable, "-m", "publish", "check"], cwd=REPO / "cards",
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("agencia: ")


def test_outside_a_project_says_what_to_do(tmp_path):
    done = subprocess.run([sys.executable, "-m", "publish", "check"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "no cards/ folder here or above" in done.stderr


def test_a_missing_template_fails_the_check_with_what_to_add(demo_docs):
    shutil.rmtree(demo_docs / "templates" / "demo")
    result = run("build", "decks", "--project", str(demo_docs), "--game", "demo")
    assert result.exit_code == 1
    assert ("templates/demo: no cards.html.j2 for the cards' faces and backs: create "
            "templates/demo/cards.html.j2") in result.output


def test_control_characters_from_a_file_are_printed_as_escapes(demo):
    chapter = demo / "cards" / "demo" / "rules" / "pt-BR" / "01-regras.md"
    with chapter.open("a", encoding="utf-8") as out:
        out.write("\n{card \x1b]0;owned\x07\u202eX}\n")
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 1
    assert not {"\x1b", "\x07", "\u202e"} & set(result.output), result.output
    assert "01-regras.md:39:1: {card \\x1b]0;owned\\x07\\u202eX}: no card has this name" \
        in result.output


def test_an_unexpected_exception_quoting_a_control_character_is_said_safely(demo, monkeypatch,
                                                                           tmp_path):
    def broken(*_args: object) -> None:
        raise RuntimeError("\x1b[2J\u202e")

    monkeypatch.setattr("publish.checks.phases.check_game", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)
    result = run("check", "--project", str(demo), "--game", "demo")
    assert result.exit_code == 2
    assert "internal error (RuntimeError: \\x1b[2J\\u202e)" in result.output
