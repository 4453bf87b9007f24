"""Old fingerprints are read as they are; one that drifted is refreshed when its file is written anyway, never otherwise."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytest_lumen.agent import Agent
from pytest_lumen.cache import loads
from pytest_lumen.cache.model import FINGERPRINT_VERSION
from pytest_lumen.config import Mode
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import cache_file, context, no_model, session_in

FORM = """<!doctype html><html lang="en"><body><main><h1>Newsletter</h1>
<label>Email <input name="email" data-testid="email"></label>
<button type="button" data-testid="{button_id}" onclick="document.querySelector('[role=status]').textContent = 'Subscribed'">Subscribe</button>
<p role="status"></p></main></body></html>"""  # noqa: E501 - page markup: a line of it is test data
SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Email"}, "input": {"value": "%email%"}}, {"tool": "done"},
    {"tool": "click", "target": {"role": "button", "name": "Subscribe"}}, {"tool": "done"},
]


def test_an_old_fingerprint_is_read_as_it_is_and_refreshed_only_when_its_file_is_rewritten(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": FORM.replace("{button_id}", "subscribe")})

    def steps(agent: Agent) -> str:
        page.goto(site.url + "/index.html")
        agent.run("enter %email%", variables={"email": "ada@example.com"})
        agent.run("subscribe")
        return page.get_by_role("status").inner_text()

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(SCRIPT))) == "Subscribed"
    recording.finish(ctx, passed=True)
    cache = cache_file(tmp_path)
    assert loads(cache.read_text(encoding="utf-8"), cache).steps[0].actions[0].target.fingerprint.version == FINGERPRINT_VERSION
    data = json.loads(cache.read_text(encoding="utf-8"))
    for step in data["steps"]:  # as a file written before fingerprints had versions
        del step["actions"][0]["fingerprint"]["version"]
    cache.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    before = cache.read_bytes()

    session = session_in(Mode.REPLAY, tmp_path)
    ctx = context(session)
    assert steps(Agent(page, ctx, no_model)) == "Subscribed"  # read as it is: no failed identity check
    session.finish(ctx, passed=True)
    assert cache.read_bytes() == before and not ctx.heals  # nothing to write: no churn

    # a redesign: the button's test id renamed (a heal), the email field moved under a new heading (it drifted)
    redesign = FORM.replace("{button_id}", "newsletter-subscribe").replace(
        "<h1>Newsletter</h1>", "<h1>Stay in touch</h1><p>Monthly news, no spam.</p><p>Unsubscribe at any time.</p>")
    (site.root / "index.html").write_text(redesign, encoding="utf-8")
    session = session_in(Mode.REPLAY, tmp_path)
    ctx = context(session)
    assert steps(Agent(page, ctx, no_model)) == "Subscribed"
    session.finish(ctx, passed=True)
    assert [str(h.level) for h in ctx.heals] == ["fallback:role"]  # the button's step healed: the file is written
    written = [s.actions[0].target.fingerprint for s in loads(cache.read_text(encoding="utf-8"), cache).steps]
    assert [fp.version for fp in written] == [FINGERPRINT_VERSION] * 2  # the drifted field's is refreshed too
    assert written[0].heading == "Stay in touch" and "ada@example.com" not in cache.read_text(encoding="utf-8")
