"""Running a compiled ``agent.expect()`` check through Playwright's ``expect``.

A check that does not hold on its element fails as an assertion: "expected X, got Y", where Y is
what the element holds now (for a text check, what stands where the recorded text held the
asserted value, when the words around it are unchanged: ``page/asserted.around``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from ..cache.model import Expect, Fingerprint
from ..errors import LumenAssertionError
from ..playwright_internals import without_call_log
from ..templates import substitute
from .asserted import around
from .quality import NUMBER

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

READ_MS = 1000.0  # reading what a failed check's element holds: it was there a moment ago
MAX_SHOWN = 200  # characters of an element's text quoted in a failure


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


def run_check(page: Page, action: Expect, loc: Locator | None, values: dict[str, str], timeout_ms: float,
              recorded: Fingerprint | None = None) -> None:
    """Assert the check; a mismatch is a ``LumenAssertionError`` (never healed), "expected X, got Y".

    ``recorded``: the element as recorded (by default the action's target's), whose text tells what stands in
    place of the asserted value now."""
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
        got = _got(page, action, loc, values, recorded or (action.target.fingerprint if action.target else None))
        if got is not None:
            raise mismatch(action, expected, got) from None
        text = without_call_log(str(exc)).strip()
        detail = "; ".join(line.strip() for line in text.splitlines()[:3] if line.strip())
        raise LumenAssertionError(f"expectation failed: {describe_check(action)}\n  {detail}") from None


def mismatch(action: Expect, expected: object, got: object) -> LumenAssertionError:
    """The failure of a check that does not hold: "expected X, got Y"."""
    return LumenAssertionError(f"expectation failed: {describe_check(action)}\n  expected {expected!r}, got {got!r}")


def with_other_numbers(page: Page, action: Expect, values: dict[str, str], stated: str) -> str | None:
    """What the page shows in place of a text check's expected text whose numbers changed, every word the same ("Showing
    1 to 4 of 4 items" for "Showing 1 to 3 of 3 items"), when one element alone shows it and a number that changed is
    one the step's sentence ``stated`` ("3 products are left": the count the check is about); else None. The check's
    element is then found, its value wrong: an assertion, never a heal. A number the step does not state (an order's
    "#1042") is the app's data: such a text is no answer."""
    if action.check != "text" or not isinstance(action.expected, str):
        return None
    expected = " ".join(substitute(action.expected, values).split())
    words = re.split(NUMBER, expected)
    if len(words) < 2 or not "".join(words).strip():
        return None  # no number in it, or nothing but numbers: no words say it is the same text
    pattern = re.compile(NUMBER.join(re.escape(part) for part in words))
    try:
        shown = page.get_by_text(pattern)
        if shown.count() != 1:
            return None
        found = pattern.search(" ".join(shown.inner_text(timeout=READ_MS).split()))
    except PlaywrightError:
        return None
    if found is None:
        return None
    said = set(re.findall(NUMBER, stated))
    numbers = zip(re.findall(NUMBER, expected), re.findall(NUMBER, found.group(0)), strict=False)  # one pattern
    changed = [was for was, now in numbers if was != now]
    return found.group(0) if any(number in said for number in changed) else None


def _got(page: Page, action: Expect, loc: Locator | None, values: dict[str, str],
         recorded: Fingerprint | None) -> object | None:
    """What the checked element (or page) holds now, in the check's terms; None when it cannot be read."""
    try:
        if action.check == "url":
            return page.url
        if loc is None:
            return None
        if action.check == "count":
            return loc.count()
        if action.check == "visible" or loc.count() != 1:
            return None  # nothing to read, or no single element: Playwright's own message says what it found
        if action.check == "value":
            return loc.input_value(timeout=READ_MS)
        if action.check == "checked":
            return loc.is_checked(timeout=READ_MS)
        now = " ".join(loc.inner_text(timeout=READ_MS).split())
    except PlaywrightError:
        return None
    if recorded is not None and recorded.text and isinstance(action.expected, str):
        instead = around(substitute(recorded.text, values), now, substitute(action.expected, values))
        if instead:
            return instead
    return now if len(now) <= MAX_SHOWN else now[:MAX_SHOWN] + "…"
