"""A folder served on 127.0.0.1 for a test, stopped without waiting.

``socketserver``'s ``serve_forever`` looks for a shutdown request once every ``poll_interval`` (half a second by
default) and ``shutdown()`` blocks until it does: a quarter of a second, on average, of every teardown that stops a
site. The suite stops hundreds (one a browser test, one a variant of each inner suite), so its servers look
every ``POLL_INTERVAL`` instead; an idle server then wakes a few dozen times a second, for microseconds.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

POLL_INTERVAL = 0.02  # seconds between a serving thread's looks for a shutdown request


def start(server: http.server.ThreadingHTTPServer) -> threading.Thread:
    """Serve ``server`` on a daemon thread that a ``shutdown()`` stops within ``POLL_INTERVAL``."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True)
    thread.start()
    return thread


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Static files, no request log, nothing cached by the browser."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve the files under ``folder`` on 127.0.0.1 (any free port); yields the base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    server.daemon_threads = True
    start(server)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
