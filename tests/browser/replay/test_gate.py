"""Replay through the identity gate (pytest_lumen.replay.gate) with a Replayer on a real page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import model as A
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import LocatorSpec, Step
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.heal.attempt import ActionFailed
from pytest_lumen.page.fingerprint import capture
from pytest_lumen.replay import gate as gate_module
from pytest_lumen.replay import timed_out
from pytest_lumen.replay.replayer import Replayer
from pytest_lumen.run.session import LumenSession
from tests.browser.inprocess import record_then_replay
from tests.support.protocol import protocol_calls


def _replayer(page: Any, root: Path, gate: bool = True) -> Replayer:
    """A replay-mode Replayer with the gate open (unless ``gate`` is False), as the ``agent`` fixture makes it."""
    session = LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL))
    ctx = session.new_context("test_x.py::test_x", root / ".lumen-cache" / "x.json", root / "out")
    return Replayer(page, ctx, gate=gate)


def _target(page: Any, role: str, name: str, css: str, exact: bool = True) -> A.Target:
    """A role locator's target, fingerprinted on the element ``css`` finds."""
    return A.Target(locator=LocatorSpec(kind="role", value=role, name=name, exact=exact),
                    fingerprint=capture(page.locator(css)))


def _replay_alone(page: Any, root: Path, instruction: str, action: A.Action) -> tuple[Replayer, list[Any]]:
    """Replay a step of this one action through the gate; the replayer (its context) and the step's heals."""
    replayer = _replayer(page, root)
    step = Step(key=step_key(instruction, []), instruction=instruction, url="/", actions=[action])
    _, heals = replayer.replay(0, step, {})
    return replayer, heals


def test_a_gated_fill_whose_value_did_not_stick_is_filled_again_on_the_full_path(form_page: Any, tmp_path: Path) -> None:
    # the page throws the first input away, as a busy page or an inert one (behind a modal) does
    form_page.set_content('<label>Name <input id="n" oninput="if (!this.dataset.once) '
                          '{ this.dataset.once = 1; this.value = \'\'; }"></label>')
    target = _target(form_page, "textbox", "Name", "#n", exact=False)
    replayer, heals = _replay_alone(form_page, tmp_path, "fill the name",
                                    A.Fill(target=target, value="Ada", after=A.Effect(value="Ada")))
    assert form_page.locator("#n").input_value() == "Ada"
    ends = [e for e in replayer.ctx.events.events if e.type == "tool.end"]
    # its value is read back at the end of the step (no action after it carries the check), and it is filled again
    assert heals == [] and [e.path for e in ends] == ["gate", "full"]  # type: ignore[attr-defined]
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (0, 1)


# A record editor as a single-page app renders it: a router's route per record, the form a component renders for the
# record at the route (a new input each render, the label and id the same), every save logged. {on_input}: what a
# release does with the name's first input; recorded on a release that keeps it.
RECORDS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Records</title></head><body>
<div id="root"></div>
<script>
  window.__saved = [];
  let inputs = 0;
  function render(record) {
    document.getElementById('root').innerHTML = `<main><h1>Record ${record}</h1><form class="css-9a8b7c">
      <label for=":r0:">Name</label><input id=":r0:" class="MuiInputBase-input"></form></main>`;
    const input = document.getElementById(':r0:');
    input.addEventListener('input', () => {
      inputs += 1;
      if (inputs > 1) { window.__saved.push(`record ${record}: ${input.value}`); return; }
      {on_input}
    });
  }
  render(parseInt(location.pathname.split('/').pop(), 10));
</script></body></html>"""
KEEPS_IT = "window.__saved.push(`record ${record}: ${input.value}`);"
RENDERS_AGAIN = "render(record);  // a busy first render: the component mounts again, empty"
MOVES_ON = ("window.__saved.push(`record ${record}: ${input.value}`); history.pushState({}, '', `${record + 1}.html`);"
            " render(record + 1);  // saves, and moves on to the next record: a form just like it, empty")


def _record_name_fill(page: Any, site: Any) -> A.Fill:
    """The name's fill, recorded on record 1 of the release that keeps what is typed."""
    page.goto(f"{site.url}/records/1.html")
    return A.Fill(target=_target(page, "textbox", "Name", "input", exact=False), value="Ada", after=A.Effect(value="Ada"))


