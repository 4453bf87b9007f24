"""The unit tests are pure Python: a test here that asks for a browser fails at once, pointing to tests/browser/."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_browser(request: pytest.FixtureRequest) -> None:
    """Fail a test that asks for pytest-playwright's ``page``, directly or through another fixture."""
    if "page" in request.fixturenames:
        pytest.fail(f"{request.node.nodeid} needs a browser (the `page` fixture): move it to tests/browser/", pytrace=False)
