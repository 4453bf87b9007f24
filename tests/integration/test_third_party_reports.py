"""Where Python testers already are: Allure results, pytest-html's report and reruns under pytest-rerunfailures.

Each runs the real third-party plugin (installed from the lock) on a recorded cart test whose
button lost its test id: the zero-token heal finds it by role and name, and takes its pictures: the
page before the click (the button highlighted) and after it (the cart filled).
"""

from __future__ import annotations

import base64
import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.events import read_events
from tests.support.inner import once_per_run

from ..conftest import LumenRunner, Site
from .conftest import record_login

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

CART = """<!doctype html><html><head><title>Mug</title></head><body><main>
<h1>Blue mug</h1>
<button type="button" data-testid="add-to-cart">Add to cart</button>
<div id="cart"></div>
<script>
document.querySelector("button").addEventListener("click", () => {
  document.getElementById("cart").innerHTML = "<h2>1 item in your cart</h2>";
});
</script>
</main></body></html>"""
SHOP = {"index.html": CART}
# After a release that renamed the button's test id: the heal finds it by its role and name.
RENAMED = {"index.html": CART.replace('data-testid="add-to-cart"', 'data-testid="basket-add"')}

CART_TEST = '''
def test_cart(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("add the mug to the cart")
    agent.expect("the cart holds one item")
'''
# The same test, failing its first attempt after its first step (a flaky test: pytest-rerunfailures reruns it).
FLAKY_TEST = '''
from pathlib import Path

def test_cart(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("add the mug to the cart")
    first = Path("first-attempt-ran")
    if not first.exists():
        first.write_text("1")
        raise AssertionError("flaky: the first attempt fails")
    agent.expect("the cart holds one item")
'''
CART_SCRIPT = [
    {"match": "add the mug", "actions": [
        {"tool": "click", "target": {"role": "button", "name": "Add to cart"}},
        {"tool": "done", "input": {"summary": "added"}},
    ]},
    {"match": "cart holds one item", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "1 item in your cart"}, "input": {"text": "1 item"}},
        {"tool": "done"},
    ]},
]
STEP = "add the mug to the cart"


@pytest.fixture
def renamed_cart(lumen: LumenRunner, site_factory: Callable[[dict[str, str]], Site],
                 tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], None]:
    """``renamed_cart(test)``: the cart test's cache as recorded (once per run), ``test`` as the test file, and
    the renamed page served."""
    def use(test: str = CART_TEST) -> None:
        root = once_per_run(tmp_path_factory, "cart-recorded", lambda folder: record_login(folder, SHOP, CART_TEST, CART_SCRIPT))
        shutil.copytree(root / ".lumen-cache", lumen.path / ".lumen-cache", dirs_exist_ok=True)
        lumen.pytester.makepyfile(test_app=test)
        lumen.serve(site_factory(RENAMED))
    return use


def _steps(step: dict[str, Any]) -> list[dict[str, Any]]:
    return list(step.get("steps", []))


def _heal_pictures(root: Path) -> tuple[bytes, bytes]:
    """The cart test's heal pictures (before, after), as its ``heal.pictures`` event names them in its output folder."""
    folder = root / "test-results" / "test-app-py-test-cart-chromium"
    [event] = [e for e in read_events(folder / "lumen_events.jsonl") if e["type"] == "heal.pictures"]
    assert (event["level"], event["before"], event["after"]) == (
        "fallback:role", "heal-step1-action1-before.png", "heal-step1-action1-after.png")
    before, after = (folder / event["before"]).read_bytes(), (folder / event["after"]).read_bytes()
    assert before.startswith(b"\x89PNG") and after.startswith(b"\x89PNG")
    assert before != after  # the button highlighted, then the cart holding the mug
    return before, after


