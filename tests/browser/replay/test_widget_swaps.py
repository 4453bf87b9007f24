"""The widget swaps real releases make, recorded on the old markup and replayed on the new with zero model calls.

Each page renders as a component library renders it (portals at the end of ``body``, generated class
names, icon fonts, native inputs hidden behind custom widgets) and logs, in ``window.__used``, which
element a replay used: every test asserts it, so an action on a wrong element fails the test.

Replay goes through the identity gate, as users run it: a swapped widget misses the gate and is healed on the
full path, the same path replay takes with the gate turned off. Only where the gate lets an action through (an
unchanged field beside the swap) do the two ways differ, and there a test runs both (``full``, ``gate``).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import context, healed_past_the_gate, no_model, session_in
from tests.support.inner import once_per_run

HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title>' \
       '<style>.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;' \
       'clip:rect(0,0,0,0);white-space:nowrap;border:0}</style></head><body>'
LOG = "<script>window.__used = [];function used(what) { window.__used.push(what); }</script>"
COUNTRIES = (("fr", "France"), ("de", "Germany"), ("es", "Spain"))


def page_of(body: str) -> str:
    return f"{HEAD}{LOG}{body}</body></html>"


def record(page: Any, url: str, root: Path, sentence: str, script: list[Any]) -> None:
    """Record one step on ``url`` with a scripted planner, into ``root``'s cache (a check: a sentence ending in "is shown")."""
    session = session_in(Mode.RECORD, root)
    ctx = context(session)
    page.goto(url)
    agent = Agent(page, ctx, lambda: ScriptedPlanner(script))
    (agent.expect if sentence.endswith("is shown") else agent.run)(sentence)
    session.finish(ctx, passed=True)


def replay(page: Any, url: str, root: Path, sentence: str, gate: bool = True) -> Any:
    """Replay the step on ``url`` in replay mode (zero model calls; ``gate``: through the identity gate, as users
    replay); the test's context."""
    session = session_in(Mode.REPLAY, root, action_timeout=2.0)
    ctx = context(session)
    page.goto(url)
    agent = Agent(page, ctx, no_model, identity_gate=gate)
    (agent.expect if sentence.endswith("is shown") else agent.run)(sentence)
    assert ctx.figures.model_calls == 0
    session.finish(ctx, passed=True)
    return ctx


def used(page: Any) -> list[str]:
    return list(page.evaluate("window.__used"))


@pytest.fixture
def swap(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path,
         tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Any]:
    """Record ``script`` as ``sentence`` on ``old``, then replay it on ``new`` (``files``: more the site serves);
    returns the replay's context. A recording is made once per run and shared (the same old page, files,
    sentence and script: the ``full`` and ``gate`` runs of a swap, the swaps of one old widget). ``gate``: through the
    identity gate, as users run replay; else the full path alone, as with ``lumen_identity_gate = false``.
    ``misses_gate``: the swap misses the gate and is healed on the full path, asserted (a test that replays only
    through the gate covers the full path so, and would stop covering it if the gate let the swap through); a test
    where the gate lets an action through runs both ways instead (``gate`` parametrized) and passes False."""

    def run(old: str, new: str, sentence: str, script: list[Any], gate: bool = True,
            files: dict[str, str] | None = None, *, misses_gate: bool = True) -> Any:
        site = site_factory({"old.html": page_of(old), "new.html": page_of(new), **(files or {})})

        def make(root: Path) -> Path:
            record(page, site.url + "/old.html", root, sentence, script)
            return root
        what = json.dumps([old, files, sentence, script], sort_keys=True, default=repr)
        recorded = once_per_run(tmp_path_factory, f"swap-{hashlib.sha256(what.encode()).hexdigest()[:16]}", make)
        shutil.copytree(recorded / ".lumen-cache", tmp_path / ".lumen-cache")
        ctx = replay(page, site.url + "/new.html", tmp_path, sentence, gate)
        return healed_past_the_gate(ctx) if gate and misses_gate else ctx
    return run


# --- select -> ARIA combobox with a listbox popup -----------------------------------------------

NATIVE_SELECT = """<main><form class="css-1d3f5a"><label for="country">Country</label>
<select id="country" name="country" onchange="used('select:' + this.value)"><option value="">Choose a country</option>
""" + "".join(f'<option value="{v}">{label}</option>' for v, label in COUNTRIES) + """</select>
<label for="city">City</label><input id="city" name="city"></form></main>"""

# Radix-style Select: a button with role=combobox, the listbox rendered in a portal at the end of body when open,
# and a native select hidden beside it for the form (aria-hidden, 1px, clipped).
PORTAL_SELECT = """<main><form class="css-1d3f5a"><label id="country-label" class="css-q1w2e3">Country</label>
<button type="button" role="combobox" aria-controls="radix-:r3:" aria-expanded="false" aria-autocomplete="none"
 aria-labelledby="country-label" data-state="closed" class="css-8a7b6c" id="radix-:r2:">
 <span style="pointer-events:none" class="value">Choose a country</span>
 <span aria-hidden="true" class="material-icons">expand_more</span></button>
<select aria-hidden="true" tabindex="-1" name="country" class="sr-only"><option value=""></option>
""" + "".join(f'<option value="{v}">{label}</option>' for v, label in COUNTRIES) + """</select>
<label for="city">City</label><input id="city" name="city"></form></main>
<script>
const OPTIONS = %s;
const trigger = document.querySelector('[role=combobox]');
function close() { document.querySelector('[data-radix-popper-content-wrapper]')?.remove();
  trigger.setAttribute('aria-expanded', 'false'); trigger.dataset.state = 'closed'; }
trigger.addEventListener('pointerdown', (e) => {
  if (trigger.getAttribute('aria-expanded') === 'true') { close(); return; }
  used('open');
  const wrap = document.createElement('div');
  wrap.setAttribute('data-radix-popper-content-wrapper', '');
  wrap.style.cssText = 'position:fixed;left:8px;top:80px;z-index:50;background:white;min-width:160px';
  const list = document.createElement('div');
  list.setAttribute('role', 'listbox'); list.id = 'radix-:r3:'; list.className = 'css-3k4j5h';
  for (const [value, label] of OPTIONS) {
    const o = document.createElement('div');
    o.setAttribute('role', 'option'); o.setAttribute('aria-selected', 'false'); o.tabIndex = -1;
    o.dataset.value = value; o.className = 'css-o9p8i7';
    o.innerHTML = '<span class="material-icons" aria-hidden="true">check</span><span>' + label + '</span>';
    o.addEventListener('click', () => {
      used('option:' + label);
      trigger.querySelector('.value').textContent = label;
      document.querySelector('select[name=country]').value = value;
      close();
    });
    list.appendChild(o);
  }
  wrap.appendChild(list);
  document.body.appendChild(wrap);
  trigger.setAttribute('aria-expanded', 'true'); trigger.dataset.state = 'open';
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""

# Headless UI Combobox: an input with role=combobox (aria-controls only while open), a button beside it, options
# filtered by what is typed, in a portal root at the end of body.
INPUT_COMBOBOX = """<main><form class="css-1d3f5a">
<label id="headlessui-label-:r0:" for="headlessui-combobox-input-:r1:">Country</label>
<div class="relative"><input id="headlessui-combobox-input-:r1:" role="combobox" type="text" aria-expanded="false"
 aria-autocomplete="list" aria-labelledby="headlessui-label-:r0:" autocomplete="off" class="w-full py-2 pl-3">
