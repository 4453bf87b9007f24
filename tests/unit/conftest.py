"""The unit tests are pure Python: a test here that asks for a browser fails at once, pointing to tests/browser/."""

from __future__ import annotations

import pytest
from hypothesis import settings

# No time limit per example: a deadline is a timed assertion, and a loaded CI machine trips it.
settings.register_profile("lumen", deadline=None)
settings.load_profile("lumen")


@pytest.fixture(autouse=True)
def _no_browser(request: pytest.FixtureRequest) -> None:
    """Fail a test that asks for pytest-playwright's ``page``, directly or through another fixture."""
    if "page" in request.fixturenames:
        pytest.fail(f"{request.node.nodeid} needs a browser (the `page` fixture): move it to tests/browser/", pytrace=False)
