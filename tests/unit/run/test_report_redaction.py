"""pytest's own report of a test holds its placeholders, never its secret values (no browser: an in-process run).

The inner tests register a ``Secrets`` on their item as the agent fixture does
(``report_redaction.remember``); the terminal, the JUnit XML and the report objects
other plugins receive are searched for the values.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pytest_lumen.run.report_redaction import redact_text, scrub
from pytest_lumen.secrets import Secrets

VALUE = "hunter2-Qz'8\"x"  # both quotes: Python's repr escapes one of them
ENV_VALUE = "envtoken-551k"

CONFTEST = f'''
import pytest
from pytest_lumen.run.report_redaction import remember
from pytest_lumen.secrets import Secrets

VALUE = {VALUE!r}


@pytest.fixture
def creds(request):
    """A password fixture, passed to the agent as %pw% (the agent fixture registers its secrets so)."""
    secrets = Secrets({{"APP_TOKEN": {ENV_VALUE!r}}})
    secrets.add_variables({{"pw": VALUE, "user": "alice"}})
    remember(request.node, secrets)
    return {{"user": "alice", "password": VALUE}}
'''

TESTS = f'''
import logging
import sys

import pytest


def test_assert_message(creds, record_property):
    print("logging in with", creds["password"])
    sys.stderr.write("stderr: " + creds["password"] + "\\n")
    logging.getLogger("app").warning("password is %s", creds["password"])
    record_property("password", creds["password"])
    secret = creds["password"]
    assert secret == "something else", f"login with {{secret}} refused, token {ENV_VALUE}"


def test_raises_with_the_value(creds):
    raise RuntimeError(repr(creds))


def test_passes_with_output(creds):
    print("all good for", creds["password"])


def test_skipped_with_the_value(creds):
    pytest.skip("no account for " + creds["password"])


def test_without_secrets():
    print("plain output, user alice")
    assert "alice" == "bob"
'''

ALL_FORMS = (VALUE, repr(VALUE)[1:-1], ENV_VALUE)


@pytest.fixture
def inner(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_inner=TESTS)
    return pytester


def assert_nothing_leaked(text: str) -> None:
    hits = [line for line in text.splitlines() if any(form in line for form in ALL_FORMS)]
    assert hits == [], f"leaked: {hits[:3]}"


def test_terminal_junit_xml_and_reports_show_placeholders(inner: pytest.Pytester) -> None:
    junit = inner.path / "junit.xml"
    result = inner.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:playwright", "-rA", "-l", "--tb=long",
                                       f"--junitxml={junit}", "-o", "junit_logging=all")
    result.assert_outcomes(passed=1, failed=3, skipped=1)
    terminal = "\n".join(result.outlines + result.errlines)
    xml = junit.read_text(encoding="utf-8")
    assert_nothing_leaked(terminal)
    assert_nothing_leaked(xml)
    # What pytest shows is all still there, with the placeholders in place of the values.
    for line in ("logging in with %pw%", "stderr: %pw%", "password is %pw%", "all good for %pw%",
                 "login with %pw% refused, token ***", "no account for %pw%"):
        assert line in terminal, line
    assert re.search(r"^secret +=  ?'%pw%'$", terminal, re.MULTILINE), "the test's locals (-l)"
    assert "'password': '%pw%'" in terminal  # the test's argument, and the repr in the error
    cases = {case.get("name"): case for case in ET.fromstring(xml).iter("testcase")}
    failure = cases["test_assert_message"].find("failure")
    assert failure is not None and "login with %pw% refused" in failure.get("message", "")
    props = {p.get("name"): p.get("value") for p in cases["test_assert_message"].iter("property")}
    assert props["password"] == "%pw%"
    assert "logging in with %pw%" in xml and "password is %pw%" in xml
    # A test that registered no secrets keeps its report as it was.
    assert "plain output, user alice" in terminal and "assert 'alice' == 'bob'" in terminal

    # The report objects every plugin's pytest_runtest_logreport receives (xdist sends these).
    reports = result.reprec.getreports("pytest_runtest_logreport")  # type: ignore[attr-defined]
    assert len(reports) == 15
    for report in reports:
        assert_nothing_leaked(report.longreprtext + "".join(content for _, content in report.sections)
                              + repr(report.user_properties))
    [failed] = [r for r in reports if r.when == "call" and r.nodeid.endswith("test_assert_message")]
    assert failed.longrepr.reprcrash.message.startswith("AssertionError: login with %pw% refused")
    assert failed.location[2] == "test_assert_message"  # what identifies the test is untouched


def test_scrub_keeps_structure_and_paths() -> None:
    secrets = Secrets()
    secrets.add_variables({"pw": "tests-secret"})
    redact = redact_text([secrets])
    failure = {"reprcrash": {"path": "/tmp/tests-secret/t.py", "lineno": 3, "message": "bad tests-secret"},
               "reprtraceback": {"style": "long", "reprentries": [{"type": "ReprEntry",
                                                                    "data": {"lines": ["> x = 'tests-secret'"]}}]}}
    assert scrub(failure, redact, "longrepr") == {
        "reprcrash": {"path": "/tmp/tests-secret/t.py", "lineno": 3, "message": "bad %pw%"},
        "reprtraceback": {"style": "long", "reprentries": [{"type": "ReprEntry", "data": {"lines": ["> x = '%pw%'"]}}]}}
    assert scrub(("/tmp/tests-secret/t.py", 3, "Skipped: tests-secret"), redact, "longrepr") == (
        "/tmp/tests-secret/t.py", 3, "Skipped: %pw%")
    assert scrub([("Captured stdout tests-secret", "tests-secret\n")], redact, "sections") == [
        ("Captured stdout tests-secret", "%pw%\n")]
    assert scrub([("count", 3), ("who", "tests-secret")], redact, "user_properties") == [("count", 3), ("who", "%pw%")]


def test_several_agents_of_one_test_each_redact() -> None:
    first, second = Secrets(), Secrets({"API_TOKEN": "tokenvalue-1"})
    first.add_variables({"pw": "first-value"})
    second.add_variables({"pin": "second-value"})
    assert redact_text([first, second])("first-value second-value tokenvalue-1") == "%pw% %pin% ***"


def test_a_value_inside_a_longer_word_leaves_the_report_as_it_is() -> None:
    """A user named ``admin``: the re-record command, the test's path and other words keep their letters."""
    secrets = Secrets()
    secrets.add_variables({"user": "admin"})
    line = "re-record: pytest tests/test_admin.py::test_admin --lumen-record  (the Site administration page, user admin)"
    assert redact_text([secrets])(line) == line.replace("user admin", "user %user%")