<button type="button" tabindex="-1" aria-haspopup="listbox" aria-expanded="false" class="absolute inset-y-0"
 aria-labelledby="headlessui-label-:r0:"><i class="fa fa-chevron-down" aria-hidden="true"></i></button></div>
<input type="hidden" name="country" value="">
<label for="city">City</label><input id="city" name="city"></form></main>
<div id="headlessui-portal-root"></div>
<script>
const OPTIONS = %s;
const input = document.querySelector('[role=combobox]');
const root = document.getElementById('headlessui-portal-root');
function close() { root.innerHTML = ''; input.setAttribute('aria-expanded', 'false'); input.removeAttribute('aria-controls'); }
function render(query) {
  root.innerHTML = '';
  const list = document.createElement('ul');
  list.setAttribute('role', 'listbox'); list.id = 'headlessui-combobox-options-:r3:';
  list.style.cssText = 'position:absolute;top:60px;left:8px;background:white;list-style:none';
  for (const [value, label] of OPTIONS) {
    if (query && !label.toLowerCase().includes(query.toLowerCase())) continue;
    const o = document.createElement('li');
    o.setAttribute('role', 'option'); o.setAttribute('aria-selected', 'false'); o.tabIndex = -1;
    o.textContent = label;
    o.addEventListener('mousedown', (e) => e.preventDefault());
    o.addEventListener('click', () => {
      used('option:' + label); input.value = label;
      document.querySelector('input[name=country]').value = value; close();
    });
    list.appendChild(o);
  }
  root.appendChild(list);
  input.setAttribute('aria-expanded', 'true'); input.setAttribute('aria-controls', list.id);
}
input.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' && input.getAttribute('aria-expanded') !== 'true') { used('open'); render(''); } });
input.addEventListener('input', () => render(input.value));
input.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
document.querySelector('button[aria-haspopup]').addEventListener('click', () => { used('open'); render(''); });
</script>"""

# react-select: the input (role=combobox) is emptied once an option is chosen, which is shown beside it in the same
# control; its menu is rendered in a portal; the page shows another listbox all along (a list of recent countries).
REACT_SELECT = """<main><form class="css-1d3f5a"><label id="react-select-2-label" for="react-select-2-input">Country</label>
<div class="select__control css-13cymwt-control"><div class="select__value-container css-1fdsijx-ValueContainer">
<div class="select__placeholder css-1jqq78o-placeholder">Select...</div>
<div class="select__input-container css-qbdosj-Input"><input id="react-select-2-input" role="combobox"
 aria-expanded="false" aria-autocomplete="list" aria-labelledby="react-select-2-label" class="select__input" value=""></div>
</div><div class="select__indicators"><span class="select__indicator-separator"></span>
<div class="select__indicator css-1xc3v61-indicatorContainer" aria-hidden="true"><svg height="20" width="20"></svg></div>
</div></div><input type="hidden" name="country" value="">
<label for="city">City</label><input id="city" name="city"></form>
<aside><h2 id="recent">Recent</h2><ul role="listbox" aria-labelledby="recent">
<li role="option" onclick="used('recent:Germany')">Germany</li><li role="option">Spain</li></ul></aside></main>
<div id="portal"></div>
<script>
const OPTIONS = %s;
const input = document.getElementById('react-select-2-input');
const portal = document.getElementById('portal');
function close() { portal.innerHTML = ''; input.setAttribute('aria-expanded', 'false'); input.removeAttribute('aria-controls'); }
function render(query) {
  portal.innerHTML = '';
  const menu = document.createElement('div'); menu.className = 'select__menu css-1nmdiq5-menu';
  const list = document.createElement('div'); list.setAttribute('role', 'listbox'); list.id = 'react-select-2-listbox';
  for (const [value, label] of OPTIONS) {
    if (query && !label.toLowerCase().includes(query.toLowerCase())) continue;
    const o = document.createElement('div'); o.setAttribute('role', 'option'); o.className = 'select__option';
    o.textContent = label;
    o.addEventListener('click', () => {
      used('option:' + label); input.value = '';
      document.querySelector('.select__placeholder').textContent = label;
      document.querySelector('.select__placeholder').className = 'select__single-value css-1dimb5e-singleValue';
      document.querySelector('input[name=country]').value = value; close();
    });
    list.appendChild(o);
  }
  menu.appendChild(list); portal.appendChild(menu);
  input.setAttribute('aria-expanded', 'true'); input.setAttribute('aria-controls', list.id);
}
input.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' && input.getAttribute('aria-expanded') !== 'true') { used('open'); render(''); }
  if (e.key === 'Escape') close(); });
