"""A heal's pictures in a real browser (pytest_lumen.heal.record): the page before the healed action acted and
after it, named by the ``heal.pictures`` event; none taken when nothing healed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.context import TestContext
from pytest_lumen.events import HealPictures
from tests.browser.heal.test_relabel import DONE, WIZARD, record
from tests.browser.inprocess import context, no_model, session_in

STEP = "go on to payment"
CLICK: list[Any] = [{"tool": "click", "target": {"role": "button", "name": "Continue"}}, {"tool": "done"}]


def pictures(ctx: TestContext) -> list[HealPictures]:
    return [e for e in ctx.events.events if isinstance(e, HealPictures)]


@pytest.fixture
def wizard(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[TestContext, list[str]]]:
    """Record the wizard's "go on to payment", then ``wizard(label)`` replays it on the wizard with its button
    labelled ``label``: the test's context and the page's screenshots taken meanwhile; ``secret``: a value the test
    passed, which the page shows; ``gate``: the identity gate is open (else every action takes the full path)."""
    site = site_factory({"index.html": WIZARD.format(action="/payment.html", label="Continue"), "payment.html": DONE})
    record(page, site.url + "/index.html", tmp_path, STEP, CLICK)
    shots: list[str] = []
    screenshot = page.screenshot

    def counted(**kwargs: Any) -> bytes:
        shots.append(Path(kwargs.get("path", "")).name)
        return bytes(screenshot(**kwargs))

    def replay(label: str, secret: str | None = None, gate: bool = True) -> tuple[TestContext, list[str]]:
        shown = f"<p>Your key: {secret}</p>" if secret else ""
        (site.root / "index.html").write_text(WIZARD.format(action="/payment.html", label=label).replace(
            "</main>", f"{shown}</main>"), encoding="utf-8")
        page.goto(site.url + "/index.html")
        ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2))
        if secret:
            ctx.secrets.add_variables({"key": secret})
        shots.clear()
        monkeypatch.setattr(page, "screenshot", counted)
        try:
            Agent(page, ctx, no_model, identity_gate=gate).run(STEP)
        finally:
            monkeypatch.undo()
        return ctx, list(shots)
    return replay


def test_a_heal_keeps_the_page_before_its_action_and_after_it_both_named_by_its_event(
        wizard: Callable[..., tuple[TestContext, list[str]]], page: Any) -> None:
    ctx, shots = wizard("Next step")  # relabelled: healed, the click leads to the payment page
    assert page.url.endswith("/payment.html?plan=team")
    [heal] = ctx.heals
    assert str(heal.level) == "relabel"
    assert (heal.picture, heal.after_picture) == ("out/heal-step1-action1-before.png", "out/heal-step1-action1-after.png")
    before, after = (ctx.output_dir / "heal-step1-action1-before.png"), (ctx.output_dir / "heal-step1-action1-after.png")
    assert shots == [before.name, after.name]
    assert before.read_bytes().startswith(b"\x89PNG") and after.read_bytes().startswith(b"\x89PNG")
    assert before.read_bytes() != after.read_bytes()  # the wizard with its button highlighted, then the payment page
    [event] = pictures(ctx)
    assert (event.step, event.action, event.level, event.before, event.after) == (
        0, 0, "relabel", before.name, after.name)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full"])
def test_a_replay_that_heals_nothing_takes_no_picture(wizard: Callable[..., tuple[TestContext, list[str]]],
                                                      gate: bool) -> None:
    ctx, shots = wizard("Continue", gate=gate)  # the page as recorded: a cache hit, on either path
    assert ctx.heals == [] and ctx.figures.steps_replayed == 1
    assert shots == [] and pictures(ctx) == []
    assert not list(ctx.output_dir.glob("heal-*.png"))


def test_the_before_picture_is_withheld_while_the_page_shows_a_value_the_test_passed(
        wizard: Callable[..., tuple[TestContext, list[str]]]) -> None:
    ctx, shots = wizard("Next step", secret="k-2f9c81d7e4a6")  # the wizard shows it; the payment page does not
    [heal] = ctx.heals
    assert heal.picture is None and not (ctx.output_dir / "heal-step1-action1-before.png").exists()
    assert heal.after_picture == "out/heal-step1-action1-after.png" and shots == ["heal-step1-action1-after.png"]
    [event] = pictures(ctx)
    assert (event.before, event.after) == (None, "heal-step1-action1-after.png")
