"""The lesson memory as the plugin uses it: tips reach the model, events become artifacts, nothing is lost."""

from __future__ import annotations

import json

import pytest

from pytest_lumen.events import read_events

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

PAGE = """<!doctype html><html><head><title>Notes</title></head><body><main>
<h1>Notes</h1>
<label for="note">Note</label><input id="note">
<button id="save" onclick="document.getElementById('out').textContent = 'Saved: ' + document.getElementById('note').value">Save</button>
<p id="out"></p>
</main></body></html>"""  # noqa: E501 - page markup: a line of it is test data

TEST = '''
def test_note(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("write hello into the note and save it")
'''

# fill on the button fails; the recovery is a click on the field, then type.
SCRIPT = [{"match": "write hello", "actions": [
    {"tool": "fill", "target": {"role": "button", "name": "Save"}, "input": {"value": "hello"}},
    {"tool": "click", "target": {"role": "textbox", "name": "Note"}},
    {"tool": "type", "input": {"text": "hello"}},
    {"tool": "click", "target": {"role": "button", "name": "Save"}},
    {"tool": "done"},
]}]


def _tool_results(request: dict) -> list[str]:
    out = []
    for message in request["messages"]:
        if isinstance(message["content"], list):
            out += [b["content"] for b in message["content"] if b.get("type") == "tool_result"]
    return out


def test_tips_reach_the_model_and_events_are_written(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_notes=TEST)
    fake_anthropic.script(SCRIPT)

    lumen.run("--lumen-record").assert_outcomes(passed=1)

    first = fake_anthropic.requests[0]
    system = "".join(block["text"] for block in first["system"])
    assert "## Lessons from experience" in system
    assert "If fill(ref, value) fails" in system
    after_error = fake_anthropic.requests[1]
    [result] = _tool_results(after_error)
    assert result.startswith("error:")
    assert "Tips from previous experience" in result and "click(ref)" in result

    [events_file] = lumen.path.glob("test-results/*/memory_events.jsonl")
    kinds = [e["event"] for e in read_events(events_file)]
    assert kinds[0] == "tier1_loaded"
    assert "domain_recall" in kinds and "error_recall" in kinds
    assert "lesson_recorded" in kinds or "lesson_deduplicated" in kinds
    recall = next(e for e in read_events(events_file) if e["event"] == "error_recall")
    assert recall["command"] == "fill" and recall["matched"] >= 1

    memory = json.loads((lumen.path / ".lumen-cache" / "memory.json").read_text())
    learned = [les for les in memory["lessons"] if les["source"] == "learned"]
    assert learned and learned[0]["category"] == "error_recovery" and learned[0]["failed_command"] == "fill"


def test_pure_replay_neither_reads_nor_writes_memory(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makepyfile(test_notes=TEST)
    fake_anthropic.script(SCRIPT)
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    memory = lumen.path / ".lumen-cache" / "memory.json"
    before = memory.read_bytes(), memory.stat().st_mtime_ns

    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
    assert (memory.read_bytes(), memory.stat().st_mtime_ns) == before
    assert not list(lumen.path.glob("test-results/*/memory_events.jsonl"))