input.addEventListener('input', () => render(input.value));
</script>"""

SELECT_SCRIPT: list[Any] = [
    {"tool": "select_option", "target": {"role": "combobox", "name": "Country"}, "input": {"value": "Germany"}},
    {"tool": "done"},
]


def _options(*pairs: tuple[str, str]) -> str:
    return "[" + ", ".join(f"['{v}', '{label}']" for v, label in pairs) + "]"


@pytest.mark.parametrize("widget", [PORTAL_SELECT, INPUT_COMBOBOX, REACT_SELECT],
                         ids=["button-combobox", "input-combobox", "react-select"])
def test_a_select_that_became_an_aria_combobox_is_opened_and_its_option_chosen(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    ctx = swap(NATIVE_SELECT, widget % _options(*COUNTRIES), "choose Germany as the country", SELECT_SCRIPT)
    assert used(page) == ["open", "option:Germany"]
    assert page.locator("[name=country]").input_value() == "de"
    assert page.locator("[role=combobox][aria-expanded=false]").count() == 1
    assert ctx.figures.model_calls == 0


# The list re-renders once the pointer comes over it, its last option now first, as a list does whose results arrive
# while it is open (a recent choice, then the fetched ones by relevance): what was read first is not where it was.
RESORTED = INPUT_COMBOBOX.replace("function render(query) {", "function render(query, resorted) {").replace(
    "  for (const [value, label] of OPTIONS) {",
    "  for (const [value, label] of resorted ? [OPTIONS[OPTIONS.length - 1], ...OPTIONS.slice(0, -1)] : OPTIONS) {").replace(
    "  root.appendChild(list);", """  root.appendChild(list);
  if (!resorted) list.addEventListener('pointermove', () => render(query, true), {once: true});""")


@pytest.mark.parametrize("widget", [RESORTED, INPUT_COMBOBOX], ids=["resorted", "steady"])
def test_the_option_read_is_the_option_clicked_when_the_list_re_renders_under_the_pointer(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    assert widget == INPUT_COMBOBOX or "render(query, true)" in widget  # the page is the one meant
    swap(NATIVE_SELECT, widget % _options(*COUNTRIES), "choose Germany as the country", SELECT_SCRIPT)
    assert used(page) == ["open", "option:Germany"]  # never France, now where Germany was read
    assert page.locator("[name=country]").input_value() == "de"


@pytest.mark.parametrize("widget", [PORTAL_SELECT, INPUT_COMBOBOX, REACT_SELECT],
                         ids=["button-combobox", "input-combobox", "react-select"])
def test_a_combobox_that_does_not_offer_the_option_fails_naming_it_and_the_options_offered(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    with pytest.raises(ReplayError) as info:
        swap(NATIVE_SELECT, widget % _options(("fr", "France"), ("es", "Spain")), "choose Germany as the country",
             SELECT_SCRIPT)
    message = str(info.value)
    assert "offers no option 'Germany'" in message and "'France'" in message and "'Spain'" in message, message
    assert "combobox" in message, message
    assert not [u for u in used(page) if u.startswith("option:")]  # nothing chosen
    assert page.locator("[role=listbox]:not([aria-labelledby=recent])").count() == 0  # the popup it opened is closed


# --- select -> a button that pops up a listbox (Headless UI v1 Listbox, MUI Select) -----------------

# Headless UI v1 Listbox: a plain button (no role) declaring aria-haspopup=listbox, labelled by its label and itself,
# showing the value; aria-controls only while open; the options in a portal root; a hidden input carries the value.
HEADLESS_LISTBOX = """<main><form class="css-1d3f5a"><div class="w-72"><div class="relative mt-1">
<label id="headlessui-listbox-label-:r1:" class="block text-sm font-medium">Country</label>
<button id="headlessui-listbox-button-:r2:" type="button" aria-haspopup="listbox" aria-expanded="false"
 aria-labelledby="headlessui-listbox-label-:r1: headlessui-listbox-button-:r2:" data-headlessui-state=""
 class="relative w-full cursor-default rounded-lg bg-white py-2 pl-3 pr-10 text-left shadow-md">
<span class="block truncate">Choose a country</span>
<span class="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-2"><svg class="h-5 w-5"
 viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M10 3l-3.25 3.5h6.5z"></path></svg></span>
</button><input type="hidden" name="country" value=""></div></div>
<label for="city">City</label><input id="city" name="city"></form></main>
<div id="headlessui-portal-root"></div>
<script>
const OPTIONS = %s;
const button = document.getElementById('headlessui-listbox-button-:r2:');
const root = document.getElementById('headlessui-portal-root');
function close() { root.innerHTML = ''; button.setAttribute('aria-expanded', 'false'); button.removeAttribute('aria-controls');
  button.dataset.headlessuiState = ''; }
function open() {
  used('open');
  const list = document.createElement('ul');
  list.setAttribute('role', 'listbox'); list.id = 'headlessui-listbox-options-:r3:'; list.tabIndex = 0;
  list.setAttribute('aria-labelledby', button.id); list.setAttribute('aria-orientation', 'vertical');
  list.className = 'absolute mt-1 max-h-60 w-full overflow-auto rounded-md bg-white py-1';
  list.style.cssText = 'position:absolute;top:70px;left:8px;background:white;list-style:none';
  OPTIONS.forEach(([value, label], i) => {
    const o = document.createElement('li');
    o.setAttribute('role', 'option'); o.id = 'headlessui-listbox-option-:r' + (4 + i) + ':'; o.tabIndex = -1;
    o.setAttribute('aria-selected', 'false'); o.className = 'relative cursor-default select-none py-2 pl-10 pr-4';
    o.innerHTML = '<span class="block truncate font-normal">' + label + '</span>';
    o.addEventListener('click', () => {
      used('option:' + label); button.querySelector('.truncate').textContent = label;
      document.querySelector('input[name=country]').value = value; close(); });
    list.appendChild(o);
  });
  root.appendChild(list);
  button.setAttribute('aria-expanded', 'true'); button.setAttribute('aria-controls', list.id);
  button.dataset.headlessuiState = 'open';
}
button.addEventListener('click', () => button.getAttribute('aria-expanded') === 'true' ? close() : open());
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""

