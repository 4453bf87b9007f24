"""A recording keeps its viewport; a replay at another size of the same layout says so once per test, and goes on
(another layout is another device profile: test_devices.py)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from pytest_lumen.events import read_events

from ..conftest import INNER_CONFTEST

pytestmark = pytest.mark.slow  # inner pytest sessions with a browser

SMALL_VIEWPORT = '''

@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1100, "height": 600}}  # another size, the same wide layout
'''


def test_replay_at_another_viewport_says_so_once_and_passes(lumen, recorded_login, fake_anthropic):
    recorded_login()  # recorded at pytest-playwright's default viewport
    [path] = lumen.cache_files()
    recorded = path.read_bytes()
    assert json.loads(recorded)["viewport"] == {"width": 1280, "height": 720}
    lumen.pytester.makeconftest(INNER_CONFTEST + SMALL_VIEWPORT)
    before = fake_anthropic.request_count

    result = lumen.run("--lumen-mode=replay", "--junitxml=report.xml")

    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    note = "recorded at 1280x720, replayed at 1100x600"
    result.stdout.fnmatch_lines([f"  viewport: test_app.py::test_login: {note}"])
    assert result.stdout.str().count("viewport: ") == 1
    [events_file] = (lumen.path / "test-results").glob("*/lumen_events.jsonl")
    viewport_events = [e for e in read_events(events_file) if e["type"] == "viewport"]
    assert [(e["recorded"], e["replayed"]) for e in viewport_events] == [("1280x720", "1100x600")]
    properties = {p.get("name"): p.get("value") for p in ET.parse(lumen.path / "report.xml").iter("property")}
    assert properties["lumen_viewport"] == note
    assert path.read_bytes() == recorded  # a replay writes nothing, and the recording's viewport stays
