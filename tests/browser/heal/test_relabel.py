"""A relabelled control, in a real browser: healed on evidence with zero model calls, red without it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, no_model, session_in

# A wizard whose first page has one way on; a redesign renames it and may send it elsewhere.
WIZARD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plan</title></head><body>
<header><a href="/help.html">Help</a></header>
<main><h1>Choose a plan</h1>
<form action="{action}" method="get" class="css-1q2w3e">
  <label><input type="radio" name="plan" value="team" checked> Team</label>
  <button type="submit" class="css-9z8y7x">{label}</button>
</form></main></body></html>"""
DONE = "<!doctype html><html lang='en'><body><main><h1>Payment</h1></main></body></html>"
SCRIPT: list[Any] = [{"tool": "click", "target": {"role": "button", "name": "Continue"}}, {"tool": "done"}]


def record(page: Any, url: str, tmp_path: Path, instruction: str, script: list[Any]) -> None:
    """Record one step on ``url`` with a scripted planner, into ``tmp_path``'s cache."""
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    page.goto(url)
    Agent(page, ctx, lambda: ScriptedPlanner(script)).run(instruction)
    recording.finish(ctx, passed=True)


def replay(page: Any, url: str, tmp_path: Path, instruction: str) -> Any:
    """Replay one step on ``url`` in replay mode (zero-token heals only); the test's context."""
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2))
    page.goto(url)
    Agent(page, ctx, no_model).run(instruction)
    return ctx


