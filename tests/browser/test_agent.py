"""``Agent`` in process: record with a ``ScriptedPlanner``, write the cache, replay it with zero model calls."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from pytest_lumen.agent import Agent
from pytest_lumen.cache import loads
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.config import Mode
from pytest_lumen.context import TestContext
from pytest_lumen.errors import CacheMissError, ReplayError
from pytest_lumen.events import HealPictures, LifecycleStart, ToolEnd
from pytest_lumen.planner import Planner, ScriptedPlanner
from pytest_lumen.record import driver
from pytest_lumen.run.session import LumenSession
from pytest_lumen.testing.stand_in import last_user_text, parse_snapshot_refs, resolve_target
from tests.browser.inprocess import cache_file, context, no_model, session_in

LOGIN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body><main>
<h1>Sign in</h1>
<label>Username <input name="user"></label>
<button type="button" onclick="location.href='/welcome.html?user=' + encodeURIComponent(
  document.querySelector('input').value)">Sign in</button>
</main></body></html>"""

WELCOME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Welcome</title></head><body><main>
<h1>Welcome</h1><p id="who"></p>
<script>document.getElementById('who').textContent = 'Hello ' + new URLSearchParams(location.search).get('user');</script>
</main></body></html>"""

SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Username"}, "input": {"value": "%user%"}},
    {"tool": "click", "target": {"role": "button", "name": "Sign in"}},
    {"tool": "done"},
    {"tool": "expect_text", "target": {"role": "paragraph"}, "input": {"text": "Hello %user%"}},
    {"tool": "done"},
]










def sign_in(agent: Agent, user: str) -> None:
    agent.run("sign in as %user%", variables={"user": user})
    agent.expect("the welcome page greets %user%", variables={"user": user})


@pytest.fixture
def start(page: Any, site_factory: Callable[[dict[str, str]], Any]) -> Callable[[], Any]:
    """Open the sign-in page (again); returns the page."""
    site = site_factory({"index.html": LOGIN, "welcome.html": WELCOME})

    def open_page() -> Any:
        page.goto(site.url + "/index.html")
        return page
    return open_page


def test_a_recorded_step_replays_from_the_cache_with_zero_model_calls(start: Callable[[], Any], tmp_path: Path) -> None:
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    planner = ScriptedPlanner(SCRIPT, calls_model=True)  # standing for a model: its calls are counted as the model's
    page = start()
    agent = Agent(page, ctx, lambda: planner)
    sign_in(agent, "ada")
    assert agent.model_calls == planner.calls == 5
    assert ctx.figures.steps_recorded == 2 and ctx.figures.usage.total > 0
    assert recording.finish(ctx, passed=True) == ".lumen-cache/tests/test_shop.py/test_sign_in.json"
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    cached = json.loads(written)["steps"]  # the value is cached as its placeholder where the steps put it
    assert "ada" not in json.dumps([s["actions"] for s in cached]) and "%user%" in json.dumps(cached[1]["actions"])
    assert cached[1]["url"] == "/welcome.html?user=ada"  # where a step started is evidence, as it was

    replaying = session_in(Mode.REPLAY, tmp_path)
    ctx = context(replaying)
    page = start()
    sign_in(Agent(page, ctx, no_model), "bob")  # another value: the same cached actions
    assert ctx.figures.model_calls == 0 and ctx.figures.usage.total == 0
    assert ctx.figures.steps_replayed == 2
    assert page.get_by_text("Hello bob").is_visible()
    assert [e.cache for e in ctx.events.events if isinstance(e, LifecycleStart)] == ["hit", "hit"]


def test_a_step_missing_from_the_cache_in_replay_mode_is_a_cache_miss_naming_it(
        start: Callable[[], Any], tmp_path: Path) -> None:
    ctx = context(session_in(Mode.REPLAY, tmp_path))
    agent = Agent(start(), ctx, no_model)
    with pytest.raises(CacheMissError) as info:
        agent.run("open the pricing page")
    assert info.value.step == "open the pricing page"
    assert "step: open the pricing page" in str(info.value)
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_failed == 1


FILES = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Files</title></head><body><main>
<h1>Files</h1>
<ul class="css-x1y2z3"><li class="todo">buy milk</li></ul>
<a href="/files/report.pdf">report.pdf</a>
<ul role="menu" hidden><li role="menuitem">Rename</li></ul>
<script>
  window.seen = [];
  document.querySelector('li.todo').addEventListener('click', () => window.seen.push('click'));
  document.querySelector('li.todo').addEventListener('dblclick', (e) => {
    window.seen.push('dblclick');
    e.target.innerHTML = '<input aria-label="Edit todo" value="buy milk">';
  });
  document.querySelector('a').addEventListener('contextmenu', (e) => {
    e.preventDefault();
    window.seen.push('contextmenu:' + e.button);
    document.querySelector('[role=menu]').hidden = false;
  });
</script>
</main></body></html>"""

