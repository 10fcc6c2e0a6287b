"""The probe's inputs whose size explodes (issue 46, finding 5), made small, and a way to run
a command on them measuring its wall time and peak memory.

Each maker writes the input whole (the probe's case, for the runs behind the ``fuzz``
marker) or in a bounded form that trips the same limit in a fraction of the time (for
`make test`).
"""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

SECONDS = 30.0
"""What the issue allows any of these inputs: a located message within 30 s..."""
PEAK_MB = 1024.0
"""...and under 1 GB of memory."""


def write_png(path: Path, width: int, height: int, whole: bool = False) -> int:
    """A black PNG of ``width`` x ``height`` pixels, one bit each: whole, every row compressed
    (30,000 x 30,000 px make 110 KB), else only its header and one row (a file that says its
    size as the bomb does, for a check that must not read further).  Its size in bytes."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = bytes(1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    rows = b"".join(packer.compress(row) for _ in range(height if whole else 1))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0,
                                                               0, 0, 0))
            + chunk(b"IDAT", rows + packer.flush()) + chunk(b"IEND", b""))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


@dataclass(frozen=True)
class Measured:
    """A command's run: exit status (None: killed at the time-out), output, wall time, peak
    resident memory of it and the workers it waited for."""

    status: int | None
    output: str
    seconds: float
    peak_mb: float


def measured(args: list[str], timeout: float = 4 * SECONDS) -> Measured:
    """``python -m publish *args`` in a process of its own, killed (with its process group)
    past ``timeout``; the peak is the kernel's (wait4: the largest resident set of the
    process and of the workers it waited for)."""
    out = subprocess.Popen([sys.executable, "-m", "publish", *args], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, start_new_session=True)
    start = time.monotonic()
    chunks: list[bytes] = []
    os.set_blocking(out.stdout.fileno(), False)  # type: ignore[union-attr]
    status: int | None = None
    while True:
        chunks.append(out.stdout.read() or b"")  # type: ignore[union-attr]
        done, code, usage = os.wait4(out.pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            break
        if time.monotonic() - start > timeout:
            os.killpg(out.pid, signal.SIGKILL)
            _, _, usage = os.wait4(out.pid, 0)
            break
        time.sleep(0.05)
    seconds = time.monotonic() - start
    os.set_blocking(out.stdout.fileno(), True)  # type: ignore[union-attr]
    chunks.append(out.stdout.read())  # type: ignore[union-attr]
    out.returncode = status if status is not None else -9
    return Measured(status, b"".join(chunks).decode("utf-8", "replace"), seconds,
                    usage.ru_maxrss / 1024)


def use_bomb(levels: int = 10, fanout: int = 10) -> str:
    """The probe's SVG: each group uses the one before ``fanout`` times, so the drawing draws
    ``fanout ** (levels - 1)`` rectangles from a file of about 2 KB (its groups on lines 4 to
    ``levels + 2``)."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">', "<defs>",
             '<rect id="a0" width="1" height="1" fill="#123"/>']
    parts += [f'<g id="a{i}">' + "".join(f'<use href="#a{i - 1}" x="{j}"/>'
                                         for j in range(fanout)) + "</g>"
              for i in range(1, levels)]
    return "\n".join([*parts, "</defs>", f'<use href="#a{levels - 1}"/>', "</svg>"]) + "\n"


def write_po(path: Path, entries: int) -> int:
    """A PO catalog of ``entries`` card names (the probe's: a million, 69 MB); its size."""
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    body = "".join(f'msgctxt "card {i:07d} name"\nmsgid "Name {i}"\nmsgstr "Nom {i}"\n\n'
                   for i in range(entries))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + body, encoding="utf-8")
    return path.stat().st_size


EMPHASIS = "*a **b *c "
"""The probe's pathological emphasis: three delimiters in ten characters, each a token."""


def write_chapter(path: Path, body: str, title: str = "Extra") -> None:
    """A rules chapter: a heading, then ``body``."""
    path.write_text(f"# {title}\n\n{body}\n", encoding="utf-8")
