import os
import platform
import sys

from conftest import REPO
from publish.app.bench import _all_decks_html, interpreter


def test_bench_renders_the_same_cards_as_the_build(tmp_path):
    path, faces = _all_decks_html(REPO, "agencia", tmp_path)
    html = path.read_text(encoding="utf-8")
    # every copy of every card, as our build lays them out, in one document
    assert html.count('class="trim" id="card-') == 250 == faces
    assert 'id="card-250"' in html and 'id="card-251"' not in html


def test_the_bench_names_the_python_it_ran_on():
    python = interpreter()
    assert python["version"] == platform.python_version()
    assert python["executable"] == os.path.realpath(sys.executable)
    assert python["implementation"] == platform.python_implementation()
