"""The HTTP side of ``FakeAnthropic``: a threaded server on 127.0.0.1 that hands each request to the fake.

Only ``POST /v1/messages`` is answered (by the ``answer`` callable); every other route is a
404 and a body that is not a JSON object is a 400, as the real API answers them. Keep-alive
connections are tracked so that stopping the server ends their handler threads promptly.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

__all__ = ["MESSAGES_PATH", "LoopbackServer", "Reply", "error_reply"]

MESSAGES_PATH = "/v1/messages"

JSONDict = dict[str, Any]


@dataclass
class Reply:
    """One HTTP answer: status, JSON body and extra headers."""

    status: int
    body: JSONDict
    headers: dict[str, str]


def error_reply(status: int, error_type: str, message: str) -> Reply:
    """An API error as the real API sends it, with the retry headers the SDK reads."""
    headers: dict[str, str] = {}
    if status in (429, 529):
        headers = {"retry-after": "0", "x-should-retry": "true"}
    elif status == 401:
        headers = {"x-should-retry": "false"}
    body = {"type": "error", "error": {"type": error_type, "message": message}}
    return Reply(status, body, headers)


class LoopbackServer(ThreadingHTTPServer):
    """Serves ``answer(body, headers)`` for each ``POST /v1/messages``; ``next_id(prefix)`` names the requests."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], answer: Callable[[JSONDict, dict[str, str]], Reply],
                 next_id: Callable[[str], str]) -> None:
        self.answer = answer
        self.next_id = next_id
        self.open_sockets: set[socket.socket] = set()
        self.sockets_lock = threading.Lock()
        super().__init__(address, _Handler)

    def close_open_connections(self) -> None:
        """Shut down keep-alive connections so handler threads end promptly."""
        with self.sockets_lock:
            sockets = list(self.open_sockets)
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: LoopbackServer

    def setup(self) -> None:
        super().setup()
        with self.server.sockets_lock:
            self.server.open_sockets.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            with self.server.sockets_lock:
                self.server.open_sockets.discard(self.connection)

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet."""

    def _read_body(self) -> bytes:
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            return self._read_chunked()
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _read_chunked(self) -> bytes:
        parts: list[bytes] = []
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self.rfile.readline().strip():
                    pass
                return b"".join(parts)
            parts.append(self.rfile.read(size))
            self.rfile.readline()

    def _send(self, reply: Reply) -> None:
        payload = json.dumps(reply.body).encode("utf-8")
        self.send_response(reply.status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.send_header("request-id", self.server.next_id("req_fake_"))
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _not_found(self) -> None:
        self._read_body()
        self._send(error_reply(404, "not_found_error", f"no route for {self.command} {self.path}"))

    def do_POST(self) -> None:
        if urlsplit(self.path).path.rstrip("/") != MESSAGES_PATH:
            self._not_found()
            return
        raw = self._read_body()
        try:
            body = json.loads(raw.decode("utf-8"))
            if not isinstance(body, dict):
                raise ValueError("request body must be a JSON object")
        except (ValueError, UnicodeDecodeError) as exc:
            self._send(error_reply(400, "invalid_request_error", f"invalid JSON body: {exc}"))
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        self._send(self.server.answer(body, headers))

    do_GET = _not_found
    do_PUT = _not_found
    do_PATCH = _not_found
    do_DELETE = _not_found
