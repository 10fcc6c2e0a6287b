"""`publish watch`: rebuilds on save, prints errors and keeps watching."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

BIN = Path(sys.executable).parent / "publish"


def reader(process: subprocess.Popen) -> queue.Queue:
    """The process's output lines, read on a thread so that waiting never blocks the test."""
    lines: queue.Queue = queue.Queue()

    def pump() -> None:
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    return lines


def wait_for(output: queue.Queue, seen: list[str], text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = output.get(timeout=0.5)
        except queue.Empty:
            continue
        seen.append(line)
        if text in line:
            return
    raise AssertionError(f"no {text!r} in:\n{''.join(seen)}")


def save_until(output: queue.Queue, seen: list[str], path: Path, text: str, expect: str) -> None:
    """Save ``text``; on a loaded machine the first event can be missed, so save again."""
    for attempt in range(3):
        path.write_text(text + "\n" * attempt, encoding="utf-8")
        try:
            wait_for(output, seen, expect, timeout=20)
            return
        except AssertionError:
            continue
    raise AssertionError(f"no {expect!r} after three saves:\n{''.join(seen)}")


def test_watch_rebuilds_on_save_and_survives_a_broken_file(demo_docs):
    deck = demo_docs / "cards" / "demo" / "decks" / "alpha.yaml"
    good = deck.read_text(encoding="utf-8")
    process = subprocess.Popen(
        [str(BIN), "watch", "summaries", "--project", str(demo_docs), "--game", "demo"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    output, lines = reader(process), []
    try:
        wait_for(output, lines, "summaries (pt-BR): 1 pages (new)")
        wait_for(output, lines, "watching")
        time.sleep(1.5)  # the watcher starts listening just after it says so
        save_until(output, lines, deck, good + "  - number: [broken\n", "YAML syntax error")
        wait_for(output, lines, "build failed")
        assert process.poll() is None  # still watching
        save_until(output, lines, deck, good.replace("Primeira", "Primeiríssima"),
                   "summaries (pt-BR): 1 pages")
        assert process.poll() is None
        # only what changed, of the target named: never a forced build
        assert not [line for line in lines if "(forced)" in line or "deck-" in line], lines
    finally:
        process.terminate()
        process.wait(timeout=10)
