"""A scripted, loopback stand-in for the Anthropic Messages API.

Only ``POST /v1/messages`` (non-streaming) is implemented.  The server binds to
127.0.0.1 and never talks to anything else; it exists so that tests, benchmarks
and demos can drive the real ``anthropic`` SDK without any network access.

Run it standalone with::

    python -m pytest_lumen.testing.fake_anthropic --port 0 --latency 1.5 --script script.json

which prints ``FAKE_ANTHROPIC_URL=http://127.0.0.1:PORT`` and serves until
SIGTERM or SIGINT.  The script file is JSON: ``{"steps": [...]}``.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import signal
import socket
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import FrameType, TracebackType
from typing import Any
from urllib.parse import urlsplit

__all__ = ["FakeAnthropic", "SnapshotNode", "parse_snapshot_refs", "main"]

MESSAGES_PATH = "/v1/messages"
MISSING_REF = "e0-missing"
DONE_SUMMARY = "done"

JSONDict = dict[str, Any]


# --------------------------------------------------------------------------
# Snapshot parsing
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class SnapshotNode:
    """One element of an aria snapshot that carries a ``[ref=...]``."""

    role: str
    name: str | None
    ref: str


_ITEM_RE = re.compile(r"^\s*-\s+(?P<rest>.*)$")
_KEY_RE = re.compile(
    r"""(?P<role>[A-Za-z][A-Za-z0-9_-]*)
        (?:\s+"(?P<name>(?:[^"\\]|\\.)*)")?
        (?P<attrs>(?:\s*\[[^\]]*\])*)""",
    re.VERBOSE,
)
_ATTR_RE = re.compile(r"\[([^\]]*)\]")
_BACKSLASH_RE = re.compile(r"\\(.)")


def _unquote_yaml_key(rest: str) -> str:
    """Undo Playwright's YAML single-quoting of a key (``'...'`` with ``''``)."""
    if not rest.startswith("'"):
        return rest
    out: list[str] = []
    i = 1
    while i < len(rest):
        ch = rest[i]
        if ch == "'":
            if rest[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            break
        out.append(ch)
        i += 1
    return "".join(out)


def _decode_name(raw: str) -> str:
    """Decode a JSON-style escaped accessible name."""
    try:
        decoded = json.loads(f'"{raw}"')
    except ValueError:
        return _BACKSLASH_RE.sub(r"\1", raw)
    return decoded if isinstance(decoded, str) else raw


def _find_ref(attrs: str) -> str | None:
    """Return the value of the ``ref=`` attribute in a run of ``[...]`` groups."""
    for attr in _ATTR_RE.findall(attrs):
        key, sep, value = attr.strip().partition("=")
        if sep and key.strip() == "ref" and value.strip():
            return value.strip()
    return None


def _parse_snapshot_line(line: str) -> SnapshotNode | None:
    """Parse one snapshot line; None when it is not an element with a ref."""
    item = _ITEM_RE.match(line)
    if item is None:
        return None
    key = _unquote_yaml_key(item.group("rest"))
    match = _KEY_RE.match(key)
    if match is None:
        return None
    ref = _find_ref(match.group("attrs"))
    if ref is None:
        return None
    raw_name = match.group("name")
    name = None if raw_name is None else _decode_name(raw_name)
    return SnapshotNode(role=match.group("role"), name=name, ref=ref)


def parse_snapshot_refs(text: str) -> list[SnapshotNode]:
    """Extract every ``role "name" [...] [ref=eN]`` element from an aria snapshot.

    Understands Playwright's ``aria_snapshot(mode="ai")`` output: the name is
    optional and JSON-escaped, bracketed attributes may come in any order, and
    the whole key may be YAML single-quoted. Lines without a ref are skipped.
    """
    nodes: list[SnapshotNode] = []
    for line in text.splitlines():
        node = _parse_snapshot_line(line)
        if node is not None:
            nodes.append(node)
    return nodes


def resolve_target(nodes: list[SnapshotNode], target: JSONDict) -> str:
    """Resolve ``{"role", "name"?, "nth"?}`` to a ref, or ``MISSING_REF``."""
    role = target.get("role")
    name = target.get("name")
    nth = int(target.get("nth", 0))
    hits = [n for n in nodes if n.role == role and (name is None or n.name == name)]
    if 0 <= nth < len(hits):
        return hits[nth].ref
    return MISSING_REF


# --------------------------------------------------------------------------
# Request inspection
# --------------------------------------------------------------------------


def _block_text(block: Any) -> list[str]:
    """Text carried by one content block (text or tool_result)."""
    if isinstance(block, str):
        return [block]
    if not isinstance(block, dict):
        return []
    if block.get("type") == "text" and isinstance(block.get("text"), str):
        return [block["text"]]
    if block.get("type") == "tool_result":
        return _content_text(block.get("content"))
    return []


def _content_text(content: Any) -> list[str]:
    """Text pieces of a message ``content`` (string or list of blocks)."""
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [piece for block in content for piece in _block_text(block)]
    return []


def message_text(message: Any) -> str:
    """All text of one message, including tool_result contents."""
    if not isinstance(message, dict):
        return ""
    return "\n".join(_content_text(message.get("content")))


def _messages(body: JSONDict) -> list[JSONDict]:
    messages = body.get("messages")
    if not isinstance(messages, list):
        return []
    return [m for m in messages if isinstance(m, dict)]


def first_user_text(body: JSONDict) -> str:
    """Text of ``messages[0]`` (the task prompt)."""
    messages = _messages(body)
    return message_text(messages[0]) if messages else ""


def last_user_text(body: JSONDict) -> str:
    """Text of the last message with role ``user`` (where the snapshot lives)."""
    for message in reversed(_messages(body)):
        if message.get("role") == "user":
            return message_text(message)
    return ""


def assistant_turns(body: JSONDict) -> int:
    """Number of assistant messages in the request = index of the next action."""
    return sum(1 for m in _messages(body) if m.get("role") == "assistant")


def _step_matches(step: JSONDict, text: str) -> bool:
    match = step.get("match", [])
    needles = [match] if isinstance(match, str) else list(match)
    return all(str(needle) in text for needle in needles)


def pick_action(script: list[JSONDict], body: JSONDict) -> JSONDict | None:
    """The scripted action for this request, or None (meaning: answer done)."""
    text = first_user_text(body)
    for step in script:
        if _step_matches(step, text):
            actions = step.get("actions", [])
            index = assistant_turns(body)
            return actions[index] if index < len(actions) else None
    return None


def action_input(action: JSONDict, body: JSONDict) -> JSONDict:
    """Build the tool_use input for a scripted action (resolving its target)."""
    extra = dict(action.get("input", {}))
    if "target" in action:
        nodes = parse_snapshot_refs(last_user_text(body))
        return {"ref": resolve_target(nodes, action["target"]), **extra}
    if "ref" in action:
        return {"ref": action["ref"], **extra}
    return extra


# --------------------------------------------------------------------------
# Usage accounting
# --------------------------------------------------------------------------


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _has_cache_control(body: JSONDict) -> bool:
    system = body.get("system")
    blocks = system if isinstance(system, list) else []
    tools = body.get("tools") if isinstance(body.get("tools"), list) else []
    return any(isinstance(b, dict) and "cache_control" in b for b in [*blocks, *tools])


def _input_chars(body: JSONDict) -> int:
    return sum(len(_dumps(body[key])) for key in ("system", "messages", "tools") if key in body)


def _cache_prefix(body: JSONDict) -> str:
    return _dumps([body.get("tools", []), body.get("system", [])])


def _tool_inputs_size(content: list[JSONDict]) -> int:
    return sum(
        len(_dumps(block.get("input", {}))) for block in content if block.get("type") == "tool_use"
    )


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------


@dataclass
class _Reply:
    status: int
    body: JSONDict
    headers: dict[str, str]


def _error_reply(status: int, error_type: str, message: str) -> _Reply:
    headers: dict[str, str] = {}
    if status in (429, 529):
        headers = {"retry-after": "0", "x-should-retry": "true"}
    elif status == 401:
        headers = {"x-should-retry": "false"}
    body = {"type": "error", "error": {"type": error_type, "message": message}}
    return _Reply(status, body, headers)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], fake: FakeAnthropic) -> None:
        self.fake = fake
        self.open_sockets: set[socket.socket] = set()
        self.sockets_lock = threading.Lock()
        super().__init__(address, _Handler)

    def close_open_connections(self) -> None:
        """Shut down keep-alive connections so handler threads end promptly."""
        with self.sockets_lock:
            sockets = list(self.open_sockets)
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: _Server

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

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
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

    def _send(self, reply: _Reply) -> None:
        payload = json.dumps(reply.body).encode("utf-8")
        self.send_response(reply.status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.send_header("request-id", self.server.fake._next_id("req_fake_"))
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _not_found(self) -> None:
        self._read_body()
        self._send(_error_reply(404, "not_found_error", f"no route for {self.command} {self.path}"))

    def do_POST(self) -> None:  # noqa: N802
        if urlsplit(self.path).path.rstrip("/") != MESSAGES_PATH:
            self._not_found()
            return
        raw = self._read_body()
        try:
            body = json.loads(raw.decode("utf-8"))
            if not isinstance(body, dict):
                raise ValueError("request body must be a JSON object")
        except (ValueError, UnicodeDecodeError) as exc:
            self._send(_error_reply(400, "invalid_request_error", f"invalid JSON body: {exc}"))
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        self._send(self.server.fake._handle(body, headers))

    do_GET = _not_found  # noqa: N815
    do_PUT = _not_found  # noqa: N815
    do_PATCH = _not_found  # noqa: N815
    do_DELETE = _not_found  # noqa: N815


class FakeAnthropic:
    """A scripted, loopback Anthropic Messages API for tests, benchmarks and demos."""

    def __init__(self, *, latency: float = 0.0, host: str = "127.0.0.1", port: int = 0) -> None:
        """Configure (but do not start) the server."""
        self.latency = latency
        self.host = host
        self.port = port
        self.requests: list[JSONDict] = []
        self.request_headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._script: list[JSONDict] = []
        self._errors: deque[_Reply] = deque()
        self._raw: deque[list[JSONDict]] = deque()
        self._seen_prefixes: set[str] = set()
        self._counters: dict[str, int] = {}
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------

    @property
    def url(self) -> str:
        """Base URL to hand to ``anthropic.Anthropic(base_url=...)``."""
        if self._server is None:
            raise RuntimeError("FakeAnthropic is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeAnthropic:
        """Start serving on a daemon thread; returns self."""
        if self._server is not None:
            return self
        self._server = _Server((self.host, self.port), self)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="fake-anthropic",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket (idempotent)."""
        server, thread = self._server, self._thread
        self._server, self._thread = None, None
        if server is None:
            return
        server.shutdown()
        server.close_open_connections()
        server.server_close()
        if thread is not None:
            thread.join(timeout=5)

    def __enter__(self) -> FakeAnthropic:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- scripting ---------------------------------------------------------

    @property
    def request_count(self) -> int:
        """Number of ``POST /v1/messages`` requests received so far."""
        with self._lock:
            return len(self.requests)

    def script(self, steps: list[JSONDict]) -> None:
        """Replace the script with ``steps`` (see module docs for the format)."""
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise TypeError("script steps must be a list of dicts")
        with self._lock:
            self._script = copy.deepcopy(steps)

    def queue_error(
        self,
        status: int,
        error_type: str = "api_error",
        message: str = "fake error",
        *,
        count: int = 1,
    ) -> None:
        """Answer the next ``count`` requests with this HTTP error."""
        with self._lock:
            for _ in range(count):
                self._errors.append(_error_reply(status, error_type, message))

    def queue_raw(self, content: list[JSONDict]) -> None:
        """Answer the next request with exactly these content blocks."""
        with self._lock:
            self._raw.append(copy.deepcopy(content))

    def reset(self) -> None:
        """Forget recorded requests, the script, both queues and the prompt cache."""
        with self._lock:
            self.requests.clear()
            self.request_headers.clear()
            self._script = []
            self._errors.clear()
            self._raw.clear()
            self._seen_prefixes.clear()

    # -- answering ---------------------------------------------------------

    def _next_id(self, prefix: str) -> str:
        with self._lock:
            n = self._counters.get(prefix, 0) + 1
            self._counters[prefix] = n
        return f"{prefix}{n}"

    def _handle(self, body: JSONDict, headers: dict[str, str]) -> _Reply:
        """Record the request, choose its answer, honour latency."""
        with self._lock:
            self.requests.append(body)
            self.request_headers.append(headers)
            error = self._errors.popleft() if self._errors else None
            raw = self._raw.popleft() if error is None and self._raw else None
            script = self._script
        if self.latency > 0:
            time.sleep(self.latency)
        if error is not None:
            return error
        try:
            content = self._raw_content(raw) if raw is not None else self._scripted_content(script, body)
            return _Reply(200, self._message(body, content), {})
        except Exception as exc:  # a malformed script must not hang the client
            reply = _error_reply(500, "api_error", f"fake_anthropic script error: {exc!r}")
            reply.headers["x-should-retry"] = "false"
            return reply

    def _raw_content(self, blocks: list[JSONDict]) -> list[JSONDict]:
        for block in blocks:
            if block.get("type") == "tool_use" and "id" not in block:
                block["id"] = self._next_id("toolu_fake_")
        return blocks

    def _scripted_content(self, script: list[JSONDict], body: JSONDict) -> list[JSONDict]:
        action = pick_action(script, body)
        if action is None:
            tool, tool_input = "done", {"summary": DONE_SUMMARY}
        else:
            tool, tool_input = str(action["tool"]), action_input(action, body)
        return [
            {"type": "text", "text": f"(fake) {tool}"},
            {"type": "tool_use", "id": self._next_id("toolu_fake_"), "name": tool, "input": tool_input},
        ]

    def _message(self, body: JSONDict, content: list[JSONDict]) -> JSONDict:
        has_tool = any(block.get("type") == "tool_use" for block in content)
        return {
            "id": self._next_id("msg_fake_"),
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude-fake"),
            "content": content,
            "stop_reason": "tool_use" if has_tool else "end_turn",
            "stop_sequence": None,
            "usage": self._usage(body, content),
        }

    def _usage(self, body: JSONDict, content: list[JSONDict]) -> JSONDict:
        input_tokens = _input_chars(body) // 4
        created = read = 0
        if _has_cache_control(body):
            prefix = _cache_prefix(body)
            cache_tokens = len(prefix) // 4
            with self._lock:
                first_time = prefix not in self._seen_prefixes
                self._seen_prefixes.add(prefix)
            created, read = (cache_tokens, 0) if first_time else (0, cache_tokens)
            input_tokens = max(0, input_tokens - cache_tokens)
        return {
            "input_tokens": input_tokens,
            "output_tokens": 20 + _tool_inputs_size(content) // 4,
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": read,
        }


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------


def _load_script(path: str | None) -> list[JSONDict]:
    if not path:
        return []
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    steps = data.get("steps", []) if isinstance(data, dict) else data
    if not isinstance(steps, list):
        raise SystemExit(f"{path}: expected {{\"steps\": [...]}}")
    return steps


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m pytest_lumen.testing.fake_anthropic",
        description="Serve a scripted fake Anthropic Messages API on 127.0.0.1.",
    )
    parser.add_argument("--port", type=int, default=0, help="port to bind (0 = any free port)")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds to wait before each answer")
    parser.add_argument("--script", default=None, help='JSON file: {"steps": [...]}')
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the fake server until SIGTERM/SIGINT."""
    args = _parse_args(argv)
    stop = threading.Event()

    def _on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    fake = FakeAnthropic(latency=args.latency, port=args.port)
    fake.script(_load_script(args.script))
    with fake:
        print(f"FAKE_ANTHROPIC_URL={fake.url}", flush=True)
        while not stop.wait(0.5):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
