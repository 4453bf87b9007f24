"""The messages the Playwright client sends to its driver (one per browser round trip), counted by method.

Shared by the tests that pin how many round trips an action takes (``tests/browser/replay/test_gate.py``) and by
``benchmarks/profile_replay.py``. It wraps ``Connection.send_message_to_server``, a Playwright internal of the
client (the plugin's own uses of Playwright internals are in ``pytest_lumen/playwright_internals.py``, with a
contract test each): when it is not there, the counter stays empty, and a count a test pins fails.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

# What the client sends without waiting for an answer: about a wait (for its log), and which events it listens to
NOT_ROUND_TRIPS = ("__waitInfo__", "updateSubscription")


@contextlib.contextmanager
def protocol_calls() -> Iterator[Counter[str]]:
    """Count, while the block runs, the messages the client sends to the driver, by method."""
    counts: Counter[str] = Counter()
    try:
        from playwright._impl.connection import Connection
        original = Connection.send_message_to_server
    except (ImportError, AttributeError):
        yield counts
        return

    def counting(self: Any, obj: Any, method: str, *args: Any, **kwargs: Any) -> Any:
        if method not in NOT_ROUND_TRIPS:
            counts[method] += 1
        return original(self, obj, method, *args, **kwargs)

    Connection.send_message_to_server = counting  # type: ignore[method-assign,assignment]
    try:
        yield counts
    finally:
        Connection.send_message_to_server = original  # type: ignore[method-assign]
