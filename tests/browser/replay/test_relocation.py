"""Relocation on real pages (pytest_lumen.replay): a step recorded in process with a ``ScriptedPlanner``, then
replayed from its cache file on a changed page with zero model calls; healed when the evidence holds, red when not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.cache import CacheFile, loads
from pytest_lumen.cache.model import Expect, Target
from pytest_lumen.config import Mode
from pytest_lumen.context import TestContext
from pytest_lumen.errors import LumenAssertionError, ReplayError
from pytest_lumen.events import HealEnd, ToolEnd
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import CACHE_FILE, context, no_model, session_in

Steps = list[tuple[str, str]]  # (kind, instruction): ("run", "...") or ("expect", "...")


def page_html(body: str, head: str = "") -> str:
    return f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title>{head}</head><body>{body}</body></html>'








def run_steps(agent: Agent, steps: Steps) -> None:
    for kind, instruction in steps:
        (agent.run if kind == "run" else agent.expect)(instruction)


class App:
    """One page served on 127.0.0.1 (rewritten between runs), recorded once and replayed from its cache file."""

    def __init__(self, page: Any, site_factory: Callable[[dict[str, str]], Any], root: Path) -> None:
        self.page = page
        self.root = root
        self.site = site_factory({"index.html": "<!doctype html>"})
        self.last: TestContext  # the context of the latest replay, for a look after it failed

    def open(self, html: str) -> Any:
        self.site.write({"index.html": html})
        self.page.goto(self.site.url + "/index.html")
        return self.page

    def record(self, html: str, steps: Steps, script: list[Any]) -> CacheFile:
        """Record ``steps`` on ``html``; the cache file written, as JSON."""
        session = session_in(Mode.RECORD, self.root)
        ctx = context(session)
        planner = ScriptedPlanner(script)
        run_steps(Agent(self.open(html), ctx, lambda: planner), steps)
        assert planner.calls == len(script)
        assert session.finish(ctx, passed=True) == CACHE_FILE
        return loads((self.root / CACHE_FILE).read_text(encoding="utf-8"), self.root / CACHE_FILE)

    def replay(self, html: str, steps: Steps, *, gate: bool = True, action_timeout: float = 5.0) -> TestContext:
        """Replay ``steps`` on ``html`` in replay mode (zero-token heals only); the test's context, also on failure."""
        ctx = context(session_in(Mode.REPLAY, self.root, action_timeout))
        self.last = ctx
        agent = Agent(self.open(html), ctx, no_model, identity_gate=gate)
        try:
            run_steps(agent, steps)
        finally:
            assert agent.model_calls == 0 and ctx.figures.usage.total == 0
        return ctx


