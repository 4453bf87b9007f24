"""What a run shows: summary, events, JUnit properties, budgets, prune, step summary, heals, strict, traces."""

from __future__ import annotations

import zipfile

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.events import read_events

from .pages import DRIFTED, HEALABLE, LOGIN_SCRIPT, LOGIN_TEST, SITE

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser



def _record(lumen, site_factory, fake_anthropic, pages=SITE):
    lumen.serve(site_factory(pages))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)
    result = lumen.run("--lumen-record", "-s")
    result.assert_outcomes(passed=1)
    return result


def test_record_run_summary_progress_and_events(lumen, site_factory, fake_anthropic):
    result = _record(lumen, site_factory, fake_anthropic)
    result.stdout.fnmatch_lines([
        "*lumen> test_login*: 'log in as %user% with password %pw%' -> "
        "fill get_by_role(\"textbox\", name=\"Username\", exact=True) ?ok? (tokens so far: *",
        "*= lumen =*",
        "mode: record",
        "steps replayed: 0",
        "steps healed: 0 (-)",
        "steps recorded: 2",
        "steps failed: 0",
        f"model calls: {fake_anthropic.request_count}",
        "tokens: in *, out *, cache read *, cache write *",
        "estimated cost: $0.0*",
        "cache files written: 1",
    ])
    [events_file] = lumen.path.glob("test-results/*/lumen_events.jsonl")
    events = read_events(events_file)
    types = [e["type"] for e in events]
    assert types[0] == "lifecycle.start" and types[-1] == "lifecycle.end"
    assert types.count("lifecycle.start") == 2 and types.count("step.final") == 2
    starts = {e["toolId"]: e for e in events if e["type"] == "tool.start"}
    ends = {e["toolId"]: e for e in events if e["type"] == "tool.end"}
    assert starts.keys() == ends.keys() and {"fill:0", "fill:1", "click:2"} <= set(starts)
    step_ms = {e["step"]: e["duration_ms"] for e in events if e["type"] == "lifecycle.end"}
    assert all(ends[k]["outcome"] == "ok" and 0 < ends[k]["duration_ms"] <= step_ms[ends[k]["step"]] for k in ends)
    requests = [e for e in events if e["type"] == "model.request"]
    assert len(requests) == fake_anthropic.request_count
    assert requests[0]["model"] == "claude-sonnet-5-5" and requests[0]["usage"]["input_tokens"] > 0
    assert "cache_read_input_tokens" in requests[0]["usage"]
    assert "s3cret-canary-77" not in events_file.read_text()


def test_replay_summary_junit_properties_and_github_step_summary(lumen, recorded_login, monkeypatch, tmp_path):
    recorded_login()
    summary = tmp_path / "step-summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = lumen.run("--lumen-mode=replay", "--junitxml=junit.xml")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["steps replayed: 2", "*model calls: 0*"])
    xml = (lumen.path / "junit.xml").read_text()
    assert '<property name="lumen_model_calls" value="0"' in xml
    assert '<property name="lumen_tokens" value="0"' in xml
    assert '<property name="lumen_healed" value="0"' in xml
    assert '<property name="lumen_cache_file" value=".lumen-cache/test_app.py/test_login.json"' in xml
    text = summary.read_text()
    assert "### pytest-lumen" in text and "| model calls | 0 |" in text and "| steps replayed | 2 |" in text


def test_zero_token_heal_is_reported_and_written(lumen, recorded_login, site_factory, fake_anthropic):
    recorded_login(HEALABLE)
    cache = lumen.cache_files()[0]
    assert '"test_id"' in cache.read_text()  # normalize() chose the test id
    lumen.serve(site_factory(DRIFTED))
    before = fake_anthropic.request_count
    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    result.stdout.fnmatch_lines([
        "steps healed: 1 (fallback 1)",
        "model calls: 0",
        "*healed ?fallback:role? test_app.py::test_login :: 'log in as %user% with password %pw%' action 3: "
        "get_by_test_id(\"login-button\") -> get_by_role(\"button\", name=\"Sign in\", exact=True)",
        "*heals report: test-results/lumen-heals.md",
    ])
    report = (lumen.path / "test-results" / "lumen-heals.md").read_text()
    assert "| fallback:role |" in report and ".lumen-cache/test_app.py/test_login.json" in report
    healed = loads(cache.read_text(), cache).steps[0].actions[2].target
    assert healed.locator.kind == "role"
    assert ("test_id", "login-button") in [(f.kind, f.value) for f in healed.fallbacks]


