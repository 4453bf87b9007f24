"""A cached ``select_option`` whose option was renamed: found again at zero tokens, or a failure naming the options."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from pytest_lumen.planner import ScriptedPlanner
from tests.browser.inprocess import cache_file, context, no_model, session_in


def shipping(*options: tuple[str, str]) -> str:
    """A checkout form whose shipping select offers ``options`` ((value, label) pairs), as a server renders it."""
    rendered = "".join(f'<option value="{value}">{label}</option>' for value, label in options)
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main>
<form><label for="ship">Shipping</label><select id="ship" name="ship">{rendered}</select>
<p id="chosen"></p></form>
<script>const s = document.getElementById('ship');
s.addEventListener('change', () => {{ document.getElementById('chosen').textContent = 'Chosen: ' + s.value; }});</script>
</main></body></html>"""


RECORDED = shipping(("standard", "Standard shipping"), ("express", "Express shipping"))
SCRIPT: list[Any] = [
    {"tool": "select_option", "target": {"role": "combobox", "name": "Shipping"}, "input": {"value": "Express shipping"}},
    {"tool": "done"},
]
SENTENCE = "choose express shipping"


def _record(page: Any, url: str, root: Path, script: list[Any] = SCRIPT, sentence: str = SENTENCE) -> dict[str, Any]:
    """Record ``sentence`` on ``url`` as the scripted planner chooses; the cache file written."""
    session = session_in(Mode.RECORD, root)
    ctx = context(session)
    page.goto(url)
    Agent(page, ctx, lambda: ScriptedPlanner(script)).run(sentence)
    session.finish(ctx, passed=True)
    return json.loads(cache_file(root).read_text(encoding="utf-8"))


def _replay(page: Any, url: str, root: Path, gate: bool = False) -> Any:
    session = session_in(Mode.REPLAY, root, action_timeout=2.0)
    ctx = context(session)
    page.goto(url)
    Agent(page, ctx, no_model, identity_gate=gate).run(SENTENCE)
    assert ctx.figures.model_calls == 0
    session.finish(ctx, passed=True)
    return ctx


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
@pytest.mark.parametrize(("release", "chosen", "evidence"), [
    (shipping(("standard", "Standard Shipping"), ("express", "Express Shipping")), "Express Shipping", "is the recorded"),
    (shipping(("std", "Standard shipping."), ("exp", "EXPRESS - shipping!")), "EXPRESS - shipping!", "is the recorded"),
])
def test_a_renamed_option_is_chosen_again_at_zero_tokens_and_written(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str, chosen: str,
        evidence: str, gate: bool) -> None:
    site = site_factory({"index.html": RECORDED, "new.html": release})
    recorded = _record(page, site.url + "/index.html", tmp_path)
    assert recorded["steps"][0]["actions"][0]["option"] == {"value": "express", "label": "Express shipping"}

    ctx = _replay(page, site.url + "/new.html", tmp_path, gate)  # the gate selects only the option as cached
    value = page.locator("#ship").input_value()
    assert page.locator("#chosen").inner_text() == f"Chosen: {value}"
    assert page.locator("#ship option:checked").inner_text() == chosen
    [heal] = ctx.heals
    assert str(heal.level) == "option" and evidence in (heal.evidence or "") and chosen in heal.after
    # its pictures: the select highlighted before it was chosen, then the page showing the choice
    assert (heal.picture, heal.after_picture) == ("out/heal-step1-action1-before.png", "out/heal-step1-action1-after.png")
    before, after = ((ctx.output_dir / name).read_bytes() for name in ("heal-step1-action1-before.png",
                                                                        "heal-step1-action1-after.png"))
    assert before.startswith(b"\x89PNG") and after.startswith(b"\x89PNG") and before != after
    healed = json.loads(cache_file(tmp_path).read_text(encoding="utf-8"))["steps"][0]["actions"][0]
    assert healed["value"] == chosen and healed["option"]["value"] == value
    assert _replay(page, site.url + "/new.html", tmp_path, gate).heals == []  # the cache now names the option as it is


