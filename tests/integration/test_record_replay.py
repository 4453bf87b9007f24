"""Record through the real SDK and the fake server, then replay with zero model calls."""

from __future__ import annotations

import json
import re
import threading

import pytest

from pytest_lumen.cache import SCHEMA_VERSION, loads
from pytest_lumen.cache.model import LocatorSpec

from .pages import (
    LATE_NAVIGATION_SCRIPT,
    LATE_NAVIGATION_SITE,
    LATE_NAVIGATION_TEST,
    LATE_SCRIPT_SCRIPT,
    LATE_SCRIPT_SITE,
    LATE_SCRIPT_TEST,
    LOGIN_SCRIPT,
    LOGIN_TEST,
    SITE,
    SLOW_NAVIGATION_SCRIPT,
    SLOW_NAVIGATION_SITE,
    SLOW_NAVIGATION_TEST,
)

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser


def test_record_then_replay_makes_zero_model_requests(lumen, site_factory, fake_anthropic):
    """Recorded, then replayed on a new server port (the key holds no URL), with no value of a variable written."""
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)

    recorded = lumen.run("--lumen-record")
    recorded.assert_outcomes(passed=1)
    assert fake_anthropic.request_count >= 5
    [cache_file] = lumen.cache_files()
    assert cache_file.relative_to(lumen.path).as_posix() == ".lumen-cache/test_app.py/test_login.json"
    data = json.loads(cache_file.read_text())
    assert data["schema_version"] == SCHEMA_VERSION and data["test"] == "test_app.py::test_login"
    kinds = [[a["kind"] for a in s["actions"]] for s in data["steps"]]
    assert kinds == [["fill", "fill", "click"], ["expect"]]
    fill = data["steps"][0]["actions"][1]
    assert fill["value"] == "%pw%"
    assert loads(cache_file.read_text(), cache_file).steps[0].actions[1].target.locator == LocatorSpec(
        kind="role", value="textbox", name="Password", exact=True)
    assert "ref" not in json.dumps(data).replace("href", "")  # snapshot refs are never stored
    assert data["steps"][0]["actions"][2]["after"]["url"].startswith("/welcome.html")

    before = fake_anthropic.request_count
    lumen.serve(site_factory(SITE))  # the same pages on another port
    replayed = lumen.run("--lumen-mode=replay")
    replayed.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    replayed.stdout.fnmatch_lines(["*steps replayed: 2*", "*model calls: 0*"])
    gate = re.search(r"identity gate: (\d+) actions in one round trip, (\d+) took the full path", replayed.stdout.str())
    assert gate is not None
    hits, misses = int(gate[1]), int(gate[2])
    # the page is as recorded: all 4 element actions go through the gate, however busy the machine
    assert (hits, misses) == (4, 0)
    # each action's tool.end says which way it went, in agreement with the summary
    [events_file] = (lumen.path / "test-results").rglob("lumen_events.jsonl")
    events = [json.loads(line) for line in events_file.read_text().splitlines()]
    paths = [e.get("path") for e in events if e["type"] == "tool.end"]
    assert sorted(paths) == sorted(["gate"] * hits + ["full"] * misses)
    written = lumen.written_text()
    assert "%pw%" in written
    assert "s3cret-canary-77" not in written
    assert all("s3cret-canary-77" not in json.dumps(r) for r in fake_anthropic.requests)


def test_failing_test_in_record_mode_writes_no_cache(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + "\n    assert False, 'the test itself fails after its steps'\n")
    fake_anthropic.script(LOGIN_SCRIPT)
    result = lumen.run("--lumen-record")
    result.assert_outcomes(failed=1)
    assert lumen.cache_files() == []


def test_replay_miss_names_test_step_file_and_command(lumen, recorded_login, fake_anthropic):
    recorded_login()
    lumen.pytester.makepyfile(test_app=LOGIN_TEST.replace("the welcome heading is shown", "the welcome title is shown"))
    before = fake_anthropic.request_count

    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(failed=1)
    assert fake_anthropic.request_count == before
    result.stdout.fnmatch_lines([
        "*CacheMissError: no cached step for this instruction*",
        "*test: test_app.py::test_login*",
        "*nearest cached steps:*",
        "*'the welcome heading is shown' (instruction differs)*",
        "*file: .lumen-cache/test_app.py/test_login.json*",
        "*step: the welcome title is shown*",
        '*remedy: record it: pytest --lumen-record "test_app.py::test_login"*',
    ])