CLICKS_SCRIPT: list[Any] = [
    {"tool": "double_click", "target": {"role": "listitem", "nth": 0}},
    {"tool": "done"},
    {"tool": "right_click", "target": {"role": "link", "name": "report.pdf"}},
    {"tool": "done"},
]


def test_a_double_click_and_a_right_click_are_recorded_and_replayed_as_such(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": FILES})

    def steps(agent: Agent) -> list[str]:
        page.goto(site.url + "/index.html")
        agent.run("edit the todo buy milk")
        agent.run("open the menu of report.pdf")
        assert page.get_by_role("textbox", name="Edit todo").is_visible()
        assert page.get_by_role("menuitem", name="Rename").is_visible()
        return page.evaluate("window.seen")

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(CLICKS_SCRIPT))) == ["click", "click", "dblclick", "contextmenu:2"]
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert '"clicks": 2' in written and '"button": "right"' in written

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model)) == ["click", "click", "dblclick", "contextmenu:2"]
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 2
    assert [e.tool for e in ctx.events.events if isinstance(e, ToolEnd)] == ["click", "click"]


# A single-page app with a hash router (the kind of history real apps have), and a second document.
HISTORY_APP = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<nav><a href="#/">Home</a> <a href="#/orders">Orders</a> <a href="/help.html">Help</a></nav>
<main><h1 id="view"></h1><p id="loads"></p></main>
<script>
  const render = () => {
    document.getElementById('view').textContent = location.hash === '#/orders' ? 'Your orders' : 'Home';
  };
  window.addEventListener('hashchange', render);
  render();
  sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') || 0) + 1));
  document.getElementById('loads').textContent = 'loaded ' + sessionStorage.getItem('loads') + ' times';
</script></body></html>"""
HELP = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body>
<main><h1>Help</h1></main></body></html>"""

HISTORY_SCRIPT: list[Any] = [
    {"tool": "click", "target": {"role": "link", "name": "Orders"}}, {"tool": "done"},
    {"tool": "click", "target": {"role": "link", "name": "Help"}}, {"tool": "done"},
    {"tool": "go_back"}, {"tool": "done"},
    {"tool": "go_back"}, {"tool": "done"},
    {"tool": "go_forward"}, {"tool": "done"},
    {"tool": "reload"}, {"tool": "done"},
]


