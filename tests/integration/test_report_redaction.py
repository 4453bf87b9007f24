"""pytest's own report never shows a secret: a real run (real Chromium, the real SDK and the fake model).

A password comes from a ``creds`` fixture and is passed as ``%pw%``; the tests also print it,
log it, and put it in an assertion message next to the page's URL (where the form put it,
URL-encoded). One test's step fails (the model finds nothing to do), the other's assert does.
The terminal, the ``--junitxml`` file with every captured section, and every file the run
wrote show ``%pw%`` and ``***``, never the values, in any form.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import quote, quote_plus

import pytest

from tests.integration.pages import LOGIN_SCRIPT, SITE

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

VALUE = "pw canary!Qx71"  # a space and a "!": the URL holds it as "pw+canary%21Qx71"
ENV_VALUE = "envcanary-Lp93-yy"
FORMS = (VALUE, quote_plus(VALUE), quote(VALUE, safe=""), ENV_VALUE)

TESTS = '''
import logging
import os

import pytest


@pytest.fixture
def creds():
    return {"user": "alice", "password": os.environ["LOGIN_VALUE"]}


def log_in(agent, page, app_url, creds):
    page.goto(app_url + "/index.html")
    print("logging in with", creds["password"], "and token", os.environ["SHOP_PASSWORD"])
    agent.run("log in as %user% with password %pw%", variables={"user": creds["user"], "pw": creds["password"]})
    logging.getLogger("shop").warning("signed in with %s", creds["password"])


def test_a_step_fails(agent, page, app_url, creds):
    log_in(agent, page, app_url, creds)
    agent.run("open the admin panel")


def test_an_assert_fails(agent, page, app_url, creds):
    log_in(agent, page, app_url, creds)
    assert page.title() == "Admin", f"signed in with {creds['password']} but landed on {page.url}"
'''

SCRIPT = [*LOGIN_SCRIPT, {"match": "open the admin panel", "actions": [
    {"tool": "fail", "input": {"reason": "this page has no admin panel"}}]}]


def leaks(text: str) -> list[str]:
    return [line for line in text.splitlines() if any(form in line for form in FORMS)]


def test_a_failing_test_with_a_password_fixture_shows_only_placeholders(lumen, site_factory, fake_anthropic, monkeypatch):
    monkeypatch.setenv("LOGIN_VALUE", VALUE)  # an ordinary name: protected as the %pw% variable
    monkeypatch.setenv("SHOP_PASSWORD", ENV_VALUE)  # secret by its name
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=TESTS)
    fake_anthropic.script(SCRIPT)
    junit = lumen.path / "junit.xml"

    result = lumen.run("--lumen-record", "-rA", "-l", f"--junitxml={junit}", "-o", "junit_logging=all")
    result.assert_outcomes(failed=2)
    terminal = "\n".join(result.outlines + result.errlines)
    xml = junit.read_text(encoding="utf-8")
    assert leaks(terminal) == [] and leaks(xml) == [] and leaks(lumen.written_text()) == []

    # The report is all there, with placeholders: the argument, the output, the log, both failures.
    assert "creds = {'user': '%user%', 'password': '%pw%'}" in terminal
    assert "logging in with %pw% and token ***" in terminal and "signed in with %pw%" in terminal
    assert "this page has no admin panel" in terminal
    assert "signed in with %pw% but landed on" in terminal and "pw=%pw%" in terminal
    cases = {case.get("name", "").split("[")[0]: case for case in ET.fromstring(xml).iter("testcase")}
    assert set(cases) == {"test_a_step_fails", "test_an_assert_fails"}
    for case in cases.values():
        assert case.find("failure") is not None
        assert "logging in with %pw% and token ***" in "".join(case.find("system-out").itertext())  # type: ignore[union-attr]
    assert "signed in with %pw% but landed on" in cases["test_an_assert_fails"].find("failure").get("message", "")  # type: ignore[union-attr]
