"""Reading Playwright's call logs (pytest_lumen.page.playwright_internals) without a page: whether a timed-out
action began to act.

The contract tests against real Playwright errors are in tests/browser/page/test_playwright_internals.py.
"""

from __future__ import annotations

import pytest

from pytest_lumen.page.playwright_internals import began_to_act


@pytest.mark.parametrize(("log", "acted"), [
    ("Timeout 500ms exceeded.\n  - waiting for locator\n    - locator resolved to <button>", False),
    ("Timeout 500ms exceeded.\n    - performing click action\n", True),
    ("Timeout 500ms exceeded.\n    - click action done\n    - waiting for scheduled navigations to finish", True),
])
def test_a_timed_out_action_that_began_to_act_is_not_repeated(log: str, acted: bool) -> None:
    assert began_to_act(log) is acted
