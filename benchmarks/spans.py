"""Timing spans of a flow: each Playwright call it made (how long, which plugin function made it, in which step,
whether it was a browser round trip), and the time spent outside Playwright calls (the test's and the plugin's own
Python). ``profile_replay.py`` compares a replayed flow with the same flow written by hand with them.

A Playwright call is a call of its sync API (``SyncBase._sync``, a Playwright internal of the client; the plugin's
own uses of internals are in ``pytest_lumen/playwright_internals.py``); a round trip is a message it sent to the
driver that waits for an answer (``tests/support/protocol.py`` says which do not). A nested call (one inside an
event handler) counts in the call around it. Only the harness wraps these: nothing here changes what is measured
but by the few microseconds a wrapper takes, on both sides alike.
"""

from __future__ import annotations

import contextlib
import difflib
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.support.protocol import NOT_ROUND_TRIPS

PLUGIN = "/pytest_lumen/"


@dataclass
class Call:
    """One Playwright call of a flow."""

    method: str  # the sync API method (fill, click, wait_for_url, input_value, ...)
    seconds: float
    caller: str  # the plugin function that made it ("replay/gate.py:settle"), or "test" (the flow's own code)
    step: int  # the agent step it was made in (-1: outside any, as in a hand-written flow)
    round_trips: int = 0  # messages sent that wait for an answer
    one_way: int = 0  # messages sent without waiting (a wait's log, an event subscription)


@dataclass
class Spans:
    """The Playwright calls of one run of a flow, and its wall time."""

    calls: list[Call] = field(default_factory=list)
    wall_s: float = 0.0

    @property
    def in_playwright_s(self) -> float:
        return sum(c.seconds for c in self.calls)

    @property
    def outside_s(self) -> float:
        """Wall time outside Playwright calls: the Python of the test and of the plugin."""
        return self.wall_s - self.in_playwright_s

    @property
    def round_trips(self) -> list[Call]:
        """One entry per round trip (a call that made two appears twice)."""
        return [c for c in self.calls for _ in range(c.round_trips)]


class _Recorder:
    """What the wrappers write into while a run is recorded."""

    def __init__(self) -> None:
        self.spans: Spans | None = None
        self.step = -1
        self.depth = 0
        self.current: Call | None = None


_RECORDER = _Recorder()


def _caller(frame: Any) -> str:
    """The innermost plugin function on the stack above a Playwright call, else ``test``."""
    while frame is not None:
        path = frame.f_code.co_filename.replace("\\", "/")
        if PLUGIN in path and "/testing/" not in path:
            return f"{path.split(PLUGIN, 1)[1]}:{frame.f_code.co_name}"
        frame = frame.f_back
    return "test"


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """Wrap Playwright's sync calls, its message sending and the agent's steps for as long as the block runs
    (nothing is recorded outside ``record``). Without those Playwright internals, nothing is recorded."""
    from playwright._impl import _sync_base
    from playwright._impl.connection import Connection

    from pytest_lumen.agent import Agent

    sync, send = _sync_base.SyncBase._sync, Connection.send_message_to_server
    run, expect = Agent.run, Agent.expect
    rec = _RECORDER

    def timed_sync(self: Any, awaitable: Any) -> Any:
        if rec.spans is None or rec.depth:
            return sync(self, awaitable)
        frame = sys._getframe(1)
        call = Call(frame.f_code.co_name, 0.0, _caller(frame), rec.step)
        rec.depth, rec.current = 1, call
        began = time.perf_counter()
        try:
            return sync(self, awaitable)
        finally:
            call.seconds = time.perf_counter() - began
            rec.depth, rec.current = 0, None
            rec.spans.calls.append(call)

    def counted_send(self: Any, obj: Any, method: str, *args: Any, **kwargs: Any) -> Any:
        if rec.current is not None:
            if method in NOT_ROUND_TRIPS:
                rec.current.one_way += 1
            else:
                rec.current.round_trips += 1
        return send(self, obj, method, *args, **kwargs)

    def stepping(original: Callable[..., Any]) -> Callable[..., Any]:
        def step(self: Any, *args: Any, **kwargs: Any) -> Any:
            rec.step += 1
            return original(self, *args, **kwargs)
        return step

    _sync_base.SyncBase._sync = timed_sync  # type: ignore[method-assign]
    Connection.send_message_to_server = counted_send  # type: ignore[method-assign,assignment]
    Agent.run, Agent.expect = stepping(run), stepping(expect)  # type: ignore[method-assign]
    try:
        yield
    finally:
        _sync_base.SyncBase._sync = sync  # type: ignore[method-assign]
        Connection.send_message_to_server = send  # type: ignore[method-assign]
        Agent.run, Agent.expect = run, expect  # type: ignore[method-assign]


def record(body: Callable[[], Any]) -> Spans:
    """The spans of one run of ``body`` (inside ``installed()``)."""
    spans = Spans()
    _RECORDER.spans, _RECORDER.step = spans, -1
    began = time.perf_counter()
    try:
        body()
    finally:
        spans.wall_s = time.perf_counter() - began
        _RECORDER.spans = None
    return spans


def extra_round_trips(hand: Spans, replay: Spans) -> list[Call]:
    """The replay's round trips that the hand-written flow does not make: its sequence of round trips, by method,
    matched against the hand-written one's in order (``difflib``); the replay's calls left over."""
    return _unmatched(hand.round_trips, replay.round_trips)


def extra_calls(hand: Spans, replay: Spans) -> list[Call]:
    """The replay's Playwright calls that the hand-written flow does not make (matched by method, in order)."""
    return _unmatched(hand.calls, replay.calls)


def _unmatched(theirs: list[Call], ours: list[Call]) -> list[Call]:
    matcher = difflib.SequenceMatcher(a=[c.method for c in theirs], b=[c.method for c in ours], autojunk=False)
    matched = set()
    for block in matcher.get_matching_blocks():
        matched.update(range(block.b, block.b + block.size))
    return [call for j, call in enumerate(ours) if j not in matched]