@pytest.fixture
def app(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> App:
    return App(page, site_factory, tmp_path)


def heal_levels(ctx: TestContext) -> list[str | None]:
    """The level of every successful heal of the test (its ``heal.end`` events)."""
    return [e.level for e in ctx.events.events if isinstance(e, HealEnd) and e.ok]


def first_target(cache: CacheFile) -> Target:
    target = cache.steps[0].actions[0].target_or_none
    assert target is not None
    return target


# --- a: an icon button drawn with CSS content ---------------------------------------------------------

ICON_STYLE = ('<style>.destroy { width: 32px; height: 32px; border: 0; background: none; }'
              '.destroy::after { content: "\\00d7"; font-size: 24px; }</style>')
TODO_ITEM = page_html(
    '<section class="main"><ul class="todo-list"><li><label>Buy milk</label><button class="destroy"></button></li>'
    '</ul></section><script>window.clicks = [];\n'
    'document.querySelector(".destroy").addEventListener("click", () => { window.clicks.push("destroy"); '
    'document.querySelector("li").remove(); });</script>', ICON_STYLE)
DELETE_STEPS: Steps = [("run", "delete the todo")]


def test_an_icon_button_drawn_with_css_content_is_named_as_playwright_names_it(app: App) -> None:
    written = app.record(TODO_ITEM, DELETE_STEPS, [{"tool": "click", "target": {"role": "button", "name": "×"}},
                                                   {"tool": "done"}])
    target = first_target(written)
    assert target.fingerprint is not None and target.fingerprint.role == "button" and target.fingerprint.name == "×"
    assert (target.locator.kind, target.locator.value, target.locator.name) == ("role", "button", "×")

    # the full path (no gate) looks at the element and compares it with what was recorded: the same button
    ctx = app.replay(TODO_ITEM, DELETE_STEPS, gate=False)
    assert ctx.figures.steps_replayed == 1 and heal_levels(ctx) == [] and ctx.heals == []
    assert [e.path for e in ctx.events.events if isinstance(e, ToolEnd)] == ["full"]
    assert app.page.evaluate("window.clicks") == ["destroy"] and app.page.locator("li").count() == 0

    # a failure names the button as it reads, not JSON-escaped (the page has no button: its 1 s only ends the wait)
    with pytest.raises(ReplayError) as info:
        app.replay(page_html('<ul class="todo-list"><li><label>Buy milk</label></li></ul>'), DELETE_STEPS,
                   gate=False, action_timeout=1.0)
    message = str(info.value)
    assert "zero-token heal found nothing" in message and "similarity: no candidates on the page" in message
    assert 'click on get_by_role("button", name="×", exact=True)' in message
    assert "\\u00d7" not in message and "\\\\u00d7" not in message


# --- b: a form in an open shadow root -----------------------------------------------------------------

SHADOW_FORM = page_html("""<main><h1>Join us</h1><signup-form></signup-form></main>
<script>
customElements.define("signup-form", class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({mode: "open"});
    root.innerHTML = `FORM`;
    root.querySelector("form").addEventListener("submit", (e) => e.preventDefault());
  }
});
</script>""")
RECORDED_FORM = '<form><label>Email <input name="email"></label> <button type="submit">Sign up</button></form>'
CHANGED_FORM = ('<form><div class="field"><label>E-mail address <input name="mail"></label></div> '
                '<button type="submit">Sign up</button></form>')
SIGN_UP_STEPS: Steps = [("run", "enter the email ada@example.com")]


def test_a_field_in_an_open_shadow_root_heals_with_zero_tokens_after_a_redesign(app: App) -> None:
    app.record(SHADOW_FORM.replace("FORM", RECORDED_FORM), SIGN_UP_STEPS, [
        {"tool": "fill", "target": {"role": "textbox", "name": "Email"}, "input": {"value": "ada@example.com"}},
        {"tool": "done"}])
    assert app.page.locator("signup-form input").input_value() == "ada@example.com"

    # name attribute renamed, a wrapper added, the label reworded: the only text field of the form all the same
    ctx = app.replay(SHADOW_FORM.replace("FORM", CHANGED_FORM), SIGN_UP_STEPS)
    assert app.page.locator("signup-form input[name=mail]").input_value() == "ada@example.com"
    assert len(ctx.heals) == 1 and ctx.heals[0].before == 'get_by_role("textbox", name="Email", exact=True)'
    assert heal_levels(ctx) == [str(ctx.heals[0].level)] and ctx.figures.steps_healed[ctx.heals[0].level.kind] == 1


# --- c: a count check whose list got new wrappers -----------------------------------------------------

LIST = page_html('<main><h1>Groceries</h1><ul class="todo-list"><li class="item">Milk</li><li class="item">Eggs</li>'
                 '<li class="item">Bread</li></ul><p>3 items left</p></main>')
COUNT_STEPS: Steps = [("expect", "the list shows 3 items")]


def wrapped_list(*items: str) -> str:
    rows = "".join(f'<div class="row"><li class="entry">{item}</li></div>' for item in items)
    return page_html(f'<main><h1>Groceries</h1><div class="panel"><div class="scroller"><ul class="entries">{rows}</ul>'
                     f'</div></div><p>{len(items)} items left</p></main>')


def test_a_count_check_passes_through_new_wrappers_and_its_expected_count_never_heals(app: App) -> None:
    written = app.record(LIST, COUNT_STEPS, [{"tool": "expect_count", "target": {"role": "listitem"}, "input": {"count": 3}},
                                             {"tool": "done"}])
    check = written.steps[0].actions[0]
    assert isinstance(check, Expect) and check.items is not None and check.target is not None and check.target.fingerprint
    assert check.check == "count" and check.expected == 3 and check.items.value == "listitem"
    assert check.target.fingerprint.tag == "ul"  # the list that holds the items, not the items

    ctx = app.replay(wrapped_list("Milk", "Eggs", "Bread"), COUNT_STEPS)
    assert ctx.figures.steps_replayed + sum(ctx.figures.steps_healed.values()) == 1

    # a regression stays red, wrapped or not: the list found, its count never 3 (its 1 s only ends the wait)
    with pytest.raises(LumenAssertionError, match=r'get_by_role\("list"\) count is 3'):
        app.replay(wrapped_list("Milk", "Eggs"), COUNT_STEPS, action_timeout=1.0)
    with pytest.raises(LumenAssertionError, match=r'get_by_role\("list"\) count is 3'):
        app.replay(LIST.replace('<li class="item">Bread</li>', ""), COUNT_STEPS, action_timeout=1.0)


def with_help_links(html: str, *links: str) -> str:
    """The page with another list after the groceries: the help links of a footer."""
    items = "".join(f'<li><a href="#{link.lower()}">{link}</a></li>' for link in links)
    return html.replace("</main>", f'</main><footer><nav aria-label="Help"><ul class="links">{items}</ul></nav></footer>')


def test_a_count_check_finds_its_list_among_others_and_never_counts_another_list(app: App) -> None:
    app.record(LIST, COUNT_STEPS, [{"tool": "expect_count", "target": {"role": "listitem"}, "input": {"count": 3}},
                                   {"tool": "done"}])

    # get_by_role("list") now finds two lists: the groceries one is found again (wrapped, its class renamed)
    ctx = app.replay(with_help_links(wrapped_list("Milk", "Eggs", "Bread"), "Home", "Help"), COUNT_STEPS)
    assert [str(h.level) for h in ctx.heals] == ["similarity"] and ctx.figures.steps_healed["similarity"] == 1
    assert "ul" in ctx.heals[0].after

    # two groceries and three help links: the check stays red, it never moves to the list that holds 3
    with pytest.raises(LumenAssertionError) as info:
        app.replay(with_help_links(wrapped_list("Milk", "Eggs"), "Home", "Help", "Contact"), COUNT_STEPS, action_timeout=1.5)
    assert 'in locator("ul.entries") count is 3' in str(info.value)  # the groceries' list, found again


# --- d: the only text field of a header, its placeholder reworded ------------------------------------


def todo_header(header: str) -> str:
    return page_html(f'<header class="header">{header}</header><section class="main">'
                     '<input id="toggle-all" class="toggle-all" type="checkbox">'
                     '<label for="toggle-all">Mark all as complete</label>'
                     '<ul class="todo-list"></ul></section><footer class="footer"><a href="#/">All</a> '
                     '<a href="#/active">Active</a></footer>')


NEW_TODO = '<input class="new-todo" placeholder="What needs to be done?">'
ADD_STEPS: Steps = [("run", "type buy milk as a new todo")]


@pytest.fixture
def new_todo_recorded(app: App) -> App:
    app.record(todo_header("<h1>todos</h1>" + NEW_TODO), ADD_STEPS, [
        {"tool": "fill", "target": {"role": "textbox", "name": "What needs to be done?"}, "input": {"value": "buy milk"}},
        {"tool": "done"}])
    return app


def test_the_only_text_field_of_its_header_is_found_whatever_its_placeholder_became(new_todo_recorded: App) -> None:
    app = new_todo_recorded
    ctx = app.replay(todo_header('<h1>todos</h1><input class="new-todo" placeholder="Add a task…">'), ADD_STEPS)
    assert app.page.locator(".new-todo").input_value() == "buy milk"
    assert len(ctx.heals) == 1 and len(heal_levels(ctx)) == 1


def test_two_reworded_text_fields_in_the_header_are_never_guessed(new_todo_recorded: App) -> None:
    app = new_todo_recorded
    with pytest.raises(ReplayError, match="zero-token heal found nothing"):  # the page says so, not the 1.5 s
        # the new-todo field keeps its heading, its class and the text around it: only being alone is gone
        app.replay(todo_header('<div class="add"><h1>todos</h1><input class="new-todo" placeholder="Add a task…"></div>'
                               '<input class="search" placeholder="Search tasks…">'), ADD_STEPS, action_timeout=1.5)
    assert [app.page.locator(s).input_value() for s in (".new-todo", ".search")] == ["", ""]
    assert app.last.heals == [] and heal_levels(app.last) == []


# --- e: a lone button with another name is another action --------------------------------------------


def checkout(button: str) -> str:
    return page_html(f'<main><h1>Checkout</h1><form aria-label="Checkout"><label>Full name <input name="name"></label>'
                     f'<button type="button" onclick="localStorage.setItem(\'clicked\', this.textContent)">{button}</button>'
                     '</form></main><script>localStorage.removeItem("clicked");</script>')


def test_the_only_button_of_a_form_renamed_is_never_clicked_without_evidence(app: App) -> None:
    steps: Steps = [("run", "place the order")]
    app.record(checkout("Place order"), steps, [{"tool": "click", "target": {"role": "button", "name": "Place order"}},
                                                {"tool": "done"}])
    assert app.page.evaluate("localStorage.getItem('clicked')") == "Place order"

    with pytest.raises(ReplayError) as info:
        app.replay(checkout("Place order by phone"), steps, action_timeout=1.5)
    assert "Place order" in str(info.value) and "zero-token heal found nothing" in str(info.value)
    assert app.page.evaluate("localStorage.getItem('clicked')") is None  # nothing was clicked
    assert app.last.heals == [] and heal_levels(app.last) == []


def toolbar(label: str) -> str:
    return page_html(f'<main><h1>Todos</h1><ul><li>Milk</li></ul><div role="toolbar"><button class="destroy" '
                     f'aria-label="{label}" onclick="localStorage.setItem(\'clicked\', this.ariaLabel)"></button></div>'
                     '</main><script>localStorage.removeItem("clicked");</script>', ICON_STYLE)


@pytest.mark.parametrize("gate", [True, False], ids=["gate", "full-path"])
def test_the_only_button_of_a_toolbar_whose_label_gained_words_is_never_clicked(app: App, gate: bool) -> None:
    steps: Steps = [("run", "delete the todo")]
    app.record(toolbar("Delete"), steps, [{"tool": "click", "target": {"role": "button", "name": "Delete"}},
                                          {"tool": "done"}])
    assert app.page.evaluate("localStorage.getItem('clicked')") == "Delete"

    with pytest.raises(ReplayError, match="zero-token heal found nothing"):  # the page says so, not the 1.5 s
        app.replay(toolbar("Delete all items"), steps, gate=gate, action_timeout=1.5)
    assert app.page.evaluate("localStorage.getItem('clicked')") is None


# --- f: fields that all gained words in one redesign -------------------------------------------------


def delivery_form(name: str, email: str, address: str, prefix: str) -> str:
    """A checkout form as a component library renders it: generated ids, labels bound by ``for``."""
    fields = [(name, "text", "input"), (email, "email", "input"), (address, None, "textarea")]
    body = ""
    for n, (label, kind, tag) in enumerate(fields):
        control = (f'<textarea id="{prefix}-{n}" rows="3"></textarea>' if tag == "textarea"
                   else f'<input id="{prefix}-{n}" type="{kind}">')
        body += f'<div class="{prefix}-field"><label for="{prefix}-{n}">{label}</label>{control}</div>'
    return page_html(f'<main><h1>Delivery and payment</h1><form aria-label="Delivery">{body}</form></main>')


FILL_STEPS: Steps = [("run", "fill in name Alice, email alice@example.com and address 1 Rabbit Hole Lane")]


def test_fields_whose_labels_all_gained_words_are_told_apart_by_the_fields_already_found(app: App) -> None:
    app.record(delivery_form("Name", "Email", "Address", "f"), FILL_STEPS, [
        {"tool": "fill", "target": {"role": "textbox", "name": "Name"}, "input": {"value": "Alice"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Email"}, "input": {"value": "alice@example.com"}},
        {"tool": "fill", "target": {"role": "textbox", "name": "Address"}, "input": {"value": "1 Rabbit Hole Lane"}},
        {"tool": "done"}])

    # "Email address" and "Delivery address" both hold "Address": the first is the email field, found first
    ctx = app.replay(delivery_form("Full name", "Email address", "Delivery address", "r7x"), FILL_STEPS)
    values = [app.page.locator(f"#r7x-{n}").input_value() for n in range(3)]
    assert values == ["Alice", "alice@example.com", "1 Rabbit Hole Lane"]
    assert [h.after for h in ctx.heals][-1] == 'get_by_role("textbox", name="Delivery address")'