@pytest.fixture
def wizard(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Callable[..., Any]:
    """Record "go on to payment" on the original wizard, then serve a redesign of it; returns a replay."""
    site = site_factory({"index.html": WIZARD.format(action="/payment.html", label="Continue"),
                         "payment.html": DONE, "elsewhere.html": DONE, "help.html": DONE})
    record(page, site.url + "/index.html", tmp_path, "go on to payment", SCRIPT)

    def redesigned(label: str, action: str = "/payment.html") -> Any:
        (site.root / "index.html").write_text(WIZARD.format(action=action, label=label), encoding="utf-8")
        return replay(page, site.url + "/index.html", tmp_path, "go on to payment")
    return redesigned


def test_a_relabelled_button_whose_recorded_effect_follows_is_healed_with_its_evidence(wizard: Callable[..., Any],
                                                                                      page: Any) -> None:
    ctx = wizard("Next step")
    assert page.url.endswith("/payment.html?plan=team")
    [heal] = ctx.heals
    assert (str(heal.level), heal.after) == ("relabel", 'get_by_role("button", name="Next step")')
    assert heal.evidence == ("its shape is the recorded one's; it declares its form's GET action /payment.html, as the "
                             "recorded one declared") and heal.runner_up is not None
    assert ctx.figures.model_calls == 0
    assert heal.picture == "out/heal-step1-action1-before.png"  # the page with the relabelled button highlighted
    assert (ctx.output_dir / "heal-step1-action1-before.png").read_bytes().startswith(b"\x89PNG")


def test_a_relabelled_button_that_declares_another_destination_stays_red_without_acting(
        wizard: Callable[..., Any], page: Any) -> None:
    with pytest.raises(ReplayError, match=r"zero-token heal found nothing \(left out 2 elements that declare another "
                                          r"destination.*it declares its form's GET action /elsewhere.html, and the "
                                          r"recorded one declared /payment.html"):
        wizard("Next step", action="/elsewhere.html")
    assert page.url.endswith("/index.html")  # read, not clicked


def test_a_known_equivalent_name_is_evidence_enough(wizard: Callable[..., Any]) -> None:
    ctx = wizard("Next")  # "Continue" and "Next" are one group of the table
    assert [h.evidence for h in ctx.heals] == ["same-scope synonyms: 'Continue' -> 'Next'"]


# A todo list whose filter was a link to #completed; the redesign filters in place, without touching the URL.
FILTERS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Todos</title></head><body><main>
<ul id="todos"><li class="done">buy milk</li><li>walk the dog</li></ul>
<nav aria-label="Filters">{control}</nav>
<script>
  const show = () => document.querySelectorAll('#todos li').forEach((li) => { li.hidden = !li.classList.contains('done'); });
  window.addEventListener('hashchange', () => { if (location.hash === '#completed') show(); });
  document.querySelector('button')?.addEventListener('click', show);
</script></main></body></html>"""


def test_an_effect_that_differs_only_in_its_fragment_does_not_fail_a_confirmed_element(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": FILTERS.replace("{control}", '<a href="#completed">Completed</a>')})
    record(page, site.url + "/index.html", tmp_path, "show the completed todos",
           [{"tool": "click", "target": {"role": "link", "name": "Completed"}}, {"tool": "done"}])
    assert '"url": "/index.html#completed"' in (tmp_path / ".lumen-cache").joinpath(
        "tests/test_shop.py/test_sign_in.json").read_text(encoding="utf-8")

    link = '<a role="button" href="#" onclick="event.preventDefault()">Completed</a>'
    (site.root / "index.html").write_text(FILTERS.replace("{control}", link).replace("querySelector('button')",
                                                                                   "querySelector('[role=button]')"),
                                          encoding="utf-8")
    replay(page, site.url + "/index.html", tmp_path, "show the completed todos")  # the test's own check decides
    assert page.url.endswith("/index.html") and page.locator("#todos li:visible").all_inner_texts() == ["buy milk"]


# A product list whose links opened a product page; the redesign opens the product in a panel, in place.
CATALOGUE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main>
<h1>Products</h1><ul><li><a href="{href}" class="card__link">Blue Mug</a></li></ul><section id="panel"></section>
<script>
  document.querySelector('.card__link').addEventListener('click', (event) => {{
    if ({in_place}) {{ event.preventDefault(); }}
    if ({in_place} && {updates}) {{ document.querySelector('#panel').innerHTML = '<h2>Blue Mug</h2><p>$12.00</p>'; }}
  }});
</script></main></body></html>"""
PRODUCT = "<!doctype html><html lang='en'><body><main><h2>Blue Mug</h2><p>$12.00</p></main></body></html>"


@pytest.fixture
def catalogue(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Callable[..., Any]:
    """Record "open the Blue Mug" (a navigation to /blue-mug.html), then serve a redesign and replay it."""
    site = site_factory({"index.html": CATALOGUE.format(href="/blue-mug.html", in_place="false", updates="false"),
                         "blue-mug.html": PRODUCT})
    record(page, site.url + "/index.html", tmp_path, "open the Blue Mug",
           [{"tool": "click", "target": {"role": "link", "name": "Blue Mug"}}, {"tool": "done"}])
    assert page.url.endswith("/blue-mug.html")

    def redesigned(updates: bool) -> Any:
        html = CATALOGUE.format(href="/blue-mug.html", in_place="true", updates=str(updates).lower())
        (site.root / "index.html").write_text(html, encoding="utf-8")
        return replay(page, site.url + "/index.html", tmp_path, "open the Blue Mug")
    return redesigned


def test_a_recorded_navigation_that_became_an_in_page_update_is_no_navigation(
        catalogue: Callable[..., Any], page: Any) -> None:
    # the recorded kind of effect must recur: a page that changed in place is not the page the step led to (it may be
    # a toast saying the action failed); heal mode asks the model, which records the in-place step anew
    with pytest.raises(ReplayError, match=r"the page should be at /blue-mug.html, and it stayed at /index.html: a "
                                          r"navigation was recorded, and none followed"):
        catalogue(updates=True)
    assert page.locator("#panel h2").inner_text() == "Blue Mug"  # the click itself was done: the very element


def test_an_action_after_which_nothing_at_all_happened_still_fails(catalogue: Callable[..., Any]) -> None:
    with pytest.raises(ReplayError, match=r"the page should be at /blue-mug.html, and it stayed at /index.html"):
        catalogue(updates=False)
