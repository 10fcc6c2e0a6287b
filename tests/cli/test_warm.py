"""The warm preview server: the second preview is answered by the process the first started,
sees every edit, runs nothing but previews, and ends when idle."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from publish.cli.warm import address, folder, wanted

BIN = Path(sys.executable).parent / "publish"


@pytest.fixture
def private(tmp_path, monkeypatch) -> Path:
    place = tmp_path / "run"
    monkeypatch.setenv("PUBLISH_PREVIEW_DIR", str(place))
    monkeypatch.setenv("PUBLISH_PREVIEW_IDLE", "60")
    yield place
    lock = address(place).with_suffix(".lock")
    if lock.is_file() and lock.read_text().strip():
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(lock.read_text()), 15)


def preview(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN), "preview", "--project", str(project), "--game", "demo",
                           *args], capture_output=True, text=True, cwd=project, timeout=120)


def served(place: Path) -> int:
    """The pid of the server listening in ``place``."""
    return int(address(place).with_suffix(".lock").read_text())


def test_previews_after_the_first_are_answered_by_the_server_and_see_every_edit(demo_docs,
                                                                                private):
    first = preview(demo_docs, "001")
    assert first.returncode == 0, first.stderr
    assert first.stdout == "build/demo/pt-BR/preview/001.png\n"
    pid = served(private)
    png = demo_docs / first.stdout.strip()
    before = png.read_bytes()
    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("Primeira", "Outra", 1),
                    encoding="utf-8")
    second = preview(demo_docs, "001")
    assert (second.returncode, second.stdout) == (0, first.stdout)
    assert served(private) == pid  # the same process answered
    assert png.read_bytes() != before


def test_errors_come_back_with_their_status(demo_docs, private):
    assert preview(demo_docs, "001").returncode == 0
    missing = preview(demo_docs, "999")
    assert missing.returncode == 1
    assert "no card numbered or named '999'" in missing.stderr
    usage = preview(demo_docs, "001", "--dpi", "5")
    assert usage.returncode == 2
    assert "Invalid value for '--dpi'" in usage.stderr


def test_the_server_runs_previews_only(demo_docs, private):
    assert preview(demo_docs, "001").returncode == 0
    with socket.socket(socket.AF_UNIX) as client:
        client.connect(str(address(private)))
        client.sendall(json.dumps({"argv": ["build", "--force"], "cwd": str(demo_docs)}).encode())
        client.shutdown(socket.SHUT_WR)
        reply = json.loads(b"".join(iter(lambda: client.recv(65536), b"")))
    assert reply["status"] == 2
    assert "runs `publish preview` only" in reply["err"]
    assert not (demo_docs / "build" / "demo" / "pt-BR" / "deck-alpha.pdf").exists()


def test_the_server_ends_when_idle(demo_docs, private, monkeypatch):
    monkeypatch.setenv("PUBLISH_PREVIEW_IDLE", "1")
    assert preview(demo_docs, "001").returncode == 0
    pid = served(private)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.2)
    assert not address(private).exists()
    assert preview(demo_docs, "001").returncode == 0  # a new one starts
    assert served(private) != pid


def test_the_folder_must_be_private(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setenv("PUBLISH_PREVIEW_DIR", str(shared))
    assert folder() is None  # then previews run in their own process


def test_what_the_server_is_asked_for():
    assert wanted(["preview", "001"])
    assert not wanted(["preview", "001", "--in-process"])
    assert not wanted(["preview", "--help"])
    assert not wanted(["build"])