# An autosave that posts the first keystroke synchronously: the page's main thread takes the rest of the input only
# once the server answered (held until a second after it was asked: past the gate's first, short attempt, whose time
# runs out as the text goes in, and within the action's). Playwright logs nothing once it types.
AUTOSAVE = "const save = new XMLHttpRequest(); save.open('GET', '/slow/autosave.txt', false); save.send(); "


@pytest.mark.parametrize("autosave", ["at_once", "held"])
@pytest.mark.parametrize("release", ["renders_again", "moves_on"])
def test_a_fill_that_did_not_stick_is_filled_again_only_where_it_was_done(page: Any, tmp_path: Path, release: str,
                                                                          autosave: str,
                                                                          site_factory: Callable[..., Any]) -> None:
    # twin (renders_again): the same route, the field mounted again: filled again, green. Trap (moves_on): the app
    # moved on to the next record, whose form is just like it: filling it there would give record 2 the name, so
    # the step fails, and nothing is done on record 2. Either at once, or with the gate's time run out as it typed.
    on_input = (AUTOSAVE if autosave == "held" else "") + (RENDERS_AGAIN if release == "renders_again" else MOVES_ON)
    site = site_factory({"records/1.html": RECORDS.replace("{on_input}", KEEPS_IT),
                         "release/1.html": RECORDS.replace("{on_input}", on_input), "slow/autosave.txt": "ok"})
    fill = _record_name_fill(page, site)
    page.goto(f"{site.url}/release/1.html")
    if autosave == "held":
        site.release_after("/slow/autosave.txt", 1.0)
    if release == "renders_again":
        replayer, heals = _replay_alone(page, tmp_path, "name the record Ada", fill)
        assert heals == [] and page.evaluate("window.__saved") == ["record 1: Ada"]
        assert page.get_by_label("Name").input_value() == "Ada"
        # read back, filled again: a miss. When the gate's first, short attempt ran out of time as it typed (held, or
        # a busy machine), its second fills the field mounted again, and the value holds: a hit. One fill stuck.
        assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) in {(0, 1), (1, 0)}
        return
    with pytest.raises(ActionFailed) as failed:
        _replay_alone(page, tmp_path, "name the record Ada", fill)
    assert failed.value.performed and "the page had gone to another address" in failed.value.error
    assert page.evaluate("window.__saved") == ["record 1: Ada"]  # record 2's name was never typed
    assert page.get_by_label("Name").input_value() == ""


# The release's autosave, then the form mounted again (its answer re-renders the record), and a moment later the app
# moves on to the next record (a router's transition, or a page load, that the save's answer scheduled): here, when
# the test says.
SAVES_THEN_MOVES_ON = AUTOSAVE + "window.__moveOn = () => { {move} }; " + RENDERS_AGAIN
MOVES = {"by_its_router": "history.pushState({}, '', `${record + 1}.html`); render(record + 1);",
         "by_a_page_load": "location.assign(`${record + 1}.html`);"}


