"""How a test item is named in the cache: without pytest-playwright's browser parameter.

Its cache file's name is ``cache.keys.cache_slug`` of it.
"""

from __future__ import annotations

import pytest

from ..cache.keys import BROWSER_NAMES, without_browser


def test_name(item: pytest.Item) -> str:
    """The test's name without pytest-playwright's browser parameter (one cache serves every browser)."""
    callspec = getattr(item, "callspec", None)
    browser = callspec is not None and callspec.params.get("browser_name") in BROWSER_NAMES
    return without_browser(item.name) if browser else item.name


test_name.__test__ = False  # type: ignore[attr-defined]  # a function attribute pytest reads: not a test


def clean_nodeid(item: pytest.Item) -> str:
    """The node id with the browser parameter dropped, as written into cache files and fix commands."""
    prefix = item.nodeid.rsplit("::", 1)[0]
    return f"{prefix}::{test_name(item)}"
