"""A script on one element in one round trip (pytest_lumen.page.evaluate): the answer ``Locator.evaluate`` gives, its
wait for an element not there yet and its failure on several."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_lumen.page import scripts
from pytest_lumen.page.evaluate import count_and_evaluate, evaluate

PAGE = """<main><ul><li class="item">Tea</li><li class="item">Coffee</li></ul><button id="add">Add</button></main>
<script>document.getElementById('add').addEventListener('click', () => setTimeout(() => {
  const b = document.createElement('button'); b.id = 'late'; b.textContent = 'Late'; document.body.append(b); }, 50));
</script>"""
TEXT = "(el, suffix) => el.textContent + suffix"


def test_one_element_gives_what_locator_evaluate_gives(page: Any) -> None:
    page.set_content(PAGE)
    tea = page.get_by_text("Tea", exact=True)
    assert evaluate(tea, TEXT, "!") == tea.evaluate(TEXT, "!") == "Tea!"
    assert evaluate(page.locator("#add"), "el => el.tagName") == "BUTTON"


def test_an_element_not_there_yet_is_waited_for_as_locator_evaluate_waits(page: Any) -> None:
    page.set_content(PAGE)
    page.locator("#add").click()  # the button comes a little later
    assert evaluate(page.locator("#late"), TEXT, "", timeout=5000) == "Late"


def test_several_elements_fail_as_locator_evaluate_fails(page: Any) -> None:
    page.set_content(PAGE)
    with pytest.raises(PlaywrightError, match="strict mode violation"):
        evaluate(page.locator(".item"), TEXT, "", timeout=1000)


def test_none_fails_at_its_timeout(page: Any) -> None:
    page.set_content(PAGE)
    with pytest.raises(PlaywrightError, match="Timeout 200ms"):
        evaluate(page.locator("#nothing"), TEXT, "", timeout=200)


def test_a_locator_by_ref_evaluates_the_element_of_the_newest_snapshot(page: Any) -> None:
    page.set_content(PAGE)
    snapshot = page.aria_snapshot(mode="ai")
    ref = next(line.split("[ref=")[1].split("]")[0] for line in snapshot.splitlines() if '"Add"' in line)
    assert evaluate(page.get_by_ref(ref), "el => el.id") == "add"


def test_count_and_evaluate_counts_and_evaluates_only_one(page: Any) -> None:
    page.set_content(PAGE)
    assert count_and_evaluate(page.get_by_text("Coffee"), TEXT, "?") == (1, "Coffee?")
    assert count_and_evaluate(page.locator(".item"), TEXT, "?") == (2, None)
    assert count_and_evaluate(page.locator("#late"), TEXT, "?") == (0, None)


def test_a_locator_into_one_of_two_alike_iframes_fails_as_locator_evaluate_fails(page: Any) -> None:
    # evaluate_all would take the first iframe; Playwright's evaluate holds the hop into an iframe to one
    frame = '<iframe title="Card" srcdoc="<button>Pay</button>"></iframe>'
    page.set_content(frame + frame)
    pay = page.frame_locator("iframe[title=Card]").get_by_role("button", name="Pay")
    with pytest.raises(PlaywrightError, match="strict mode violation"):
        evaluate(pay, TEXT, "", timeout=2000)
    assert evaluate(page.frame_locator("iframe >> nth=1").get_by_role("button"), TEXT, "!") == "Pay!"


def test_count_and_evaluate_of_a_locator_into_an_iframe_is_playwrights_count_and_evaluate(page: Any) -> None:
    page.set_content('<iframe title="Card" srcdoc="<button>Pay</button><button>Cancel</button>"></iframe>')
    card = page.frame_locator("iframe[title=Card]")
    page.frame_locator("iframe").get_by_role("button", name="Pay").wait_for()
    assert count_and_evaluate(card.get_by_role("button", name="Pay"), TEXT, "!") == (1, "Pay!")
    assert count_and_evaluate(card.get_by_role("button"), TEXT, "!") == (2, None)


def test_a_script_in_ascii_means_what_its_file_says(page: Any) -> None:
    """``scripts.ascii_only``: the same answers from a string, a template, a regular expression (with and without the
    ``u`` flag) and a character class that hold characters past ASCII, one past the Basic Multilingual Plane too."""
    script = ("() => { const s = '\u2212\U0001f600'; return [s.length, `\u00e9${s}`, /^\u2212.$/u.test(s),"
              " /[\u2212\u2013]/.test('\u2013'), [...s].length]; }")
    assert page.evaluate(scripts.ascii_only(script)) == page.evaluate(script) == [3, "\u00e9\u2212\U0001f600", True, True, 2]
