"""Prompt caching as the Messages API does it, for the fake server's ``usage``: which tokens are cache reads.

A request is read as one sequence of blocks: the tools, the system blocks, then each message's content
blocks, in that order. A block with ``cache_control`` is a breakpoint (at most ``MAX_BREAKPOINTS``); the
prefix that ends at a breakpoint is written to the cache when it is long enough (``MIN_TOKENS``). A later
request reads the longest prefix it shares with one written before, found at a breakpoint or up to
``LOOKBACK`` blocks before one. Tokens are estimated as characters / 4, as everywhere in the fakes.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from typing import Any

MAX_BREAKPOINTS = 4
MIN_TOKENS = 1024  # the shortest cacheable prompt of the Sonnet models; a shorter prefix is not cached
LOOKBACK = 20  # blocks before a breakpoint that are checked for an earlier cache entry

JSONDict = dict[str, Any]


class TooManyBreakpoints(ValueError):
    """A request with more ``cache_control`` blocks than the API allows (a 400 there)."""


@dataclass(frozen=True)
class CacheUse:
    """The cached part of one request's input: tokens read from the cache, and tokens written to it."""

    read: int = 0
    created: int = 0


def _blocks(body: JSONDict) -> list[tuple[str, bool]]:
    """Every block of the prompt in cache order, as (canonical JSON without cache_control, is a breakpoint)."""
    def piece(block: Any, role: str = "") -> tuple[str, bool]:
        if not isinstance(block, dict):
            return role + json.dumps(block, ensure_ascii=False), False
        plain = {k: v for k, v in block.items() if k != "cache_control"}
        return role + json.dumps(plain, ensure_ascii=False, sort_keys=True), "cache_control" in block

    tools = body.get("tools")
    system = body.get("system")
    pieces = [piece(t) for t in (tools if isinstance(tools, list) else [])]
    pieces += [piece(b) for b in system] if isinstance(system, list) else [piece(system)] if system else []
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        content, role = message.get("content"), f"{message.get('role')}:"
        if isinstance(content, str):  # the API reads a string as one text block
            content = [{"type": "text", "text": content}]
        pieces += [piece(b, role) for b in content] if isinstance(content, list) else [piece(content, role)]
    return pieces


class PromptCache:
    """The prefixes written to the cache so far (for one fake server; no expiry)."""

    def __init__(self) -> None:
        self._written: set[str] = set()
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every cache entry."""
        with self._lock:
            self._written.clear()

    def use(self, body: JSONDict) -> CacheUse:
        """Read and write the cache for one request; raises ``TooManyBreakpoints`` as the API refuses it."""
        blocks = _blocks(body)
        marks = [i for i, (_, mark) in enumerate(blocks) if mark]
        if len(marks) > MAX_BREAKPOINTS:
            raise TooManyBreakpoints(f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. "
                                     f"Found {len(marks)}.")
        digest = hashlib.sha256(str(body.get("model", "")).encode())
        keys, tokens, chars = [], [], 0
        for text, _ in blocks:
            digest.update(text.encode())
            chars += len(text)
            keys.append(digest.hexdigest())
            tokens.append(chars // 4)
        with self._lock:
            hits = [i for mark in marks for i in range(mark, max(-1, mark - LOOKBACK - 1), -1) if keys[i] in self._written]
            read_at = max(hits, default=-1)
            read = tokens[read_at] if read_at >= 0 else 0
            written = [mark for mark in marks if mark > read_at and tokens[mark] >= MIN_TOKENS]
            self._written.update(keys[mark] for mark in written)
        return CacheUse(read=read, created=tokens[written[-1]] - read if written else 0)