def test_back_forward_and_reload_are_recorded_and_replayed_within_an_app_and_across_documents(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": HISTORY_APP, "help.html": HELP})

    expected = [("open my orders", "Your orders", "/index.html#/orders"), ("open the help", "Help", "/help.html"),
                ("go back", "Your orders", "/index.html#/orders"), ("go back again", "Home", "/index.html"),
                ("go forward", "Your orders", "/index.html#/orders"), ("reload the page", "Your orders", "/index.html#/orders")]

    def steps(agent: Agent) -> None:
        page.goto(site.url + "/index.html")
        page.evaluate("sessionStorage.clear()")
        for instruction, heading, url in expected:
            agent.run(instruction)
            expect(page).to_have_url(site.url + url)  # as a hand-written test waits for a router to render
            expect(page.locator("h1")).to_have_text(heading)
        expect(page.locator("#loads")).to_have_text("loaded 2 times")  # the reload loaded the document again

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    steps(Agent(page, ctx, lambda: ScriptedPlanner(HISTORY_SCRIPT)))
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert written.count('"kind": "history"') == 4 and '"go": "reload"' in written

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    steps(Agent(page, ctx, no_model))
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 6


# A job form as real sites build it: a visible file input, and a styled "Attach cover letter" button
# that opens the chooser of a hidden input (the usual way to restyle uploads).
JOB_FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body><main>
<h1>Apply</h1>
<form>
  <label for="cv">CV</label> <input id="cv" type="file" name="cv">
  <input id="letter" type="file" hidden>
  <button type="button" class="btn btn--ghost" id="attach">Attach cover letter</button>
  <ul id="files"></ul>
</form>
<script>
  const show = (input) => input.addEventListener('change', async () => {
    for (const f of input.files) {
      const li = document.createElement('li');
      li.textContent = f.name + ' (' + f.size + ' bytes)';
      document.getElementById('files').append(li);
    }
  });
  show(document.getElementById('cv'));
  show(document.getElementById('letter'));
  document.getElementById('attach').addEventListener('click', () => document.getElementById('letter').click());
</script></main></body></html>"""

UPLOAD_SCRIPT: list[Any] = [
    {"tool": "upload_file", "target": {"role": "button", "name": "CV"}, "input": {"files": ["%cv%"]}},
    {"tool": "done"},
    {"tool": "upload_file", "target": {"role": "button", "name": "Attach cover letter"},
     "input": {"files": ["data/letter.txt"]}},
    {"tool": "done"},
]


def test_files_are_uploaded_through_an_input_and_through_a_chooser_and_cached_by_placeholder_or_relative_path(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": JOB_FORM})
    data = tmp_path / "tests" / "data"  # beside the test file, tests/test_shop.py
    data.mkdir(parents=True)
    (data / "cv.txt").write_text("Ada's CV\n", encoding="utf-8")
    (data / "letter.txt").write_text("Dear hiring team\n", encoding="utf-8")

    def steps(agent: Agent, cv: str) -> list[str]:
        page.goto(site.url + "/index.html")
        agent.run("attach %cv% as my CV", variables={"cv": cv})
        agent.run("attach the cover letter data/letter.txt")
        page.get_by_text("letter.txt").wait_for()
        return page.locator("#files li").all_inner_texts()

    expected = ["cv.txt (9 bytes)", "letter.txt (17 bytes)"]
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(UPLOAD_SCRIPT)), str(data / "cv.txt")) == expected
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert '"%cv%"' in written and '"data/letter.txt"' in written
    assert str(tmp_path) not in written and "Ada's CV" not in written  # no path of this machine, no content

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model), "data/cv.txt") == expected  # a relative value works as well
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 2


# A settings page as real apps write it: "Delete" asks confirm(), "Rename" asks prompt(). Its heading is no project's
# name: "Delete project" is held to its heading (page/headings.py), and what this test is about is what confirm() asks.
PROJECT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Project</title></head><body><main>
<h1>Project settings</h1><p>Project <strong id="name">Apollo</strong></p>
<button type="button" id="rename">Rename project</button>
<button type="button" class="btn btn--danger" id="delete">Delete project</button>
<p id="status" role="status"></p>
<script>
  document.getElementById('rename').addEventListener('click', () => {
    const name = prompt('New name for Apollo?', 'Apollo');
    if (name) document.getElementById('name').textContent = name;
  });
  document.getElementById('delete').addEventListener('click', () => {
    if (window.UNEXPECTED) alert('Your trial has ended');
    document.getElementById('status').textContent =
      confirm('Delete the project ' + document.getElementById('name').textContent + '?') ? 'Deleted' : 'Kept';
  });
</script></main></body></html>"""

DIALOG_SCRIPT: list[Any] = [
    {"tool": "click", "target": {"role": "button", "name": "Rename project"}},
    {"tool": "answer_dialog", "input": {"accept": True, "text": "%name%"}},
    {"tool": "done"},
    {"tool": "click", "target": {"role": "button", "name": "Delete project"}},
    {"tool": "answer_dialog", "input": {"accept": True}},
    {"tool": "done"},
]


def test_dialogs_are_answered_by_the_model_when_recording_and_the_same_way_on_replay(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": PROJECT})

    def steps(agent: Agent, name: str) -> str:
        page.goto(site.url + "/index.html")
        agent.run("rename the project to %name%", variables={"name": name})
        agent.run("delete the project and confirm")
        return page.locator("#name").inner_text() + " " + page.locator("#status").inner_text()

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    planner = ScriptedPlanner(DIALOG_SCRIPT, calls_model=True)
    assert steps(Agent(page, ctx, lambda: planner), "Artemis") == "Artemis Deleted"
    assert planner.calls == 6 == ctx.figures.model_calls  # each dialog was one question to the model
    asked = planner.requests[1].messages[0]["content"]
    assert "opened a JavaScript prompt dialog" in asked and "New name for Apollo?" in asked
    assert "it opened a prompt dialog 'New name for Apollo?', which was accepted with '%name%'" in json.dumps(
        planner.requests[2].messages)  # the model is told how its action ended
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert '"text": "%name%"' in written  # the step passed %name% holds the placeholder
    assert '"message": "Delete the project Artemis?"' in written  # a step not passed it keeps the page's words

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model), "Artemis") == "Artemis Deleted"
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 2

    # the step that deletes was not passed the name: another project's question is not the one answered when recorded
    ctx = context(session_in(Mode.REPLAY, tmp_path))
    with pytest.raises(ReplayError, match=r"a confirm dialog saying 'Delete the project %name%\?' \(the answer recorded "
                                          r"here was for a confirm dialog saying 'Delete the project Artemis\?'\).*it was "
                                          r"dismissed"):
        steps(Agent(page, ctx, no_model), "Hermes")
    assert page.locator("#status").inner_text() == "Kept"  # dismissed: nothing deleted

    page.add_init_script("window.UNEXPECTED = true")  # the app now warns first: nobody answered that when recording
    ctx = context(session_in(Mode.REPLAY, tmp_path))
    with pytest.raises(ReplayError, match=r"an alert dialog saying 'Your trial has ended'.*it was dismissed"):
        steps(Agent(page, ctx, no_model), "Artemis")


