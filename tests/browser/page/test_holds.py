"""The lumen-holds engine (pytest_lumen.page.holds): a filled field's value checked inside another query."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from pytest_lumen.page import holds, scripts


@pytest.mark.parametrize("text", ["", "abc", "héllo wörld", "日本語", "😀 two code units", "x" * 55, "y" * 56, "z" * 64,
                                  "w" * 1000, "lone \ud800 surrogate"])
def test_python_and_page_sha256_alike(form_page: Any, text: str) -> None:
    in_page = form_page.evaluate(scripts.function("sha256", ("sha256",)), text)
    assert in_page == hashlib.sha256(text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode()).hexdigest()
    assert holds.digest(text, key="k") == hashlib.sha256(("k\u001f" + text).encode("utf-16", "surrogatepass")
                                                         .decode("utf-16", "replace").encode()).hexdigest()[:holds.DIGITS]


def test_the_selector_holds_a_keyed_digest_never_the_value(form_page: Any) -> None:
    email = form_page.locator("#email")
    selector = str(holds.holding(email, "ada@example.com"))
    assert "ada@example.com" not in selector and holds.digest("ada@example.com") in selector
    assert holds.digest("ada@example.com") != holds.digest("ada@example.com", key="another run")


def test_the_condition_holds_while_the_field_has_the_value(form_page: Any) -> None:
    email = form_page.locator("#email")
    email.fill("ada@example.com")
    save = holds.provided(form_page, holds.holding(email, "ada@example.com")).get_by_role("button", name="Save")
    assert save.count() == 1
    label = form_page.get_by_text("Email")  # a label is read through its control, as Playwright's input_value reads it
    assert holds.provided(form_page, holds.holding(label, "ada@example.com")).get_by_role("button", name="Save").count() == 1
    save.click()  # the condition is part of the action's own query (Playwright's own timeout: no race with 2 s)


def test_a_field_that_lost_its_value_fails_the_carrying_action_at_once(form_page: Any) -> None:
    email = form_page.locator("#email")
    email.fill("ada@example.com")
    form_page.evaluate("document.getElementById('email').value = ''")
    save = holds.provided(form_page, holds.holding(email, "ada@example.com")).get_by_role("button", name="Save")
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):
        save.click(timeout=5000)  # at once, not after 5 s: the query throws
    with pytest.raises(PlaywrightError, match=holds.MISMATCH):  # an element without a value is no field
        holds.provided(form_page, holds.holding(form_page.locator("#save"), "")).count()
