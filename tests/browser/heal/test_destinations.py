"""What a candidate declares decides, before any click, whether it may be the recorded control.

Pages render as real releases do: a navbar's user dropdown whose "Log out" link became a button in
a POST form (as Django 5's admin did), and a todo app's filter bar with a "Clear completed" button
beside the filters (as TodoMVC renders it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import ReplayError
from tests.browser.heal.test_relabel import record, replay

NAVBAR = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site administration</title></head><body>
<nav class="navbar navbar-expand" aria-label="Main">
  <a class="navbar-brand" href="/index.html">Site administration</a>
  <div class="dropdown"><button class="btn dropdown-toggle" type="button" aria-expanded="true">admin</button>
    <ul class="dropdown-menu show">
      <li><a class="dropdown-item" href="/admin/password_change/">Change password</a></li>
      <li>{logout}</li>
    </ul></div>
</nav>
<main><h1>Site administration</h1><p>Recent actions</p></main></body></html>"""
LOGOUT_LINK = '<a class="dropdown-item" href="/admin/logout/">Log out</a>'
LOGOUT_FORM = ('<form id="logout-form" method="post" action="/admin/logout/">'
               '<input type="hidden" name="csrfmiddlewaretoken" value="k3y">'
               '<button type="submit" class="dropdown-item">Log out</button></form>')
PAGE = "<!doctype html><html lang='en'><body><main><h1>{}</h1></main></body></html>"


@pytest.fixture
def navbar(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> Any:
    """The admin with its "Log out" link, "log out" recorded on it; the site to redesign."""
    site = site_factory({"index.html": NAVBAR.format(logout=LOGOUT_LINK), "admin/logout/index.html": PAGE.format("Logged out"),
                         "admin/password_change/index.html": PAGE.format("Password change")})
    record(page, site.url + "/index.html", tmp_path, "log out",
           [{"tool": "click", "target": {"role": "link", "name": "Log out"}}, {"tool": "done"}])
    assert page.url.endswith("/admin/logout/")
    return site


def test_a_logout_link_that_became_a_post_form_button_is_the_same_command(navbar: Any, page: Any,
                                                                           tmp_path: Path) -> None:
    (navbar.root / "index.html").write_text(NAVBAR.format(logout=LOGOUT_FORM), encoding="utf-8")
    navbar.requested.clear()
    ctx = replay(page, navbar.url + "/index.html", tmp_path, "log out")
    assert page.url.endswith("/admin/logout/") and "POST /admin/logout/" in navbar.requested
    assert not [p for p in navbar.requested if "password_change" in p]
    assert len(ctx.heals) == 1  # found by its recorded text fallback: a button now, read to post where the link led
    assert page.url.endswith("/admin/logout/") and ctx.figures.model_calls == 0


def test_with_the_logout_control_gone_its_menu_neighbour_is_not_clicked(navbar: Any, page: Any,
                                                                         tmp_path: Path) -> None:
    (navbar.root / "index.html").write_text(NAVBAR.format(logout=""), encoding="utf-8")
    navbar.requested.clear()
    with pytest.raises(ReplayError, match=r"zero-token heal found nothing \(left out 2 elements that declare another "
                                          r"destination"):
        replay(page, navbar.url + "/index.html", tmp_path, "log out")
    assert page.url.endswith("/index.html") and navbar.requested == ["/index.html"]  # nothing but the page itself


# TodoMVC's footer: filter links on a hash router, and a "Clear completed" button that deletes.
TODOS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>todos</title></head><body>
<section class="todoapp"><header class="header"><h1>todos</h1></header>
<ul class="todo-list"><li class="completed">buy milk</li><li>walk the dog</li></ul>
<footer class="footer"><span class="todo-count"><strong>1</strong> item left</span>
  <ul class="filters">
    <li><a class="selected" href="#/">All</a></li>
    <li><a href="#/active">Active</a></li>
    {completed}
  </ul>
  <button class="clear-completed">Clear completed</button>
</footer></section>
<script>
  const list = document.querySelector('.todo-list');
  const show = () => list.querySelectorAll('li').forEach((li) => {
    const want = location.hash.replace('#/', '');
    const done = li.classList.contains('completed');
    li.hidden = (want === 'completed' && !done) || (want === 'active' && done);
  });
  window.addEventListener('hashchange', show); show();
  document.querySelector('.clear-completed').addEventListener('click', () => {
    list.querySelectorAll('li.completed').forEach((li) => li.remove());
    document.body.dataset.cleared = 'yes';
  });
</script></body></html>"""
COMPLETED = '<li><a href="#/completed">Completed</a></li>'


FILTERS = ('<li><a class="selected" href="#/">All</a></li>\n    <li><a href="#/active">Active</a></li>\n    '
           '{completed}')


@pytest.mark.parametrize("release", ["completed_filter_removed", "filter_bar_removed"])
def test_a_removed_filter_is_not_replaced_by_the_button_that_kept_a_word_of_it(
        release: str, page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": TODOS.replace("{completed}", COMPLETED)})
    record(page, site.url + "/index.html#/", tmp_path, "show the completed todos",
           [{"tool": "click", "target": {"role": "link", "name": "Completed"}}, {"tool": "done"}])
    assert page.url.endswith("/index.html#/completed")

    regression = TODOS.replace("{completed}", "")  # a release that lost the filter: a real regression
    if release == "filter_bar_removed":
        regression = regression.replace(FILTERS.replace("{completed}", ""), "")
    assert regression.count("Active") == (1 if release == "completed_filter_removed" else 0)
    (site.root / "index.html").write_text(regression, encoding="utf-8")
    page.goto("about:blank")  # the new release is loaded, not the recorded document routed back to #/
    with pytest.raises(ReplayError, match=r"relabel: its name 'Completed' became 'Clear completed', which is not "
                                          r"known to mean the same; a control that would destroy is taken by its own "
                                          r"name or a same-scope synonym only"):
        replay(page, site.url + "/index.html#/", tmp_path, "show the completed todos")
    assert page.locator("body").get_attribute("data-cleared") is None  # no data was deleted
    assert page.locator(".todo-list li").all_inner_texts() == ["buy milk", "walk the dog"]
