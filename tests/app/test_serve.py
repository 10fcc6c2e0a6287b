"""`publish serve`'s server: the build folder on 127.0.0.1, pages that reload themselves
after a build and show a failed build's error."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from publish.app.serve import RELOAD, STATUS, BuildState, build_reporting, make_server, serving
from publish.app.watcher import rebuild_on_save


@pytest.fixture
def served(tmp_path: Path):
    folder = tmp_path / "build" / "g"
    (folder / "site" / "en").mkdir(parents=True)
    (folder / "site" / "index.html").write_text("<html><body><p>hi</p></body></html>",
                                                encoding="utf-8")
    (folder / "site" / "assets.css").write_text("p{}", encoding="utf-8")
    state = BuildState()
    server = make_server(folder, state, 0)
    serving(server)
    yield f"http://127.0.0.1:{server.server_address[1]}", state, server
    server.shutdown()
    server.server_close()


def fetch(url: str) -> tuple[int, bytes, str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.read(), answer.geturl()


def test_it_listens_on_the_loopback_address_only(served):
    _, _, server = served
    assert server.server_address[0] == "127.0.0.1"


def test_pages_come_with_the_reload_script_and_other_files_as_they_are(served):
    base, _, _ = served
    status, body, where = fetch(base + "/")
    assert status == 200 and where.endswith("/site/index.html")
    assert body == b"<html><body><p>hi</p>" + RELOAD + b"</body></html>"
    assert fetch(base + "/site/assets.css")[1] == b"p{}"
    with pytest.raises(urllib.error.HTTPError):
        fetch(base + "/site/none.html")


def test_the_status_counts_builds_and_says_the_last_error(served):
    base, state, _ = served
    assert json.loads(fetch(base + STATUS)[1]) == {"version": 0, "error": None}
    results = iter(["site.md:3: {card 9}: no card numbered 9", None])
    once = build_reporting(state, lambda: next(results))
    once()
    assert json.loads(fetch(base + STATUS)[1]) == {
        "version": 1, "error": "site.md:3: {card 9}: no card numbered 9"}
    once()
    assert json.loads(fetch(base + STATUS)[1]) == {"version": 2, "error": None}


def test_a_save_rebuilds_and_the_status_moves(tmp_path: Path):
    """The watcher of `publish watch` drives the builds: a save, one build more."""
    game = tmp_path / "cards" / "g"
    game.mkdir(parents=True)
    state, stop = BuildState(), threading.Event()
    built = threading.Event()

    def build() -> str | None:
        if state.version >= 1:
            built.set()
        return None

    watcher = threading.Thread(target=rebuild_on_save, args=(
        tmp_path, "g", build_reporting(state, build), lambda _: None, stop), daemon=True)
    watcher.start()
    for _ in range(100):
        if state.version >= 1:
            break
        threading.Event().wait(0.05)
    threading.Event().wait(0.5)  # the watcher is watching
    (game / "rules.md").write_text("# x\n", encoding="utf-8")
    assert built.wait(20)
    stop.set()
    watcher.join(10)
    assert state.version >= 2
