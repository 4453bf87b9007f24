"""A control without words is known by its icon (pytest_lumen.page.icons): never another one at its place.

Admin templates (Bootstrap with Font Awesome or Bootstrap Icons) render a row's actions and a mail toolbar as icon
buttons with no accessible name, recorded by their place. Each trap is a release on which another control sits at
that place (rows re-sorted, a copy icon added first, a "mark read" icon added to the toolbar) or on which a named
control's place went to an icon ("Help" to log out, a row's "Edit" to its trash can): replay must act on the
recorded control or on none, the page logging every click. Each twin is a release on which the recorded control is
still there, found again (an aria-label added to the same icon, its row moved).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import ReplayError
from tests.browser.inprocess import cache_file, record_then_replay

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admin</title></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script>{body}</body></html>"""
TABLE = '<main><h1>Products</h1><table class="table"><tbody>{}</tbody></table></main>'
ICONS = {"e": ("edit", "fa fa-pencil"), "d": ("del", "fa fa-trash"), "c": ("copy", "fa fa-copy")}


def _row(name: str, rid: str, order: str = "ed", label: str = "") -> str:
    """An admin row whose actions are icon buttons without a name (``order``: e, d, c: edit, delete, copy);
    ``label``: an aria-label given to its delete button."""
    def button(kind: str) -> str:
        what, icon = ICONS[kind]
        named = f' aria-label="{label}"' if label and kind == "d" else ""
        return f'<button class="btn btn-link"{named} onclick="used(\'{what}-{rid}\')"><i class="{icon}"></i></button>'
    return f'<tr><td>{name}</td><td>${len(name)}.00</td><td class="actions">{"".join(button(k) for k in order)}</td></tr>'


def used(page: Any) -> list[str]:
    return list(page.evaluate("window.__used"))


DELETE_SECOND = [{"tool": "click", "target": {"role": "button", "nth": 3}}, {"tool": "done"}]
RECORDED_ROWS = TABLE.format(_row("Green plate", "g") + _row("Red mug", "r"))


@pytest.mark.parametrize(("release", "rows"), [
    ("re-sorted", _row("Red mug", "r") + _row("Green plate", "g")),
    ("row-above-deleted", _row("Red mug", "r")),
    ("labelled", _row("Green plate", "g", label="Delete") + _row("Red mug", "r", label="Delete")),
])
def test_an_unnamed_icon_of_a_row_is_that_rows_icon(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                    tmp_path: Path, release: str, rows: str) -> None:
    site = site_factory({"old.html": PAGE.format(body=RECORDED_ROWS), "new.html": PAGE.format(body=TABLE.format(rows))})
    ctx = record_then_replay(page, site, tmp_path, DELETE_SECOND, "delete the Red mug")
    assert used(page) == ["del-r"] and ctx.figures.model_calls == 0  # the Red mug's trash can, wherever its row is
    locator = cache_file(tmp_path).read_text(encoding="utf-8")
    assert "Red mug" in locator  # found in its row by the row's name, by its place in that row only


def test_a_copy_icon_added_before_the_trash_can_is_never_clicked_for_it(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    new = TABLE.format(_row("Green plate", "g", "ced") + _row("Red mug", "r", "ced"))
    site = site_factory({"old.html": PAGE.format(body=RECORDED_ROWS), "new.html": PAGE.format(body=new)})
    ctx = record_then_replay(page, site, tmp_path, DELETE_SECOND, "delete the Red mug")
    assert used(page) == ["del-r"] and ctx.heals and ctx.figures.model_calls == 0  # its place went to the pencil


def _toolbar(icons: list[str]) -> str:
    buttons = "".join(f'<button type="button" class="btn btn-light" onclick="used(\'{icon}\')">'
                      f'<i class="bi bi-{icon}"></i></button>' for icon in icons)
    return f'<main><h1>Inbox</h1><div class="btn-toolbar" role="toolbar">{buttons}</div><p>3 conversations</p></main>'


@pytest.mark.parametrize(("release", "icons"), [
    ("mark-read-added", ["envelope-open", "archive", "exclamation-octagon", "trash"]),
    ("trash-gone", ["envelope-open", "archive", "exclamation-octagon"]),
])
def test_a_toolbar_icon_is_its_icon_never_the_one_at_its_place(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str, icons: list[str]) -> None:
    site = site_factory({"old.html": PAGE.format(body=_toolbar(["archive", "exclamation-octagon", "trash"])),
                         "new.html": PAGE.format(body=_toolbar(icons))})
    script = [{"tool": "click", "target": {"role": "button", "nth": 2}}, {"tool": "done"}]
    if release == "trash-gone":  # trap: the spam icon now sits where the trash can was
        with pytest.raises(ReplayError):
            record_then_replay(page, site, tmp_path, script, "delete the selected mail")
        assert used(page) == []
        return
    record_then_replay(page, site, tmp_path, script, "delete the selected mail")  # twin: one icon added before it
    assert used(page) == ["trash"]


HEADER = ('<header class="navbar"><a class="navbar-brand" href="/">Acme</a>'
          '<button class="btn btn-link" onclick="used(\'{id}\')">{content}</button></header><main><h1>Dashboard</h1></main>')
ORDERS = '<main><h1>Orders</h1><table class="table table-hover"><tbody>{}</tbody></table></main>'


def _order(name: str, rid: str, content: str, what: str) -> str:
    return (f'<tr><td>{name}</td><td>Pending</td><td class="text-end"><button class="btn btn-sm" '
            f'onclick="used(\'{what}-{rid}\')">{content}</button></td></tr>')


@pytest.mark.parametrize("release", ["help-to-logout-icon", "edit-to-trash-icon", "help-icon-kept"])
def test_a_named_control_is_an_icon_only_when_it_showed_that_icon(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    help_icon = '<i class="bi bi-question-circle"></i>'
    if release == "edit-to-trash-icon":  # trap: the row itself opens the editor; its one button is now the trash can
        old = ORDERS.format(_order("Order 1001", "1", "Edit", "edit") + _order("Order 1002", "2", "Edit", "edit"))
        new = ORDERS.format(_order("Order 1001", "1", '<i class="bi bi-trash"></i>', "del")
                            + _order("Order 1002", "2", '<i class="bi bi-trash"></i>', "del"))
        script, instruction = [{"tool": "click", "target": {"role": "button", "name": "Edit", "nth": 1}}], "edit order 1002"
    else:  # help-to-logout-icon (trap): the log-out icon took Help's place; help-icon-kept (twin): its words dropped
        old = HEADER.format(id="help", content="Help")
        new = HEADER.format(id="logout", content='<i class="bi bi-box-arrow-right"></i>')
        if release == "help-icon-kept":
            old = HEADER.format(id="help", content=help_icon + " Help").replace("<button ", '<button aria-label="Help" ')
            new = HEADER.format(id="help", content=help_icon)
        script, instruction = [{"tool": "click", "target": {"role": "button", "name": "Help"}}], "open help"
    site = site_factory({"old.html": PAGE.format(body=old), "new.html": PAGE.format(body=new)})
    script = [*script, {"tool": "done"}]
    if release == "help-icon-kept":
        record_then_replay(page, site, tmp_path, script, instruction)
        assert used(page) == ["help"]
        return
    with pytest.raises(ReplayError):
        record_then_replay(page, site, tmp_path, script, instruction)
    assert used(page) == []
