"""Fixtures of the example suite: the demo shop on 127.0.0.1, and the password of its account (alice)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from example_suite.shop import VERSIONS, serve_shop

PASSWORD_ENV = "SHOP_PASSWORD"
DEFAULT_PASSWORD = "wonderland-42"  # the demo shop's only account; a real suite reads it from CI secrets


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--shop-version``: which version of the demo shop the suite tests."""
    parser.addoption("--shop-version", type=int, default=1, choices=sorted(VERSIONS),
                     help="demo shop version: 1 original, 2 redesign (heals), 3 regression (default: 1)")


def pytest_report_header(config: pytest.Config) -> str:
    """Say which shop the run tests."""
    return f"demo shop: version {config.getoption('shop_version')}"


@pytest.fixture(scope="session")
def shop_url(pytestconfig: pytest.Config) -> Iterator[str]:
    """The demo shop, served on 127.0.0.1 for the whole session (one server per xdist worker)."""
    with serve_shop(pytestconfig.getoption("shop_version")) as shop:
        yield shop.url


@pytest.fixture(scope="session")
def shop_password() -> str:
    """The account's password, from ``$SHOP_PASSWORD`` (default: the demo's).

    Tests pass it through ``variables=``, so only ``%password%`` reaches the model,
    the cache and the artifacts.
    """
    return os.environ.get(PASSWORD_ENV, DEFAULT_PASSWORD)
