"""A warm process for `publish preview`, so a preview on every save takes a fraction of a second.

A new Python process spends most of a one-card preview starting up: WeasyPrint
alone parses its Pango declarations on import (about half a second here),
and the toolchain and the fonts take as long again.  So the first `publish
preview` starts a server that has done all that once, in the background, and
every preview after it is a request over a Unix socket: the command line as
typed, run in that process, its output sent back.  The game is loaded afresh
for every request, so an edit is always seen.

The server serves one user (its socket is in a folder only they can open),
runs only `publish preview`, one request at a time, and ends when the
toolchain's own files change (the next preview starts a new one) or after
``IDLE_S`` seconds with no request.  ``--in-process`` (or
``PUBLISH_PREVIEW_SERVER=off``) runs a preview without it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from publish.build.stamps import PACKAGE, file_stats
from publish.cli.crashlog import STATUS as CRASH_STATUS
from publish.cli.crashlog import crash_line
from publish.render.pdf import warm_up

IDLE_S = 900.0
"""Seconds without a request after which the server ends (PUBLISH_PREVIEW_IDLE overrides)."""

START_S = 30.0
"""How long a client waits for a new server to listen before running the preview itself."""

COMMAND = "preview"
"""The one command the server runs."""

OFF = "--in-process"


def folder() -> Path | None:
    """The user's private folder for the socket (PUBLISH_PREVIEW_DIR overrides); None if it
    cannot be made private (then no server is used)."""
    base = os.environ.get("PUBLISH_PREVIEW_DIR") or os.path.join(
        os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir(), f"publish-{os.getuid()}")
    path = Path(base)
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = path.stat()
    except OSError:
        return None
    private = info.st_uid == os.getuid() and not info.st_mode & 0o077
    return path if private else None


def address(place: Path) -> Path:
    """The socket of this installation (its Python and its package) in ``place``."""
    digest = hashlib.sha1(f"{sys.executable}\0{PACKAGE}".encode()).hexdigest()[:12]
    return place / f"preview-{digest}.sock"


def wanted(argv: list[str]) -> bool:
    """Whether ``argv`` is a preview the server may run."""
    return (bool(argv) and argv[0] == COMMAND and OFF not in argv
            and not {"--help", "-h"} & set(argv)
            and os.environ.get("PUBLISH_PREVIEW_SERVER", "on") != "off")


# the client ---------------------------------------------------------------------------------

def ask(argv: list[str], cwd: Path) -> int | None:
    """Run ``publish <argv>`` in the warm server, printing what it prints; its exit status,
    or None when no server could answer (the caller then runs the command itself)."""
    place = folder()
    if place is None:
        return None
    path = address(place)
    for _ in range(2):  # a server that finds its code changed ends: start a new one once
        reply = _request(path, argv, cwd) or (_start(path) and _request(path, argv, cwd))
        if not reply:
            return None
        if not reply.get("restart"):
            sys.stdout.write(reply.get("out", ""))
            sys.stderr.write(reply.get("err", ""))
            return int(reply.get("status", 1))
    return None


def _request(path: Path, argv: list[str], cwd: Path) -> dict | None:
    """The server's reply, or None if none is listening (or it broke off)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.connect(str(path))
            client.sendall(json.dumps({"argv": argv, "cwd": str(cwd)}).encode() + b"\n")
            client.shutdown(socket.SHUT_WR)
            data = _read_all(client)
        reply = json.loads(data)
    except (OSError, ValueError):
        return None
    return reply if isinstance(reply, dict) else None


def _start(path: Path) -> bool:
    """Start a server for ``path`` and wait until it listens."""
    log = path.with_suffix(".log")
    with open(log, "ab") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "publish.cli.warm", str(path)], stdin=subprocess.DEVNULL,
            stdout=out, stderr=out, start_new_session=True, close_fds=True)
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if server.poll() not in (None, 0):
            return False
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as probe:
            probe.connect(str(path))
            return True
        time.sleep(0.02)
    return False


# the server ---------------------------------------------------------------------------------

def serve(path: Path) -> None:
    """Listen on ``path`` until idle or out of date; one server per socket (a lock file)."""
    with open(path.with_suffix(".lock"), "a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return  # another server holds it: the client will reach that one
        lock.truncate(0)
        lock.write(f"{os.getpid()}\n")  # who to end by hand (kill), if ever needed
        lock.flush()
        from publish.cli.main import main  # the command line: what this process keeps warm

        warm_up()
        code = file_stats([PACKAGE])
        idle = float(os.environ.get("PUBLISH_PREVIEW_IDLE", IDLE_S))
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        # ended by a signal (kill, a logout): leave no socket behind
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        signal.signal(signal.SIGHUP, lambda *_: sys.exit(0))
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            listener.bind(str(path))
            listener.listen()
            listener.settimeout(idle)
            try:
                _loop(listener, main, code)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()


def _loop(listener: socket.socket, main: object, code: dict) -> None:
    """Answer requests until none comes for a while or the toolchain's files change."""
    while True:
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            return
        with connection:
            connection.settimeout(10)
            try:
                request = json.loads(_read_all(connection))
            except (OSError, ValueError):
                continue
            if file_stats([PACKAGE]) != code:
                connection.sendall(json.dumps({"restart": True}).encode())
                return
            connection.sendall(json.dumps(run(main, request)).encode())


def _read_all(connection: socket.socket) -> bytes:
    """Everything the other end sends until it shuts its side."""
    return b"".join(iter(lambda: connection.recv(65536), b""))


def run(main: object, request: dict) -> dict:
    """One command line in this process: its output, its errors and its exit status."""
    argv, cwd = request.get("argv"), request.get("cwd")
    if not isinstance(argv, list) or not argv or argv[0] != COMMAND or not isinstance(cwd, str):
        return {"err": f"the preview server runs `publish {COMMAND}` only\n", "status": 2}
    try:
        os.chdir(cwd)
    except OSError as exc:
        return {"err": f"publish preview: cannot work in {cwd}: {exc.strerror or exc}\n",
                "status": 1}
    out, err, status = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.main([str(a) for a in argv], prog_name="publish",  # type: ignore[attr-defined]
                      standalone_mode=False)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else (1 if done.code else 0)
        except Exception as exc:  # click's usage errors, and any other: said, not raised
            show = getattr(exc, "show", None)
            if callable(show):
                show(file=err)
                status = getattr(exc, "exit_code", 2)
            else:  # a bug, said as the command line says one: its traceback in a log
                err.write(crash_line(exc) + "\n")
                status = CRASH_STATUS
    return {"out": out.getvalue(), "err": err.getvalue(), "status": status}


if __name__ == "__main__":
    serve(Path(sys.argv[1]))