@pytest.mark.parametrize("release", [
    shipping(("standard", "Standard shipping"), ("overnight", "Overnight")),  # removed: none is it
    shipping(("a", "Express shipping (EU)"), ("b", "Express shipping (world)")),  # reworded two ways: no guess
    # its value attribute kept, its label another: a value alone is no identity (ids are reused after a re-seed)
    shipping(("standard-old", "Standard"), ("express-old", "Express delivery (1-2 days)")),
])
def test_no_clear_option_fails_naming_the_option_and_the_options_offered(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    site = site_factory({"index.html": RECORDED.replace('value="express"', 'value="express-old"'), "new.html": release})
    _record(page, site.url + "/index.html", tmp_path)
    with pytest.raises(ReplayError) as info:  # the gate's select_option misses: the full path says which options
        _replay(page, site.url + "/new.html", tmp_path, gate=True)
    message = str(info.value)
    assert "the select offers no option 'Express shipping'; the options now offered: " in message, message
    for label in release.split("<option")[1:]:
        assert repr(label.split(">")[1].split("<")[0]) in message
    assert page.locator("#chosen").inner_text() == ""  # nothing was chosen


LOADING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main>
<form><label for="ship">Shipping</label><select id="ship" name="ship"><option value="">Loading…</option></select>
<p id="chosen"></p></form>
<script>const s = document.getElementById('ship');
s.addEventListener('change', () => { document.getElementById('chosen').textContent = 'Chosen: ' + s.value; });
fetch('options.json').then((r) => r.json()).then((options) => {
  s.innerHTML = options.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
});</script>
</main></body></html>"""


@pytest.mark.parametrize("gate", [False, True], ids=["full", "gate"])
def test_options_an_api_loads_after_the_page_are_waited_for_and_chosen_as_cached(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, gate: bool) -> None:
    site = site_factory({"index.html": RECORDED, "new.html": LOADING,
                         "options.json": json.dumps([["standard", "Standard shipping"], ["express", "Express shipping"]])})
    _record(page, site.url + "/index.html", tmp_path)
    ctx = _replay(page, site.url + "/new.html", tmp_path, gate)
    assert page.locator("#chosen").inner_text() == "Chosen: express"
    assert ctx.heals == []


def plans(team_monthly: str = "team-m") -> str:
    """A billing form whose plan select repeats its labels under two groups (as a SaaS pricing form renders it)."""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing</title></head><body><main>
<form><label for="plan">Plan</label><select id="plan" name="plan"><option value="">Choose a plan</option>
<optgroup label="Pro"><option value="pro-m">Monthly</option><option value="pro-y">Yearly</option></optgroup>
<optgroup label="Team"><option value="{team_monthly}">Monthly</option><option value="team-y">Yearly</option></optgroup>
</select></form>
<script>window.__changes = []; document.getElementById('plan').addEventListener('change', (e) =>
  window.__changes.push(e.target.value));</script></main></body></html>"""


@pytest.mark.parametrize("release", ["unchanged", "re-seeded"])
def test_a_label_two_options_share_is_chosen_by_the_recorded_value_too_never_the_first_of_it(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    # the step chose the Team plan's "Monthly"; the Pro plan's comes first. Unchanged: it is the Team one again. Its
    # value changed too (a re-seed): two options say "Monthly" and neither is known to be it, so none is chosen.
    site = site_factory({"index.html": plans(), "new.html": plans("team-monthly") if release == "re-seeded" else plans()})
    script = [{"tool": "select_option", "target": {"role": "combobox", "name": "Plan"}, "input": {"value": "team-m"}},
              {"tool": "done"}]
    option = _record(page, site.url + "/index.html", tmp_path, script, "choose the team plan monthly")["steps"][0][
        "actions"][0]["option"]
    assert option == {"value": "team-m", "label": "Monthly", "repeated": True}, option
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=2.0))
    page.goto(site.url + "/new.html")
    if release == "unchanged":
        Agent(page, ctx, no_model, identity_gate=True).run("choose the team plan monthly")
        assert page.evaluate("window.__changes") == ["team-m"]
        return
    with pytest.raises(ReplayError, match="2 options are labelled so, and none has the recorded value"):
        Agent(page, ctx, no_model, identity_gate=True).run("choose the team plan monthly")
    assert page.evaluate("window.__changes") == []


def filters(*options: str | tuple[str, str]) -> str:
    """A listing's filter select offering ``options`` (labels, valued by their place; or (value, label) pairs), as a
    search form renders them; the page logs every change."""
    pairs = [o if isinstance(o, tuple) else (str(i), o) for i, o in enumerate(options, 1)]
    rendered = "".join(f'<option value="{value}">{label}</option>' for value, label in pairs)
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Homes</title></head><body><main>
<form role="search"><label for="f">Filter</label><select id="f" name="f"><option value="">Any</option>{rendered}</select>
</form><script>window.__changes = []; document.getElementById('f').addEventListener('change', (e) =>
  window.__changes.push(e.target.selectedOptions[0].text));</script></main></body></html>"""


@pytest.mark.parametrize(("recorded", "label", "release", "chosen"), [
    # trap: a bucket split: "4+" became "4" and "5+"; "4" is not "4+" (no option is it)
    (filters("1", "2", "3", "4+"), "4+", filters("1", "2", "3", "4", "5+"), None),
    # trap: the recorded zone gone, its twin of another sign left
    (filters("UTC-5", "UTC", "UTC+5"), "UTC-5", filters("UTC", "UTC+5"), None),
    # twin: the same bucket restyled (case, a full stop), its symbol kept: it is the recorded one
    (filters("Under $500", "Over $500"), "Under $500", filters("UNDER $500.", "OVER $500."), "UNDER $500."),
    # twin: a facet gained its count, or its count changed with its value kept: a count beside a label is no part of it
    (filters("Garden", "Kitchen"), "Garden", filters("Garden (12)", "Kitchen (3)"), "Garden (12)"),
    (filters(("garden", "Garden (12)"), ("kitchen", "Kitchen (3)")), "Garden (12)",
     filters(("garden", "Garden (15)"), ("kitchen", "Kitchen (2)")), "Garden (15)"),
    # trap: a size sold out; the one left says another figure and has another value: not the recorded size
    (filters(("s10", "Size (10)"), ("s12", "Size (12)")), "Size (10)", filters(("s12", "Size (12)")), None),
])
def test_an_option_is_its_label_with_its_symbols_and_without_a_count(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, recorded: str, label: str,
        release: str, chosen: str | None) -> None:
    site = site_factory({"index.html": recorded, "new.html": release})
    script = [{"tool": "select_option", "target": {"role": "combobox", "name": "Filter"}, "input": {"value": label}},
              {"tool": "done"}]
    _record(page, site.url + "/index.html", tmp_path, script, "filter the listing")
    page.goto(site.url + "/new.html")
    agent = Agent(page, context(session_in(Mode.REPLAY, tmp_path, action_timeout=2.0)), no_model, identity_gate=True)
    if chosen is None:
        with pytest.raises(ReplayError, match=f"the select offers no option '{re.escape(label)}'"):
            agent.run("filter the listing")
        assert page.evaluate("window.__changes") == []
    else:
        agent.run("filter the listing")
        assert page.evaluate("window.__changes") == [chosen]