def test_allure_results_hold_each_step_its_actions_the_heal_and_its_pictures(lumen, renamed_cart, fake_anthropic):
    # a step the cache does not hold yet: heal mode records it with the model
    renamed_cart(CART_TEST + '    agent.expect("the page is about the blue mug")\n')
    fake_anthropic.script([{"match": "about the blue mug", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Blue mug"}, "input": {"text": "Blue mug"}},
        {"tool": "done"}]}])
    result = lumen.run("--lumen-mode=heal", "--alluredir=allure-results")
    result.assert_outcomes(passed=1)
    results = lumen.path / "allure-results"
    [test] = [json.loads(p.read_text()) for p in results.glob("*-result.json")]
    assert test["name"] == "test_cart[chromium]" and test["status"] == "passed"
    add, check = [s for s in test["steps"] if s["name"] in (STEP, "the cart holds one item")]
    assert {p["name"]: p["value"] for p in add["parameters"]} == {"kind": "run", "cache": "hit", "mode": "heal"}
    [click] = [s for s in _steps(add) if s["name"].startswith("click ")]
    assert click["status"] == "passed" and 'get_by_test_id("add-to-cart")' in click["name"]
    assert any(s["name"].startswith("healed [fallback:role]") for s in _steps(click))
    assert [s["name"] for s in _steps(add)][-1] == "outcome: healed"
    assert not add.get("attachments")
    [heal] = [s for s in _steps(add) if s["name"] == "healed action 1 [fallback:role]"]  # the heal's sub-step
    assert {p["name"]: p["value"] for p in heal["parameters"]}["before"] == 'get_by_test_id("add-to-cart")'
    text, before, after = heal["attachments"]
    assert [a["name"] for a in (text, before, after)] == [
        "healed action 1 [fallback:role]", "healed action 1 [fallback:role]: before",
        "healed action 1 [fallback:role]: after"]
    body = (results / text["source"]).read_text()
    assert 'before: get_by_test_id("add-to-cart")' in body and 'after: get_by_role("button", name="Add to cart"' in body
    assert before["type"] == after["type"] == "image/png"
    assert ((results / before["source"]).read_bytes(), (results / after["source"]).read_bytes()) == _heal_pictures(
        lumen.path)
    assert [s["name"] for s in _steps(check)][-1] == "outcome: replayed" and not check.get("attachments")
    [recorded] = [s for s in test["steps"] if s["name"] == "the page is about the blue mug"]
    assert {p["name"]: p["value"] for p in recorded["parameters"]}["cache"] == "miss"
    requests = [s for s in _steps(recorded) if s["name"].startswith("model request (")]
    assert len(requests) == fake_anthropic.request_count >= 1
    usage = {p["name"]: p["value"] for p in requests[0]["parameters"]}
    assert int(usage["input tokens"]) > 0 and {"output tokens", "cache read tokens", "latency ms"} <= usage.keys()
    assert [s["name"] for s in _steps(recorded)][-1] == "outcome: recorded"


def test_pytest_html_report_shows_the_heal_and_its_pictures(lumen, renamed_cart):
    renamed_cart()
    result = lumen.run("--lumen-mode=replay", "--html=report.html", "--self-contained-html")
    result.assert_outcomes(passed=1)
    report = (lumen.path / "report.html").read_text()
    blob = re.search(r'data-jsonblob="([^"]*)"', report)
    assert blob is not None
    data = json.loads(html.unescape(blob.group(1)))
    [test] = [t for tests in data["tests"].values() for t in tests]
    heal, before, after = test["extras"]
    assert heal["format_type"] == "html"
    assert heal["content"].startswith('<pre class="lumen-heal">lumen: healed action 1 [fallback:role]')
    assert "before: get_by_test_id(&quot;add-to-cart&quot;)" in heal["content"]
    assert "after: get_by_role(&quot;button&quot;, name=&quot;Add to cart&quot;" in heal["content"]
    assert before["name"] == "lumen: healed action 1 [fallback:role]: before"
    assert after["name"] == "lumen: healed action 1 [fallback:role]: after"
    embedded = tuple(base64.b64decode(e["content"].removeprefix("data:image/png;base64,")) for e in (before, after))
    assert embedded == _heal_pictures(lumen.path)  # embedded: the very pictures the events name


def test_a_flaky_test_rerun_counts_once_writes_its_cache_once_and_its_events_name_the_attempt(lumen, renamed_cart):
    renamed_cart(FLAKY_TEST)
    result = lumen.run("--lumen-mode=replay", "--reruns=1")
    outcomes = result.parseoutcomes()
    assert (outcomes.get("passed"), outcomes.get("rerun"), outcomes.get("failed")) == (1, 1, None)
    result.stdout.fnmatch_lines([
        "steps replayed: 1",  # the second attempt's check; the first attempt's step is not counted again
        "steps healed: 1 (fallback 1)",
        "steps failed: 0",
        "cache files written: 1",
        "  wrote .lumen-cache/test_app.py/test_cart.json",
    ])
    assert len(re.findall(r"^  healed \[", result.stdout.str(), re.M)) == 1
    assert (lumen.path / "test-results" / "lumen-heals.md").read_text().count("| fallback:role |") == 1
    [path] = lumen.cache_files()
    assert loads(path.read_text(), path).steps[0].actions[0].target.locator.kind == "role"
    # pytest-playwright gives each attempt its own output folder; each line also names its attempt
    first, second = (read_events(lumen.path / "test-results" / f"test-app-py-test-cart-chromium{suffix}" / "lumen_events.jsonl")
                     for suffix in ("", "-retry1"))
    assert {e["attempt"] for e in first} == {1} and {e["attempt"] for e in second} == {2}
    assert [e["type"] for e in first].count("lifecycle.start") == 1 and [e["type"] for e in second].count("lifecycle.start") == 2
