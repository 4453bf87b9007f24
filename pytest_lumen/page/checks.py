"""Running a compiled ``agent.expect()`` check through Playwright's ``expect``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from ..cache.model import Expect
from ..errors import LumenAssertionError
from ..templates import substitute
from .playwright_internals import without_call_log

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def describe_check(action: Expect) -> str:
    """``text of get_by_role(...) contains 'Total: $37.00'`` and the like."""
    where = action.target.locator.describe() if action.target else "page"
    if action.items is not None:
        where = f"{action.items.describe()} in {where}"
    if action.check == "visible":
        return f"{where} is visible"
    if action.check == "url":
        return f"page URL is {action.expected!r}"
    verb = {"text": "contains text", "value": "has value", "checked": "is checked =", "count": "count is"}[action.check]
    return f"{where} {verb} {action.expected!r}"


def run_check(page: Page, action: Expect, loc: Locator | None, values: dict[str, str], timeout_ms: float) -> None:
    """Assert the check; a mismatch is a ``LumenAssertionError`` (never healed)."""
    expected = substitute(action.expected, values) if isinstance(action.expected, str) else action.expected
    try:
        if action.check == "url":
            pattern = re.compile(".*" + re.escape(str(expected)) + r"(\?.*)?(#.*)?$")
            expect(page).to_have_url(pattern, timeout=timeout_ms)
            return
        assert loc is not None, "a check on an element needs a target"
        if action.check == "count" and action.items is not None:
            loc = action.items.build(loc)  # the items inside the (identity-checked) container
        if action.check == "visible":
            expect(loc).to_be_visible(timeout=timeout_ms)
        elif action.check == "text":
            expect(loc).to_contain_text(str(expected), timeout=timeout_ms)
        elif action.check == "value":
            expect(loc).to_have_value(str(expected), timeout=timeout_ms)
        elif action.check == "checked":
            expect(loc).to_be_checked(checked=bool(expected), timeout=timeout_ms)
        elif action.check == "count":
            expect(loc).to_have_count(int(expected or 0), timeout=timeout_ms)
    except AssertionError as exc:
        text = without_call_log(str(exc)).strip()
        detail = "; ".join(line.strip() for line in text.splitlines()[:3] if line.strip())
        raise LumenAssertionError(f"expectation failed: {describe_check(action)}\n  {detail}") from None
