"""The replayer tells "not found" from "found, and not usable" (hidden behind a widget, disabled) at once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.agent import Agent
from pytest_lumen.config import Mode
from pytest_lumen.errors import ReplayError
from tests.browser.heal.test_relabel import record
from tests.browser.inprocess import context, no_model, session_in

FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Address</title></head><body><main>
<form><label for="country">Country</label>
{select}
<button type="submit" {disabled}>Save</button></form></main></body></html>"""
SELECT = ('<select id="country" name="country"{hidden}><option value="">Choose</option>'
          '<option value="fr">France</option><option value="de">Germany</option></select>')
# Choices.js renders a listbox of its own and keeps the select, hidden, for the form
CHOICES = ('<div class="choices" data-type="select-one" tabindex="0" role="listbox" aria-haspopup="true">'
           '<div class="choices__inner">' + SELECT.replace("{hidden}", ' class="choices__input" hidden tabindex="-1"')
           + '<div class="choices__list choices__list--single"><div class="choices__item" data-value="">Choose</div>'
           '</div></div></div>')
# Long: the failures below come from the found-but-unusable path, which waits a short bound, not this.
ACTION_TIMEOUT = 20.0


def replay_slowly(page: Any, url: str, tmp_path: Path, instruction: str) -> None:
    ctx = context(session_in(Mode.REPLAY, tmp_path, action_timeout=ACTION_TIMEOUT))
    page.goto(url)
    Agent(page, ctx, no_model).run(instruction)


@pytest.fixture
def address(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """"choose France" recorded on a plain select."""
    site = site_factory({"index.html": FORM.format(select=SELECT.replace("{hidden}", ""), disabled="")})
    record(page, site.url + "/index.html", tmp_path, "choose France",
           [{"tool": "select_option", "target": {"role": "combobox", "name": "Country"}, "input": {"value": "fr"}},
            {"tool": "done"}])
    return site


def test_a_select_hidden_behind_a_custom_widget_fails_at_once_saying_it_is_hidden(
        address: Any, page: Any, tmp_path: Path) -> None:
    (address.root / "index.html").write_text(FORM.format(select=CHOICES, disabled=""), encoding="utf-8")
    with pytest.raises(ReplayError, match=r'get_by_label\("Country"\) is not visible: '
                                          r"it is found, and hidden; zero-token heal found nothing"):
        replay_slowly(page, address.url + "/index.html", tmp_path, "choose France")
    assert page.locator("#country").input_value() == ""  # nothing was chosen behind the widget's back


def test_a_disabled_button_fails_at_once_saying_it_is_disabled(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                                tmp_path: Path) -> None:
    site = site_factory({"index.html": FORM.format(select=SELECT.replace("{hidden}", ""), disabled="")})
    record(page, site.url + "/index.html", tmp_path, "save the address",
           [{"tool": "click", "target": {"role": "button", "name": "Save"}}, {"tool": "done"}])
    (site.root / "index.html").write_text(FORM.format(select=SELECT.replace("{hidden}", ""), disabled="disabled"),
                                          encoding="utf-8")
    with pytest.raises(ReplayError, match=r'get_by_role\("button", name="Save", exact=True\) is disabled: it is found, and '
                                          r"not enabled"):
        replay_slowly(page, site.url + "/index.html", tmp_path, "save the address")