# An admin page that edits the record in an iframe (a CMS's editor pane): the same editor, in a frame's own world.
ADMIN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin</title></head><body><main><h1>Records
</h1><iframe name="editor" title="Record editor" src="/release/1.html" class="w-full h-96"></iframe></main></body></html>"""
IN_EDITOR = LocatorSpec(kind="frame", value='iframe[title="Record editor"]')


@pytest.mark.parametrize(("moves_on", "where"), [("never", "page"), ("by_its_router", "page"), ("by_a_page_load", "page"),
                                                 ("never", "frame"), ("by_its_router", "frame")])
def test_a_fill_done_again_on_its_page_is_not_done_where_the_app_moved_on_meanwhile(
        page: Any, tmp_path: Path, moves_on: str, where: str, site_factory: Callable[..., Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The gate's first attempt runs out of time as it types (the autosave held); the page, once free, mounts the field
    # again on the same route, so the fill is done again. Twin (never): filled again there, green. Traps: the app moves
    # on to record 2 between the page's answer and the second attempt: record 2's name is never typed, red. On the
    # page, or in the admin's editor frame.
    site = site_factory({"records/1.html": RECORDS.replace("{on_input}", KEEPS_IT), "slow/autosave.txt": "ok",
                         "release/1.html": RECORDS.replace("{on_input}", SAVES_THEN_MOVES_ON.replace(
                             "{move}", MOVES.get(moves_on, ""))), "release/2.html": RECORDS.replace("{on_input}", KEEPS_IT),
                         "admin.html": ADMIN})
    fill = _record_name_fill(page, site)
    if where == "frame":
        fill = fill.model_copy(update={"target": fill.target.model_copy(update={
            "locator": fill.target.locator.model_copy(update={"parent": IN_EDITOR})})})
    page.goto(f"{site.url}/{'release/1.html' if where == 'page' else 'admin.html'}")
    doc = page if where == "page" else page.frame(name="editor")
    monkeypatch.setattr(gate_module, "GATE_MS", 3000.0)  # the first attempt gets to type however busy the machine is
    moved_on = timed_out.moved_on
    asked: list[bool] = []

    def answered_then_moves_on(on: Any, replay: Any, token: str) -> bool:  # the page is free once the gate asks it
        site.release.set()
        asked.append(moved_on(on, replay, token))
        if moves_on != "never" and asked == [False]:
            doc.evaluate("window.__moveOn()")
            doc.wait_for_url("**/release/2.html")
            doc.get_by_label("Name").wait_for()
        return asked[-1]
    monkeypatch.setattr(timed_out, "moved_on", answered_then_moves_on)
    if moves_on == "never":
        _, heals = _replay_alone(page, tmp_path, "name the record Ada", fill)
        assert heals == [] and doc.evaluate("window.__saved") == ["record 1: Ada"] and asked == [False]
        return
    with pytest.raises(ActionFailed) as failed:
        _replay_alone(page, tmp_path, "name the record Ada", fill)
    assert failed.value.performed and asked == [False]
    assert doc.evaluate("window.__saved") == [] and doc.url.endswith("/release/2.html")  # record 2's name never typed
    assert doc.get_by_label("Name").input_value() == ""


# A ticket form whose status select autosaves on change, posting synchronously (AUTOSAVE); a release moves on to the
# next ticket once saved. Playwright chooses in one call into the page, whose answer comes only once the save did.
TICKETS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tickets</title></head><body>
<div id="root"></div>
<script>
  window.__saved = [];
  function render(ticket) {
    document.getElementById('root').innerHTML = `<main><h1>Ticket ${ticket}</h1><form class="css-1x2y3z">
      <label for=":r1:">Status</label><select id=":r1:" class="MuiNativeSelect-select"><option value="open">Open</option>
      <option value="closed">Closed</option></select></form></main>`;
    const select = document.getElementById(':r1:');
    select.addEventListener('change', () => {
      {autosave}window.__saved.push(`ticket ${ticket}: ${select.value}`);
      {then}
    });
  }
  render(parseInt(location.pathname.split('/').pop(), 10));
</script></body></html>"""
NEXT_TICKET = "history.pushState({}, '', `${ticket + 1}.html`); render(ticket + 1);  // moves on to the next ticket"


@pytest.mark.parametrize("release", ["stays", "moves_on"])
def test_a_select_whose_time_ran_out_as_it_chose_is_never_chosen_again_where_the_app_moved_on(
        page: Any, tmp_path: Path, release: str, site_factory: Callable[..., Any]) -> None:
    # twin (stays): the select holds the choice once the save is done: green, saved once. Trap (moves_on): the app
    # saved ticket 1 and moved on to ticket 2, whose form is just like it: it is never closed there, red
    site = site_factory({"tickets/1.html": TICKETS.replace("{autosave}", "").replace("{then}", ""),
                         "release/1.html": TICKETS.replace("{autosave}", AUTOSAVE).replace(
                             "{then}", NEXT_TICKET if release == "moves_on" else ""), "slow/autosave.txt": "ok"})
    page.goto(f"{site.url}/tickets/1.html")
    close = A.SelectOption(target=_target(page, "combobox", "Status", "select", exact=False), value="closed")
    page.goto(f"{site.url}/release/1.html")
    site.release_after("/slow/autosave.txt", 1.0)
    if release == "stays":
        _, heals = _replay_alone(page, tmp_path, "close the ticket", close)
        assert heals == [] and page.evaluate("window.__saved") == ["ticket 1: closed"]
        return
    with pytest.raises(ActionFailed) as failed:
        _replay_alone(page, tmp_path, "close the ticket", close)
    assert failed.value.performed and "the page had gone to another address" in failed.value.error
    assert page.evaluate("window.__saved") == ["ticket 1: closed"]  # ticket 2 was never closed
    assert page.get_by_label("Status").input_value() == "open"


