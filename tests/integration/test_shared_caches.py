"""Parameters of a ``lumen_shared`` test share one cache file: the second replays what the first recorded."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from .pages import LOGIN_SCRIPT, SITE

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

SHARED_TEST = '''
import pytest

@pytest.mark.lumen_shared
@pytest.mark.parametrize("user", ["alice", "bob", "carol"])
def test_login(agent, page, app_url, user):
    page.goto(app_url + "/index.html")
    agent.run("log in as %user% with password %pw%", variables={"user": user, "pw": "s3cret-canary-77"})
    agent.expect("the welcome heading is shown")
    if user == "carol":  # carol takes another path: one step more
        agent.run("click sign out")
'''

SIGN_OUT_SCRIPT = [{"match": "click sign out", "actions": [
    {"tool": "click", "target": {"role": "link", "name": "Sign out"}}, {"tool": "done"}]}]


def model_calls(junit: str) -> dict[str, int]:
    """Each test's ``lumen_model_calls`` property in a JUnit XML file (by name, without the browser parameter)."""
    calls = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        props = {p.get("name"): p.get("value") for p in case.iter("property")}
        calls[case.get("name").replace("chromium-", "")] = int(props["lumen_model_calls"])
    return calls


def outcomes(lumen, param: str) -> list[str]:
    """The ``lifecycle.end`` outcomes of the parameter's steps, from its ``lumen_events.jsonl``."""
    [events] = [p for p in (lumen.path / "test-results").rglob("lumen_events.jsonl") if param in p.parent.name]
    return [e["outcome"] for e in map(json.loads, events.read_text().splitlines()) if e["type"] == "lifecycle.end"]


def test_second_parameter_replays_what_the_first_recorded(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=SHARED_TEST)
    fake_anthropic.script(LOGIN_SCRIPT + SIGN_OUT_SCRIPT)

    junit = str(lumen.path / "first.xml")
    lumen.run("--lumen-mode=heal", "-p", "no:randomly", f"--junitxml={junit}").assert_outcomes(passed=3)
    calls = model_calls(junit)
    assert calls["test_login[alice]"] >= 2  # alice recorded both steps
    assert calls["test_login[bob]"] == 0  # bob replayed them
    assert calls["test_login[carol]"] >= 1  # carol replayed them and recorded only her own step
    assert outcomes(lumen, "carol") == ["replayed", "replayed", "recorded"]
    [cache_file] = lumen.cache_files()
    assert cache_file.relative_to(lumen.path).as_posix() == ".lumen-cache/test_app.py/test_login.json"
    data = json.loads(cache_file.read_text())
    assert data["test"] == "test_app.py::test_login"
    assert [s["instruction"] for s in data["steps"]] == [
        "log in as %user% with password %pw%", "the welcome heading is shown", "click sign out"]
    assert not any(user in cache_file.read_text() for user in ("alice", "bob", "carol"))

    # re-recording one parameter merges into the file: carol's step stays
    lumen.run("--lumen-record", "-k", "alice").assert_outcomes(passed=1)
    steps = json.loads(cache_file.read_text())["steps"]
    assert [s["instruction"] for s in steps][-1] == "click sign out" and len(steps) == 3

    # a full replay run: both parameters from the one file, zero calls, and the file is not unused
    before = fake_anthropic.request_count
    result = lumen.run("--lumen-mode=replay", "--lumen-prune")
    result.assert_outcomes(passed=3)
    assert fake_anthropic.request_count == before
    assert lumen.cache_files() == [cache_file]
    assert len(json.loads(cache_file.read_text())["steps"]) == 3


def test_unmarked_parameters_keep_a_file_each(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=SHARED_TEST.replace("@pytest.mark.lumen_shared\n", "").replace(
        '    if user == "carol":  # carol takes another path: one step more\n        agent.run("click sign out")\n', ""))
    fake_anthropic.script(LOGIN_SCRIPT)
    lumen.run("--lumen-mode=heal").assert_outcomes(passed=3)
    assert [p.name for p in lumen.cache_files()] == ["test_login-alice.json", "test_login-bob.json", "test_login-carol.json"]