# An app that opens its help in a new tab (target=_blank), and a payment window (window.open) that
# closes itself when done, as payment providers' windows do.
OPENER = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main>
<h1>Checkout</h1>
<a href="/help.html" target="_blank" rel="noopener">Shipping help</a>
<button type="button" id="pay">Pay with Wallet</button>
<p id="paid" role="status"></p>
<script>
  document.getElementById('pay').addEventListener('click', () => window.open('/wallet.html', 'wallet', 'popup'));
  window.addEventListener('message', (e) => { document.getElementById('paid').textContent = e.data; });
</script></main></body></html>"""
HELP_TAB = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body><main>
<h1>Shipping help</h1>
<button type="button" aria-expanded="false" aria-controls="times" class="accordion__toggle">Delivery times</button>
<p id="times" hidden>Two to three days.</p>
<script>
  document.querySelector('.accordion__toggle').addEventListener('click', (e) => {
    e.currentTarget.setAttribute('aria-expanded', 'true');
    document.getElementById('times').hidden = false;
  });
</script></main></body></html>"""
WALLET = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wallet</title></head><body><main>
<h1>Wallet</h1><button type="button" id="approve">Approve payment</button>
<script>
  document.getElementById('approve').addEventListener('click', () => {
    window.opener.postMessage('Paid with Wallet', '*');
    window.close();
  });
</script></main></body></html>"""

TABS_SCRIPT: list[Any] = [
    {"tool": "click", "target": {"role": "link", "name": "Shipping help"}},
    {"tool": "click", "target": {"role": "button", "name": "Delivery times"}},  # in the new tab
    {"tool": "done"},
    {"tool": "click", "target": {"role": "button", "name": "Pay with Wallet"}}, {"tool": "done"},
    {"tool": "click", "target": {"role": "button", "name": "Approve payment"}}, {"tool": "done"},
]


def test_a_tab_an_action_opens_becomes_the_agents_page_and_closing_it_returns_to_the_opener(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = site_factory({"index.html": OPENER, "help.html": HELP_TAB, "wallet.html": WALLET})
    # a machine so busy that no new tab is reported within the grace for tabs opened a moment late: a tab
    # the click asked for is followed all the same (on a busy machine the recording once lost it)
    monkeypatch.setattr(driver, "POPUP_GRACE_MS", 0.0)

    def steps(agent: Agent) -> list[str]:
        page.goto(site.url + "/index.html")
        seen = []
        agent.run("read the delivery times in the shipping help")
        seen.append(agent.page.title() + ": " + agent.page.get_by_text("Two to three days.").inner_text())
        agent.page.close()  # the test closes the help tab: the agent is back on the checkout
        agent.run("pay with the wallet")
        seen.append(agent.page.title())
        agent.run("approve the payment")  # the wallet closes itself: back on the checkout
        expect(page.locator("#paid")).to_have_text("Paid with Wallet")  # a message arrives when it arrives
        seen.append(agent.page.title() + ": " + page.locator("#paid").inner_text())
        return seen

    expected = ["Help: Two to three days.", "Wallet", "Checkout: Paid with Wallet"]
    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(TABS_SCRIPT))) == expected
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert '"popup": "/help.html"' in written and '"popup": "/wallet.html"' in written

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model)) == expected
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 3


# A list whose rows show their delete button only under the mouse (TodoMVC's ".destroy", most admin tables).
HOVER_ROWS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Todos</title>
<style>.row .destroy { display: none; } .row:hover .destroy { display: inline-block; }</style></head><body><main>
<ul class="todo-list">
  <li class="row"><span>buy milk</span> <button class="destroy" aria-label="Delete buy milk">×</button></li>
  <li class="row"><span>walk the dog</span> <button class="destroy" aria-label="Delete walk the dog">×</button></li>
</ul>
<script>
  document.querySelectorAll('.destroy').forEach((b) => b.addEventListener('click', () => b.closest('li').remove()));
</script></main></body></html>"""

