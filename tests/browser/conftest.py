"""Fixtures shared by the browser tests: a form on pytest-playwright's page, with pytest-lumen's selector engines registered.

Tests here run in process against real Chromium (pytest-playwright's ``page``); the shared
fixtures of ``tests/conftest.py`` (``site_factory``, ``fake_anthropic``) apply too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pytest_lumen.page import engines
from tests.support import kept_page

FORM = """
<form>
  <label>Email <input id="email" name="email" type="email"></label>
  <div class="row"><span>Blue mug</span> <button>Add</button></div>
  <div class="row"><span>Teapot</span> <button>Add</button></div>
  <button id="save" type="submit">Save</button>
</form>
"""


@pytest.fixture(scope="session", autouse=True)
def lumen_engines(playwright: Any) -> None:
    """pytest-lumen's selector engines, registered as the ``agent`` fixture registers them."""
    assert engines.register(playwright.selectors)
    assert engines.register(playwright.selectors)  # a second registration is harmless


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Any, browser_context_args: dict[str, Any]) -> Iterator[Any]:
    """pytest-playwright's ``page``, but the page of a passing test that left it as it was made is the next test's
    (``tests/support/kept_page.py``: a new context and page cost a renderer process)."""
    yield from kept_page.page_fixture(request, browser, browser_context_args)


@pytest.fixture
def form_page(page: Any) -> Any:
    page.set_content(FORM)
    return page
