"""A new user's first runs without an API key: a run that needs the model stops at once with the ways on, and a
script (``--lumen-script``) stands in for the model, each test following its own steps, at no cost.

No run here has a key, and each has ``ANTHROPIC_BASE_URL`` at the loopback fake, which must see no request: a
call to the model would be a bug, and it would go nowhere but 127.0.0.1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pytest_lumen.testing.fake_anthropic import FakeAnthropic

from .pages import LOGIN_TEST, SITE

pytestmark = pytest.mark.slow  # pytest sessions with a browser

SIGN_OUT_TEST = '''

def test_sign_out(agent, page, app_url):
    page.goto(app_url + "/welcome.html")
    agent.run("click sign out")
    agent.expect("the sign-in heading is shown")
'''

LOGIN_STEPS = [
    {"step": "log in as %user% with password %pw%", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%pw%"}},
        {"tool": "click", "target": {"role": "button", "name": "Sign in"}}]},
    {"step": "the welcome heading is shown", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Welcome"}, "input": {"text": "Welcome"}}]},
]
SIGN_OUT_STEPS = [
    {"step": "click sign out", "actions": [{"tool": "click", "target": {"role": "link", "name": "Sign out"}}]},
    {"step": "the sign-in heading is shown", "actions": [
        {"tool": "expect_visible", "target": {"role": "heading", "name": "Sign in"}}]},
]
# one test by its node id as pytest prints it, the other by its name
SCRIPT = {"tests": {"test_app.py::test_login[chromium]": LOGIN_STEPS, "test_sign_out": SIGN_OUT_STEPS}}


@pytest.fixture
def no_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAnthropic]:
    """No API key, and the model's address the loopback fake (which no run here may call)."""
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    with FakeAnthropic() as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        yield fake
    assert fake.request_count == 0


def write_script(lumen: Any, script: dict[str, Any], name: str = "lumen-script.json") -> None:
    (lumen.path / name).write_text(json.dumps(script), encoding="utf-8")


def plugin_frames(output: str) -> list[str]:
    """Lines of a failure that show a frame of the plugin's (a path in pytest_lumen/ followed by a line number)."""
    return [line for line in output.splitlines() if "pytest_lumen/" in line and ".py:" in line]


# --- a run that needs the model, without a key -----------------------------------------------


def test_recording_without_a_key_stops_at_start_with_one_usage_error_naming_the_three_ways_on(lumen, site_factory,
                                                                                               no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + SIGN_OUT_TEST)
    result = lumen.run("--lumen-record")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert result.errlines[:4] == [
        "ERROR: pytest-lumen: --lumen-record needs the model to record test_app.py::test_login and "
        "test_app.py::test_sign_out, and ANTHROPIC_API_KEY is not set. Three ways on:",
        "  - set ANTHROPIC_API_KEY to an Anthropic API key, and run again",
        "  - replay what is recorded, with zero model calls: the same pytest command without --lumen-record "
        "(nothing is recorded for these tests yet)",
        "  - try it without a key, following a script instead of the model: --lumen-script=FILE, the actions to take "
        "written in a JSON file (see 'Try it without a key' in the pytest-lumen docs' Quickstart)"]
    assert [line for line in result.errlines[4:] if line.strip()] == []
    result.stdout.fnmatch_lines(["*no tests ran*"])
    result.stdout.no_fnmatch_line("*FAILURES*")
    assert not (lumen.path / "test-results").exists()  # no test started: no browser, no page


def test_heal_mode_without_a_key_stops_for_the_tests_it_would_record(lumen, recorded_login, no_key):
    recorded_login()
    lumen.pytester.makepyfile(test_new=SIGN_OUT_TEST)
    result = lumen.run("--lumen-mode=heal")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        "ERROR: pytest-lumen: --lumen-mode=heal needs the model to record what has no cache file yet: "
        "test_new.py::test_sign_out, and ANTHROPIC_API_KEY is not set. Three ways on:",
        "  - replay what is recorded, with zero model calls: pytest --lumen-mode=replay (1 of these 2 tests has a "
        "cache file)",
    ], consecutive=False)


def test_a_heal_that_needs_the_model_for_a_step_fails_that_test_with_the_ways_on_and_no_frame_of_the_plugin(
        lumen, recorded_login, no_key):
    recorded_login()
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + '    agent.run("click sign out")\n')  # a step not recorded
    result = lumen.run("--lumen-mode=heal")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        '>       agent.run("click sign out")',
        "E       pytest_lumen.errors.ModelError: pytest-lumen: this step needs the model (heal mode), and "
        "ANTHROPIC_API_KEY is not set. Three ways on:",
        "E         - set ANTHROPIC_API_KEY to an Anthropic API key, and run again",
        "E         - replay what is recorded, with zero model calls: pytest --lumen-mode=replay",
        "E         - try it without a key, following a script instead of the model: --lumen-script=FILE*",
        "E         step: click sign out",
        "test_app.py:5: ModelError",
    ])
    assert plugin_frames(result.stdout.str()) == []