def test_with_the_identity_gate_turned_off_replay_still_heals_with_zero_tokens(lumen, recorded_login, site_factory,
                                                                              fake_anthropic):
    """``lumen_identity_gate`` overridden to False only turns the gate off: the zero-token heal still reads
    Playwright's roles and names through pytest-lumen's selector engines, which are registered anyway."""
    recorded_login(HEALABLE)
    conftest = lumen.path / "conftest.py"
    conftest.write_text(conftest.read_text() + "\n\n@pytest.fixture(scope='session')\n"
                        "def lumen_identity_gate():\n    return False\n")
    lumen.serve(site_factory(DRIFTED))
    before = fake_anthropic.request_count
    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    result.stdout.fnmatch_lines(["steps healed: 1 (fallback 1)", "identity gate: -"])  # no action went through it


def test_strict_mode_fails_a_healed_step_with_the_diff_and_writes_nothing(lumen, recorded_login, site_factory):
    recorded_login(HEALABLE)
    cache = lumen.cache_files()[0]
    original = cache.read_bytes()
    lumen.serve(site_factory(DRIFTED))
    result = lumen.run("--lumen-mode=replay", "--lumen-strict")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*HealRejectedError: the step healed, and --lumen-strict accepts no heal; the proposed cache change:*",
        "*action 3 ?fallback:role?: get_by_test_id(\"login-button\")  ->  get_by_role(\"button\", name=\"Sign in\", exact=True)*",
    ])
    assert cache.read_bytes() == original


def test_token_budget_stops_the_step(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)
    result = lumen.run("--lumen-record", "--lumen-max-tokens=500")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*StepAbortedError: ?token_budget? the test used * tokens, over its budget of 500*"])
    assert fake_anthropic.request_count == 1
    assert lumen.cache_files() == []
    [events_file] = lumen.path.glob("test-results/*/lumen_events.jsonl")
    error = next(e for e in read_events(events_file) if e["type"] == "error")
    assert {"type": "error", "reason": "token_budget"}.items() <= error.items()


def test_max_actions_stops_the_step(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)
    result = lumen.run("--lumen-record", "--lumen-max-actions=2")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*StepAbortedError: ?max_actions? the step needed more than 2 actions*"])


def test_prune_deletes_only_unused_cache_files_after_a_full_passing_run(lumen, recorded_login):
    recorded_login()
    orphan = lumen.path / ".lumen-cache" / "test_app.py" / "test_removed.json"
    orphan.write_text(lumen.cache_files()[0].read_text())
    gone_file = lumen.path / ".lumen-cache" / "test_gone.py" / "test_x.json"
    gone_file.parent.mkdir()
    gone_file.write_text("{}")
    narrowed = lumen.run("--lumen-mode=replay", "--lumen-prune", "-k", "login")
    narrowed.assert_outcomes(passed=1)
    assert orphan.exists() and gone_file.exists()  # not a full run: nothing is pruned
    result = lumen.run("--lumen-mode=replay", "--lumen-prune")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["unused cache files: 2 (pruned)", "  pruned .lumen-cache/test_app.py/test_removed.json",
                                 "  pruned .lumen-cache/test_gone.py/test_x.json"])
    assert not orphan.exists() and not gone_file.exists()
    assert lumen.cache_files()[0].name == "test_login.json"


def test_steps_are_trace_groups(lumen, recorded_login):
    recorded_login()
    lumen.run("--lumen-mode=replay", "--tracing=on").assert_outcomes(passed=1)
    [trace] = lumen.path.glob("test-results/*/trace.zip")
    with zipfile.ZipFile(trace) as zf:
        text = "".join(zf.read(n).decode("utf-8", "replace") for n in zf.namelist() if n.endswith(".trace"))
    assert "log in as %user% with password %pw%" in text
    assert "the welcome heading is shown" in text


AGENT_FOR_LOGIN_TEST = '''
def test_login(agent_for, page, app_url):
    page.goto(app_url + "/index.html")
    with agent_for(page, "login") as agent:
        agent.run("log in as %user% with password %pw%", variables={"user": "alice", "pw": "s3cret-canary-77"})
        agent.expect("the welcome heading is shown")
'''


def test_an_agent_for_blocks_steps_are_trace_groups_too(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=AGENT_FOR_LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)
    lumen.run("--lumen-record", "--tracing=on").assert_outcomes(passed=1)
    [trace] = lumen.path.glob("test-results/*/trace.zip")  # the test's page: its trace holds the block's steps
    with zipfile.ZipFile(trace) as zf:
        text = "".join(zf.read(n).decode("utf-8", "replace") for n in zf.namelist() if n.endswith(".trace"))
    assert "log in as %user% with password %pw%" in text
    assert "the welcome heading is shown" in text
