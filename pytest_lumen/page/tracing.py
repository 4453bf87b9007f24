"""Playwright trace groups per step, when tracing is on (``context.tracing.group``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def trace_group(page: Any, name: str, enabled: bool) -> Iterator[None]:
    """Group the trace's actions under ``name``; nothing (no round trip) when tracing is off."""
    if not enabled:
        yield
        return
    tracing = page.context.tracing
    try:
        tracing.group(name)
    except Exception:  # tracing off: groups are a no-op
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            tracing.group_end()
