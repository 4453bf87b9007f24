"""The identity gate: the page computes the same hash as Python, and keeps only the recorded element."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pytest_lumen import actions as A
from pytest_lumen import identity
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.events import EventLog
from pytest_lumen.fingerprint import capture, capture_with_look_alikes
from pytest_lumen.locators import LocatorSpec
from pytest_lumen.replay import Replayer
from pytest_lumen.secrets import Secrets
from pytest_lumen.session import LumenSession
from pytest_lumen.state import TestState as State  # not "Test*": pytest would try to collect it

FORM = """
<form>
  <label>Email <input id="email" name="email" type="email"></label>
  <div class="row"><span>Blue mug</span> <button>Add</button></div>
  <div class="row"><span>Teapot</span> <button>Add</button></div>
  <button id="save" type="submit">Save</button>
</form>
"""


@pytest.fixture
def form_page(page: Any, playwright: Any) -> Any:
    assert identity.register(playwright.selectors)
    assert identity.register(playwright.selectors)  # a second registration is harmless
    page.set_content(FORM)
    return page


@pytest.mark.parametrize("text", ["", "Save", "héllo wörld", "日本語のボタン", "😀 two code units", "a\u001fb\u001e", "x" * 500])
def test_python_and_page_hash_alike(form_page: Any, text: str) -> None:
    in_page = form_page.evaluate(f"(s) => ({identity._HASH_JS})(s)", text)
    assert identity.cyrb53(text) == in_page


def test_gate_keeps_the_recorded_element_and_drops_a_changed_one(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture(save), role_locator=False)
    assert gate is not None and gate.count() == 1
    form_page.evaluate("document.getElementById('save').id = 'submit-order'")
    assert gate.count() == 0  # same role and name, another id: not clearly the recorded element


def test_gate_tells_look_alikes_apart_by_their_context(form_page: Any) -> None:
    both = form_page.get_by_role("button", name="Add")
    fp = capture_with_look_alikes(both.nth(1))
    assert fp.look_alikes == 1
    gate = identity.gated(both, fp, role_locator=True)
    assert gate is not None and gate.count() == 1
    assert gate.evaluate("(el) => el.previousElementSibling.textContent") == "Teapot"


def test_text_around_a_unique_element_is_not_part_of_its_gate(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture_with_look_alikes(save), role_locator=True)
    form_page.evaluate("document.getElementById('save').insertAdjacentText('beforebegin', 'Cart (3) Total: $37.00')")
    assert gate is not None and gate.count() == 1


def test_role_locator_gate_ignores_the_recorded_role_and_name(form_page: Any) -> None:
    email = form_page.get_by_role("textbox", name="Email")
    # the cache keeps the role locator's own role and name, which the page's approximation may word otherwise
    fp = capture(email).model_copy(update={"role": "textbox", "name": "Email address"})
    assert identity.gated(email, fp, role_locator=True).count() == 1  # type: ignore[union-attr]
    assert identity.gated(email, fp, role_locator=False).count() == 0  # type: ignore[union-attr]


def test_selector_holds_a_hash_not_the_attributes(form_page: Any) -> None:
    fp = capture(form_page.locator("#email"))
    selector = identity.identity_selector(fp, role_locator=False)
    scope, digest = selector.removeprefix(f"{identity.ENGINE}=").split(":")
    assert scope == "c" and int(digest, 16) >= 0  # no look-alikes: the context is left out
    assert "email" not in selector.lower()


def test_fail_fast_gate_refuses_another_element_at_once(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture(save), role_locator=True, fail_fast=True)
    form_page.evaluate("document.getElementById('save').id = 'submit-order'")
    with pytest.raises(PlaywrightError) as refused:
        gate.click(timeout=30_000)  # type: ignore[union-attr]
    assert identity.MISMATCH in str(refused.value) and not isinstance(refused.value, PlaywrightTimeoutError)
    assert form_page.evaluate("document.activeElement.tagName") == "BODY"  # nothing was clicked


def test_no_gate_without_a_fingerprint(form_page: Any) -> None:
    assert identity.gated(form_page.locator("#save"), None, role_locator=False) is None


@pytest.mark.parametrize(("log", "acted"), [
    ("Timeout 500ms exceeded.\n  - waiting for locator\n    - locator resolved to <button>", False),
    ("Timeout 500ms exceeded.\n    - performing click action\n", True),
    ("Timeout 500ms exceeded.\n    - click action done\n    - waiting for scheduled navigations to finish", True),
])
def test_a_timed_out_action_that_began_to_act_is_not_repeated(log: str, acted: bool) -> None:
    assert A.began_to_act(log) is acted


def test_after_fill_gate_finds_the_field_when_the_text_around_it_changed(form_page: Any) -> None:
    email = form_page.locator("#email")
    fp = capture(email).model_copy(update={"look_alikes": 1})  # one whose context counts
    gate = identity.gated(email, fp, role_locator=False)
    after_fill = identity.gated(email, fp, role_locator=False, after_fill=True)
    email.fill("not an address")
    form_page.evaluate("document.querySelector('label').insertAdjacentText('afterend', 'Please enter a valid email')")
    assert gate is not None and gate.count() == 0
    assert after_fill is not None and after_fill.input_value() == "not an address"


def _replayer(page: Any, root: Path) -> Replayer:
    """A replay-mode Replayer with the gate open, as the ``agent`` fixture makes it."""
    session = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL))
    state = State(nodeid="test_x.py::test_x", settings=session.settings, store=session.store,
                      cache_path=root / ".lumen-cache" / "x.json", output_dir=root / "out", stats=session.stats,
                      secrets=Secrets({}), events=EventLog())
    return Replayer(page, state, gate=True)


def test_a_gated_fill_whose_value_did_not_stick_is_filled_again_on_the_full_path(form_page: Any, tmp_path: Path) -> None:
    # the page throws the first input away, as a busy page or an inert one (behind a modal) does
    form_page.set_content('<label>Name <input id="n" oninput="if (!this.dataset.once) '
                          '{ this.dataset.once = 1; this.value = \'\'; }"></label>')
    target = A.Target(locator=LocatorSpec(kind="role", value="textbox", name="Name"),
                      fingerprint=capture(form_page.locator("#n")))
    fill = A.Fill(target=target, value="Ada", after=A.Effect(value="Ada"))
    replayer = _replayer(form_page, tmp_path)
    done, heals = replayer.replay(0, [fill], {})
    assert form_page.locator("#n").input_value() == "Ada"
    assert heals == [] and replayer.last_path == "full"
    assert (replayer.state.stats.gate_hits, replayer.state.stats.gate_misses) == (0, 1)
