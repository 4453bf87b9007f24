"""A scripted, loopback stand-in for the Anthropic Messages API.

Only ``POST /v1/messages`` (non-streaming) is implemented.  The server binds to
127.0.0.1 and never talks to anything else; it exists so that tests, benchmarks
and demos can drive the real ``anthropic`` SDK without any network access.
The HTTP side is ``loopback.py``; reading requests and scripts is ``stand_in.py``; which input
tokens are prompt-cache reads and writes is ``prompt_cache.py``. A scripted reply may hold several
tool calls (a list in a step's ``actions``). One script serves every device profile: on a touch screen (the
request offers ``tap``, not ``click``) a scripted ``click`` is sent as ``tap``, and a step with ``"touch": true``
is followed only there (``false``: only elsewhere), as ``stand_in.pick_turn`` says.

Run it standalone with::

    python -m pytest_lumen.testing.fake_anthropic --port 0 --latency 1.5 --script script.json

which prints ``FAKE_ANTHROPIC_URL=http://127.0.0.1:PORT`` and serves until
SIGTERM or SIGINT.  The script file is JSON: ``{"steps": [...]}``.
"""

from __future__ import annotations

import argparse
import copy
import json
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

from .loopback import LoopbackServer, Reply, error_reply
from .prompt_cache import PromptCache, TooManyBreakpoints
from .stand_in import (
    MISSING_REF,
    SnapshotNode,
    action_input,
    assistant_turns,
    estimated_input_tokens,
    estimated_output_tokens,
    first_user_text,
    last_user_text,
    message_text,
    page_snapshot,
    parse_snapshot_refs,
    pick_turn,
    resolve_target,
)

__all__ = [  # the scripting helpers live in .stand_in (shared with ScriptedPlanner); re-exported here
    "MISSING_REF", "FakeAnthropic", "SnapshotNode", "action_input", "assistant_turns", "first_user_text",
    "last_user_text", "main", "message_text", "page_snapshot", "parse_snapshot_refs", "pick_turn", "resolve_target",
]

DONE_SUMMARY = "done"
HOLD_LIMIT = 120.0  # seconds a held reply waits for ``release`` before it is answered with an error

JSONDict = dict[str, Any]


