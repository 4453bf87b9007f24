"""Nothing leaked: variable values and secret env values never reach a file, a report or the terminal.

Two canaries: one passed as a variable (``%pw%``), one in a secret-looking environment
variable (``SHOP_PASSWORD``) that the page also shows. Every file the runs wrote, the
JUnit XML and the terminal output are searched for both.
"""

from __future__ import annotations

import json

import pytest

from pytest_lumen.cache import loads

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

VAR_CANARY = "varcanary-Qx71-zz"
ENV_CANARY = "envcanary-Lp93-yy"

LOGIN = f"""<!doctype html><html><head><title>Login</title></head><body><main>
<h1>Sign in</h1>
<p>Support token: {ENV_CANARY}</p>
<form action="/welcome.html" method="get">
  <label for="user">Username</label><input id="user" name="user">
  <label for="pw">Password</label><input id="pw" type="password" name="pw">
  <button type="submit">Sign in</button>
</form>
</main></body></html>"""

WELCOME = """<!doctype html><html><head><title>Welcome</title></head><body><main>
<h1>Welcome</h1><p id="who">...</p><a href="/index.html">Sign out</a>
<script>
const q = new URLSearchParams(location.search);
document.getElementById('who').textContent = 'Signed in as ' + q.get('user') + ' with ' + q.get('pw');
</script>
</main></body></html>"""

SITE = {"index.html": LOGIN, "welcome.html": WELCOME}

TEST = '''
import os

def test_login(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("log in as %user% with password %pw%", variables={"user": "alice", "pw": os.environ["LOGIN_VALUE"]})
    agent.expect("the welcome heading is shown")
'''

SIGN_OUT = '''    agent.run("sign out")
'''


