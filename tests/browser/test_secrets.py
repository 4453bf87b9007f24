"""Variables and secrets through a real record and replay: a value is a placeholder only where the test put it.

The class from a real upgrade: a user named ``admin`` on an app whose pages say "Site administration".
Recording must not write ``%user%istration`` into a later step, the step's key must match its
instruction on the next run, the password must be in no file, and replay makes zero model calls.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_lumen.agent import Agent
from pytest_lumen.cache import loads
from pytest_lumen.cache.keys import step_key
from pytest_lumen.config import Mode
from pytest_lumen.context import TestContext
from pytest_lumen.planner import ScriptedPlanner
from pytest_lumen.run.session import LumenSession
from tests.browser.inprocess import no_model, session_in

NODEID = "tests/test_admin.py::test_admin"
PASSWORD = "hunter22"

LOGIN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in | Site administration</title>
</head><body><header><a href="/index.html">Site administration</a></header><main>
<h1>Log in</h1>
<form action="/welcome.html" method="get">
  <label for="u">Username</label><input id="u" name="user">
  <label for="p">Password</label><input id="p" name="pw" type="password">
  <button type="submit">Log in</button>
</form></main></body></html>"""

WELCOME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site administration</title></head>
<body><main><h1>Site administration</h1><p id="who"></p>
<a href="/dashboard.html">Open the administration dashboard</a>
<script>document.getElementById('who').textContent =
  'Signed in as ' + new URLSearchParams(location.search).get('user');</script>
</main></body></html>"""

DASHBOARD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard</title></head>
<body><main><h1>Administration dashboard</h1></main></body></html>"""

SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
    {"tool": "fill", "target": {"role": "textbox", "name": "Password"}, "input": {"value": "%pw%"}},
    {"tool": "click", "target": {"role": "button", "name": "Log in"}},
    {"tool": "done"},
    {"tool": "click", "target": {"role": "link", "name": "Open the administration dashboard"}},
    {"tool": "done"},
    {"tool": "expect_text", "target": {"role": "heading"}, "input": {"text": "Administration dashboard"}},
    {"tool": "done"},
]

INSTRUCTIONS = ["log in as %user% with password %pw%", "open the Site administration dashboard",
                "the administration dashboard is shown"]


def _context(session: LumenSession, nodeid: str = NODEID) -> TestContext:
    test_file, name = nodeid.split("::")
    return session.new_context(nodeid, session.store.path_for(test_file, name), session.settings.rootdir / "out")


def _admin_steps(agent: Agent, page: Any, url: str, user: str, password: str) -> None:
    page.goto(url + "/index.html")
    agent.run(INSTRUCTIONS[0], variables={"user": user, "pw": password})
    agent.run(INSTRUCTIONS[1])
    agent.expect(INSTRUCTIONS[2])


def test_a_user_named_admin_is_no_placeholder_inside_administration(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": LOGIN, "welcome.html": WELCOME, "dashboard.html": DASHBOARD})
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = _context(recording)
    _admin_steps(Agent(page, ctx, lambda: ScriptedPlanner(SCRIPT)), page, site.url, "admin", PASSWORD)
    written_at = recording.finish(ctx, passed=True)
    assert written_at == ".lumen-cache/tests/test_admin.py/test_admin.json"
    text = (tmp_path / written_at).read_text(encoding="utf-8")
    assert PASSWORD not in text  # a secret: it was filled into a password field
    assert "%user%istration" not in text and "test_%user%" not in text
    cache = json.loads(text)
    assert cache["test"] == NODEID
    assert [s["instruction"] for s in cache["steps"]] == INSTRUCTIONS
    names = [["pw", "user"], [], []]
    keys = [s.key for s in loads(text, tmp_path / written_at).steps]  # computed from the instruction and variable names
    assert keys == [step_key(i, v) for i, v in zip(INSTRUCTIONS, names, strict=True)]
    login = cache["steps"][0]["actions"]
    assert [a.get("value") for a in login[:2]] == ["%user%", "%pw%"]
    assert login[2]["after"]["url"] == "/welcome.html?pw=%pw%&user=%user%"  # where the test put them
    later = json.dumps(cache["steps"][1:])
    assert "%user%" not in later  # steps not passed the value keep the page's words
    assert cache["steps"][1]["url"] == "/welcome.html?pw=%pw%&user=admin"  # evidence: the secret hidden, nothing else

    for user, password in (("admin", PASSWORD), ("root", "another-pass-9")):  # the same values, then others
        ctx = _context(session_in(Mode.REPLAY, tmp_path))
        _admin_steps(Agent(page, ctx, no_model), page, site.url, user, password)
        assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 3


@st.composite
def _labels(draw: st.DrawFn) -> tuple[str, str]:
    """A short value and a link label holding it inside a longer word."""
    value = draw(st.text(alphabet="abcdefgh", min_size=1, max_size=5))
    before = draw(st.text(alphabet="abcdefgh", max_size=3))
    after = draw(st.text(alphabet="abcdefgh", min_size=0 if before else 1, max_size=3))
    return value, f"Go to {before}{value}{after} now"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(example=_labels())
def test_record_then_replay_keeps_the_key_and_the_words_of_every_step(page: Any, example: tuple[str, str]) -> None:
    value, label = example
    html = (f'<main><label>Username <input></label><a href="#{value}-done">{label}</a>'
            f'<p id="done" hidden>done</p></main>')
    script = [{"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
              {"tool": "done"},
              {"tool": "click", "target": {"role": "link", "name": label}},
              {"tool": "done"}]
    steps = [("type %user% as the username", {"user": value}), (f"follow the {label} link", None)]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for mode in (Mode.RECORD, Mode.REPLAY):
            session = session_in(mode, root)
            ctx = _context(session, f"tests/test_{value}.py::test_{value}")
            agent = Agent(page, ctx, (lambda: ScriptedPlanner(script, calls_model=True)) if mode is Mode.RECORD
                          else no_model)
            page.set_content(html)
            for instruction, variables in steps:
                agent.run(instruction, variables=variables)
            assert ctx.figures.model_calls == (4 if mode is Mode.RECORD else 0)
            session.finish(ctx, passed=True)
        [written] = (root / ".lumen-cache").rglob("*.json")
        cache = json.loads(written.read_text(encoding="utf-8"))
    assert [s["instruction"] for s in cache["steps"]] == [i for i, _ in steps]
    assert [s.key for s in loads(json.dumps(cache), written).steps] == [step_key(i, sorted(v or {})) for i, v in steps]
    assert cache["test"] == f"tests/test_{value}.py::test_{value}"
    assert label in json.dumps(cache["steps"][1])  # the link's name as the page says it