# MUI Select: a div with role=combobox and aria-haspopup=listbox, labelled by its label and itself, opened on
# mousedown; the menu (a listbox of li options) in a Popover portal over an invisible backdrop; the native input
# beside it carries the value, hidden behind the drawn outline.
MUI_SELECT = """<main><form class="css-1d3f5a"><div class="MuiFormControl-root css-1nrlq1o-MuiFormControl-root">
<label class="MuiFormLabel-root MuiInputLabel-root css-14s5rfu-MuiFormLabel-root-MuiInputLabel-root" data-shrink="false"
 id="country-select-label">Country</label>
<div class="MuiInputBase-root MuiOutlinedInput-root MuiSelect-root css-1yk1gt9-MuiInputBase-root" style="position:relative">
<div tabindex="0" role="combobox" aria-controls=":r5:" aria-expanded="false" aria-haspopup="listbox"
 aria-labelledby="country-select-label country-select" id="country-select"
 class="MuiSelect-select MuiSelect-outlined MuiInputBase-input css-11u53oe-MuiSelect-select-MuiInputBase-input"
 style="min-width:120px;min-height:1.4em"><span class="notranslate">&#8203;</span></div>
<input aria-invalid="false" name="country" aria-hidden="true" tabindex="-1" class="MuiSelect-nativeInput css-1k3x8v3"
 value="" style="position:absolute;bottom:0;left:0;opacity:0;pointer-events:none;width:100%%;box-sizing:border-box">
<svg class="MuiSvgIcon-root MuiSelect-icon css-hfutr2-MuiSvgIcon-root" focusable="false" aria-hidden="true"
 viewBox="0 0 24 24" data-testid="ArrowDropDownIcon"><path d="M7 10l5 5 5-5z"></path></svg>
<fieldset aria-hidden="true" class="MuiOutlinedInput-notchedOutline css-1d3z3hw-MuiOutlinedInput-notchedOutline">
<legend class="css-yjsfm1"><span>Country</span></legend></fieldset></div></div>
<label for="city">City</label><input id="city" name="city"></form></main>
<script>
const OPTIONS = %s;
const select = document.getElementById('country-select');
function close() { document.querySelector('.MuiPopover-root')?.remove(); select.setAttribute('aria-expanded', 'false'); }
select.addEventListener('mousedown', (e) => {
  if (e.button !== 0) return;
  e.preventDefault(); used('open');
  const pop = document.createElement('div');
  pop.setAttribute('role', 'presentation'); pop.className = 'MuiPopover-root MuiMenu-root MuiModal-root css-1sucic7';
  pop.style.cssText = 'position:fixed;inset:0;z-index:1300';
  const backdrop = document.createElement('div'); backdrop.setAttribute('aria-hidden', 'true');
  backdrop.className = 'MuiBackdrop-root MuiBackdrop-invisible MuiModal-backdrop css-esi9ax';
  backdrop.style.cssText = 'position:fixed;inset:0';
  backdrop.addEventListener('click', close);
  const paper = document.createElement('div'); paper.className = 'MuiPaper-root MuiMenu-paper MuiPopover-paper css-pwxzbm';
  paper.style.cssText = 'position:absolute;top:60px;left:8px;background:white';
  const list = document.createElement('ul'); list.setAttribute('role', 'listbox'); list.id = ':r5:'; list.tabIndex = -1;
  list.setAttribute('aria-labelledby', 'country-select-label'); list.className = 'MuiList-root MuiMenu-list css-6hp17o';
  for (const [value, label] of OPTIONS) {
    const o = document.createElement('li');
    o.className = 'MuiButtonBase-root MuiMenuItem-root css-kk1bwy-MuiButtonBase-root-MuiMenuItem-root';
    o.setAttribute('role', 'option'); o.setAttribute('aria-selected', 'false'); o.tabIndex = -1; o.dataset.value = value;
    o.innerHTML = label + '<span class="MuiTouchRipple-root css-8je8zh-MuiTouchRipple-root"></span>';
    o.addEventListener('click', () => {
      used('option:' + label); select.textContent = label;
      document.querySelector('input[name=country]').value = value; close(); });
    list.appendChild(o);
  }
  paper.appendChild(list); pop.append(backdrop, paper); document.body.appendChild(pop);
  select.setAttribute('aria-expanded', 'true');
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""
CLICKED_CHOICE: list[Any] = [
    {"tool": "click", "target": {"role": "combobox", "name": "Country"}},
    {"tool": "click", "target": {"role": "option", "name": "Germany"}},
    {"tool": "done"},
]
POPUP_BUTTONS = {"headlessui-listbox": HEADLESS_LISTBOX, "mui-select": MUI_SELECT}


@pytest.mark.parametrize("recorded", ["native-select", "radix-combobox"])
@pytest.mark.parametrize("widget", list(POPUP_BUTTONS))
def test_a_select_that_became_a_button_popping_up_a_listbox_is_opened_and_its_option_chosen(
        swap: Callable[..., Any], page: Any, widget: str, recorded: str) -> None:
    # a choice recorded on a native select is a select_option; on a combobox, a click on it and one on its option
    old, script = (NATIVE_SELECT, SELECT_SCRIPT) if recorded == "native-select" else \
        (PORTAL_SELECT % _options(*COUNTRIES), CLICKED_CHOICE)
    ctx = swap(old, POPUP_BUTTONS[widget] % _options(*COUNTRIES), "choose Germany as the country", script)
    assert used(page) == ["open", "option:Germany"]
    assert page.locator("[name=country]").input_value() == "de"
    assert page.locator("[aria-haspopup=listbox][aria-expanded=true]").count() == 0
    assert {str(h.level) for h in ctx.heals} <= {"widget"} and (widget != "headlessui-listbox" or ctx.heals), ctx.heals
    if widget == "headlessui-listbox":  # found by its label, never by the value it shows (which a choice changes)
        assert [h.after for h in ctx.heals] == ['get_by_label("Country", exact=True)'], ctx.heals


@pytest.mark.parametrize("widget", list(POPUP_BUTTONS))
def test_a_button_popping_up_a_listbox_without_the_option_fails_naming_the_options_offered(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    with pytest.raises(ReplayError) as info:
        swap(NATIVE_SELECT, POPUP_BUTTONS[widget] % _options(("fr", "France"), ("es", "Spain")),
             "choose Germany as the country", SELECT_SCRIPT)
    message = str(info.value)
    assert "offers no option 'Germany'" in message and "'France'" in message and "'Spain'" in message, message
    assert not [u for u in used(page) if u.startswith("option:")]
    assert page.locator("[role=listbox]").count() == 0


# --- checkbox -> switch ---------------------------------------------------------------------------

NATIVE_CHECKBOX = """<main><form><label><input type="checkbox" name="news" onchange="used('news:' + this.checked)">
 Email me product news</label>
<label><input type="checkbox" name="terms" onchange="used('terms:' + this.checked)"> I accept the terms</label></form></main>"""
NATIVE_CHECKED = NATIVE_CHECKBOX.replace('name="news"', 'name="news" checked')

# Headless UI Switch: a button with role=switch and aria-checked, labelled by a label element, a hidden input for forms.
BUTTON_SWITCH = """<main><form><div class="flex items-center">
<button id="headlessui-switch-:r1:" role="switch" type="button" tabindex="0" aria-checked="%s"
 aria-labelledby="headlessui-label-:r2:" class="bg-gray-200 relative inline-flex h-6 w-11"><span aria-hidden="true"
 class="translate-x-0 inline-block h-5 w-5 rounded-full"></span></button>
<label id="headlessui-label-:r2:" class="ml-3 text-sm">Email me product news</label>
<input type="hidden" name="news" value="%s"></div>
<label><input type="checkbox" name="terms" onchange="used('terms:' + this.checked)"> I accept the terms</label></form></main>
<script>
const sw = document.querySelector('[role=switch]');
function toggle() { const on = sw.getAttribute('aria-checked') !== 'true'; sw.setAttribute('aria-checked', String(on));
  document.querySelector('[name=news]').value = on ? 'on' : ''; used('news:' + on); }
sw.addEventListener('click', toggle);
document.getElementById('headlessui-label-:r2:').addEventListener('click', toggle);
</script>"""

# MUI Switch: a native checkbox with role=switch, transparent over the drawn track and thumb, in a FormControlLabel.
MUI_SWITCH = """<main><form><label class="MuiFormControlLabel-root css-j204z7-MuiFormControlLabel-root">
<span class="MuiSwitch-root css-julti5-MuiSwitch-root"><span class="MuiSwitch-switchBase css-5ryogn-MuiButtonBase-root"
 style="position:relative;display:inline-block;width:38px;height:20px">
<input class="MuiSwitch-input PrivateSwitchBase-input" type="checkbox" role="switch" name="news" %s
 style="opacity:0;position:absolute;top:0;left:0;width:100%%;height:100%%;margin:0;cursor:pointer"
 onchange="used('news:' + this.checked)"><span class="MuiSwitch-thumb"></span></span>