LOGIN = """
<form onsubmit="event.preventDefault(); document.getElementById('out').textContent = 'Signed in ' + this.u.value">
  <label>User <input name="u"></label> <label>Password <input name="p" type="password"></label>
  <button>Sign in</button> <output id="out"></output>
</form>
"""


def _login_step(page: Any) -> Step:
    """Fill, fill, click: the fills' values checked by the actions after them."""
    def target(role: str, name: str) -> A.Target:
        return A.Target(locator=LocatorSpec(kind="role", value=role, name=name, exact=True),
                        fingerprint=capture(page.get_by_role(role, name=name, exact=True)))
    actions: list[A.Action] = [
        A.Fill(target=target("textbox", "User"), value="ada", after=A.Effect(value="ada")),
        A.Fill(target=target("textbox", "Password"), value="%pw%", after=A.Effect(value="%pw%")),
        A.Click(target=target("button", "Sign in"))]
    return Step(key=step_key("log in", []), instruction="log in", url="/", actions=actions)


def _protocol_calls(run: Callable[[], object]) -> int:
    """Browser round trips while ``run()`` runs."""
    with protocol_calls() as counts:
        run()
    return sum(counts.values())


def test_fills_are_checked_in_the_round_trips_of_the_actions_after_them(form_page: Any, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # What is counted is the hit path, not the clock: on a loaded machine the first attempt's short bound can pass
    # before Playwright finds the element, and the gate then asks the page once more (a round trip of its own).
    monkeypatch.setattr(gate_module, "GATE_MS", 60_000.0)
    form_page.set_content(LOGIN)
    step = _login_step(form_page)
    replayer = _replayer(form_page, tmp_path)
    calls = _protocol_calls(lambda: replayer.replay(0, step, {"pw": "s3cret-pw"}))
    assert form_page.locator("#out").text_content() == "Signed in ada"
    assert calls == 3  # as many as fill, fill, click written by hand: no read-back of its own
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (3, 0)


def test_a_fill_that_did_not_stick_is_found_out_by_the_next_action_and_done_again(form_page: Any, tmp_path: Path) -> None:
    # the page throws the password away once, as a busy page does: the click that carries the check misses the gate
    form_page.set_content(LOGIN.replace('type="password"', 'type="password" oninput="if (!this.dataset.once) '
                                        '{ this.dataset.once = 1; this.value = \'\'; }"'))
    replayer = _replayer(form_page, tmp_path)
    done, heals = replayer.replay(0, _login_step(form_page), {"pw": "s3cret-pw"})
    assert form_page.locator("input[name=p]").input_value() == "s3cret-pw"
    assert form_page.locator("#out").text_content() == "Signed in ada"
    ends = [(e.toolId, e.path) for e in replayer.ctx.events.events if e.type == "tool.end"]  # type: ignore[attr-defined]
    assert ends == [("fill:0", "gate"), ("fill:1", "gate"), ("fill:1", "full"), ("click:2", "full")]
    assert heals == [] and [a.kind for a in done] == ["fill", "fill", "click"]
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (1, 2)


# An admin's change list: a row checkbox per object, all named alike, rows that share most of their words.
CHANGE_LIST = """<table style="margin-top: {top}px"><tbody>{rows}</tbody></table>"""
ROW = ('<tr><td><input type="checkbox" class="{cls}" aria-label="Select this object for an action" '
       'onclick="document.body.dataset.picked = \'{n}\'"></td>'
       '<td>Invoice {n}</td><td>Acme Corporation</td><td>Paid</td><td>2026-11-01</td><td>$1,200.00</td></tr>')


def _change_list(top: int, cls: str) -> str:
    return CHANGE_LIST.format(top=top, rows="".join(ROW.format(n=n, cls=cls) for n in (1041, 1042, 1043)))


def _check_row(page: Any) -> Step:
    """Check invoice 1042's row, recorded on the change list as it was."""
    row = page.get_by_role("row").filter(has_text="Invoice 1042").get_by_role("checkbox")
    fp = capture(row).model_copy(update={"look_alikes": 2})
    target = A.Target(locator=LocatorSpec(kind="selector", value="tr:nth-child(2) input"), fingerprint=fp)
    return Step(key=step_key("select invoice 1042", []), instruction="select invoice 1042", url="/",
                actions=[A.Check(target=target, checked=True)])


def test_the_gate_and_the_full_path_give_one_verdict_on_a_row_among_look_alikes(page: Any, tmp_path: Path) -> None:
    # a restyle moves the table and renames the checkboxes' classes: the same element, its identity unchanged, while
    # the other rows, which share most of its words, come close to it on similarity alone
    page.set_content(_change_list(0, "action-select"))
    step = _check_row(page)
    verdicts = []
    for gate in (True, False):
        page.set_content(_change_list(240, "form-check-input"))
        replayer = _replayer(page, tmp_path / str(gate), gate=gate)
        _, heals = replayer.replay(0, step, {})
        verdicts.append((page.evaluate("document.body.dataset.picked"), heals))
    assert verdicts == [("1042", []), ("1042", [])]


LISTBOX = """<span id="l">Country</span><ul role="listbox" aria-labelledby="l" style="list-style:none">
<li role="option" aria-selected="false" onclick="window.__chosen = 'France'">France</li>
<li role="option" aria-selected="false" onclick="window.__chosen = 'Germany'">Germany</li></ul>"""


def test_an_option_of_an_unchanged_listbox_is_clicked_in_one_round_trip(form_page: Any, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # whether a native select now offers the option is asked only once the gate missed it: never on an unchanged page
    monkeypatch.setattr(gate_module, "GATE_MS", 60_000.0)
    form_page.set_content(LISTBOX)
    option = form_page.get_by_role("option", name="Germany", exact=True)
    click = A.Click(target=A.Target(locator=LocatorSpec(kind="role", value="option", name="Germany", exact=True),
                                    fingerprint=capture(option)))
    step = Step(key=step_key("choose Germany", []), instruction="choose Germany", url="/", actions=[click])
    replayer = _replayer(form_page, tmp_path)
    calls = _protocol_calls(lambda: replayer.replay(0, step, {}))
    assert form_page.evaluate("window.__chosen") == "Germany"
    assert calls == 1  # the click, its identity check riding along: as a hand-written click
    assert (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (1, 0)


def test_a_gated_select_whose_answer_comes_after_its_time_is_made_once(form_page: Any, tmp_path: Path) -> None:
    # The change handler holds the page's thread well past the gate's first attempt (GATE_MS): Playwright's one call
    # into the page chooses the option, and its answer comes after that attempt's time ran out, as on a busy machine.
    hold = 3 * gate_module.GATE_MS
    form_page.set_content(f"""<label>Country <select id="c" onchange="window.__changes = (window.__changes || 0) + 1;
        const end = performance.now() + {hold}; while (performance.now() < end) {{}}">
        <option value="">Choose</option><option value="fr">France</option><option value="de">Germany</option>
        </select></label>""")
    target = _target(form_page, "combobox", "Country", "#c")
    replayer, heals = _replay_alone(form_page, tmp_path, "choose Germany",
                                    A.SelectOption(target=target, value="de", after=A.Effect(value="de")))
    assert form_page.locator("#c").input_value() == "de"
    assert form_page.evaluate("window.__changes") == 1  # chosen once: the page's change handlers ran once
    assert heals == [] and (replayer.ctx.figures.gate_hits, replayer.ctx.figures.gate_misses) == (1, 0)


# A list's delete as sqladmin does it with Bootstrap's modal: the trash link opens the modal, and only when it has
# finished opening (its transition's end: shown.bs.modal) does the modal's Delete button get the record's URL; a Delete
# clicked before then deletes nothing. The release adds the modal's fade: it moves no box, so Playwright, which waits
# for a moving element to stop, does not wait for it.
MODAL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title><style>
.modal {{ display: none; opacity: 0; {fade} }} .modal.show {{ opacity: 1; }}</style></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script>
<main><h1>Products</h1><table><tr><td>Blue mug</td><td><a href="#" title="Delete" data-url="/products/1">x</a></td></tr>
<tr><td>Green plate</td><td><a href="#" title="Delete" data-url="/products/2">x</a></td></tr></table></main>
<div class="modal fade" id="modal-delete" role="dialog" aria-labelledby="modal-title"><div class="modal-dialog">
<h5 id="modal-title">Please confirm</h5>
<button id="modal-delete-button" data-url="" onclick="used('DELETE ' + this.dataset.url)">Delete</button></div></div>
<script>
document.querySelectorAll('a[title=Delete]').forEach((a) => a.addEventListener('click', (e) => {{
  e.preventDefault();
  const modal = document.getElementById('modal-delete');
  const shown = () => {{ document.getElementById('modal-delete-button').dataset.url = a.dataset.url; }};
  modal.style.display = 'block'; modal.offsetHeight; modal.classList.add('show');
  if (getComputedStyle(modal).transitionDuration !== '0s') modal.addEventListener('transitionend', shown, {{once: true}});
  else shown();
}}));
</script>{extra}</body></html>"""
DELETE_GREEN_PLATE = [{"tool": "click", "target": {"role": "link", "name": "x", "nth": 1}},
                      {"tool": "click", "target": {"role": "button", "name": "Delete"}}, {"tool": "done"}]


def test_the_gate_acts_in_a_dialog_once_it_has_finished_opening(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                                 tmp_path: Path) -> None:
    site = site_factory({"old.html": MODAL.format(fade="", extra=""),
                         "new.html": MODAL.format(fade="transition: opacity .3s linear;", extra="")})
    ctx = record_then_replay(page, site, tmp_path, DELETE_GREEN_PLATE, "delete the Green plate")
    assert list(page.evaluate("window.__used")) == ["DELETE /products/2"]
    assert ctx.figures.gate_misses == 0  # the gate waited for the dialog, as Playwright waits for a moving element


def test_the_gate_does_not_wait_for_an_endless_animation(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                          tmp_path: Path) -> None:
    shimmer = ("<style>@keyframes shimmer { from { opacity: .6 } to { opacity: 1 } } "
               "main, .modal-dialog { animation: shimmer 1s infinite alternate; }</style>")
    site = site_factory({"old.html": MODAL.format(fade="", extra=""), "new.html": MODAL.format(fade="", extra=shimmer)})
    ctx = record_then_replay(page, site, tmp_path, DELETE_GREEN_PLATE, "delete the Green plate")
    assert list(page.evaluate("window.__used")) == ["DELETE /products/2"] and ctx.figures.gate_misses == 0



SHIMMER = ("<style>@keyframes shimmer { from { opacity: .6 } to { opacity: 1 } } "
           "main, .modal-dialog { animation: shimmer 1s infinite alternate; }</style>")


@pytest.mark.parametrize(("fade", "extra"), [("transition: opacity .3s linear;", ""), ("", SHIMMER)],
                         ids=["fade", "endless-shimmer"])
def test_the_full_path_acts_in_a_dialog_once_it_has_finished_opening(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, fade: str, extra: str) -> None:
    # the release also renamed the Delete button's id: the gate misses it at once, and the full path finds it by its
    # role and name while the dialog still fades in (the trap: it clicked then, sending DELETE to no URL); an endless
    # shimmer is not waited for (the twin)
    new = MODAL.format(fade=fade, extra=extra).replace("modal-delete-button", "delete-confirm")
    site = site_factory({"old.html": MODAL.format(fade="", extra=""), "new.html": new})
    ctx = record_then_replay(page, site, tmp_path, DELETE_GREEN_PLATE, "delete the Green plate")
    assert list(page.evaluate("window.__used")) == ["DELETE /products/2"]
    assert ctx.figures.gate_misses == 1  # the Delete went down the full path


# Shoelace's sl-dialog as a web component renders it: its footer's Delete is light DOM, slotted into a shadow panel
# that fades in with the Web Animations API (which ``document.getAnimations()`` does not list); the app gives the button
# its record once the panel's animation has finished.
SLOTTED = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products</title></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script>
<main><h1>Products</h1><ul><li>Blue mug <a href="#" title="Delete" data-url="/products/1">x</a></li>
<li>Green plate <a href="#" title="Delete" data-url="/products/2">x</a></li></ul></main>
<x-dialog id="modal"><button id="{button}" data-url="" onclick="used('DELETE ' + this.dataset.url)">Delete</button></x-dialog>
<script>
customElements.define('x-dialog', class extends HTMLElement {{ constructor() {{ super();
  this.attachShadow({{mode: 'open'}}).innerHTML = '<div part="panel" role="dialog" aria-label="Please confirm" '
    + 'style="display: none"><slot></slot></div>'; }} }});
document.querySelectorAll('a[title=Delete]').forEach((a) => a.addEventListener('click', (e) => {{
  e.preventDefault();
  const panel = document.getElementById('modal').shadowRoot.querySelector('[part=panel]');
  panel.style.display = 'block';
  panel.animate([{{opacity: 0}}, {{opacity: 1}}], {ms}).finished.then(() => {{
    document.querySelector('#modal > button').dataset.url = a.dataset.url; }});
}}));
</script></body></html>"""


@pytest.mark.parametrize("button", ["delete", "delete-confirm"], ids=["gate", "full-path"])
def test_a_dialog_opening_in_a_shadow_root_is_waited_for(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                         tmp_path: Path, button: str) -> None:
    # trap: the panel that fades in holds the button through a slot, in a shadow root: it clicked while it faded
    site = site_factory({"old.html": SLOTTED.format(button="delete", ms=0), "new.html": SLOTTED.format(button=button, ms=400)})
    ctx = record_then_replay(page, site, tmp_path, DELETE_GREEN_PLATE, "delete the Green plate")
    assert list(page.evaluate("window.__used")) == ["DELETE /products/2"]
    assert ctx.figures.gate_misses == (0 if button == "delete" else 1)


# What moves an element but opens nothing: a snackbar's fade-out to come (in its delay: W3Schools' snackbar, its Undo
# in it), and a pulse of seconds on the page around it. Neither is waited for: the gate lets the action through.
SNACKBAR = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox</title><style>
@keyframes fadein {{ from {{ opacity: 0; }} to {{ opacity: 1; }} }}
@keyframes fadeout {{ from {{ opacity: 1; }} to {{ opacity: 0; }} }}
@keyframes pulse {{ from {{ opacity: .8; }} to {{ opacity: 1; }} }}
#snackbar.show {{ animation: {animation}; }} {extra}</style></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script>
<main id="app"><h1>Inbox</h1><button onclick="document.getElementById('snackbar').className = 'show'">Archive</button>
<div id="snackbar">Conversation archived <button onclick="used('undo')">Undo</button></div></main></body></html>"""
UNDO = [{"tool": "click", "target": {"role": "button", "name": "Archive"}},
        {"tool": "click", "target": {"role": "button", "name": "Undo"}}, {"tool": "done"}]


@pytest.mark.parametrize(("animation", "extra"), [
    ("fadein .1s, fadeout .5s 30s", ""),  # its fade-out, 30 s away, in its delay
    ("none", "#app { animation: pulse 1s 20 alternate; }"),  # the page pulses for 20 s
], ids=["fade-out-to-come", "long-pulse"])
def test_what_opens_nothing_is_not_waited_for(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                              tmp_path: Path, animation: str, extra: str) -> None:
    site = site_factory({"old.html": SNACKBAR.format(animation="none", extra=""),
                         "new.html": SNACKBAR.format(animation=animation, extra=extra)})
    ctx = record_then_replay(page, site, tmp_path, UNDO, "archive the conversation and undo it")
    assert list(page.evaluate("window.__used")) == ["undo"]
    assert ctx.figures.gate_misses == 0  # let through at once, not after the action's time
