"""A changed value is a failed assertion, said as one: the checked element is found, only its value differs.

A text check is recorded on a table row and on a paragraph; the release changes only the
asserted text (a save that ignored a field). Replay must find the same element, fail with
``LumenAssertionError`` "expected X, got Y", and never suggest re-recording (that would bake
the bug into the cache).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.cache.model import Expect
from pytest_lumen.config import Mode
from pytest_lumen.errors import LumenAssertionError
from pytest_lumen.page.checks import with_other_numbers
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, no_model, session_in

TABLE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title></head><body><main>
<h1>People</h1>
<table><thead><tr><th>Name</th><th>Born</th><th></th></tr></thead><tbody>
<tr><td><a href="/p/1">Ada Lovelace</a></td><td>{ada}</td><td><input type="checkbox" aria-label="Select"></td></tr>
<tr><td><a href="/p/2">Grace Hopper</a></td><td>{grace}</td><td><input type="checkbox" aria-label="Select"></td></tr>
</tbody></table>
<p>Order total: {total}</p>
</main></body></html>"""

BEFORE = {"ada": "Dec. 10, 1815", "grace": "Sept. 1, 1965", "total": "$37.00"}

ROW_SCRIPT: list[Any] = [
    {"tool": "expect_text", "target": {"role": "row", "nth": 2},
     "input": {"text": "Sept. 1, 1965"}},
    {"tool": "done"},
]
PARAGRAPH_SCRIPT: list[Any] = [
    {"tool": "expect_text", "target": {"role": "paragraph"}, "input": {"text": "$37.00"}},
    {"tool": "done"},
]


@pytest.mark.parametrize(("sentence", "script", "changed", "expected", "got"), [
    ("Grace Hopper's row shows she was born Sept. 1, 1965", ROW_SCRIPT, {"grace": "Aug. 1, 1965"},
     "Sept. 1, 1965", "Aug. 1, 1965"),
    ("the order total is $37.00", PARAGRAPH_SCRIPT, {"total": "$39.00"}, "$37.00", "$39.00"),
])
def test_a_check_whose_value_changed_fails_as_expected_x_got_y(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, sentence: str,
        script: list[Any], changed: dict[str, str], expected: str, got: str) -> None:
    before = site_factory({"index.html": TABLE.format(**BEFORE)})
    after = site_factory({"index.html": TABLE.format(**{**BEFORE, **changed})})
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    page.goto(before.url + "/index.html")
    Agent(page, ctx, lambda: ScriptedPlanner(script)).expect(sentence)
    recording.finish(ctx, passed=True)

    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2.0))
    page.goto(before.url + "/index.html")
    Agent(page, ctx, no_model).expect(sentence)  # the same release: green
    page.goto(after.url + "/index.html")
    with pytest.raises(LumenAssertionError) as info:
        Agent(page, context(session_in(Mode.REPLAY, tmp_path, action_timeout=2.0)), no_model).expect(sentence)
    message = str(info.value)
    assert f"expected {expected!r}, got {got!r}" in message, message
    assert "re-record" not in message and "not clearly the recorded one" not in message, message


@pytest.mark.parametrize(("body", "got"), [
    ('<p class="text-muted">Showing <span>1</span> to <span>4</span> of <span>4</span> items</p>',
     "Showing 1 to 4 of 4 items"),  # the count the check is about changed
    ("<div>Total: $1,204.50</div>", "Total: $1,204.50"),  # a number as pages write it
    ('<p>Showing 1 to 4 of 4 orders</p>', None),  # other words: another text
    ('<p>Showing 1 to 4 of 4 items</p><p>Showing 1 to 2 of 2 items</p>', None),  # two of them: which one?
    ('<p>Showing 1 to 3 of 3 items</p>', None),  # the same text: nothing changed in it
])
def test_a_text_check_whose_numbers_changed_reads_what_the_page_shows_instead(page: Any, body: str,
                                                                               got: str | None) -> None:
    page.set_content(f"<main>{body}</main>")
    checks = {"Showing 1 to 3 of 3 items": "3 products are left", "Total: $37.50": "the total is $37.50"}
    shown = [with_other_numbers(page, Expect(check="text", expected=expected), {}, stated)
             for expected, stated in checks.items()]
    assert [found for found in shown if found is not None] == ([got] if got else [])
    assert with_other_numbers(page, Expect(check="text", expected="items"), {}, "items") is None  # no number in it


def test_a_number_the_step_does_not_state_is_the_apps_data_not_what_the_check_is_about(page: Any) -> None:
    page.set_content("<main><h1>Order #1043 confirmed</h1></main>")
    assert with_other_numbers(page, Expect(check="text", expected="Order #1042 confirmed"), {},
                              "the order is confirmed") is None
    assert with_other_numbers(page, Expect(check="text", expected="Order #%order% confirmed"), {"order": "1042"},
                              "order %order% is confirmed".replace("%order%", "1042")) == "Order #1043 confirmed"
