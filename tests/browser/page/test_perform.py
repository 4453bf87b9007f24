"""pytest_lumen.page.perform: ``current_url``, the URL the browser has now, not the one Playwright last told Python; and
``acted_anyway``, what an action that ran out of time did: a click whose mouse events were sent lands, and is never
sent again, and the step goes on only once the page has taken it (fails, as done, when the page does not in time)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.errors import ReplayError
from pytest_lumen.page import perform
from pytest_lumen.page.perform import On, acted_anyway, current_url
from tests.browser.inprocess import record_once, record_then_replay, replay_new


def test_current_url_sees_a_navigation_that_page_url_does_not_show_yet(page: Any, site_factory: Any) -> None:
    site = site_factory({
        "index.html": "<button onclick=\"fetch('/slow/go.txt').then(() => { location.href = '/next.html'; })\">Go</button>",
        "slow/go.txt": "go",  # held by the server until the test releases it
        "next.html": "<h1>Next</h1><img src=\"/pixel.gif\" alt=\"\">",
        "pixel.gif": "GIF89a",
    })
    page.goto(site.url + "/index.html")
    page.get_by_role("button", name="Go").click()
    site.release.set()  # the page leaves only now: the click has returned, however busy the machine
    # Python waits for something else, as while a model answers: no Playwright call until the
    # browser has parsed the next page (it asked for the picture in it)
    site.wait_for_request("/pixel.gif")
    assert page.url.endswith("/index.html")  # only as fresh as the last call
    assert current_url(page).endswith("/next.html")
    assert page.url.endswith("/next.html")  # the round trip brought it up to date


def test_a_select_that_holds_its_option_after_its_time_ran_out_acted_anyway(page: Any) -> None:
    # Playwright checks a select and chooses in one call into the page, and logs nothing before it acts: when that
    # call's answer comes after the action's time (a busy machine), the log ends at "attempting", and only the
    # select itself says whether it acted. Recording (``perform_once``) and the gate must then not choose again.
    page.set_content("""<label>Country <select id="c"><option value="">Choose</option><option value="fr">France</option>
        <option value="de">Germany</option></select></label>""")
    loc = page.locator("#c")
    target = A.Target(locator=LocatorSpec(kind="selector", value="#c"))
    late = PlaywrightTimeoutError('Timeout 300ms exceeded.\nCall log:\n  - waiting for locator("#c")\n'
                                  "    - locator resolved to <select>\n  - attempting select option action")
    loc.select_option("de")  # what the late call did
    assert acted_anyway(A.SelectOption(target=target, value="%country%"), On(page, loc, {"country": "de"}, 300), late)
    assert not acted_anyway(A.SelectOption(target=target, value="fr"), On(page, loc, {}, 300), late)  # holds another
    assert not acted_anyway(A.Click(target=target), On(page, loc, {}, 300), late)  # a click logs "performing" first
    clicked = PlaywrightTimeoutError(late.message + "\n  - performing click action\n  - click action done")
    assert acted_anyway(A.Click(target=target), On(page, loc, {}, 300), clicked)


# An admin form whose release added an old-style click tracker: on mousedown it pings its server with a synchronous
# request, so the page's main thread takes the rest of the click (mouseup, click) only once the reply came. The server
# holds the reply (``slow/``) until the test lets it go: past the gate's first attempt, and past the whole action's time.
FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Edit report</title></head><body>
<div class="container"><form class="row g-3" onsubmit="return false"><div class="col-12"><label for="t" class="form-label">
Title</label><input id="t" class="form-control" value="Q3 report"></div><div class="col-12 form-check">
<input class="form-check-input" type="checkbox" id="n" data-track="notify" onchange="window.__used.push('notify')">
<label class="form-check-label" for="n">Email the team</label></div><div class="col-12">
<button type="button" class="btn btn-primary" data-track="save" onclick="window.__used.push('save')">Save</button>
</div></form></div><script>window.__used = [];</script>{tracker}</body></html>"""
TRACKER = """<script>document.addEventListener('mousedown', (event) => {
  const tracked = event.target.closest('[data-track]');
  if (!tracked) return;
  const ping = new XMLHttpRequest();
  ping.open('GET', '/slow/track.txt?' + tracked.dataset.track, false);
  ping.send();
}, true);</script>"""


