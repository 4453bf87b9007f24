"""Replay through the identity gate (pytest_lumen.replay.gate) with a Replayer on a real page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec, Step
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.page.fingerprint import capture
from pytest_lumen.replay.replayer import Replayer
from pytest_lumen.session import LumenSession


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
    assert heals == [] and [e.path for e in ends] == ["full"]  # type: ignore[attr-defined]
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (0, 1)
