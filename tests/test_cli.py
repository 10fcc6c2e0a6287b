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