def free_once_waited_for(monkeypatch: pytest.MonkeyPatch, site: Any, wait: str = "wait_taken") -> list[tuple[Any, ...]]:
    """Let the held page go once the step has given up on its click's answer and waits for what it did (``wait``:
    ``perform.wait_taken``, the page to take the input; ``came_to``, a control's state): late, but within the action's
    time, however busy the machine is. The waits' arguments, as they come."""
    waiting = getattr(perform, wait)
    waits: list[tuple[Any, ...]] = []

    def free_then_wait(*args: Any) -> None:
        waits.append(args)
        site.release.set()
        waiting(*args)
    monkeypatch.setattr(perform, wait, free_then_wait)
    return waits


SCRIPTS = {"save": [{"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}],
           "notify": [{"tool": "check", "target": {"role": "checkbox", "name": "Email the team"}}, {"tool": "done"}]}


@pytest.mark.parametrize("control", ["save", "notify"])
@pytest.mark.parametrize("page_free", ["after-the-gates-attempt", "never-in-time"])
def test_a_click_the_page_takes_late_is_sent_once_and_the_step_waits_for_it(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page_free: str, control: str) -> None:
    site = site_factory({"old.html": FORM.format(tracker=""), "new.html": FORM.format(tracker=TRACKER),
                         "slow/track.txt": "ok"})
    if page_free == "after-the-gates-attempt":  # twin: the page free once the step waits for it, within the action's time
        free_once_waited_for(monkeypatch, site)
        ctx = record_then_replay(page, site, tmp_path, SCRIPTS[control], f"{control} the report")
        assert page.evaluate("window.__used") == [control] and not ctx.heals  # taken before the step ended, once
        assert control == "save" or page.get_by_role("checkbox").is_checked()
        return
    with pytest.raises(ReplayError) as failed:  # trap: the page held past the time: red, never clicked twice
        record_then_replay(page, site, tmp_path, SCRIPTS[control], f"{control} the report")
    site.release.set()
    assert "were sent as its time ran out" in str(failed.value) and "lumen_action_timeout" in str(failed.value)
    page.wait_for_function("window.__used.length > 0")  # the click that was sent lands now: the only one
    assert page.evaluate("window.__used") == [control]


# A settings page's switch (Radix/Headless UI: a button with role="switch") that shows the choice and saves it. The
# release's click tracker holds the mousedown as above, so Playwright's time runs out with the click sent and the state
# not read yet.
SWITCH = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Settings</title></head><body><main>
<h1>Notifications</h1><div class="flex items-center gap-2"><button type="button" role="switch" aria-checked="false"
id="headlessui-switch-:r1:" data-track="alerts" class="relative inline-flex h-6 w-11 rounded-full bg-gray-200"
onclick="window.__used.push('alerts'); {shown} fetch('/prefs.json')"><span class="sr-only">Email alerts
</span><span aria-hidden="true" class="inline-block h-5 w-5 rounded-full bg-white"></span></button></div></main>
<script>window.__used = [];</script>{tracker}</body></html>"""
SHOWN = "this.setAttribute('aria-checked', 'true');"
ALERTS = [{"tool": "check", "target": {"role": "switch", "name": "Email alerts"}}, {"tool": "done"}]


@pytest.mark.parametrize("release", ["shows-it", "never-shows-it"])
def test_a_check_whose_click_the_page_took_late_is_never_clicked_again(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, release: str) -> None:
    # twin: the switch turns on: green, clicked once. Trap: it stays off (the app regressed):
    # red, and not clicked a second time (that would toggle it back and forth)
    site = site_factory({"old.html": SWITCH.format(shown=SHOWN, tracker=""), "prefs.json": "{}", "slow/track.txt": "ok",
                         "new.html": SWITCH.format(shown=SHOWN if release == "shows-it" else "", tracker=TRACKER)})
    free_once_waited_for(monkeypatch, site)
    if release == "shows-it":
        record_then_replay(page, site, tmp_path, ALERTS, "turn email alerts on")
        assert page.evaluate("window.__used") == ["alerts"] and page.get_by_role("switch").is_checked()
        return
    with pytest.raises(ReplayError) as failed:
        record_then_replay(page, site, tmp_path, ALERTS, "turn email alerts on")
    assert "the control was not checked" in str(failed.value)
    assert page.evaluate("window.__used") == ["alerts"] and not page.get_by_role("switch").is_checked()


# The release's switch shows its state only once its server answered (no optimistic update), as many settings pages
# do: Playwright reads the state just after its click, before the answer, and fails ("did not change its state").
FOLLOWS_SERVER = ("fetch('/slow/prefs.json').then((r) => r.json())"
                  ".then((prefs) => this.setAttribute('aria-checked', String(prefs.alerts)));")


@pytest.mark.parametrize("server", ["turns-it-on", "refuses"])
def test_a_switch_that_shows_its_servers_answer_is_clicked_once_and_its_state_waited_for(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    # twin: the server turns it on: green, one click. Trap: the release's server refuses (the switch stays off): red,
    # and never clicked a second time
    site = site_factory({"old.html": SWITCH.format(shown=SHOWN, tracker=""), "prefs.json": "{}",
                         "new.html": SWITCH.format(shown=FOLLOWS_SERVER, tracker=""),
                         "slow/prefs.json": json.dumps({"alerts": server == "turns-it-on"})})
    waits = free_once_waited_for(monkeypatch, site, "came_to")  # the server answers once Playwright read the state
    if server == "turns-it-on":
        ctx = record_then_replay(page, site, tmp_path, ALERTS, "turn email alerts on")
        assert page.evaluate("window.__used") == ["alerts"] and page.get_by_role("switch").is_checked()
        # through the gate, whose first attempt is short, the state gets the action's time (2 s), as recording does
        assert not ctx.heals and [args[2] for args in waits] == [2000.0]
        return
    with pytest.raises(ReplayError) as failed:
        record_then_replay(page, site, tmp_path, ALERTS, "turn email alerts on")
    assert "the control was not checked" in str(failed.value) and "toggle it back" in str(failed.value)
    assert page.evaluate("window.__used") == ["alerts"] and not page.get_by_role("switch").is_checked()


# A team page's member rows (a Tailwind list: the same markup a row), each with an "Active" switch that shows what the
# server answered; the release's server refuses Ada's change and the row says so. The switch is there, off: the click
# did not do what it should, and is not done again (the row's new text is no identity: its item is Ada's name).
MEMBERS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team</title></head><body><main>
<h1>Team</h1><ul role="list" class="divide-y divide-gray-100">{rows}</ul></main>
<script>window.__used = [];
document.querySelectorAll('[role=switch]').forEach((control) => control.addEventListener('click', () => {{
  const row = control.closest('li');
  window.__used.push(row.dataset.member);
  fetch(`/slow/${{location.pathname.slice(1, -5)}}/${{row.dataset.member}}.json`).then((r) => r.json()).then((answer) => {{
    if (answer.saved) control.setAttribute('aria-checked', 'true');
    else row.querySelector('p.text-red-600').textContent = 'Could not save: ' + answer.error;
  }});
}}));</script></body></html>"""
MEMBER = """<li class="flex justify-between gap-x-6 py-5" data-member="{key}"><div class="min-w-0"><p class="text-sm
font-semibold">{name}</p><p class="text-red-600"></p></div><button type="button" role="switch" aria-checked="false"
aria-label="Active" class="relative inline-flex h-6 w-11"><span aria-hidden="true" class="h-5 w-5"></span></button></li>"""
ROWS = "".join(MEMBER.format(key=k, name=n) for k, n in (("ada", "Ada Lovelace"), ("grace", "Grace Hopper")))
ADA_ACTIVE = [{"tool": "check", "target": {"role": "switch", "name": "Active", "nth": 0}}, {"tool": "done"}]


@pytest.mark.parametrize("server", ["saves-it", "refuses"])
def test_a_switch_of_look_alike_rows_that_its_server_refuses_stays_red_and_is_clicked_once(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    # twin: the server saves it, the switch shows it: green. Trap: it refuses, the row shows why, the switch stays
    # off: red, clicked once, never toggled
    answer = {"saved": True} if server == "saves-it" else {"saved": False, "error": "the last admin"}
    site = site_factory({"old.html": MEMBERS.format(rows=ROWS), "new.html": MEMBERS.format(rows=ROWS),
                         "slow/old/ada.json": json.dumps({"saved": True}), "slow/new/ada.json": json.dumps(answer)})
    free_once_waited_for(monkeypatch, site, "came_to")  # each answer comes once Playwright has read the state
    record_once(page, site, tmp_path, ADA_ACTIVE, "make Ada active")
    site.release.clear()
    if server == "saves-it":
        replay_new(page, site, tmp_path, "make Ada active")
        assert page.evaluate("window.__used") == ["ada"] and page.get_by_role("switch").first.is_checked()
        return
    with pytest.raises(ReplayError) as failed:
        replay_new(page, site, tmp_path, "make Ada active")
    assert "the control was not checked" in str(failed.value)
    assert page.evaluate("window.__used") == ["ada"] and not page.get_by_role("switch").first.is_checked()


# A notifications page's channel cards (a Stripe-like settings layout, not a list): each card an "Enabled" switch that
# shows what its server answered, and the card's status line beside it says how the change goes. The switches are
# look-alikes, told apart by the text around them, which the click changes: "Saving..." at once, then "Saved" when the
# server saved it, "Could not save" when it refused.
CHANNELS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notifications</title></head><body><main>
<h1>Notifications</h1>{cards}</main><script>window.__used = [];
document.querySelectorAll('[role=switch]').forEach((control) => control.addEventListener('click', () => {{
  const card = control.closest('section');
  window.__used.push(card.dataset.channel);
  card.querySelector('.status').textContent = 'Saving...';
  fetch(`/slow/${{location.pathname.slice(1, -5)}}/${{card.dataset.channel}}.json`).then((r) => r.json()).then((answer) => {{
    if (answer.saved) control.setAttribute('aria-checked', 'true');
    card.querySelector('.status').textContent = answer.saved ? 'Saved' : 'Could not save: ' + answer.error;
  }});
}}));</script>{tracker}</body></html>"""
CHANNEL = """<section class="rounded-lg border p-6" data-channel="{key}"><div class="flex justify-between"><div><h2
class="text-base font-semibold">{name}</h2><p class="text-sm text-gray-500">{about}</p><p class="status text-sm"
role="status"></p></div><button type="button" role="switch" aria-checked="false" id="headlessui-switch-:r{n}:" data-track="{key}"
class="relative inline-flex h-6 w-11"><span class="sr-only">Enabled</span><span aria-hidden="true" class="h-5 w-5">
</span></button></div></section>"""
CARDS = "".join(CHANNEL.format(key=k, name=n, about=a, n=i) for i, (k, n, a) in enumerate((
    ("email", "Email", "Receipts and alerts by email."), ("sms", "SMS", "Alerts by text message."))))
EMAIL_ENABLED = [{"tool": "check", "target": {"role": "switch", "name": "Enabled", "nth": 0}}, {"tool": "done"}]


@pytest.mark.parametrize("click", ["its-state-read-at-once", "sent-as-time-ran-out"])
@pytest.mark.parametrize("server", ["saves-it", "refuses"])
def test_a_switch_whose_click_changes_the_text_that_tells_it_apart_is_read_by_the_rest_of_its_identity(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str, click: str) -> None:
    # twin: the server saves it, the switch shows it and its card says "Saved": green, clicked once. Trap: the server
    # refuses, its card says why, the switch stays off: red, clicked once, never toggled. In both the text that tells
    # the switch from its look-alike changed with the click: the control is still there, found by the rest of its
    # identity (its id, its card's heading), and read there. Its state
    # is read at once by Playwright, before the answer; or the release's click tracker (above) holds the click, so
    # the gate's time runs out with the click sent
    late = click == "sent-as-time-ran-out"
    answer = {"saved": True} if server == "saves-it" else {"saved": False, "error": "verify your address first"}
    site = site_factory({"old.html": CHANNELS.format(cards=CARDS, tracker=""), "slow/track.txt": "ok",
                         "new.html": CHANNELS.format(cards=CARDS, tracker=TRACKER if late else ""),
                         "slow/old/email.json": json.dumps({"saved": True}), "slow/new/email.json": json.dumps(answer)})
    site.release.set()  # recording: the server answers at once
    record_once(page, site, tmp_path, EMAIL_ENABLED, "enable email notifications")
    site.release.clear()
    # the server answers once the step waits for the page to take the click, or Playwright has read the state
    waits = free_once_waited_for(monkeypatch, site, "wait_taken" if late else "came_to")
    if server == "saves-it":
        ctx = replay_new(page, site, tmp_path, "enable email notifications")
        assert page.evaluate("window.__used") == ["email"] and page.get_by_role("switch").first.is_checked()
        assert ctx.figures.gate_hits == 1 and not ctx.heals and len(waits) == 1
        return
    with pytest.raises(ReplayError) as failed:
        replay_new(page, site, tmp_path, "enable email notifications")
    assert "the control was not checked" in str(failed.value) and len(waits) == 1
    assert page.evaluate("window.__used") == ["email"] and not page.get_by_role("switch").first.is_checked()
    assert page.get_by_role("status").first.text_content() == "Could not save: verify your address first"


# A theme switch that shows its state by its icon alone (a sun, a moon: inline SVGs, no words), as many sites' headers
# do, and follows its server (the user's saved preference). What it shows is what tells it from any other control of
# its kind, and its click's answer changes it.
THEME = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title></head><body><header>
<button type="button" role="switch" aria-checked="false" class="theme-toggle" data-track="theme">{sun}</button></header>
<main><h1>Account</h1></main><script>window.__used = [];
const SUN = `{sun}`, MOON = `{moon}`;
document.querySelector('.theme-toggle').addEventListener('click', (event) => {{
  const toggle = event.currentTarget;
  window.__used.push('theme');
  fetch(`/slow/${{location.pathname.slice(1, -5)}}/theme.json`).then((r) => r.json()).then((answer) => {{
    if (answer.saved) {{ toggle.setAttribute('aria-checked', 'true'); toggle.innerHTML = MOON; }}
  }});
}});</script></body></html>"""
SUN_SVG = ('<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="12" cy="12" r="5"/>'
           '<path d="M12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2"/></svg>')
MOON_SVG = ('<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0'
            ' 9.8 9.8z"/></svg>')
DARK = [{"tool": "check", "target": {"role": "switch"}}, {"tool": "done"}]


@pytest.mark.parametrize("server", ["saves-it", "refuses"])
def test_a_wordless_switch_whose_icon_shows_its_state_is_read_after_its_click(
        page: Any, site_factory: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str) -> None:
    # twin: the server saves it, the switch shows the moon: green, clicked once. Trap: the server refuses, the sun
    # stays: red, clicked once, never toggled
    pages = THEME.format(sun=SUN_SVG, moon=MOON_SVG)
    site = site_factory({"old.html": pages, "new.html": pages, "slow/old/theme.json": json.dumps({"saved": True}),
                         "slow/new/theme.json": json.dumps({"saved": server == "saves-it"})})
    site.release.set()  # recording: the server answers at once
    record_once(page, site, tmp_path, DARK, "turn the dark theme on")
    site.release.clear()
    waits = free_once_waited_for(monkeypatch, site, "came_to")  # the answer comes once Playwright has read the state
    if server == "saves-it":
        ctx = replay_new(page, site, tmp_path, "turn the dark theme on")
        assert page.evaluate("window.__used") == ["theme"] and page.get_by_role("switch").is_checked()
        assert ctx.figures.gate_hits == 1 and not ctx.heals and len(waits) == 1
        return
    with pytest.raises(ReplayError) as failed:
        replay_new(page, site, tmp_path, "turn the dark theme on")
    assert "the control was not checked" in str(failed.value) and len(waits) == 1
    assert page.evaluate("window.__used") == ["theme"] and not page.get_by_role("switch").is_checked()