HOVER_SCRIPT: list[Any] = [
    {"tool": "hover", "target": {"role": "listitem", "nth": 1}},
    {"tool": "click", "target": {"role": "button", "name": "Delete walk the dog"}},
    {"tool": "done"},
]


def test_a_control_that_shows_on_hover_is_replayed_after_its_hover(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": HOVER_ROWS})

    def steps(agent: Agent) -> list[str]:
        page.goto(site.url + "/index.html")
        page.mouse.move(0, 0)  # the mouse is nowhere near the rows
        agent.run("delete walk the dog")
        return page.locator("li").all_inner_texts()

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(HOVER_SCRIPT))) == ["buy milk"]
    recording.finish(ctx, passed=True)

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model)) == ["buy milk"]
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 1 and ctx.heals == []
    assert [e.tool for e in ctx.events.events if isinstance(e, ToolEnd)] == ["hover", "click"]


# A kanban board with HTML5 drag and drop (as in Trello-like apps) and a range slider.
BOARD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Board</title>
<style>.col { display: inline-block; vertical-align: top; width: 220px; min-height: 200px; margin: 10px; border: 1px solid #ccc; }
.card { margin: 8px; padding: 8px; background: #eef; }</style></head><body><main>
<section class="col" aria-label="To do"><h2>To do</h2><div class="card" draggable="true" id="c1">Write the report</div></section>
<section class="col" aria-label="Done"><h2>Done</h2></section>
<label>Volume <input type="range" id="vol" min="0" max="100" value="0" style="width: 200px"></label>
<output id="level">0</output>
<script>
  document.querySelectorAll('.card').forEach((c) => c.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', c.id)));
  document.querySelectorAll('.col').forEach((col) => {
    col.addEventListener('dragover', (e) => e.preventDefault());
    col.addEventListener('drop', (e) => { e.preventDefault(); col.append(document.getElementById(e.dataTransfer.getData('text/plain'))); });
  });
  document.getElementById('vol').addEventListener('input', (e) => { document.getElementById('level').textContent = e.target.value; });
</script></main></body></html>"""  # noqa: E501 - page markup: a line of it is test data

DRAG_SCRIPT: list[Any] = [
    {"tool": "drag", "ref": "?"},  # the card onto the Done column: drag_card, in the test, reads their refs
    {"tool": "done"},
    {"tool": "drag", "target": {"role": "slider", "name": "Volume"}, "input": {"dx": 50, "dy": 0}},  # center + 50 px
    {"tool": "done"},
]


def test_a_card_dragged_onto_a_column_and_a_slider_moved_are_replayed(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": BOARD})
    def drag_card(request: Any) -> dict[str, Any]:
        """The card onto the Done column, by their refs in the snapshot the model is shown (the card has no name)."""
        snapshot = last_user_text({"messages": request.messages})
        card = re.search(r"generic \[ref=(\w+)\]: Write the report", snapshot)
        assert card is not None, snapshot
        done = resolve_target(parse_snapshot_refs(snapshot), {"role": "region", "name": "Done"})
        return {"tool": "drag", "ref": card.group(1), "input": {"to_ref": done}}

    script = [drag_card, *DRAG_SCRIPT[1:]]

    def steps(agent: Agent) -> tuple[str, int]:
        page.goto(site.url + "/index.html")
        agent.run("move the report card to Done")
        agent.run("turn the volume up to about three quarters")
        column = page.locator("#c1").evaluate("c => c.closest('section').getAttribute('aria-label')")
        return column, int(page.locator("#level").inner_text())

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    column, level = steps(Agent(page, ctx, lambda: ScriptedPlanner(script)))
    assert column == "Done" and 65 <= level <= 85
    recording.finish(ctx, passed=True)
    written = cache_file(tmp_path).read_text(encoding="utf-8")
    assert '"kind": "drag"' in written and '"to": {' in written and '"by": {' in written

    ctx = context(session_in(Mode.REPLAY, tmp_path))
    column, replayed_level = steps(Agent(page, ctx, no_model))
    assert column == "Done" and replayed_level == level
    assert ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 2


# A shop whose cookie banner shows only to a visitor who has not chosen yet (a consent manager).
CONSENT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<div id="cmp-root"></div>
<main><h1>Shop</h1><p id="consent"></p></main>
<script>
  const show = (text) => { document.getElementById('consent').textContent = text; };
  if (new URLSearchParams(location.search).has('returning')) {
    show('cookies: chosen before');
  } else {
    setTimeout(() => {  // consent managers render late
      document.getElementById('cmp-root').innerHTML =
        '<div role="dialog" aria-label="Cookies" class="cmp"><p>We use cookies.</p>' +
        '<button type="button" class="cmp__accept">Accept all</button></div>';
      document.querySelector('.cmp__accept').addEventListener('click', () => {
        document.querySelector('.cmp').remove();
        show('cookies: accepted');
      });
    }, 300);
  }
</script></body></html>"""


# A shop whose cookie banner (a named region, as consent tools render it) has an "Accept"; a release shows, to a
# returning visitor, a modal that asks to accept its new terms with a button of the same name.
SHOP_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<main><h1>Shop</h1><p>Blue mug</p></main>{banner}{terms}
<script>window.__log = []; function log(what) {{ window.__log.push(what); }}</script></body></html>"""
BANNER = """<section role="region" aria-label="Cookie consent" class="cc-window cc-banner" style="position:fixed;bottom:0">
We use cookies. <button class="cc-btn cc-allow" onclick="log('cookies'); this.parentElement.remove()">Accept</button>
</section>"""
TERMS = """<div role="dialog" aria-modal="true" aria-labelledby="tos-title" class="modal show" style="display:block">
<h2 id="tos-title">Our Terms of Service changed</h2><p>Please review and accept them.</p>
<button class="btn btn-primary" onclick="log('terms')">Accept</button></div>"""


@pytest.mark.parametrize("release", ["terms-modal", "banner"])
def test_a_branch_is_taken_only_on_its_element_in_the_section_it_was_recorded_in(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    site = site_factory({"banner.html": SHOP_PAGE.format(banner=BANNER, terms=""),
                         "none.html": SHOP_PAGE.format(banner="", terms=""),
                         "terms.html": SHOP_PAGE.format(banner="", terms=TERMS)})
    ways = [("banner.html", Mode.RECORD, [{"tool": "click", "target": {"role": "button", "name": "Accept"}},
                                           {"tool": "done", "input": {"conditional": True}}]),
            ("none.html", Mode.HEAL, [{"tool": "skip", "input": {"reason": "no cookie banner"}}])]
    for path, mode, script in ways:  # both ways the step goes, recorded
        session = session_in(mode, tmp_path, action_timeout=2)
        ctx = context(session)
        page.goto(f"{site.url}/{path}")
        Agent(page, ctx, lambda s=script: ScriptedPlanner(s, calls_model=True)).run("accept the cookies if asked")
        session.finish(ctx, passed=True)
    [step] = json.loads(cache_file(tmp_path).read_text())["steps"]
    assert step["branches"][0][0]["fingerprint"]["within"] == "Cookie consent" and step["branches"][1] == []
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2))
    page.goto(f"{site.url}/{'terms' if release == 'terms-modal' else 'banner'}.html")
    Agent(page, ctx, no_model, identity_gate=True).run("accept the cookies if asked")
    # trap: the new terms are never accepted for the cookies (nothing to do); twin: the banner's Accept
    assert page.evaluate("window.__log") == ([] if release == "terms-modal" else ["cookies"])


@pytest.mark.parametrize("release", ["terms-modal", "banner", "banner-relabelled"])
def test_an_element_is_its_recorded_self_only_in_the_section_it_was_recorded_in(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    relabelled = BANNER.replace('aria-label="Cookie consent"', 'aria-label="Cookie consent banner"')
    site = site_factory({"banner.html": SHOP_PAGE.format(banner=BANNER, terms=""),
                         "relabelled.html": SHOP_PAGE.format(banner=relabelled, terms=""),
                         "terms.html": SHOP_PAGE.format(banner="", terms=TERMS)})
    session = session_in(Mode.RECORD, tmp_path, action_timeout=2)
    ctx = context(session)
    page.goto(f"{site.url}/banner.html")
    script = [{"tool": "click", "target": {"role": "button", "name": "Accept"}}, {"tool": "done"}]
    Agent(page, ctx, lambda: ScriptedPlanner(script, calls_model=True)).run("accept the cookies")
    session.finish(ctx, passed=True)
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2))
    page.goto(f"{site.url}/{ {'terms-modal': 'terms', 'banner': 'banner'}.get(release, 'relabelled')}.html")
    agent = Agent(page, ctx, no_model, identity_gate=True)
    if release == "terms-modal":  # trap: a release whose banner is gone asks, in a modal, to accept new terms
        with pytest.raises(ReplayError, match="it is in a dialog, and the recorded element was in none"):
            agent.run("accept the cookies")
        assert page.evaluate("window.__log") == []  # the new terms were never accepted for the cookies
        return
    agent.run("accept the cookies")  # twins: the banner as recorded, and one whose label gained a word
    assert page.evaluate("window.__log") == ["cookies"] and ctx.figures.model_calls == 0 and ctx.heals == []
    # the gate tells an unchanged section by its name; one whose name gained a word is still it, on the full path
    assert (ctx.figures.gate_hits, ctx.figures.gate_misses) == ((1, 0) if release == "banner" else (0, 1))


def test_a_conditional_step_replays_each_branch_it_was_seen_to_take_with_zero_model_calls(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": CONSENT})

    def run(mode: Mode, planner: Callable[[], Planner], returning: bool) -> tuple[TestContext, str, LumenSession]:
        session = session_in(mode, tmp_path, action_timeout=2)
        ctx = context(session)
        page.goto(site.url + "/index.html" + ("?returning=1" if returning else ""))
        if not returning:  # the banner renders late: the step starts once it shows, not on a race with its timer
            page.get_by_text("We use cookies.").wait_for()
        Agent(page, ctx, planner).run("accept the cookies if asked")
        session.finish(ctx, passed=True)
        return ctx, page.locator("#consent").inner_text(), session

    accept = [{"tool": "wait_for", "input": {"text": "We use cookies."}},  # the banner renders late
              {"tool": "click", "target": {"role": "button", "name": "Accept all"}},
              {"tool": "done", "input": {"conditional": True}}]
    ctx, shown, _ = run(Mode.RECORD, lambda: ScriptedPlanner(accept), returning=False)
    assert shown == "cookies: accepted"
    cache = cache_file(tmp_path)
    assert [len(b) for b in json.loads(cache.read_text())["steps"][0]["branches"]] == [2]  # wait, click

    with pytest.raises(CacheMissError, match="none of the ways this conditional step was recorded to go: "
                                             r"\(1\) wait_for; click on get_by_role\(\"button\", name=\"Accept all\""):
        run(Mode.REPLAY, no_model, returning=True)  # the banner does not show: a way never seen

    skip = [{"tool": "skip", "input": {"reason": "no cookie banner on this page"}}]
    ctx, shown, _ = run(Mode.HEAL, lambda: ScriptedPlanner(skip, calls_model=True), returning=True)
    assert shown == "cookies: chosen before" and ctx.figures.model_calls == 1
    assert [len(b) for b in json.loads(cache.read_text())["steps"][0]["branches"]] == [2, 0]

    for returning, expected in ((True, "cookies: chosen before"), (False, "cookies: accepted")):
        ctx, shown, _ = run(Mode.REPLAY, no_model, returning=returning)
        assert shown == expected and ctx.figures.model_calls == 0 and ctx.figures.steps_replayed == 1


# A checkout with the card form in an iframe, as payment providers embed it (a cross-origin one in
# real shops: Playwright enters both kinds alike).
SHOP_CHECKOUT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main>
<h1>Checkout</h1>
<iframe src="/card.html" name="card-frame" title="Secure card payment" style="width: 400px; height: 160px"></iframe>
<p id="paid" role="status"></p>
<script>window.addEventListener('message', (e) => { document.getElementById('paid').textContent = e.data; });</script>
</main></body></html>"""
CARD_FRAME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title></head><body>
<form class="css-4kq2ab"><label>Card number <input name="cardnumber" autocomplete="cc-number" data-testid="PAN"></label>
<button type="submit">Pay</button></form>
<script>document.querySelector('form').addEventListener('submit', (e) => {
  e.preventDefault(); parent.postMessage('paid with ' + document.querySelector('input').value.slice(-4), '*'); });</script>
</body></html>"""

FRAME_SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Card number"}, "input": {"value": "%card%"}},
    {"tool": "click", "target": {"role": "button", "name": "Pay"}},
    {"tool": "done"},
]


def test_actions_inside_an_iframe_are_cached_with_their_frame_and_heal_inside_it(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": SHOP_CHECKOUT, "card.html": CARD_FRAME})

    def steps(agent: Agent) -> str:
        page.goto(site.url + "/index.html")
        page.frame_locator("iframe").get_by_role("button", name="Pay").wait_for()
        agent.run("pay with card %card%", variables={"card": "4242424242424242"})
        page.get_by_text("paid with 4242").wait_for()
        return page.locator("#paid").inner_text()

    recording = session_in(Mode.RECORD, tmp_path)
    ctx = context(recording)
    assert steps(Agent(page, ctx, lambda: ScriptedPlanner(FRAME_SCRIPT))) == "paid with 4242"
    recording.finish(ctx, passed=True)
    cache = cache_file(tmp_path)
    fill = loads(cache.read_text(), cache).steps[0].actions[0].target_or_none
    assert fill is not None and fill.locator.parent == LocatorSpec(kind="frame", value='iframe[name="card-frame"]')
    assert all(f.parent is not None and f.parent.kind == "frame" for f in fill.fallbacks)  # they search the frame too

    assert fill.locator.kind == "test_id"  # normalize() prefers the test id, inside the frame
    # the provider renamed its test ids: the field's role and name (a fallback inside the frame) find it
    (site.root / "card.html").write_text(CARD_FRAME.replace('data-testid="PAN"', 'data-testid="pan-v2"'), encoding="utf-8")
    ctx = context(session_in(Mode.REPLAY, tmp_path))
    assert steps(Agent(page, ctx, no_model)) == "paid with 4242"
    assert ctx.figures.model_calls == 0 and [str(h.level) for h in ctx.heals] == ["fallback:role"]
    assert ctx.heals[0].after == ('locator("iframe[name=\\"card-frame\\"]").content_frame'
                                  '.get_by_role("textbox", name="Card number", exact=True)')



def test_a_model_heal_keeps_the_page_as_replay_left_it_and_after_the_model_acted(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    from tests.browser.heal.test_relabel import DONE, WIZARD, record

    site = site_factory({"index.html": WIZARD.format(action="/payment.html", label="Continue"),
                         "payment.html": DONE, "elsewhere.html": DONE.replace("Payment", "Billing")})
    record(page, site.url + "/index.html", tmp_path, "go on", [
        {"tool": "click", "target": {"role": "button", "name": "Continue"}}, {"tool": "done"}])
    # relabelled, and declaring another destination: no zero-token heal, the model clicks it
    (site.root / "index.html").write_text(WIZARD.format(action="/elsewhere.html", label="Next step"), encoding="utf-8")
    ctx = context(session_in(Mode.HEAL, tmp_path, action_timeout=2))
    page.goto(site.url + "/index.html")
    Agent(page, ctx, lambda: ScriptedPlanner([{"tool": "click", "target": {"role": "button", "name": "Next step"}},
                                              {"tool": "done"}])).run("go on")
    assert page.url.endswith("/elsewhere.html?plan=team")
    [heal] = ctx.heals
    assert (str(heal.level), heal.picture, heal.after_picture) == (
        "model", "out/heal-step1-action1-before.png", "out/heal-step1-action1-after.png")
    before, after = (ctx.output_dir / "heal-step1-action1-before.png").read_bytes(), \
        (ctx.output_dir / "heal-step1-action1-after.png").read_bytes()
    assert before.startswith(b"\x89PNG") and after.startswith(b"\x89PNG") and before != after  # the wizard; the billing page
    [event] = [e for e in ctx.events.events if isinstance(e, HealPictures)]
    assert (event.level, event.before, event.after) == ("model", "heal-step1-action1-before.png",
                                                        "heal-step1-action1-after.png")
