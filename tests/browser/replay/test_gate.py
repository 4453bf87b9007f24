"""Replay through the identity gate (pytest_lumen.replay.gate) with a Replayer on a real page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec, Step
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.page.fingerprint import capture
from pytest_lumen.replay import gate
from pytest_lumen.replay.replayer import Replayer
from pytest_lumen.session import LumenSession


@pytest.fixture(autouse=True)
def gate_attempts_not_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A gated attempt on these unchanged pages always acts: on a busy machine Playwright may not resolve the
    locator within the gate's 500 ms, and the full path would take over (its fill's read-back is final, and a
    page that drops the first input fails). These tests are about what follows a gated action, not its time."""
    monkeypatch.setattr(gate, "GATE_MS", 60_000.0)


def _replayer(page: Any, root: Path) -> Replayer:
    """A replay-mode Replayer with the gate open, as the ``agent`` fixture makes it."""
    session = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL))
    ctx = session.new_context("test_x.py::test_x", root / ".lumen-cache" / "x.json", root / "out")
    return Replayer(page, ctx, gate=True)


def test_a_gated_fill_whose_value_did_not_stick_is_filled_again_on_the_full_path(form_page: Any, tmp_path: Path) -> None:
    # the page throws the first input away, as a busy page or an inert one (behind a modal) does
    form_page.set_content('<label>Name <input id="n" oninput="if (!this.dataset.once) '
                          '{ this.dataset.once = 1; this.value = \'\'; }"></label>')
    target = A.Target(locator=LocatorSpec(kind="role", value="textbox", name="Name"),
                      fingerprint=capture(form_page.locator("#n")))
    fill = A.Fill(target=target, value="Ada", after=A.Effect(value="Ada"))
    replayer = _replayer(form_page, tmp_path)
    done, heals = replayer.replay(0, Step(key=step_key("fill the name", []), instruction="fill the name", url="/", actions=[fill]), {})
    assert form_page.locator("#n").input_value() == "Ada"
    ends = [e for e in replayer.ctx.events.events if e.type == "tool.end"]
    # its value is read back at the end of the step (no action after it carries the check), and it is filled again
    assert heals == [] and [e.path for e in ends] == ["gate", "full"]  # type: ignore[attr-defined]
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (0, 1)


LOGIN = """
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Signed in ' + this.u.value">
  <label>User <input name="u"></label> <label>Password <input name="p" type="password"></label>
  <button>Sign in</button> <output id="out"></output>
</form>
"""


def _login_step(page: Any) -> Step:
    """Fill, fill, click: the fills' values checked by the actions after them."""
    def target(role: str, name: str) -> A.Target:
        return A.Target(locator=LocatorSpec(kind="role", value=role, name=name, exact=True),
                        fingerprint=capture(page.get_by_role(role, name=name, exact=True)))  # type: ignore[arg-type]
    actions = [A.Fill(target=target("textbox", "User"), value="ada", after=A.Effect(value="ada")),
               A.Fill(target=target("textbox", "Password"), value="%pw%", after=A.Effect(value="%pw%")),
               A.Click(target=target("button", "Sign in"))]
    return Step(key=step_key("log in", []), instruction="log in", url="/", actions=actions)


def _protocol_calls(page: Any, run: Any) -> int:
    """Messages sent to Playwright's driver while ``run()`` runs (a Playwright internal, as benchmarks/profile_replay.py counts)."""
    from playwright._impl.connection import Connection
    original = Connection.send_message_to_server
    count = 0

    def counting(self: Any, obj: Any, method: str, *args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += method not in ("__waitInfo__", "updateSubscription")  # the dialog watch subscribes once per page
        return original(self, obj, method, *args, **kwargs)
    Connection.send_message_to_server = counting  # type: ignore[method-assign]
    try:
        run()
    finally:
        Connection.send_message_to_server = original  # type: ignore[method-assign]
    return count


def test_fills_are_checked_in_the_round_trips_of_the_actions_after_them(form_page: Any, tmp_path: Path) -> None:
    form_page.set_content(LOGIN)
    step = _login_step(form_page)
    replayer = _replayer(form_page, tmp_path)
    calls = _protocol_calls(form_page, lambda: replayer.replay(0, step, {"pw": "s3cret-pw"}))
    assert form_page.locator("#out").text_content() == "Signed in ada"
    assert calls == 3  # as many as fill, fill, click written by hand: no read-back of its own
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (3, 0)


def test_a_fill_that_did_not_stick_is_found_out_by_the_next_action_and_done_again(form_page: Any, tmp_path: Path) -> None:
    # the page throws the password away once, as a busy page does: the click that carries the check misses the gate
    form_page.set_content(LOGIN.replace('type="password"', 'type="password" oninput="if (!this.dataset.once) '
                                        '{ this.dataset.once = 1; this.value = \'\'; }"'))
    replayer = _replayer(form_page, tmp_path)
    done, heals = replayer.replay(0, _login_step(form_page), {"pw": "s3cret-pw"})
    assert form_page.locator("input[name=p]").input_value() == "s3cret-pw"
    assert form_page.locator("#out").text_content() == "Signed in ada"
    ends = [(e.toolId, e.path) for e in replayer.ctx.events.events if e.type == "tool.end"]  # type: ignore[attr-defined]
    assert ends == [("fill:0", "gate"), ("fill:1", "gate"), ("fill:1", "full"), ("click:2", "full")]
    assert heals == [] and [a.kind for a in done] == ["fill", "fill", "click"]
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (1, 2)
