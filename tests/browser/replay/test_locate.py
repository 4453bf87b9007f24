"""The full path's wait for the page to change before it looks again (``locate.Finder``): a change made after the
look, while the heal scanned the page, is seen by the wait at once (not waited for again), and a page that closed
fails the action at once, saying so, instead of being looked at until the action's timeout.

The change and the close are made by the heal itself (``_try_heal`` wrapped): after its scan, before the wait,
the moment a late render falls into, at no timer's mercy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.replay import locate
from tests.browser.heal.test_relabel import record
from tests.browser.inprocess import context, no_model, session_in

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Profile</title></head><body><main>
<h1>Profile</h1>{button}<p id="said"></p></main>
<script>document.addEventListener('click', (e) => {{
  if (e.target.id === 'save') document.getElementById('said').textContent = 'Saved'; }});</script></body></html>"""
SAVE = '<button id="save" type="button">Save</button>'
# Long: the wait that missed the change would end after LOOK_AGAIN_MS, far sooner; the action finds the button either way.
ACTION_TIMEOUT = 20.0


@pytest.fixture
def profile(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """"save the profile" recorded; then the page renders its button late (after replay's first look)."""
    site = site_factory({"index.html": PAGE.format(button=SAVE)})
    record(page, site.url + "/index.html", tmp_path, "save the profile",
           [{"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}])
    (site.root / "index.html").write_text(PAGE.format(button=""), encoding="utf-8")
    return site


def _heal_then(monkeypatch: pytest.MonkeyPatch, after: Callable[[], None]) -> None:
    """The heal scans the page as ever, then ``after`` runs once (what the page does right after the scan)."""
    real, done = locate._try_heal, []

    def scanned(*args: Any) -> Any:
        found = real(*args)
        if not done:
            done.append(after())
        return found

    monkeypatch.setattr(locate, "_try_heal", scanned)


def test_a_change_between_the_look_and_the_wait_is_seen_by_the_wait_at_once(
        profile: Any, page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page.goto(profile.url + "/index.html")
    _heal_then(monkeypatch, lambda: page.evaluate(f"document.querySelector('h1').insertAdjacentHTML('afterend', '{SAVE}')"))
    real_wait, waits = locate.wait_for_change, []
    monkeypatch.setattr(locate, "wait_for_change", lambda *a, **k: waits.append(real_wait(*a, **k)) or waits[-1])
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=ACTION_TIMEOUT))
    Agent(page, ctx, no_model).run("save the profile")
    assert page.locator("#said").inner_text() == "Saved"
    assert waits == [True]  # the change was seen as made since the look; a wait from "now" missed it (False)


def test_a_page_that_closed_while_replay_looked_fails_the_action_at_once_saying_so(
        profile: Any, page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closing = page.context.new_page()
    closing.goto(profile.url + "/index.html")
    _heal_then(monkeypatch, closing.close)
    looks = []
    real_look = locate.first_look
    monkeypatch.setattr(locate, "first_look", lambda *a: looks.append(1) or real_look(*a))
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=ACTION_TIMEOUT))
    with pytest.raises(ReplayError, match=r'the page closed while replay looked for get_by_role\("button", name="Save"'):
        Agent(closing, ctx, no_model).run("save the profile")
    assert len(looks) == 1  # not looked at again, and again, until the action's timeout
