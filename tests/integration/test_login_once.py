"""Log in once: a session fixture runs the login sentences with ``agent_for`` and saves ``storage_state``."""

from __future__ import annotations

import json

import pytest

from ..conftest import INNER_CONFTEST
from .pages import LOGIN_SCRIPT

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

# The login keeps the user in localStorage (as single-page apps keep a token); the account page reads it.
LOGIN_ONCE_SITE = {
    "index.html": """<!doctype html><html><head><title>Login</title></head><body><main><h1>Sign in</h1>
<form id="f"><label for="user">Username</label><input id="user">
<label for="pw">Password</label><input id="pw" type="password"><button type="submit">Sign in</button></form>
</main><script>document.getElementById("f").addEventListener("submit", (e) => { e.preventDefault();
  localStorage.setItem("user", document.getElementById("user").value); location.href = "/account.html"; });
</script></body></html>""",
    "account.html": """<!doctype html><html><head><title>Account</title></head><body><main><h1 id="h">Not signed in</h1>
</main><script>const u = localStorage.getItem("user"); if (u) document.getElementById("h").textContent = "Hello " + u;
</script></body></html>""",
}

LOGIN_CONFTEST = INNER_CONFTEST + '''

@pytest.fixture(scope="session")
def signed_in(browser, agent_for, tmp_path_factory):
    """Log in once for the whole run and keep the browser's storage."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(os.environ["APP_URL"] + "/index.html")
    with agent_for(page, "login") as agent:
        agent.run("log in as %user% with password %pw%", variables={"user": "alice", "pw": "s3cret-canary-77"})
        agent.expect("the account page greets the user")
    state = tmp_path_factory.mktemp("auth") / "state.json"
    context.storage_state(path=str(state))
    context.close()
    return str(state)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, signed_in):
    return {**browser_context_args, "storage_state": signed_in}
'''

LOGIN_ONCE_TESTS = '''
import pytest

@pytest.mark.parametrize("n", range(3))
def test_account(page, app_url, n):
    page.goto(app_url + "/account.html")
    assert page.locator("h1").inner_text() == "Hello alice"


def test_with_an_agent_too(agent, page, app_url):
    page.goto(app_url + "/account.html")
    agent.expect("the account page greets alice")
'''

LOGIN_ONCE_SCRIPT = [
    LOGIN_SCRIPT[0],  # the same login sentence and form as the other integration tests
    {"match": "greets the user", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Hello %user%"}, "input": {"text": "Hello %user%"}},
        {"tool": "done"},
    ]},
    {"match": "greets alice", "actions": [
        {"tool": "expect_text", "target": {"role": "heading", "name": "Hello alice"}, "input": {"text": "Hello alice"}},
        {"tool": "done"},
    ]},
]


def test_a_session_fixture_logs_in_once_for_many_tests(lumen, site_factory, fake_anthropic):
    site = site_factory(LOGIN_ONCE_SITE)
    lumen.serve(site)
    lumen.pytester.makeconftest(LOGIN_CONFTEST)
    lumen.pytester.makepyfile(test_app=LOGIN_ONCE_TESTS)
    fake_anthropic.script(LOGIN_ONCE_SCRIPT)

    lumen.run("--lumen-mode=heal").assert_outcomes(passed=4)
    assert site.requested.count("/index.html") == 1  # one login for the four tests
    recorded = fake_anthropic.request_count
    assert recorded >= 2
    files = {p.relative_to(lumen.path).as_posix(): p for p in lumen.cache_files()}
    assert sorted(files) == [".lumen-cache/_fixtures/login.json", ".lumen-cache/test_app.py/test_with_an_agent_too.json"]
    login = json.loads(files[".lumen-cache/_fixtures/login.json"].read_text())
    assert login["test"] == "_fixtures::login"
    assert [s["instruction"] for s in login["steps"]] == ["log in as %user% with password %pw%",
                                                          "the account page greets the user"]
    assert list((lumen.path / "test-results" / "_fixtures" / "login").glob("lumen_events.jsonl"))

    # the login replays like any test: zero model calls, and a full run with pruning keeps its file
    site.requested.clear()
    result = lumen.run("--lumen-mode=replay", "--lumen-prune")
    result.assert_outcomes(passed=4)
    assert fake_anthropic.request_count == recorded
    assert site.requested.count("/index.html") == 1
    assert sorted(p.relative_to(lumen.path).as_posix() for p in lumen.cache_files()) == sorted(files)
    written = lumen.written_text()
    assert "%pw%" in written and "s3cret-canary-77" not in written


def test_a_failed_login_keeps_its_password_out_of_the_report(lumen, site_factory, fake_anthropic):
    lumen.serve(site_factory(LOGIN_ONCE_SITE))
    lumen.pytester.makeconftest(LOGIN_CONFTEST)
    lumen.pytester.makepyfile(test_app=LOGIN_ONCE_TESTS)

    junit = lumen.path / "report.xml"
    result = lumen.run("--lumen-mode=replay", f"--junitxml={junit}")  # nothing recorded: the login misses
    result.assert_outcomes(errors=4)
    result.stdout.fnmatch_lines(["*CacheMissError*", "*file: .lumen-cache/_fixtures/login.json*",
                                 '*remedy: record it: pytest --lumen-record "test_app.py::test_account[[]0]"*'])
    assert "%pw%" in result.stdout.str()
    assert "s3cret-canary-77" not in result.stdout.str() + junit.read_text()
    assert fake_anthropic.request_count == 0
