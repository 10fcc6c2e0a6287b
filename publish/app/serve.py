"""`publish serve`: the website (and the gallery) on 127.0.0.1, rebuilt on every save.

The files are served from build/<game>/ as they are on disk: nothing is
written into them for the server.  Each HTML page is sent with a small
script added before ``</body>`` that asks ``/__publish__/status`` every
second for the build's number and its last error: a new number reloads the
page, an error is shown at the top of the page (and printed in the
terminal by the build) until a build succeeds.  The builds run on the
watcher's thread (publish.app.watcher, as `publish watch`); the server
answers on its own threads, bound to the loopback address only.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
"""Only this machine can read the pages: the server is for the author, not for the world."""

STATUS = "/__publish__/status"

RELOAD = b"""<script>
(function () {
  "use strict";
  var seen = null;
  function banner(text) {
    var box = document.getElementById("publish-serve-error");
    if (!text) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("pre");
      box.id = "publish-serve-error";
      box.className = "server-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "margin:0;padding:12px 24px;background:#8c1d18;color:#fff;"
        + "white-space:pre-wrap;font:14px/1.4 monospace";
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.textContent = text;
  }
  function ask() {
    fetch("/__publish__/status", {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (s) {
        if (seen !== null && s.version !== seen && !s.error) { location.reload(); return; }
        seen = s.version;
        banner(s.error);
      }).catch(function () { /* the server stopped: try again */ })
      .then(function () { setTimeout(ask, 1000); });
  }
  ask();
})();
</script>
"""
"""Added to every page served: reloads it after each build, shows a failed build's error."""


@dataclass
class BuildState:
    """The number of the last build that ended and its error (None: it succeeded)."""

    version: int = 0
    error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def ended(self, error: str | None) -> None:
        with self.lock:
            self.version += 1
            self.error = error

    def as_json(self) -> bytes:
        with self.lock:
            return json.dumps({"version": self.version, "error": self.error}).encode("utf-8")


class Handler(SimpleHTTPRequestHandler):
    """Files of the build folder; HTML with the reload script; the build's status."""

    state: BuildState
    home: str

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == STATUS:
            self._send(200, "application/json", self.state.as_json())
            return
        if path == "/":
            self.send_response(302)
            self.send_header("Location", self.home)
            self.end_headers()
            return
        local = Path(self.translate_path(path))
        if local.is_dir():
            local = local / "index.html"
        if local.suffix == ".html" and local.is_file():
            html = local.read_bytes()
            at = html.rfind(b"</body>")
            html = html[:at] + RELOAD + html[at:] if at >= 0 else html + RELOAD
            self._send(200, "text/html; charset=utf-8", html)
            return
        super().do_GET()

    def _send(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal is for the builds."""


def make_server(folder: Path, state: BuildState, port: int, home: str = "/site/index.html"
                ) -> ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1:``port`` (0: any free port)."""
    handler = type("ServeHandler", (Handler,), {"state": state, "home": home})
    server = ThreadingHTTPServer((HOST, port), partial(handler, directory=str(folder)))
    server.daemon_threads = True
    return server


def serving(server: ThreadingHTTPServer) -> ThreadingHTTPServer:
    """``server``, answering on a thread of its own from now on."""
    threading.Thread(target=server.serve_forever, name="publish-serve", daemon=True).start()
    return server


def build_reporting(state: BuildState, build: Callable[[], str | None]) -> Callable[[], None]:
    """``build`` (which returns its error's text, or None) made to record its end in
    ``state``, so the open pages reload or show the error."""

    def once() -> None:
        state.ended(build())

    return once