def test_heal_mode_records_a_missing_step_and_rewrites_the_file(lumen, recorded_login, fake_anthropic):
    recorded_login()
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + '    agent.run("click sign out")\n')
    fake_anthropic.script([{"match": "click sign out", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Sign out"}}, {"tool": "done"}]}])
    before = fake_anthropic.request_count

    result = lumen.run("--lumen-mode=heal")
    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before + 2
    steps = json.loads(lumen.cache_files()[0].read_text())["steps"]
    assert [s["instruction"] for s in steps][-1] == "click sign out"
    assert len(steps) == 3


def test_replay_waits_for_a_new_page_to_run_its_scripts(lumen, site_factory, fake_anthropic):
    """After a navigation, replay does not act before the new page's scripts ran (its handlers would be missing)."""
    site = site_factory(LATE_SCRIPT_SITE)
    lumen.serve(site)
    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 10\n")  # a slow script on a busy machine
    lumen.pytester.makepyfile(test_app=LATE_SCRIPT_TEST)
    fake_anthropic.script(LATE_SCRIPT_SCRIPT)
    site.release_after("/slow/form.js", 2.0)  # the form is there 2 s before its script: one that did not wait acts
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    [cache_file] = lumen.cache_files()
    actions = json.loads(cache_file.read_text())["steps"][0]["actions"]
    assert [a.get("after", {}).get("url") for a in actions] == ["/form.html", None, "/done.html"]

    site.release_after("/slow/form.js", 2.0)
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)


def test_heal_keeps_an_action_that_was_performed_and_does_not_repeat_it(lumen, recorded_login, site_factory,
                                                                      fake_anthropic):
    """The click happened and the app went elsewhere: the model is told so, and the healed step keeps the click.

    The form still declares where it goes; the server now sends it to a page that is gone (an HTTP error), which
    stays red: a route the app renamed is followed with zero tokens instead (tests/browser/replay/test_effects.py)."""
    site = recorded_login()
    site.redirect("/welcome.html?", "/gone.html")  # the form's request; the page itself is still there
    lumen.run("--lumen-mode=replay").assert_outcomes(failed=1)  # the sign-in now lands on a page that is gone

    # the heal's reply goes on from there (to the welcome page), then the expect step replays
    fake_anthropic.script([{"match": ["log in as %user%", "was performed"], "actions": [
        {"tool": "goto", "input": {"url": site.url + "/welcome.html"}}, {"tool": "done"}]}])
    before = len(fake_anthropic.requests)
    lumen.run("--lumen-mode=heal").assert_outcomes(passed=1)
    heal_request = json.dumps(fake_anthropic.requests[before])
    assert "was performed" in heal_request and "Do not repeat it" in heal_request
    step = json.loads(lumen.cache_files()[0].read_text())["steps"][0]
    assert [a["kind"] for a in step["actions"]] == ["fill", "fill", "click", "goto"]
    assert step["actions"][2]["after"]["url"].startswith("/gone.html")

    before = fake_anthropic.request_count
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before


def test_a_navigation_that_follows_a_click_late_is_recorded_as_its_effect(lumen, site_factory, fake_anthropic):
    """The page moved on while the model thought: replay waits for that URL too, so the next step's key matches."""
    site = site_factory(LATE_NAVIGATION_SITE)
    lumen.serve(site)
    lumen.pytester.makepyfile(test_app=LATE_NAVIGATION_TEST)
    fake_anthropic.script(LATE_NAVIGATION_SCRIPT)
    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 10\n")  # margin for a busy machine
    fake_anthropic.hold()

    def page_moves_on_while_the_model_thinks() -> None:  # the order is forced by events, however busy the machine
        fake_anthropic.wait_for_requests(1)
        fake_anthropic.release(1)  # click sign in
        fake_anthropic.wait_for_requests(2)  # the click's outcome, its effect taken, is in the model's next request
        site.release.set()  # only now does the server answer, and the page moves on
        site.wait_for_request("/arrived.txt")  # the welcome page has loaded
        fake_anthropic.release()
    order = threading.Thread(target=page_moves_on_while_the_model_thinks, daemon=True)
    order.start()
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    order.join(timeout=60)
    assert not order.is_alive()
    [click, _] = json.loads(lumen.cache_files()[0].read_text())["steps"]
    assert click["actions"][0]["after"] == {"url": "/welcome.html"}

    before = fake_anthropic.request_count
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before


def test_a_click_that_outlasts_its_timeout_waiting_for_its_navigation_is_recorded(lumen, site_factory, fake_anthropic):
    """The click was done; only the page it opened was slow: it is recorded, with the URL it led to,
    and the next step is recorded on that page (the recorder waits for a page that was asked for)."""
    site = site_factory(SLOW_NAVIGATION_SITE)
    lumen.serve(site)
    lumen.pytester.makepyfile(test_app=SLOW_NAVIGATION_TEST)
    fake_anthropic.script(SLOW_NAVIGATION_SCRIPT)
    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 4\n")
    site.release_after("/slow/next.html", 4)  # the page comes only once the click's 4 s are surely over
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    [go, _] = json.loads(lumen.cache_files()[0].read_text())["steps"]
    assert [(a["kind"], a.get("after")) for a in go["actions"]] == [("click", {"url": "/slow/next.html"})]

    site.release.set()  # replay: the page comes at once
    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 10\n")
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
