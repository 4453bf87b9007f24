"""The harness's in-process inner sessions (``tests/support``): they share the process's Playwright and browser,
and leave the outer test's page, and each other, as they found them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support import driver
from tests.support.inner import run_inner

SHARES = """
from tests.support import driver

def test_shares(playwright, browser, page):
    assert playwright is driver.shared()
    assert browser in driver._browsers.values()
    page.set_content("<button>Hi</button>")
    page.get_by_role("button").click()
"""

LEAVES_A_CONTEXT_OPEN = """
def test_leaves(browser):
    browser.new_context().new_page().set_content("<p>left open</p>")
"""

CLOSES_THE_BROWSER = """
def test_closes(browser):
    browser.close()
"""


def test_inner_sessions_share_the_process_playwright_and_browser_and_leave_the_outer_page_open(
        pytester: pytest.Pytester, page: Any) -> None:
    page.set_content("<p id=outer>outer</p>")
    pytester.makepyfile(test_shares=SHARES, test_leaves=LEAVES_A_CONTEXT_OPEN)
    before = set(page.context.browser.contexts) if page.context.browser else set()

    run_inner(pytester, "-q").assert_outcomes(passed=2)

    assert page.context.browser is not None and page.context.browser in driver._browsers.values()
    assert set(page.context.browser.contexts) == before  # the context the inner test left open was closed
    assert page.locator("#outer").text_content() == "outer"  # and the outer test's was not


def test_a_session_that_closes_a_shared_browser_fails_and_the_next_one_gets_a_new_browser(
        pytester: pytest.Pytester) -> None:
    # other launch options (``--slowmo``) than the outer session's: a browser of their own, which this may close
    pytester.makepyfile(test_closes=SHARES)
    run_inner(pytester, "-q", "--slowmo", "1").assert_outcomes(passed=1)  # launches it
    pytester.makepyfile(test_closes=CLOSES_THE_BROWSER)
    with pytest.raises(AssertionError, match=re.escape("closed (or crashed) a browser this process shares")):
        run_inner(pytester, "-q", "--slowmo", "1")
    pytester.makepyfile(test_closes=SHARES)
    run_inner(pytester, "-q", "--slowmo", "1").assert_outcomes(passed=1)
