"""Where a step starts is evidence, not its key: client-side routers, other URLs for the same page, and what a
failure on another page says. ``Agent`` in process, recorded with a ``ScriptedPlanner``, replayed with zero model calls."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.context import TestContext
from pytest_lumen.errors import CacheMissError, ReplayError
from pytest_lumen.events import LifecycleStart
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import CACHE_FILE, context, no_model, session_in

STEP = "add the todo %todo%"

# A client-side router: "/" becomes "/#/all" as soon as the app starts (``ROUTE`` is where and when it runs).
TODOS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Todos</title></head><body>
<header><h1>todos</h1><label>New todo <input class="new-todo"></label></header>
<script>ROUTE</script>
</body></html>"""
ROUTER_NOW = "history.replaceState(null, '', '/#/all');"
# The same router once the app's settings came from its server (held until the test releases them): right
# after ``page.goto`` returns, and for as long as the test holds them, Playwright's ``page.url`` says "/".
ROUTER_LATER = "fetch('/slow/settings.json').then(() => history.replaceState(null, '', '/#/all'));"

SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "New todo"}, "input": {"value": "%todo%"}},
    {"tool": "done"},
]


def todos(route: str) -> str:
    return TODOS.replace("ROUTE", route)








def cache_hits(ctx: TestContext) -> list[str]:
    return [e.cache for e in ctx.events.events if isinstance(e, LifecycleStart)]


def record(page: Any, start_url: str, root: Path) -> dict[str, Any]:
    """Record the step right after opening ``start_url``; the written cache file, as JSON."""
    session = session_in(Mode.RECORD, root)
    ctx = context(session)
    planner = ScriptedPlanner(SCRIPT)
    page.goto(start_url)
    Agent(page, ctx, lambda: planner, identity_gate=True).run(STEP, variables={"todo": "buy milk"})
    assert planner.calls == 2
    assert session.finish(ctx, passed=True) == CACHE_FILE
    return json.loads((root / CACHE_FILE).read_text(encoding="utf-8"))


def replay(page: Any, start_url: str, root: Path, action_timeout: float = 5.0) -> TestContext:
    """Open ``start_url`` and replay the step at once (no wait for the app's router), in replay mode."""
    ctx = context(session_in(Mode.REPLAY, root, action_timeout))
    page.goto(start_url)
    agent = Agent(page, ctx, no_model, identity_gate=True)
    try:
        agent.run(STEP, variables={"todo": "walk the dog"})
    finally:
        assert agent.model_calls == 0 and ctx.figures.usage.total == 0
    return ctx


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[[], Any]]:
    """A page in a fresh browser context, as the next test run would have."""
    contexts: list[Any] = []

    def make() -> Any:
        contexts.append(browser.new_context())
        return contexts[-1].new_page()
    yield make
    for ctx in contexts:
        ctx.close()


# --- 1a: a router that rewrites the URL on load -------------------------------------------------


def test_a_step_recorded_behind_a_client_side_router_replays_right_after_goto_as_a_hit(
        page: Any, new_page: Callable[[], Any], site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": todos(ROUTER_NOW)})
    written = record(page, site.url + "/", tmp_path)
    # the URL recorded is the one the browser shows (location.href), the router's, not the one goto asked for
    assert [s["url"] for s in written["steps"]] == ["/#/all"]

    # the same app, replayed at once after goto: Playwright may or may not have seen the router yet
    replayed = new_page()
    ctx = replay(replayed, site.url + "/", tmp_path)
    assert cache_hits(ctx) == ["hit"] and ctx.figures.steps_replayed == 1
    assert replayed.locator(".new-todo").input_value() == "walk the dog"

    # the app's router now runs after its first render: right after goto, page.url is still "/"
    site.write({"index.html": todos(ROUTER_LATER), "slow/settings.json": "{}"})
    replayed = new_page()
    ctx = replay(replayed, site.url + "/", tmp_path)
    assert [e.url for e in ctx.events.events if isinstance(e, LifecycleStart)] == ["/"]  # what page.url said
    assert cache_hits(ctx) == ["hit"] and ctx.figures.steps_replayed == 1
    assert replayed.locator(".new-todo").input_value() == "walk the dog"
    assert replayed.evaluate("location.hash") == ""  # the router has not run: the step was done before it
    site.release.set()
    replayed.wait_for_url("**/#/all")  # the router did run once its settings came: the step was found all the same


# --- 1b: the same page at another URL, and a failure on another page -----------------------------


def test_a_step_replays_when_the_app_starts_it_on_another_url(
        page: Any, new_page: Callable[[], Any], site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"app/index.html": todos(""), "index.html": todos("")})
    written = record(page, site.url + "/app/?b=2&a=1", tmp_path)
    assert [s["url"] for s in written["steps"]] == ["/app/?a=1&b=2"]

    for other in ("/app/index.html", "/app/?a=1&b=2&page=3", "/?b=2&a=1"):  # another path, another query: the same step
        replayed = new_page()
        ctx = replay(replayed, site.url + other, tmp_path)
        assert cache_hits(ctx) == ["hit"] and ctx.figures.steps_replayed == 1, other
        assert replayed.locator(".new-todo").input_value() == "walk the dog", other


def test_a_replay_failure_on_another_page_than_recorded_says_where_each_was(
        page: Any, new_page: Callable[[], Any], site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    settings_page = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Settings</title></head><body>
<main><h1>Settings</h1><label><input type="checkbox"> Dark mode</label></main></body></html>"""
    site = site_factory({"app/index.html": todos(""), "settings.html": settings_page})
    record(page, site.url + "/app/", tmp_path)

    # the test now starts the step on another page, where the field is not: a replay failure that says so
    # (the page never has the field: its 1 s timeout only ends the wait, the page's state is the failure)
    absent = 'no element matches get_by_role("textbox", name="New todo", exact=True); zero-token heal found nothing'
    with pytest.raises(ReplayError) as info:
        replay(new_page(), site.url + "/settings.html?tab=2&lang=en", tmp_path, action_timeout=1.0)
    message = str(info.value)
    assert absent in message
    assert "the step was recorded on '/app/' and started on '/settings.html?lang=en&tab=2'" in message
    assert "could not be replayed" in message and f"step: {STEP}" in message

    # the same failure on the page it was recorded on does not blame the page
    site.write({"app/index.html": settings_page})
    with pytest.raises(ReplayError) as info:
        replay(new_page(), site.url + "/app/", tmp_path, action_timeout=1.0)
    assert "was recorded on" not in str(info.value) and absent in str(info.value)

    # and a step missing from the cache lists the nearest cached one with the page it was recorded on
    ctx = context(session_in(Mode.REPLAY, tmp_path))
    missed = new_page()
    missed.goto(site.url + "/settings.html")
    with pytest.raises(CacheMissError) as miss:
        Agent(missed, ctx, no_model).run("add the todo %item%", variables={"item": "x"})
    assert f"'{STEP}' (instruction differs, recorded on '/app/'" in str(miss.value)