def _login_script(password_value: str) -> list[dict]:
    return [
        {"match": "log in as %user%", "actions": [
            {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
            {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": password_value}},
            {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
            {"tool": "done", "input": {"summary": "logged in"}},
        ]},
        {"match": "welcome heading", "actions": [
            {"tool": "expect_text", "target": {"role": "heading", "name": "Welcome"}, "input": {"text": "Welcome"}},
            {"tool": "done"},
        ]},
        # The model presses a "key" that is the env secret (Playwright's error repeats it),
        # then recovers with a click: the error reaches events, memory and progress lines.
        {"match": "sign out", "actions": [
            {"tool": "press", "input": {"key": ENV_CANARY}},
            {"tool": "click", "target": {"role": "link", "name": "Sign out"}},
            {"tool": "done"},
        ]},
    ]


@pytest.fixture
def secret_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOP_PASSWORD", ENV_CANARY)  # secret by its name (*PASSWORD*)
    monkeypatch.setenv("LOGIN_VALUE", VAR_CANARY)  # an ordinary name: protected as the %pw% variable


class Runs:
    """Runs pytest, keeping each run's JUnit XML and terminal output for the search."""

    def __init__(self, lumen) -> None:
        self.lumen = lumen
        self.texts: list[str] = []

    def run(self, *args: str):
        junit = self.lumen.path / f"junit-{len(self.texts)}.xml"
        result = self.lumen.run(*args, f"--junitxml={junit}")
        self.texts.append("\n".join(result.outlines + result.errlines))
        self.texts.append(junit.read_text(encoding="utf-8"))
        self.texts.append(self.lumen.written_text())  # test-results/ is emptied by the next run
        return result

    def assert_no_canary(self) -> None:
        everything = "\n".join(self.texts) + self.lumen.written_text()
        for canary in (VAR_CANARY, ENV_CANARY):
            hits = [line for line in everything.splitlines() if canary in line]
            assert hits == [], f"{canary} leaked: {hits[:3]}"


def _cache(lumen) -> dict:
    [path] = lumen.cache_files()
    loads(path.read_text(encoding="utf-8"), path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_record_heal_replay_write_no_secret_anywhere(lumen, site_factory, fake_anthropic, secret_env):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=TEST)
    fake_anthropic.script(_login_script("%pw%"))
    runs = Runs(lumen)

    runs.run("--lumen-record").assert_outcomes(passed=1)
    sent = json.dumps(fake_anthropic.requests)  # the model sees the page with placeholders, never the values
    assert "Support token: ***" in sent and "Signed in as %user% with %pw%" in sent
    assert VAR_CANARY not in sent and ENV_CANARY not in sent
    cache = _cache(lumen)
    assert cache["steps"][0]["actions"][1]["value"] == "%pw%"
    assert cache["steps"][0]["actions"][2]["after"]["url"] == "/welcome.html?pw=%pw%&user=%user%"

    lumen.pytester.makepyfile(test_app=TEST + SIGN_OUT)  # a new step: heal asks the model
    runs.run("--lumen-mode=heal").assert_outcomes(passed=1)
    assert "lumen> test_login" in runs.texts[-3] and "press key='***' [error]" in runs.texts[-3]  # progress lines
    assert [s["instruction"] for s in _cache(lumen)["steps"]][-1] == "sign out"
    memory = json.loads((lumen.path / ".lumen-cache" / "memory.json").read_text(encoding="utf-8"))
    assert any(les["failed_command"] == "press" for les in memory["lessons"]), "the press failure was learned"
    [events] = lumen.path.glob("test-results/*/lumen_events.jsonl")
    assert "Unknown key" in events.read_text() and "***" in events.read_text(), "the error was kept, redacted"
    assert list(lumen.path.glob("test-results/*/memory_events.jsonl"))

    before = fake_anthropic.request_count
    runs.run("--lumen-mode=replay").assert_outcomes(passed=1)
    assert fake_anthropic.request_count == before
    assert 'name="lumen_model_calls"' in runs.texts[-2]  # the JUnit XML carries the lumen properties
    runs.assert_no_canary()


def test_a_secret_the_model_types_literally_is_cached_as_its_placeholder(lumen, site_factory, fake_anthropic, secret_env):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makepyfile(test_app=TEST)
    fake_anthropic.script(_login_script(VAR_CANARY))  # the raw value, not %pw%
    runs = Runs(lumen)

    runs.run("--lumen-record").assert_outcomes(passed=1)
    fill = _cache(lumen)["steps"][0]["actions"][1]
    assert fill["kind"] == "fill" and fill["value"] == "%pw%"
    assert fill["after"]["value"] == "%pw%"

    runs.run("--lumen-mode=replay").assert_outcomes(passed=1)  # %pw% is filled with the real value again
    runs.assert_no_canary()


def test_the_canary_search_finds_a_leak(lumen):
    """The search itself is not blind: a canary in a written file is found."""
    runs = Runs(lumen)
    leak = lumen.path / "test-results" / "x" / "lumen_events.jsonl"
    leak.parent.mkdir(parents=True)
    leak.write_text(json.dumps({"message": VAR_CANARY}))
    with pytest.raises(AssertionError, match="leaked"):
        runs.assert_no_canary()


ORDER = """<!doctype html><html><head><title>Order</title></head><body style="margin:0">
<label for="qty" style="position:absolute; left:0; top:0">Quantity</label>
<input id="qty" style="position:absolute; left:0; top:40px">
<button style="position:absolute; left:100px; top:100px; width:100px; height:100px">Order</button>
</body></html>"""

ORDER_TEST = '''
def test_order(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("order %qty% mugs", variables={"qty": "100"})
'''


def test_a_variable_value_that_is_also_a_number_in_the_file_breaks_nothing(lumen, site_factory, fake_anthropic):
    """"100" is the quantity and also the button's x, y, width and height: only the text becomes %qty%."""
    lumen.serve(site_factory({"index.html": ORDER}))
    lumen.pytester.makepyfile(test_app=ORDER_TEST)
    fake_anthropic.script([{"match": "order %qty% mugs", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Quantity"}, "input": {"value": "%qty%"}},
        {"tool": "click", "target": {"role": "button", "name": "Order"}},
        {"tool": "done"},
    ]}])

    lumen.run("--lumen-record").assert_outcomes(passed=1)
    fill, click = _cache(lumen)["steps"][0]["actions"]
    assert fill["value"] == "%qty%"
    assert click["fingerprint"]["box"] == {"x": 100, "y": 100, "width": 100, "height": 100}
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)
