"""The identity gate (pytest_lumen.page.identity) on a real page: the page computes the same hash as Python,
and keeps only the recorded element. The form is ``form_page`` (tests/browser/conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pytest_lumen.page import identity, scripts
from pytest_lumen.page.fingerprint import capture, capture_with_look_alikes


@pytest.mark.parametrize("text", ["", "Save", "héllo wörld", "日本語のボタン", "😀 two code units", "a\u001fb\u001e", "x" * 500])
def test_python_and_page_hash_alike(form_page: Any, text: str) -> None:
    in_page = form_page.evaluate(scripts.function("cyrb53", ("hash",)), text)
    assert identity.cyrb53(text) == in_page


def test_gate_keeps_the_recorded_element_and_drops_a_changed_one(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture(save))
    assert gate is not None and gate.count() == 1
    form_page.evaluate("document.getElementById('save').id = 'submit-order'")
    assert gate.count() == 0  # same role and name, another id: not clearly the recorded element


def test_gate_tells_look_alikes_apart_by_their_context(form_page: Any) -> None:
    both = form_page.get_by_role("button", name="Add")
    fp = capture_with_look_alikes(both.nth(1))
    assert fp.look_alikes == 1
    gate = identity.gated(both, fp)
    assert gate is not None and gate.count() == 1
    assert gate.evaluate("(el) => el.previousElementSibling.textContent") == "Teapot"


def test_text_around_a_unique_element_is_not_part_of_its_gate(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture_with_look_alikes(save))
    form_page.evaluate("document.getElementById('save').insertAdjacentText('beforebegin', 'Cart (3) Total: $37.00')")
    assert gate is not None and gate.count() == 1


# A consent tool's banner (a region labelled by aria-label) and a modal labelled by its heading (aria-labelledby).
SECTIONS = """<main><h1>Shop</h1></main>
<section role="region" aria-label="Cookie consent (3 partners)" id="cc"><p>We use cookies.</p>
  <button class="cc-btn">Accept</button></section>
<div role="dialog" aria-labelledby="tos" id="terms" hidden><h2 id="tos">Our terms changed</h2></div>"""


@pytest.mark.parametrize("release", ["unchanged", "counted", "outer-section", "moved-to-terms", "unnamed"])
def test_the_gate_keeps_an_element_in_the_section_it_was_recorded_in(page: Any, release: str) -> None:
    page.set_content(SECTIONS)
    accept = page.get_by_role("button", name="Accept")
    fp = capture(accept)
    assert fp.within == "Cookie consent (3 partners)"
    page.evaluate({  # what a release changed; the element's own attributes are untouched
        "unchanged": "() => {}",
        "counted": "() => document.getElementById('cc').setAttribute('aria-label', 'Cookie consent (12 partners)')",
        "outer-section": "() => { const m = document.createElement('section'); m.setAttribute('aria-label', 'Site'); "
                         "document.body.append(m); m.append(document.getElementById('cc')); }",
        "moved-to-terms": "() => { const t = document.getElementById('terms'); t.hidden = false; "
                          "t.append(document.querySelector('.cc-btn')); document.getElementById('cc').remove(); }",
        "unnamed": "() => document.getElementById('cc').removeAttribute('aria-label')",
    }[release])
    gate = identity.gated(accept, fp)  # the gate: the innermost section's name as it was
    assert gate is not None and gate.count() == (1 if release in ("unchanged", "outer-section") else 0)
    # the full path's rule is the gate's, wider: a count set apart aside, and a section that lost its name is no
    # evidence of another one
    assert identity.holds(fp, capture(accept)) is (release != "moved-to-terms")
    # an element recorded in no named section is not held to one; in no dialog, it is held to none
    unnamed = identity.gated(accept, fp.model_copy(update={"within": None}))
    assert unnamed is not None and unnamed.count() == (0 if release == "moved-to-terms" else 1)


def test_role_and_name_are_checked_by_playwrights_role_engine(form_page: Any) -> None:
    email = form_page.get_by_role("textbox", name="Email")
    fp = capture(email)
    assert (fp.role, fp.name) == ("textbox", "Email")  # Playwright's own, not an approximation
    assert identity.gated(email, fp).count() == 1  # type: ignore[union-attr]
    assert identity.gated(form_page.locator("#email"), fp).count() == 1  # type: ignore[union-attr]
    # the name is checked exactly, whatever the locator: a role locator matches a part of a name
    renamed = fp.model_copy(update={"name": "Email address"})
    assert identity.gated(email, renamed).count() == 0  # type: ignore[union-attr]
    assert identity.gated(form_page.locator("#email"), renamed).count() == 0  # type: ignore[union-attr]
    part = form_page.get_by_role("textbox", name="Emai")  # as normalize() records names: not exact
    assert part.count() == 1 and identity.gated(part, fp).count() == 1  # type: ignore[union-attr]


def test_selector_holds_a_hash_not_the_attributes(form_page: Any) -> None:
    fp = capture(form_page.locator("#email"))
    selector = identity.identity_selector(fp)
    scope, digest = selector.removeprefix(f"{identity.ENGINE}=").split(":")
    assert scope == "rcwnuq" and re.fullmatch("[0-9a-f]+", digest) and int(digest, 16) < 2 ** 53  # cyrb53: 53 bits
    # role and name are left to Playwright, and without look-alikes the context is no part of it: the same hash
    assert identity.identity_selector(fp.model_copy(update={"role": "searchbox", "name": "Mail", "context": "x"})) == selector
    assert identity.identity_selector(fp.model_copy(update={"id": "mail"})) != selector  # another id: another hash
    assert "email" not in selector.lower()


def test_fail_fast_gate_refuses_another_element_at_once(form_page: Any) -> None:
    save = form_page.get_by_role("button", name="Save")
    gate = identity.gated(save, capture(save), fail_fast=True)
    form_page.evaluate("document.getElementById('save').id = 'submit-order'")
    with pytest.raises(PlaywrightError) as refused:
        gate.click(timeout=30_000)  # type: ignore[union-attr]
    assert identity.MISMATCH in str(refused.value) and not isinstance(refused.value, PlaywrightTimeoutError)
    assert form_page.evaluate("document.activeElement.tagName") == "BODY"  # nothing was clicked


def test_no_gate_without_a_fingerprint(form_page: Any) -> None:
    assert identity.gated(form_page.locator("#save"), None) is None


def test_after_fill_gate_finds_the_field_when_the_text_around_it_changed(form_page: Any) -> None:
    email = form_page.locator("#email")
    fp = capture(email).model_copy(update={"look_alikes": 1})  # one whose context counts
    gate = identity.gated(email, fp)
    after_fill = identity.gated(email, fp, after_fill=True)
    email.fill("not an address")
    form_page.evaluate("document.querySelector('label').insertAdjacentText('afterend', 'Please enter a valid email')")
    assert gate is not None and gate.count() == 0
    assert after_fill is not None and after_fill.input_value() == "not an address"


def test_a_section_in_a_shadow_root_is_named_by_the_ids_of_its_own_root(page: Any) -> None:
    # a web component's dialog, labelled by its own heading: the id is the shadow root's, not the document's
    page.set_content("<terms-dialog></terms-dialog><script>customElements.define('terms-dialog', class extends "
                     "HTMLElement { connectedCallback() { this.attachShadow({mode: 'open'}).innerHTML = '<div "
                     "role=\"dialog\" aria-labelledby=\"t\"><h2 id=\"t\">Our terms changed</h2><button>Accept</button>"
                     "</div>'; } });</script>")
    assert capture(page.get_by_role("button", name="Accept")).within == "Our terms changed"
