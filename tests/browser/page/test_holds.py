"""The lumen-holds engine (pytest_lumen.page.holds): a filled field's value checked inside another query."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_lumen.page import holds, identity, scripts
from pytest_lumen.page.fingerprint import capture


@pytest.mark.parametrize("text", ["", "abc", "héllo wörld", "日本語", "😀 two code units", "x" * 55, "y" * 56, "z" * 64,
                                  "w" * 1000, "lone \ud800 surrogate"])
def test_python_and_page_sha256_alike(form_page: Any, text: str) -> None:
    in_page = form_page.evaluate(scripts.function("sha256", ("sha256",)), text)
    assert in_page == hashlib.sha256(text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode()).hexdigest()
    assert holds.digest(text, key="k") == hashlib.sha256(("k\u001f" + text).encode("utf-16", "surrogatepass")
                                                         .decode("utf-16", "replace").encode()).hexdigest()[:holds.DIGITS]


def _filled(page: Any, field: Any, value: str) -> str:
    """Fill ``field`` through a query that keeps it (as a gated fill's does); the token it is kept under."""
    token = holds.token()
    kept = identity.gated(field, capture(field), keep=token)
    assert kept is not None and kept.count() == 1
    field.fill(value)
    return token


def test_the_selector_holds_a_keyed_digest_never_the_value(form_page: Any) -> None:
    selector = str(holds.provided(form_page, holds.token(), "ada@example.com"))
    assert "ada@example.com" not in selector and holds.digest("ada@example.com") in selector
    assert holds.digest("ada@example.com") != holds.digest("ada@example.com", key="another run")


def test_the_condition_holds_while_the_kept_field_has_the_value(form_page: Any) -> None:
    token = _filled(form_page, form_page.locator("#email"), "ada@example.com")
    save = holds.provided(form_page, token, "ada@example.com").get_by_role("button", name="Save")
    assert save.count() == 1
    label = _filled(form_page, form_page.get_by_text("Email"), "ada@example.com")  # read through its control,
    assert holds.provided(form_page, label, "ada@example.com").get_by_role("button", name="Save").count() == 1  # as inputValue
    save.click()  # the condition is part of the action's own query (Playwright's own timeout: no race with 2 s)


def test_a_field_that_lost_its_value_fails_the_carrying_action_at_once(form_page: Any) -> None:
    token = _filled(form_page, form_page.locator("#email"), "ada@example.com")
    form_page.evaluate("document.getElementById('email').value = ''")
    save = holds.provided(form_page, token, "ada@example.com").get_by_role("button", name="Save")
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):
        save.click(timeout=5000)  # at once, not after 5 s: the query throws
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):  # an element without a value is no field
        holds.provided(form_page, _filled_button(form_page), "").count()
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):  # no field kept under that token
        holds.provided(form_page, holds.token(), "").count()


def _filled_button(page: Any) -> str:
    token = holds.token()
    kept = identity.gated(page.locator("#save"), capture(page.locator("#save")), keep=token)
    assert kept is not None and kept.count() == 1
    return token


def test_a_field_the_page_replaced_fails_the_condition_even_with_the_value(form_page: Any) -> None:
    # the check is of the very field the fill acted on: a new one in its place (a re-render) is read back instead
    token = _filled(form_page, form_page.locator("#email"), "ada@example.com")
    form_page.evaluate("const old = document.getElementById('email'); const copy = old.cloneNode(); "
                       "copy.value = old.value; old.replaceWith(copy)")
    assert form_page.locator("#email").input_value() == "ada@example.com"
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):
        holds.provided(form_page, token, "ada@example.com").get_by_role("button", name="Save").count()


def test_each_fill_keeps_its_own_field(form_page: Any) -> None:
    # a carrying action's query may run more than once (Playwright retries): it names its fill's token, not "the last"
    form_page.set_content('<input id="a" aria-label="A"><input id="b" aria-label="B"><button>Go</button>')
    first = _filled(form_page, form_page.locator("#a"), "one")
    second = _filled(form_page, form_page.locator("#b"), "two")
    assert holds.provided(form_page, first, "one").get_by_role("button").count() == 1
    assert holds.provided(form_page, second, "two").get_by_role("button").count() == 1
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):
        holds.provided(form_page, first, "two").get_by_role("button").count()


def test_stayed_says_whether_the_page_is_at_the_address_where_the_fill_was_done(form_page: Any) -> None:
    token = _filled(form_page, form_page.locator("#email"), "ada@example.com")
    assert holds.stayed(form_page, token)
    form_page.evaluate("document.getElementById('email').value = ''")  # a value lost on the same page: it stayed
    assert holds.stayed(form_page, token)
    form_page.evaluate("history.pushState({}, '', '#/records/2')")  # a router's route change, in the same document
    assert not holds.stayed(form_page, token)
    assert not holds.stayed(form_page, holds.token())  # no fill kept under that token
