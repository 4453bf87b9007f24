"""A page of hundreds of rows, recorded through the real SDK and the fake server: the model sees the list
summarised, asks for the row it needs with show_items, clicks it; replay makes zero model requests."""

from __future__ import annotations

import json

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.cache.model import LocatorSpec
from tests.support.large_pages import inventory

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

ROWS = 600  # over the observation's budget of elements, and quick to record on
TEST = '''
def test_open_row(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("open SKU-00545")
    assert page.locator("#status").inner_text() == "Opened SKU-00545"
'''
SCRIPT = [{"match": "open SKU-00545", "actions": [
    {"tool": "show_items", "input": {"list": "L1", "containing": "SKU-00545"}},
    {"tool": "click", "target": {"role": "button", "name": "SKU-00545"}},
    {"tool": "done", "input": {"summary": "opened"}},
]}]


def test_the_model_asks_for_a_row_of_a_long_list_and_its_click_replays(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory({"index.html": inventory(ROWS)}))
    lumen.pytester.makepyfile(test_app=TEST)
    fake_anthropic.script(SCRIPT)

    lumen.run("--lumen-record").assert_outcomes(passed=1)
    first, second = (json.dumps(r) for r in fake_anthropic.requests[:2])
    assert f"[list=L1]: {ROWS} rows, " in first and "SKU-00545" not in first.replace("open SKU-00545", "")
    assert '\\"SKU-00545\\" [ref=' in second and "1 asked for, 1 shown" in second
    [cache_file] = lumen.cache_files()
    [step] = json.loads(cache_file.read_text())["steps"]
    assert [a["kind"] for a in step["actions"]] == ["click"]
    assert loads(cache_file.read_text(), cache_file).steps[0].actions[0].target.locator == LocatorSpec(
        kind="role", value="button", name="SKU-00545", exact=True)

    before = fake_anthropic.request_count
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