<span class="MuiSwitch-track"></span></span>
<span class="MuiTypography-root MuiTypography-body1">Email me product news</span></label>
<label><input type="checkbox" name="terms" onchange="used('terms:' + this.checked)"> I accept the terms</label></form></main>"""


def _news(page: Any) -> bool:
    sw = page.locator("[role=switch]")
    state = sw.get_attribute("aria-checked")
    return state == "true" if state is not None else bool(sw.is_checked())


# A listbox opened by a button (Headless UI v1's Listbox; MUI v5's Select before 5.11, a div role=button), named by
# its label and the value it shows, recorded as two clicks: the button, then the option in the portal it opens.
MUI_BUTTON_SELECT = MUI_SELECT.replace('role="combobox"', 'role="button"')
BUTTON_CHOICES = {
    "headlessui-listbox": (HEADLESS_LISTBOX, [{"tool": "click", "target": {"role": "button",
                                                                           "name": "Country Choose a country"}},
                                              {"tool": "click", "target": {"role": "option", "name": "Germany"}},
                                              {"tool": "done"}]),
    "mui-select": (MUI_BUTTON_SELECT, [{"tool": "click", "target": {"role": "button", "name": "Country"}},
                                       {"tool": "click", "target": {"role": "option", "name": "Germany"}},
                                       {"tool": "done"}]),
    "mui-combobox": (MUI_SELECT, CLICKED_CHOICE),  # MUI's Select since 5.11: the same trigger as a combobox
}


@pytest.mark.parametrize("new", ["one-select", "two-selects"])
@pytest.mark.parametrize("widget", list(BUTTON_CHOICES))
def test_a_choice_in_a_listbox_a_button_opened_is_one_select_option_on_the_native_select_in_its_place(
        swap: Callable[..., Any], page: Any, tmp_path: Path, widget: str, new: str) -> None:
    assert 'role="button"' in MUI_BUTTON_SELECT  # the page is the one meant
    old, script = BUTTON_CHOICES[widget]
    ctx = swap(old % _options(*COUNTRIES), NATIVE_SELECT if new == "one-select" else TWO_SELECTS,
               "choose Germany as the country", script)
    assert used(page) == ["select:de"]  # chosen once, in the select labelled as the field: nothing else acted on
    assert page.locator("#country").input_value() == "de"
    assert new == "one-select" or page.locator("#ship").input_value() == ""
    assert [str(h.level) for h in ctx.heals] == ["widget"], ctx.heals
    heal = ctx.heals[0]
    assert heal.before.startswith("click ") and heal.after.startswith("select_option "), heal
    assert "native select 'Country'" in heal.evidence, heal
    page.reload()  # the step was written as that one select_option: replayed again, nothing left to heal
    page.evaluate("window.__used = []")
    again = replay(page, page.url, tmp_path, "choose Germany as the country")
    assert used(page) == ["select:de"] and again.heals == []


@pytest.mark.parametrize("widget", list(BUTTON_CHOICES))
def test_a_native_select_in_place_of_a_button_opened_listbox_without_the_option_fails_naming_those_offered(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    old, script = BUTTON_CHOICES[widget]
    without = NATIVE_SELECT.replace('<option value="de">Germany</option>', "")
    with pytest.raises(ReplayError) as info:
        swap(old % _options(*COUNTRIES), without, "choose Germany as the country", script)
    message = str(info.value)
    assert "native select 'Country'" in message and "offers no option 'Germany'" in message, message
    assert "'France'" in message and "'Spain'" in message, message
    assert used(page) == [] and page.locator("#country").input_value() == ""

@pytest.mark.parametrize("checked", [True, False], ids=["check", "uncheck"])
@pytest.mark.parametrize("widget", ["button", "mui"])
def test_a_checkbox_that_became_a_switch_is_set_by_its_checked_state(
        swap: Callable[..., Any], page: Any, widget: str, checked: bool) -> None:
    old = NATIVE_CHECKBOX if checked else NATIVE_CHECKED
    was = "false" if checked else "true"
    new = BUTTON_SWITCH % (was, "" if checked else "on") if widget == "button" else \
        MUI_SWITCH % ("" if checked else "checked")
    script = [{"tool": "check", "target": {"role": "checkbox", "name": "Email me product news"},
               "input": {"checked": checked}}, {"tool": "done"}]
    swap(old, new, "set the product news box", script)
    assert used(page) == [f"news:{str(checked).lower()}"]
    assert _news(page) is checked


# --- a combobox that loads its options after it opens -------------------------------------------------------

# A combobox whose options are fetched when it opens: a disabled "Loading…" option first, the fetched ones after the
# server answers (its latency is the page's: a request on open, answered later, as a search API answers).
ASYNC_COMBOBOX = """<main><form class="css-1d3f5a"><label id="country-label" class="css-q1w2e3">Country</label>
<button type="button" role="combobox" aria-controls="async-list" aria-expanded="false" aria-labelledby="country-label"
 class="css-8a7b6c"><span class="value">Choose a country</span>
 <span aria-hidden="true" class="material-icons">expand_more</span></button>
