"""What a failed replay tells the user (pytest_lumen.replay.diagnosis): Playwright's call log, its first lines."""

from __future__ import annotations

from pytest_lumen.replay.diagnosis import CALL_LOG_LINES, shown_log

LOG = """  - waiting for get_by_role("button", name="Place order", exact=True)
    - locator resolved to <button id="place-order">Place order</button>
  - attempting click action
    2 × waiting for element to be visible, enabled and stable
      - element is visible, enabled and stable
      - scrolling into view if needed
      - done scrolling
      - <td class="line-total">$24.50</td> from <table>…</table> subtree intercepts pointer events
    - retrying click action
    - waiting 20ms
    - retrying click action
    - waiting 100ms
"""


def test_the_call_log_follows_the_message_as_playwright_wrote_it_its_first_lines_only() -> None:
    shown = shown_log(LOG).splitlines()
    assert shown[:3] == ["", "  Call log:", '    - waiting for get_by_role("button", name="Place order", '
                                                          'exact=True)']
    assert '        - <td class="line-total">$24.50</td> from <table>…</table> subtree intercepts pointer events' in shown
    assert len(shown) == 2 + CALL_LOG_LINES + 1 and shown[-1] == "    ... 2 more lines"


def test_no_call_log_adds_nothing() -> None:
    assert shown_log("") == "" and shown_log("\n  \n") == ""
