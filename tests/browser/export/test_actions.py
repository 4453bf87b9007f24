"""The generated Playwright lines run: a conditional step takes the branch whose sign shows, a dialog is answered as
recorded, and the actions after a popup act in it (against real Chromium, no plugin code at run time)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from pydantic import TypeAdapter

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Action, Step
from pytest_lumen.export import actions
from pytest_lumen.export.actions import Scope, step_lines

ACCEPT = {"kind": "click", "target": {"locator": {"kind": "role", "value": "button", "name": "Accept"}}}
CHOSEN = {"kind": "expect", "check": "text", "expected": "accepted",
          "target": {"locator": {"kind": "test_id", "value": "status"}}}
BANNER_PAGE = """
<p data-testid="status">none</p>
<div id="banner" hidden>We use cookies. <button onclick="status()">Accept</button></div>
<script>
  function status() { document.querySelector('[data-testid=status]').textContent = 'accepted'; }
  SHOW
</script>
"""

POPUP_OPENER = """
<button onclick="openTab()">Open</button>
<script>
  function openTab() {
    const tab = window.open('about:blank');
    tab.document.body.innerHTML = '<p data-testid=status>none</p><button>Accept</button>';
    tab.document.querySelector('button').onclick = () => { tab.document.querySelector('p').textContent = 'accepted'; };
  }
</script>
"""


def step(*, actions: list[dict[str, Any]] | None = None, branches: list[list[dict[str, Any]]] | None = None) -> Step:
    adapter: TypeAdapter[Any] = TypeAdapter(Action)
    return Step(key=step_key("s", []), instruction="s", url="/", actions=[adapter.validate_python(a) for a in actions or []],
                branches=None if branches is None else [[adapter.validate_python(a) for a in b] for b in branches])


def run(lines: list[str], page: Page) -> None:
    """Run generated lines as the body of an exported test."""
    source = "def body(page):\n" + "".join(f"    {line}\n" for line in lines)
    namespace: dict[str, Any] = {"expect": expect, "PlaywrightTimeoutError": PlaywrightTimeoutError, "re": re}
    exec(compile(source, "<exported>", "exec"), namespace)
    namespace["body"](page)


def test_a_conditional_step_takes_the_branch_whose_sign_shows_even_a_moment_late(
        page: Page, monkeypatch: pytest.MonkeyPatch) -> None:
    # The lines wait for the sign (not a look at the page as it is): the sign shows 300 ms late, and the wait, made
    # as long as Playwright's default for an action (30 s) here, ends when it shows, on a machine however busy (the
    # 1 s window would race the page's timer).
    monkeypatch.setattr(actions, "CONDITION_WAIT_MS", 30_000)
    lines = step_lines(step(branches=[[ACCEPT], []]), Scope())
    assert any("wait_for(timeout=30000)" in line for line in lines)
    page.set_content(BANNER_PAGE.replace("SHOW", "setTimeout(() => { document.getElementById('banner').hidden = false; }, 300);"))
    run(lines, page)
    expect(page.get_by_test_id("status")).to_have_text("accepted")


def test_without_its_sign_the_branch_of_nothing_to_do_is_taken(page: Page) -> None:
    lines = step_lines(step(branches=[[ACCEPT], []]), Scope())
    page.set_content(BANNER_PAGE.replace("SHOW", ""))  # the banner never shows
    run(lines, page)
    expect(page.get_by_test_id("status")).to_have_text("none")


def test_a_confirm_dialog_is_accepted_as_recorded(page: Page) -> None:
    page.set_content('<p data-testid="status">none</p><button onclick="if (confirm(\'Sure?\')) status()">Accept</button>'
                     "<script>function status() { document.querySelector('[data-testid=status]').textContent = 'accepted'; }"
                     "</script>")
    run(step_lines(step(actions=[{**ACCEPT, "dialogs": [{"type": "confirm", "message": "Sure?", "accept": True}]},
                                 CHOSEN]), Scope()), page)


def test_actions_after_a_popup_act_in_it(page: Page) -> None:
    page.set_content(POPUP_OPENER)
    opener = {"kind": "click", "after": {"popup": "about:blank"},
              "target": {"locator": {"kind": "role", "value": "button", "name": "Open"}}}
    run(step_lines(step(actions=[opener, ACCEPT, CHOSEN]), Scope()), page)
    assert len(page.context.pages) == 2


# A sign-in page as server-rendered apps write it: the form is in the HTML, the script that takes it over (submits it
# with fetch, says who signed in) comes at the page's end. A click on "Sign in" before that script ran submits the form
# natively: the page reloads with the fields in its address, and nothing says signed in.
SIGN_IN_SITE = {
    "index.html": '<a href="login.html">Sign in</a>',
    "login.html": '<form id="login"><label>Username <input name="user"></label><button>Sign in</button></form>'
                  '<p data-testid="status">none</p><script src="/slow/login.js"></script>',
    "slow/login.js": "document.getElementById('login').addEventListener('submit', (event) => { event.preventDefault(); "
                     "document.querySelector('[data-testid=status]').textContent = 'signed in'; });",
}


def test_the_action_after_a_navigation_waits_for_the_new_pages_scripts(
        page: Page, site_factory: Callable[[dict[str, str]], Any]) -> None:
    # The script arrives a second after the browser asks for it: the lines go on only once it ran, however long that is.
    site = site_factory(SIGN_IN_SITE)
    site.release_after("/slow/login.js", 1.0)
    link = {"kind": "click", "after": {"url": "/login.html"},
            "target": {"locator": {"kind": "role", "value": "link", "name": "Sign in"}}}
    fill = {"kind": "fill", "value": "alice", "target": {"locator": {"kind": "role", "value": "textbox", "name": "Username"}}}
    submit = {"kind": "click", "target": {"locator": {"kind": "role", "value": "button", "name": "Sign in"}}}
    signed_in = {"kind": "expect", "check": "text", "expected": "signed in",
                 "target": {"locator": {"kind": "test_id", "value": "status"}}}
    page.goto(f"{site.url}/index.html")
    run(step_lines(step(actions=[link, fill, submit, signed_in]), Scope()), page)
    assert not [path for path in site.requested if path.startswith("/login.html?")]  # never submitted natively
