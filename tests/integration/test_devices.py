"""One sentence, every device: a recording per device profile in one cache file (``--device``, pytest-playwright's)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # inner pytest sessions with a browser

PHONE = ("--device", "Pixel 7")

# A shop's header as responsive sites render it: on a wide screen its links; below 768 pixels a menu button that
# a script opens (no aria-controls: nothing on the page declares what it opens).
HEADER_CSS = """
  .links a { margin-right: 1rem } .burger { display: none }
  @media (max-width: 767px) { .links { display: none } .links.open { display: block } .burger { display: inline-block } }
"""
SHOP = {
    "index.html": f"""<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>{HEADER_CSS}</style></head><body>
<header class="hdr-x81"><button class="burger" aria-label="Menu" type="button"><i class="icon-menu"></i></button>
<nav class="links"><a href="/orders.html">Orders</a><a href="/help.html">Help</a></nav></header>
<main><h1>Shop</h1></main>
<script>document.querySelector('.burger').addEventListener('click', () =>
  document.querySelector('.links').classList.toggle('open'));</script></body></html>""",
    "orders.html": "<!doctype html><html><body><main><h1>Your orders</h1></main></body></html>",
    "help.html": "<!doctype html><html><body><main><h1>Help</h1></main></body></html>",
}
ORDERS_TEST = '''
def test_orders(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("open my orders")
    agent.expect("the orders page is shown")
'''
EXPECT_ORDERS = {"match": "orders page is shown", "actions": [
    {"tool": "expect_text", "target": {"role": "heading", "name": "Your orders"}, "input": {"text": "Your orders"}},
    {"tool": "done"}]}
DESKTOP_SCRIPT = [
    {"match": "open my orders", "actions": [
        {"tool": "click", "target": {"role": "link", "name": "Orders"}}, {"tool": "done"}]},
    EXPECT_ORDERS,
]
PHONE_SCRIPT = [  # on a touch screen the model is offered tap, not click
    {"match": "open my orders", "actions": [
        {"tool": "tap", "target": {"role": "button", "name": "Menu"}},
        {"tool": "tap", "target": {"role": "link", "name": "Orders"}}, {"tool": "done"}]},
    EXPECT_ORDERS,
]


def test_a_phone_replays_a_desktop_recording_that_fits_it_and_says_so_once(lumen, recorded_login, fake_anthropic):
    recorded_login()  # on a desktop: pytest-playwright's default 1280x720
    [path] = lumen.cache_files()
    before = fake_anthropic.request_count

    on_phone = lumen.run("--lumen-mode=replay", *PHONE)

    on_phone.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    on_phone.stdout.fnmatch_lines(["*steps healed*profile*"])
    data = json.loads(path.read_text())
    assert data["profiles"] == ["wide", "narrow-touch-mobile"]
    assert all("per_profile" not in s and "on" not in s for s in data["steps"])  # the same on both: stored once
    written = path.read_bytes()

    again = lumen.run("--lumen-mode=replay", *PHONE)  # the phone has a recording now: replayed as any other
    again.assert_outcomes(passed=1)
    assert "profile" not in again.stdout.str() and path.read_bytes() == written
    desktop = lumen.run("--lumen-mode=replay")
    desktop.assert_outcomes(passed=1)
    assert path.read_bytes() == written and fake_anthropic.request_count == before


def test_a_phone_layout_the_desktop_recording_does_not_fit_stays_red_until_the_phone_is_recorded(
        lumen, site_factory, fake_anthropic):
    site = site_factory(SHOP)
    lumen.serve(site)
    lumen.pytester.makepyfile(test_app=ORDERS_TEST)
    fake_anthropic.script(DESKTOP_SCRIPT)
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    [path] = lumen.cache_files()
    desktop_file = path.read_bytes()
    before = fake_anthropic.request_count
    site.requested.clear()

    red = lumen.run("--lumen-mode=replay", *PHONE)

    red.assert_outcomes(failed=1)
    assert fake_anthropic.request_count == before
    red.stdout.fnmatch_lines(["*no recording for the device profile narrow-touch-mobile (the cache file holds wide)*",
                              '*record this profile: pytest --lumen-record "test_app.py::test_orders" --device "Pixel 7"*'])
    assert "/orders.html" not in site.requested  # nothing was opened to find out
    assert path.read_bytes() == desktop_file

    fake_anthropic.script(PHONE_SCRIPT)
    lumen.run("--lumen-record", *PHONE).assert_outcomes(passed=1)
    data = json.loads(path.read_text())
    assert data["profiles"] == ["wide", "narrow-touch-mobile"]
    opening = data["steps"][0]
    assert [a["kind"] for a in opening["actions"]] == ["click"]  # the desktop's, kept
    assert [a["kind"] for a in opening["per_profile"]["narrow-touch-mobile"]] == ["tap", "tap"]
    assert "per_profile" not in data["steps"][1]  # the check is the same on both
    recorded = path.read_bytes()

    after = fake_anthropic.request_count
    for device in ((), PHONE):
        lumen.run("--lumen-mode=replay", *device).assert_outcomes(passed=1)
    assert fake_anthropic.request_count == after and path.read_bytes() == recorded

    # exported, each profile is a test of its own, run on its profile only (a CI matrix over --device)
    out = lumen.path.parent / "exported"
    export = subprocess.run([sys.executable, "-m", "pytest_lumen.export", "--rootdir", str(lumen.path), "--out", str(out)],
                            capture_output=True, text=True, timeout=120)
    assert export.returncode == 0, export.stdout + export.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER", "PYTHONPATH")}
    for device, ran in (((), "test_orders"), (PHONE, "test_orders__narrow_touch_mobile")):
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:lumen", "-p", "no:cacheprovider", "-rA", *device],
                             cwd=out, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stdout + run.stderr
        assert re.findall(r"^PASSED \S+::(\w+)", run.stdout, re.MULTILINE) == [ran], run.stdout
        assert "1 skipped" in run.stdout