class Held:
    """Replies held back until a test lets them go (``FakeAnthropic.hold``), and waits for requests to come."""

    def __init__(self) -> None:
        self._changed = threading.Condition()  # a request came, or held replies were let go
        self._holding = False
        self._let_go = 0

    def hold(self) -> None:
        with self._changed:
            self._holding, self._let_go = True, 0

    def release(self, count: int | None = None) -> None:
        with self._changed:
            if count is None:
                self._holding = False
            else:
                self._let_go += count
            self._changed.notify_all()

    def wait_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) until ``done()``, checked whenever a request comes."""
        with self._changed:
            return self._changed.wait_for(done, timeout)

    def turn(self, limit: float) -> bool:
        """A request came: wait until its reply may go (at most ``limit`` seconds); False when it was never let go."""
        with self._changed:
            self._changed.notify_all()
            if not self._changed.wait_for(lambda: not self._holding or self._let_go > 0, limit):
                return False
            if self._holding:
                self._let_go -= 1
            return True


class FakeAnthropic:
    """A scripted, loopback Anthropic Messages API for tests, benchmarks and demos."""

    def __init__(self, *, latency: float = 0.0, host: str = "127.0.0.1", port: int = 0) -> None:
        """Configure (but do not start) the server."""
        self.latency = latency
        self.host = host
        self.port = port
        self.requests: list[JSONDict] = []
        self.responses: list[JSONDict] = []  # the body answered to each request, in the same order
        self.request_headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._held = Held()
        self._script: list[JSONDict] = []
        self._errors: deque[Reply] = deque()
        self._raw: deque[list[JSONDict]] = deque()
        self._cache = PromptCache()
        self._counters: dict[str, int] = {}
        self._server: LoopbackServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------

    @property
    def url(self) -> str:
        """Base URL to hand to ``anthropic.Anthropic(base_url=...)``."""
        if self._server is None:
            raise RuntimeError("FakeAnthropic is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host.decode() if isinstance(host, bytes) else host}:{port}"

    def start(self) -> FakeAnthropic:
        """Start serving on a daemon thread; returns self."""
        if self._server is not None:
            return self
        self._server = LoopbackServer((self.host, self.port), self._handle, self._next_id)
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
        self.release()  # a held reply must not keep its handler thread (and this call) waiting
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
                self._errors.append(error_reply(status, error_type, message))

    def queue_raw(self, content: list[JSONDict]) -> None:
        """Answer the next request with exactly these content blocks."""
        with self._lock:
            self._raw.append(copy.deepcopy(content))

    def hold(self) -> None:
        """Hold every reply from now on until ``release`` lets it go: a test orders what a page does against
        the model's answers with events, not with a latency that races the page's own timers."""
        self._held.hold()

    def release(self, count: int | None = None) -> None:
        """Let the next ``count`` held replies go (held now or still to come); None: every one, and hold no more."""
        self._held.release(count)

    def wait_for_requests(self, count: int, timeout: float = HOLD_LIMIT) -> None:
        """Block until ``count`` requests were received (held ones too); ``TimeoutError`` after ``timeout`` seconds."""
        if not self._held.wait_until(lambda: self.request_count >= count, timeout):
            raise TimeoutError(f"fake_anthropic: {self.request_count} requests after {timeout} s, waiting for {count}")

    def reset(self) -> None:
        """Forget recorded requests, the script, both queues and the prompt cache; let held replies go."""
        with self._lock:
            self.requests.clear()
            self.responses.clear()
            self.request_headers.clear()
            self._script = []
            self._errors.clear()
            self._raw.clear()
        self._held.release()
        self._cache.clear()

    # -- answering ---------------------------------------------------------

    def _next_id(self, prefix: str) -> str:
        with self._lock:
            n = self._counters.get(prefix, 0) + 1
            self._counters[prefix] = n
        return f"{prefix}{n}"

    def _handle(self, body: JSONDict, headers: dict[str, str]) -> Reply:
        """Record the request, wait while replies are held, choose its answer, honour latency."""
        with self._lock:
            self.requests.append(body)
            self.request_headers.append(headers)
            error = self._errors.popleft() if self._errors else None
            raw = self._raw.popleft() if error is None and self._raw else None
            script = self._script
        released = self._held.turn(HOLD_LIMIT)
        if self.latency > 0:
            time.sleep(self.latency)
        if not released:
            error = error_reply(500, "api_error", f"fake_anthropic: a held reply was not released within {HOLD_LIMIT} s")
            error.headers["x-should-retry"] = "false"
        reply = error if error is not None else self._answer(body, raw, script)
        with self._lock:
            self.responses.append(reply.body)
        return reply

    def _answer(self, body: JSONDict, raw: list[JSONDict] | None, script: list[JSONDict]) -> Reply:
        try:
            content = self._raw_content(raw) if raw is not None else self._scripted_content(script, body)
            return Reply(200, self._message(body, content), {})
        except TooManyBreakpoints as exc:
            reply = error_reply(400, "invalid_request_error", str(exc))
        except Exception as exc:  # a malformed script must not hang the client
            reply = error_reply(500, "api_error", f"fake_anthropic script error: {exc!r}")
        reply.headers["x-should-retry"] = "false"
        return reply

    def _raw_content(self, blocks: list[JSONDict]) -> list[JSONDict]:
        for block in blocks:
            if block.get("type") == "tool_use" and "id" not in block:
                block["id"] = self._next_id("toolu_fake_")
        return blocks

    def _scripted_content(self, script: list[JSONDict], body: JSONDict) -> list[JSONDict]:
        actions = pick_turn(script, body) or [{"tool": "done", "input": {"summary": DONE_SUMMARY}}]
        calls: list[JSONDict] = [{"type": "tool_use", "id": self._next_id("toolu_fake_"), "name": str(action["tool"]),
                  "input": action_input(action, body)} for action in actions]
        return [{"type": "text", "text": "(fake) " + ", ".join(call["name"] for call in calls)}, *calls]

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
        """Tokens as the API counts them: input read from or written to the prompt cache is not in ``input_tokens``."""
        cached = self._cache.use(body)
        return {
            "input_tokens": max(0, estimated_input_tokens(body) - cached.read - cached.created),
            "output_tokens": estimated_output_tokens(content),
            "cache_creation_input_tokens": cached.created,
            "cache_read_input_tokens": cached.read,
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