<input type="hidden" name="country" value=""></form></main>
<div id="portal"></div>
<script>
const trigger = document.querySelector('[role=combobox]');
const portal = document.getElementById('portal');
function close() { portal.innerHTML = ''; trigger.setAttribute('aria-expanded', 'false'); }
function option(label, disabled) {
  const o = document.createElement('div'); o.setAttribute('role', 'option'); o.className = 'css-o9p8i7';
  o.setAttribute('aria-selected', 'false'); if (disabled) o.setAttribute('aria-disabled', 'true');
  o.textContent = label; return o;
}
trigger.addEventListener('click', () => {
  if (trigger.getAttribute('aria-expanded') === 'true') { close(); return; }
  used('open');
  const list = document.createElement('div'); list.setAttribute('role', 'listbox'); list.id = 'async-list';
  list.setAttribute('aria-busy', 'true'); list.style.cssText = 'position:fixed;left:8px;top:80px;background:white';
  list.appendChild(option('Loading…', true));
  portal.appendChild(list); trigger.setAttribute('aria-expanded', 'true');
  fetch('countries.json').then((r) => r.json()).then((rows) => setTimeout(() => {
    list.innerHTML = ''; list.removeAttribute('aria-busy');
    for (const [value, label] of rows) {
      const o = option(label, false);
      o.addEventListener('click', () => { used('option:' + label); trigger.querySelector('.value').textContent = label;
        document.querySelector('[name=country]').value = value; close(); });
      list.appendChild(o);
    }
  }, 300));
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""

# A Headless UI Combobox that searches as it is typed in: each query (the empty one on Down Arrow too) shows a disabled
# "Loading…" option, then the fetched options that match it.
ASYNC_INPUT = """<main><form class="css-1d3f5a">
<label id="headlessui-label-:r0:" for="headlessui-combobox-input-:r1:">Country</label>
<input id="headlessui-combobox-input-:r1:" role="combobox" type="text" aria-expanded="false" aria-autocomplete="list"
 aria-labelledby="headlessui-label-:r0:" autocomplete="off" class="w-full py-2 pl-3">
<input type="hidden" name="country" value=""></form></main>
<div id="headlessui-portal-root"></div>
<script>
const input = document.querySelector('[role=combobox]');
const root = document.getElementById('headlessui-portal-root');
let asked = 0;
function close() { root.innerHTML = ''; input.setAttribute('aria-expanded', 'false'); input.removeAttribute('aria-controls'); }
function option(label, disabled) {
  const o = document.createElement('li'); o.setAttribute('role', 'option'); o.setAttribute('aria-selected', 'false');
  if (disabled) o.setAttribute('aria-disabled', 'true'); o.textContent = label; return o;
}
function search(query) {
  const ask = ++asked;
  root.innerHTML = '';
  const list = document.createElement('ul'); list.setAttribute('role', 'listbox'); list.id = 'headlessui-combobox-options-:r3:';
  list.style.cssText = 'position:absolute;top:60px;left:8px;background:white;list-style:none';
  list.appendChild(option('Loading…', true)); root.appendChild(list);
  input.setAttribute('aria-expanded', 'true'); input.setAttribute('aria-controls', list.id);
  fetch('countries.json').then((r) => r.json()).then((rows) => setTimeout(() => {
    if (ask !== asked) return;
    list.innerHTML = '';
    for (const [value, label] of rows) {
      if (query && !label.toLowerCase().includes(query.toLowerCase())) continue;
      const o = option(label, false);
      o.addEventListener('mousedown', (e) => e.preventDefault());
      o.addEventListener('click', () => { used('option:' + label); input.value = label;
        document.querySelector('[name=country]').value = value; close(); });
      list.appendChild(o);
    }
  }, 300));
}
input.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' && input.getAttribute('aria-expanded') !== 'true') { used('open'); search(''); }
  if (e.key === 'Escape') close(); });
input.addEventListener('input', () => search(input.value));
</script>"""
ASYNC_WIDGETS = {"button-combobox": ASYNC_COMBOBOX, "search-as-typed": ASYNC_INPUT}


def _json(*pairs: tuple[str, str]) -> str:
    return "[" + ", ".join(f'["{v}", "{label}"]' for v, label in pairs) + "]"


@pytest.mark.parametrize("widget", list(ASYNC_WIDGETS))
def test_a_combobox_that_loads_its_options_after_opening_is_given_the_option_once_it_is_offered(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    ctx = swap(NATIVE_SELECT, ASYNC_WIDGETS[widget], "choose Germany as the country", SELECT_SCRIPT,
               files={"countries.json": _json(*COUNTRIES)})
    assert used(page) == ["open", "option:Germany"]
    assert page.locator("[name=country]").input_value() == "de"
    assert ctx.figures.model_calls == 0


@pytest.mark.parametrize("widget", list(ASYNC_WIDGETS))
def test_a_combobox_whose_loaded_options_never_hold_the_option_fails_naming_those_it_offers(
        swap: Callable[..., Any], page: Any, widget: str) -> None:
    with pytest.raises(ReplayError) as info:
        swap(NATIVE_SELECT, ASYNC_WIDGETS[widget], "choose Germany as the country", SELECT_SCRIPT,
             files={"countries.json": _json(("fr", "France"), ("es", "Spain"))})
    message = str(info.value)
    assert "offers no option 'Germany'" in message and "Loading" not in message, message  # "Loading…" is no option
    if widget == "button-combobox":  # the options it loaded
        assert "'France'" in message and "'Spain'" in message, message
    else:  # a search as typed: what it offers for what was typed
        assert "the options now offered for 'Germany' typed: none" in message, message
    assert not [u for u in used(page) if u.startswith("option:")]
    assert page.locator("[role=listbox]").count() == 0


# --- the reverse swaps: a combobox or a switch rebuilt as the native control ---------------------------

# An ARIA listbox shown all along (a single-select list of choices), its options clicked; the native select that
# replaces it is a dropdown.
ARIA_LISTBOX = """<main><form class="css-1d3f5a"><span id="country-label" class="css-q1w2e3">Country</span>
<ul role="listbox" aria-labelledby="country-label" tabindex="0" class="css-l1s2t3" style="list-style:none">
""" + "".join(f'<li role="option" aria-selected="false" id="country-{v}" class="css-o9p8i7"><span class="material-icons" '
              f'aria-hidden="true">radio_button_unchecked</span>{label}</li>' for v, label in COUNTRIES) + """</ul>
<input type="hidden" name="country" value=""><label for="city">City</label><input id="city" name="city"></form></main>
<script>document.querySelectorAll('[role=option]').forEach((o) => o.addEventListener('click', () => {
  document.querySelectorAll('[role=option]').forEach((x) => x.setAttribute('aria-selected', String(x === o)));
  document.querySelector('[name=country]').value = o.id.slice(8); used('option:' + o.textContent.trim()); }));</script>"""
# A page with two native selects, both offering the option: the one labelled as the recorded listbox is chosen in.
TWO_SELECTS = NATIVE_SELECT.replace("""<label for="city">City</label><input id="city" name="city">""",
                                    """<label for="ship">Ship from</label><select id="ship" name="ship"
 onchange="used('ship:' + this.value)"><option value="">Anywhere</option><option value="de">Germany</option></select>""")


@pytest.mark.parametrize("recorded", ["radix-combobox", "aria-listbox"])
@pytest.mark.parametrize("new", ["one-select", "two-selects"])
def test_a_combobox_choice_replayed_on_a_native_select_selects_the_option_by_its_label(
        swap: Callable[..., Any], page: Any, recorded: str, new: str) -> None:
    old, script = (PORTAL_SELECT % _options(*COUNTRIES), CLICKED_CHOICE) if recorded == "radix-combobox" else \
        (ARIA_LISTBOX, CLICKED_CHOICE[1:])
    ctx = swap(old, NATIVE_SELECT if new == "one-select" else TWO_SELECTS, "choose Germany as the country", script)
    assert used(page) == ["select:de"]
    assert page.locator("#country").input_value() == "de"
    assert new == "one-select" or page.locator("#ship").input_value() == ""
    assert "widget" in {str(h.level) for h in ctx.heals}, (ctx.heals, ctx.figures)


@pytest.mark.parametrize("checked", [True, False], ids=["check", "uncheck"])
@pytest.mark.parametrize("tool", ["check", "click"])
def test_a_switch_that_became_a_checkbox_is_set_by_its_checked_state(
        swap: Callable[..., Any], page: Any, checked: bool, tool: str) -> None:
    was = "false" if checked else "true"
    old = BUTTON_SWITCH % (was, "" if checked else "on")
    new = NATIVE_CHECKBOX if checked else NATIVE_CHECKED
    target = {"role": "switch", "name": "Email me product news"}
    action = {"tool": "check", "target": target, "input": {"checked": checked}} if tool == "check" else \
        {"tool": "click", "target": target}
    swap(old, new, "set the product news switch", [action, {"tool": "done"}])
    assert used(page) == [f"news:{str(checked).lower()}"]
    assert page.locator("[name=news]").is_checked() is checked
    assert page.locator("[name=terms]").is_checked() is False


# --- labels that gain or lose a colon or an asterisk --------------------------------------------

FIELDS = """<main><form class="css-x7y8z9">
<div><label for="f1">{email}</label><input id="f1" name="email" oninput="used('email')"></div>
<div><label for="f2">Confirm email</label><input id="f2" name="confirm" oninput="used('confirm')"></div>
<div><label for="f3">{phone}</label><input id="f3" name="phone" oninput="used('phone')"></div></form></main>"""
FIELDS_SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Email"}, "input": {"value": "ada@example.com"}},
    {"tool": "fill", "target": {"role": "textbox", "name": "Phone"}, "input": {"value": "555 0100"}},
    {"tool": "done"},
]


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
@pytest.mark.parametrize(("old", "new"), [
    (("Email", "Phone"), ("Email:", "Phone:")),
    (("Email", "Phone"), ("Email *", "Phone")),
    (("Email", "Phone"), ('Email <span class="text-red-500" aria-hidden="true">*</span>', "Phone (optional)")),
    (("Email", "Phone"), ('Email<abbr title="required" class="required">*</abbr>', "Phone:")),
    (("Email:", "Phone:"), ("Email", "Phone")),
    (("Email *", "Phone"), ("Email", "Phone")),
], ids=["colon", "asterisk", "hidden-asterisk", "abbr-asterisk", "colon-lost", "asterisk-lost"])
def test_labels_that_gain_or_lose_a_colon_or_an_asterisk_name_the_same_fields(
        swap: Callable[..., Any], page: Any, old: tuple[str, str], new: tuple[str, str], gate: bool) -> None:
    script = [dict(a, target={"role": "textbox", "name": old[i]})
              if "target" in a else a for i, a in enumerate(FIELDS_SCRIPT)]
    swap(FIELDS.format(email=old[0], phone=old[1]), FIELDS.format(email=new[0], phone=new[1]),
         "enter the contact details", script, gate, misses_gate=False)
    assert set(used(page)) == {"email", "phone"}
    assert page.locator("#f1").input_value() == "ada@example.com"
    assert page.locator("#f3").input_value() == "555 0100"
    assert page.locator("#f2").input_value() == ""


# --- fieldset -> details/summary -----------------------------------------------------------------

FIELDSET = """<main><form><fieldset><legend>Shipping address</legend>
<label for="street">Street</label><input id="street" name="street" oninput="used('street')"></fieldset>
<fieldset><legend>Billing address</legend>
<label for="bstreet">Billing street</label><input id="bstreet" name="bstreet" oninput="used('bstreet')"></fieldset>
</form></main>"""
DETAILS = """<main><form><details class="css-acc1" ontoggle="used('toggle:' + this.open)"><summary class="css-acc2">
<span>Shipping address</span><i class="bi bi-chevron-down" aria-hidden="true"></i></summary>
<div class="css-acc3"><label for="street">Street</label><input id="street" name="street" oninput="used('street')"></div></details>
<details class="css-acc1"><summary class="css-acc2"><span>Billing address</span></summary>
<div class="css-acc3"><label for="bstreet">Billing street</label><input id="bstreet" name="bstreet" oninput="used('bstreet')">
</div></details></form></main>"""


def test_a_field_in_a_fieldset_that_became_a_collapsed_details_is_shown_then_filled(
        swap: Callable[..., Any], page: Any) -> None:
    script = [{"tool": "fill", "target": {"role": "textbox", "name": "Street"}, "input": {"value": "1 Main St"}},
              {"tool": "done"}]
    swap(FIELDSET, DETAILS, "enter the street", script)
    assert used(page) == ["toggle:true", "street"]
    assert page.locator("#street").input_value() == "1 Main St"
    assert page.locator("#bstreet").input_value() == ""
    assert page.locator("details").nth(1).get_attribute("open") is None  # the other section stays closed


# --- date input -> date picker with a text field ---------------------------------------------------

DATE_INPUT = """<main><form><label for="when">Delivery date</label>
<input type="date" id="when" name="when" oninput="used('when')"></form></main>"""
# react-datepicker: a text input in its wrappers, the calendar in a portal opened on focus; its format in the placeholder.
DATE_PICKER = """<main><form><label for="when">Delivery date</label>
<div class="react-datepicker-wrapper"><div class="react-datepicker__input-container">
<input type="text" id="when" name="when" placeholder="%s" autocomplete="off" class="form-control" oninput="used('when')">
<i class="fa fa-calendar" aria-hidden="true"></i></div></div></form></main>
<div class="react-datepicker__portal" hidden></div>"""
DATE_SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Delivery date"}, "input": {"value": "2026-12-24"}},
    {"tool": "done"},
]


@pytest.mark.parametrize(("placeholder", "typed"), [
    ("MM/DD/YYYY", "12/24/2026"), ("dd.mm.yyyy", "24.12.2026"), ("DD/MM/YYYY", "24/12/2026"),
    ("yyyy-mm-dd", "2026-12-24"), ("M/D/YY", "12/24/26"),
])
def test_a_date_input_that_became_a_text_field_is_typed_in_the_format_it_declares(
        swap: Callable[..., Any], page: Any, placeholder: str, typed: str) -> None:
    ctx = swap(DATE_INPUT, DATE_PICKER % placeholder, "set the delivery date", DATE_SCRIPT)
    assert used(page) == ["when"]
    assert page.locator("#when").input_value() == typed
    assert ctx.figures.model_calls == 0


def test_a_date_input_that_became_a_text_field_without_a_declared_format_fails_saying_so(
        swap: Callable[..., Any], page: Any) -> None:
    with pytest.raises(ReplayError) as info:
        swap(DATE_INPUT, DATE_PICKER % "Pick a day", "set the delivery date", DATE_SCRIPT)
    message = str(info.value)
    assert "date" in message and "text" in message and "format" in message, message
    assert page.locator("#when").input_value() == ""  # nothing typed in a format it may not read


# --- heading levels, a new choice at its default, theme toggles and skip links -------------------

ORDERS = """<main><{h} class="css-h1a2">Orders</{h}><p>3 open orders</p></main>"""


@pytest.mark.parametrize(("old", "new"), [("h2", "h1"), ("h1", "h3")])
def test_a_heading_whose_level_changed_is_still_checked(swap: Callable[..., Any], old: str, new: str) -> None:
    script = [{"tool": "expect_visible", "target": {"role": "heading", "name": "Orders"}}, {"tool": "done"}]
    ctx = swap(ORDERS.format(h=old), ORDERS.format(h=new), "the orders page is shown", script)
    assert ctx.figures.model_calls == 0


CHECKOUT = """<main><form id="f" onsubmit="event.preventDefault();
 used('submit:' + new URLSearchParams(new FormData(this)).toString())">
<label for="n">Name</label><input id="n" name="name">
{inserted}
<fieldset><legend>Shipping</legend>
<label><input type="radio" name="ship" value="standard" checked> Standard</label>
<label><input type="radio" name="ship" value="express"> Express</label></fieldset>
<button type="submit">Place order</button></form></main>"""
INSERTED = """<fieldset><legend>Gift options</legend>
<label><input type="radio" name="gift" value="none" checked> No gift wrap</label>
<label><input type="radio" name="gift" value="express-wrap"> Express gift wrap</label></fieldset>
<label for="s">Shipping notes</label><select id="s" name="notes"><option value="">None</option>
<option value="door">Leave at the door</option></select>
<label><input type="checkbox" name="save" checked> Save my name for next time</label>"""
CHECKOUT_SCRIPT: list[Any] = [
    {"tool": "fill", "target": {"role": "textbox", "name": "Name"}, "input": {"value": "Ada"}},
    {"tool": "check", "target": {"role": "radio", "name": "Express"}},
    {"tool": "click", "target": {"role": "button", "name": "Place order"}},
    {"tool": "done"},
]


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
def test_choices_inserted_in_a_form_stay_at_their_defaults(swap: Callable[..., Any], page: Any, gate: bool) -> None:
    swap(CHECKOUT.format(inserted=""), CHECKOUT.format(inserted=INSERTED), "order with express shipping",
         CHECKOUT_SCRIPT, gate, misses_gate=False)
    assert used(page) == ["submit:name=Ada&gift=none&notes=&save=on&ship=express"]


NAV = """{skip}<header class="css-hd1">{toggle}<nav aria-label="Main"><a href="orders.html">Orders</a>
<a href="account.html">Account</a></nav></header><main id="main"><h1>Home</h1>
<label><input type="checkbox" name="dark" onchange="used('dark:' + this.checked)"> Show archived</label></main>"""
SKIP = '<a href="#main" class="sr-only focus:not-sr-only" onclick="used(\'skip\')">Skip to content</a>'
TOGGLE = """<button type="button" aria-label="Toggle dark mode" class="css-tt1" onclick="used('theme')">
<span class="material-symbols-outlined" aria-hidden="true">dark_mode</span></button>
<button type="button" role="switch" aria-checked="false" aria-label="Dark theme" onclick="used('theme-switch')"></button>"""


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
def test_theme_toggles_and_skip_links_added_to_every_page_are_never_used(
        swap: Callable[..., Any], page: Any, gate: bool) -> None:
    script = [{"tool": "check", "target": {"role": "checkbox", "name": "Show archived"}},
              {"tool": "click", "target": {"role": "link", "name": "Orders"}}, {"tool": "done"}]
    swap(NAV.format(skip="", toggle=""), NAV.format(skip=SKIP, toggle=TOGGLE), "show archived orders", script,
         gate, misses_gate=False)
    assert page.url.endswith("/orders.html")


# --- an unchanged custom combobox whose listbox opens late, beside a native select offering the same option ------

SLOW_PORTAL = PORTAL_SELECT.replace("  used('open');\n", "  used('open'); setTimeout(() => {\n").replace(
    "  trigger.setAttribute('aria-expanded', 'true'); trigger.dataset.state = 'open';\n});",
    "  trigger.setAttribute('aria-expanded', 'true'); trigger.dataset.state = 'open';\n}, 200); });").replace(
    """<label for="city">City</label><input id="city" name="city">""",
    """<label for="ship">Ship from</label><select id="ship" name="ship" onchange="used('ship:' + this.value)">
<option value="">Anywhere</option><option value="de">Germany</option></select>""")


# The same, its options fetched for longer than the identity gate's first attempt, beside the billing address's
# own "Country" select: labelled as the listbox is, and the combobox says its listbox is open (aria-expanded).
BESIDE_BILLING = SLOW_PORTAL.replace("}, 200); });", "}, 700); });").replace(
    '<label for="ship">Ship from</label>',
    '<fieldset><legend>Billing address</legend><label for="ship">Country</label>').replace(
    '<option value="de">Germany</option></select>', '<option value="de">Germany</option></select></fieldset>')


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
@pytest.mark.parametrize("beside", ["ship-from", "billing-country"])
def test_an_option_of_a_listbox_still_opening_is_never_chosen_in_another_native_select(
        swap: Callable[..., Any], page: Any, gate: bool, beside: str) -> None:
    widget = SLOW_PORTAL if beside == "ship-from" else BESIDE_BILLING
    assert 'id="ship"' in widget and (beside == "ship-from" or "}, 700); });" in widget)  # the page is the one meant
    slow = widget % _options(*COUNTRIES)
    recorded = slow if beside == "ship-from" else slow.replace("}, 700); });", "}, 0); });")  # its API was fast then
    ctx = swap(recorded, slow, "choose Germany as the country", CLICKED_CHOICE, gate, misses_gate=False)
    assert used(page) == ["open", "option:Germany"]
    assert page.locator("#ship").input_value() == "" and ctx.heals == []


# Two native selects labelled alike where one listbox was (a form that now asks for a billing and a shipping country):
# nothing ties the recorded field to either.
TWO_ALIKE = """<main><form class="css-1d3f5a">
<fieldset><legend>Billing address</legend><label for="bill">Country</label><select id="bill" name="bill"
 onchange="used('bill:' + this.value)"><option value="">Choose a country</option>
""" + "".join(f'<option value="{v}">{label}</option>' for v, label in COUNTRIES) + """</select></fieldset>
<fieldset><legend>Shipping address</legend><label for="ship">Country</label><select id="ship" name="ship"
 onchange="used('ship:' + this.value)"><option value="">Choose a country</option>
""" + "".join(f'<option value="{v}">{label}</option>' for v, label in COUNTRIES) + """</select></fieldset></form></main>"""


# The field's label reworded ("Country" -> "Country of birth") beside another select: a kept word does not tell the
# field from another one that says it too (a form may ask for a country and a country of birth), and nothing else the
# select declares ties it to the recorded listbox: the step fails without choosing in either select.
REWORDED = NATIVE_SELECT.replace('<label for="country">Country</label>', '<label for="country">Country of birth</label>'
                                 ).replace('<label for="city">City</label><input id="city" name="city">',
                                           '<label for="cur">Currency</label><select id="cur" name="cur" '
                                           'onchange="used(\'cur:\' + this.value)"><option value="eur">Euro</option>'
                                           '<option value="gbp">Pound sterling</option></select>')


NO_SINGLE_FIELD = {"two-alike": (TWO_ALIKE, ["", ""]), "reworded": (REWORDED, ["", "eur"])}


@pytest.mark.parametrize("new", list(NO_SINGLE_FIELD))
@pytest.mark.parametrize("widget", list(BUTTON_CHOICES))
def test_a_listbox_no_single_select_is_labelled_as_fails_without_choosing_in_any_select(
        swap: Callable[..., Any], page: Any, widget: str, new: str) -> None:
    old, script = BUTTON_CHOICES[widget]
    markup, values = NO_SINGLE_FIELD[new]
    with pytest.raises(ReplayError) as info:
        swap(old % _options(*COUNTRIES), markup, "choose Germany as the country", script)
    assert used(page) == [], used(page)
    assert page.locator("select").evaluate_all("els => els.map((e) => e.value)") == values
    assert "could not be replayed" in str(info.value) and "zero-token heal found nothing" in str(info.value), info.value
