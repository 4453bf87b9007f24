"""Bad input: broken cache files, broken memory.json and unusable model replies fail clearly, lose nothing.

A broken cache file fails its own test with a ``CacheFileError`` naming the file, the step
and the remedy; the other tests run on, and the file is left byte for byte until the
test is re-recorded. A broken memory.json is set aside and a fresh one started. An
unusable model reply goes back to the model as a tool error, up to a bound.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import SCHEMA_VERSION, CacheFile, Step, dumps, loads
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import Click, LocatorSpec, Target
from pytest_lumen.events import read_events

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

PAGE = """<!doctype html><html><head><title>Start</title></head><body><main>
<h1>Start</h1>
<button id="go" onclick="document.getElementById('out').textContent = 'Clicked'">Go</button>
<p id="out"></p>
</main></body></html>"""

TESTS = '''
def test_bad(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("click go")


def test_good(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("click go")
'''

CLICK_GO = [{"match": "click go", "actions": [{"tool": "click", "target": {"role": "button", "name": "Go"}},
                                              {"tool": "done"}]}]


def cache_data(test: str) -> dict[str, Any]:
    """A valid cache file for one of TESTS, as the plugin would write it."""
    step = Step(key=step_key("click go", []), instruction="click go", url="/index.html",
                actions=[Click(target=Target(locator=LocatorSpec(kind="role", value="button", name="Go")))])
    return json.loads(dumps(CacheFile(test=f"test_app.py::{test}", steps=[step])))


def write_caches(root: Path, bad_text: str) -> tuple[Path, Path]:
    folder = root / ".lumen-cache" / "test_app.py"
    folder.mkdir(parents=True, exist_ok=True)
    bad, good = folder / "test_bad.json", folder / "test_good.json"
    bad.write_text(bad_text, encoding="utf-8")
    good.write_text(json.dumps(cache_data("test_good"), indent=2), encoding="utf-8")
    return bad, good


def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[], str]:
    def text() -> str:
        data = cache_data("test_bad")
        change(data)
        return json.dumps(data, indent=2)
    return text


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


ACTION = ("steps", 0, "actions", 0)
CORRUPTIONS = {
    "not-json": (lambda: "this is not JSON {", "cache file is not valid JSON"),  # a half-written file reads the same
    "newer-schema": (_edit(_set(("schema_version",), SCHEMA_VERSION + 1)),
                     f"schema_version {SCHEMA_VERSION + 1}, newer than this pytest-lumen"),
    "unknown-schema": (_edit(_set(("schema_version",), "v1")), "no valid schema_version"),
    "unknown-action": (_edit(_set((*ACTION, "kind"), "teleport")), "Input tag 'teleport'"),
    "bad-locator": (_edit(_set((*ACTION, "locator"), "get_by_role('button', name='Go').click()")),
                    "invalid at steps[[]0].actions[[]0].locator: *'click' is not a locator call"),  # the file's path
    "unknown-role": (_edit(_set((*ACTION, "locator"), "get_by_role('buton', name='Go')")), "unknown ARIA role 'buton'"),
}


@pytest.mark.parametrize("case", sorted(CORRUPTIONS))
def test_a_bad_cache_file_fails_its_test_clearly_and_is_left_untouched(lumen, site_factory, fake_anthropic, case):
    make_text, fragment = CORRUPTIONS[case]
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_app=TESTS)
    bad, good = write_caches(lumen.path, make_text())
    before = bad.read_bytes(), good.read_bytes()
    fake_anthropic.script(CLICK_GO)

    result = lumen.run("--lumen-mode=heal")  # the model is available, and still not used to paper over it
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FAILED test_app.py::test_bad*"])
    result.stdout.fnmatch_lines([
        f"*CacheFileError: *{fragment}*",
        "*file: .lumen-cache/test_app.py/test_bad.json",
        "*step: *click go*",
        '*remedy: *re-record this test: pytest --lumen-record "test_app.py::test_bad"*',
    ])
    assert (bad.read_bytes(), good.read_bytes()) == before
    assert fake_anthropic.request_count == 0


def test_re_recording_replaces_the_bad_file(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_app=TESTS)
    bad, _ = write_caches(lumen.path, json.dumps(cache_data("test_bad"), indent=2)[:150])  # half written
    fake_anthropic.script(CLICK_GO)

    lumen.run("--lumen-record", "test_app.py::test_bad").assert_outcomes(passed=1)
    cache = loads(bad.read_text(encoding="utf-8"), bad)
    assert [a.kind for a in cache.steps[0].actions] == ["click"]
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=2)


# --- memory.json ----------------------------------------------------------------------------

BROKEN_MEMORY = {
    "not-json": b"{{{ not json",  # a half-written file reads the same
    "wrong-shape": json.dumps({"version": 1, "lessons": "many"}).encode(),
}

ONE_TEST = '''
def test_go(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("click go")
'''


@pytest.mark.parametrize("case", sorted(BROKEN_MEMORY))
def test_a_broken_memory_file_is_set_aside_and_a_fresh_one_started(lumen, site_factory, fake_anthropic, case):
    raw = BROKEN_MEMORY[case]
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_app=ONE_TEST)
    memory = lumen.path / ".lumen-cache" / "memory.json"
    memory.parent.mkdir(parents=True)
    memory.write_bytes(raw)
    fake_anthropic.script(CLICK_GO)

    result = lumen.run("--lumen-record")
    result.assert_outcomes(passed=1)
    [aside] = memory.parent.glob("memory.json.corrupt-*")
    assert aside.read_bytes() == raw
    fresh = json.loads(memory.read_text(encoding="utf-8"))
    assert fresh["version"] == 1 and [les["source"] for les in fresh["lessons"]] == ["seed"] * 3
    result.stdout.fnmatch_lines(["*memory file*could not be used because*moved to*memory.json.corrupt-*"])
    assert "## Lessons from experience" in fake_anthropic.requests[0]["system"][0]["text"]  # the seeds were used


def test_a_newer_memory_file_is_never_overwritten(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_app=ONE_TEST)
    memory = lumen.path / ".lumen-cache" / "memory.json"
    memory.parent.mkdir(parents=True)
    memory.write_text(json.dumps({"version": 99, "lessons": [], "future": True}))
    before = memory.read_bytes()
    fake_anthropic.script(CLICK_GO)

    result = lumen.run("--lumen-record")
    assert memory.read_bytes() == before
    assert not list(memory.parent.glob("memory.json.corrupt-*"))
    result.stdout.fnmatch_lines(["*memory format version 99, newer than*", "*upgrade pytest-lumen*"])


# --- unusable model replies --------------------------------------------------------------------

REPLY_TESTS = '''
def test_gives_up(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("click go")


def test_recovers(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("press the go button")
'''

BAD_REPLIES = [
    ({"type": "tool_use", "name": "teleport", "input": {"to": "/admin"}}, "unknown tool 'teleport'"),
    ({"type": "tool_use", "name": "fill", "input": {"ref": "e2"}}, "fill: missing argument(s) value"),
    ({"type": "tool_use", "name": "click", "input": {"ref": "e999"}}, "ref 'e999' is not in the latest snapshot"),
]


def _tool_results(request: dict[str, Any]) -> list[dict[str, Any]]:
    return [block for message in request["messages"] if isinstance(message["content"], list)
            for block in message["content"] if block.get("type") == "tool_result"]


def test_unusable_replies_go_back_as_tool_errors_then_fail_with_model_error(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_app=REPLY_TESTS)
    for block, _ in BAD_REPLIES:  # test_gives_up: three unusable replies in a row
        fake_anthropic.queue_raw([block])
    fake_anthropic.queue_raw([BAD_REPLIES[0][0]])  # test_recovers: one, then the script takes over
    fake_anthropic.script([{"match": "press the go button", "actions": [
        {"tool": "done"},  # turn 0 is answered by the queued bad reply
        {"tool": "click", "target": {"role": "button", "name": "Go"}},
        {"tool": "done"},
    ]}])

    result = lumen.run("--lumen-record", "-p", "no:randomly")
    result.assert_outcomes(passed=1, failed=1)
    gives_up = [r for r in fake_anthropic.requests if "click go" in json.dumps(r["messages"][0])]
    assert len(gives_up) == 3  # bounded: no fourth request
    for request, (_, problem) in zip(gives_up[1:], BAD_REPLIES, strict=False):
        last = _tool_results(request)[-1]
        assert last["is_error"] is True and problem in last["content"]
    result.stdout.fnmatch_lines(["*StepAbortedError: [[]model_error[]] the model gave 3 unusable replies in a row*"])
    result.stdout.fnmatch_lines(["*FAILED test_app.py::test_gives_up*"])
    [events] = lumen.path.glob("test-results/*gives-up*/lumen_events.jsonl")
    assert any(e["type"] == "error" and e["reason"] == "model_error" for e in read_events(events))

    [cache] = [p for p in lumen.cache_files() if p.name == "test_recovers.json"]
    assert [a.kind for a in loads(cache.read_text(), cache).steps[0].actions] == ["click"]
    assert not [p for p in lumen.cache_files() if p.name == "test_gives_up.json"]