def test_a_test_that_plugs_in_its_own_planner_records_without_a_key(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makeconftest(f'''
import os
import pytest
from pytest_lumen import ScriptedPlanner

@pytest.fixture
def app_url():
    return os.environ["APP_URL"]

@pytest.fixture(scope="session")
def lumen_planner():
    return lambda: ScriptedPlanner.from_steps({json.dumps([{"match": s["step"], "actions": s["actions"] + [{"tool": "done"}]}
                                                           for s in LOGIN_STEPS])})
''')
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    result = lumen.run("--lumen-record")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*model calls: 0 (* scripted replies in the model's place)*",
                                 "*estimated cost: none (no model was called)*"])


def test_under_xdist_the_run_stops_at_start_with_the_same_usage_error(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    result = lumen.run("--lumen-record", "-n", "2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: pytest-lumen: --lumen-record needs the model to record test_app.py::test_login,"
                                 " and ANTHROPIC_API_KEY is not set. Three ways on:"])
    assert result.stderr.str().count("ERROR: pytest-lumen:") == 1  # once, however many workers found it
    result.stdout.no_fnmatch_line("*INTERNALERROR*")


def test_a_replay_miss_without_a_key_says_how_to_record_without_pointing_back_at_replay(lumen, recorded_login, no_key):
    recorded_login()
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + '    agent.run("click sign out")\n')
    result = lumen.run()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        '*remedy: record it with the model: set ANTHROPIC_API_KEY, then pytest --lumen-record "test_app.py::test_login";'
        " or without a key, from a script of its actions: add --lumen-script=FILE to that command*"])
    assert plugin_frames(result.stdout.str()) == []


# --- a script in the model's place ------------------------------------------------------------


def test_a_script_records_two_tests_each_from_its_own_steps_at_no_cost_then_they_replay(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + SIGN_OUT_TEST)
    write_script(lumen, SCRIPT)

    recorded = lumen.run("--lumen-record", "--lumen-script=lumen-script.json")
    recorded.assert_outcomes(passed=2)
    recorded.stdout.fnmatch_lines([
        "lumen: mode=record, cache=.lumen-cache, model=scripted (lumen-script.json), browser=*",
        "steps recorded: 4",
        "model calls: 0 (* scripted replies in the model's place)",
        "tokens: in 0, out 0, cache read 0, cache write 0",
        "estimated cost: none (no model was called)",
    ], consecutive=False)
    assert sorted(p.name for p in lumen.cache_files()) == ["test_login.json", "test_sign_out.json"]
    assert "s3cret-canary-77" not in lumen.written_text()

    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 4\nlumen_script = lumen-script.json\n")  # the ini key
    replayed = lumen.run()
    replayed.assert_outcomes(passed=2)
    replayed.stdout.fnmatch_lines(["lumen: mode=replay, *model=scripted (lumen-script.json)*", "steps replayed: 4",
                                   "model calls: 0", "estimated cost: $0.0000"], consecutive=False)


def test_a_step_the_script_has_no_actions_for_fails_its_test_naming_the_test_and_the_step(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST + SIGN_OUT_TEST)
    write_script(lumen, {"tests": {**SCRIPT["tests"], "test_sign_out": SIGN_OUT_STEPS[:1]}})
    result = lumen.run("--lumen-record", "--lumen-script=lumen-script.json")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        '>       agent.expect("the sign-in heading is shown")',
        "E       pytest_lumen.errors.ScriptError: the script has no actions for this step (its steps for the test: "
        "'click sign out') (test test_app.py::test_sign_out)",
        "E         file: lumen-script.json",
        "E         step: the sign-in heading is shown",
        'E         remedy: add {"step": "the sign-in heading is shown", "actions": [...]} to the test\'s steps in the '
        "order the test runs them",
        "test_app.py:10: ScriptError",
    ])
    assert plugin_frames(result.stdout.str()) == []


def test_an_element_the_page_does_not_show_fails_the_step_naming_what_it_shows(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    steps = json.loads(json.dumps(LOGIN_STEPS).replace('"name": "Sign in"', '"name": "Log in"'))
    write_script(lumen, {"tests": {"test_login": steps}})
    result = lumen.run("--lumen-record", "--lumen-script=lumen-script.json")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E       pytest_lumen.errors.ScriptError: the page shows no button 'Log in' for the "
                                 "script's click (the button elements it shows: 'Sign in') (test test_app.py::test_login)"])
    assert lumen.cache_files() == []


def test_a_script_file_that_is_not_valid_stops_pytest_naming_every_problem(lumen, site_factory, no_key):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    bad = {"tests": {"test_login": [{"step": "log in", "actions": [{"tool": "click", "target": {"name": "Go"}}]},
                                    {"steps": "look"}]}}
    write_script(lumen, bad)
    result = lumen.run("--lumen-record", "--lumen-script=lumen-script.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([
        "ERROR: the script file is invalid: 4 problems",
        '    at tests.test_login[0].actions[0].target.role: Field required',
        '    at tests.test_login[1].step: Field required',
        '    at tests.test_login[1].actions: Field required',
        '    at tests.test_login[1].steps: Extra inputs are not permitted',
        "  file: lumen-script.json",
        "  remedy: fix the script file (its format: see 'Try it without a key' in the pytest-lumen docs' Quickstart)",
    ])
