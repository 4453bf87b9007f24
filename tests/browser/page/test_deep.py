"""The element a scan found (pytest_lumen.page.deep): ``nth_of`` finds it as the scan did, open shadow roots included,
and a script on it (``page/evaluate``) gives what Playwright's ``Locator.evaluate`` gives, in one round trip."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_lumen.page.deep import found, nth_of
from pytest_lumen.page.evaluate import count_and_evaluate, evaluate
from pytest_lumen.page.fingerprint import scan
from tests.support.protocol import protocol_calls

# A design system's web component (its button in an open shadow root, the label slotted in) beside plain buttons,
# inside an app shell's generated wrappers; "Load more" adds a button a moment after it is clicked.
PAGE = """<div id="app" class="css-1x9f2k"><nav class="sc-bdVaJa"><button>Home</button></nav>
<main class="css-q7w3p0"><ui-button>Save draft</ui-button> <button id="more">Load more</button></main></div>
<script>
customElements.define('ui-button', class extends HTMLElement {
  constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button part="base"><slot></slot></button>'; }
});
document.getElementById('more').addEventListener('click', () => setTimeout(() => {
  const b = document.createElement('button'); b.textContent = 'Archive'; document.querySelector('main').append(b); }, 50));
</script>"""
TEXT = "(el, suffix) => (el.textContent || el.getRootNode().host.textContent).trim() + suffix"


def test_a_script_on_each_element_a_scan_found_is_playwrights_answer_in_one_round_trip(page: Any) -> None:
    page.set_content(PAGE)
    found_by_scan = scan(page, "button")
    assert len(found_by_scan) == 3  # Home, the component's own button (in its shadow root), Load more
    for candidate in found_by_scan:
        element = nth_of(page, "button", candidate.index)
        with protocol_calls() as calls:
            ours = evaluate(element, TEXT, "!")
        assert ours == element.evaluate(TEXT, "!")
        assert dict(calls) == {"evaluateExpression": 1}
    assert {evaluate(nth_of(page, "button", c.index), TEXT, "") for c in found_by_scan} == {"Home", "Save draft",
                                                                                            "Load more"}


def test_count_and_evaluate_of_it_counts_the_element_there_or_none(page: Any) -> None:
    page.set_content(PAGE)
    assert count_and_evaluate(nth_of(page, "button", 0), TEXT, "?") == (1, "Home?")
    assert count_and_evaluate(nth_of(page, "button", 3), TEXT, "?") == (0, None)


def test_an_element_not_there_yet_is_waited_for_and_one_never_there_fails_as_playwright_fails(page: Any) -> None:
    page.set_content(PAGE)
    page.locator("#more").click()  # its Archive button comes a little later, after it in the main column
    assert evaluate(nth_of(page, "main > button", 1), TEXT, "", timeout=5000) == "Archive"
    with pytest.raises(PlaywrightError, match="Timeout 200ms"):
        evaluate(nth_of(page, "button", 9), TEXT, "", timeout=200)


def test_a_locator_made_from_it_is_resolved_by_playwright(page: Any) -> None:
    page.set_content(PAGE)
    component = nth_of(page, "ui-button", 0)
    inner = component.locator("button")
    assert found(component) == ("ui-button", 0) and found(inner) is None
    assert evaluate(inner, TEXT, "") == inner.evaluate(TEXT, "") == "Save draft"
