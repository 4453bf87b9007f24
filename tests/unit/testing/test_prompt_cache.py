"""The fake server's prompt cache: reads and writes counted as the Messages API counts them."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.testing.prompt_cache import LOOKBACK, MIN_TOKENS, CacheUse, PromptCache, TooManyBreakpoints

MARK = {"type": "ephemeral"}
SYSTEM = [{"type": "text", "text": "x" * (MIN_TOKENS * 4), "cache_control": MARK}]


def body(*turns: str, marked: tuple[int, ...] = (-1,)) -> dict[str, Any]:
    """A request: the long system prompt, then one user message per turn; ``marked`` messages are breakpoints."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "text", "text": t}]} for t in turns]
    for index in marked:
        messages[index]["content"][-1]["cache_control"] = MARK
    return {"model": "claude-sonnet-5-5", "system": SYSTEM, "messages": messages}


def test_a_prefix_is_written_once_then_read_and_a_longer_one_reads_it_and_writes_the_rest() -> None:
    cache = PromptCache()
    first = cache.use(body("a" * 400))
    assert first.read == 0 and first.created > MIN_TOKENS
    assert cache.use(body("a" * 400)) == CacheUse(read=first.created, created=0)
    longer = cache.use(body("a" * 400, "b" * 400))
    assert longer.read == first.created and 90 < longer.created < 110


def test_a_string_content_is_the_same_prefix_as_its_text_block() -> None:
    cache = PromptCache()
    written = cache.use(body("hello", "there"))
    as_string = body("hello", "there", marked=())
    as_string["messages"][0]["content"] = "hello"
    as_string["messages"][1]["content"] = [{"type": "text", "text": "there", "cache_control": MARK}]
    assert cache.use(as_string) == CacheUse(read=written.created, created=0)


def test_an_earlier_entry_is_found_only_within_the_lookback_before_a_breakpoint() -> None:
    cache = PromptCache()
    written = cache.use(body("start"))
    near = ["start"] + [f"turn {i}" for i in range(LOOKBACK)]
    assert cache.use(body(*near)).read == written.created  # the entry is LOOKBACK blocks back: found
    cache = PromptCache()
    cache.use(body("start"))
    system_only = PromptCache().use(body("other", marked=())).created
    assert cache.use(body(*near, "one more")).read == system_only  # one block further back: a miss, as in the API


def test_more_than_four_breakpoints_are_refused() -> None:
    with pytest.raises(TooManyBreakpoints, match=r"A maximum of 4 blocks with cache_control may be provided\. Found 5"):
        PromptCache().use(body("a", "b", "c", "d", marked=(0, 1, 2, 3)))
