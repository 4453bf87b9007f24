"""How a test item is named in the cache: without pytest-playwright's browser parameter.

Its cache file's name is ``cache.keys.cache_slug`` of it.
"""

from __future__ import annotations

import pytest

BROWSER_NAMES = {"chromium", "firefox", "webkit"}


def test_name(item: pytest.Item) -> str:
    """The test's name without pytest-playwright's browser parameter (one cache serves every browser)."""
    name = item.name
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("browser_name") in BROWSER_NAMES and "[" in name:
        base, params = name.split("[", 1)
        parts = [p for p in params.rstrip("]").split("-") if p not in BROWSER_NAMES]
        name = f"{base}[{'-'.join(parts)}]" if parts else base
    return name


test_name.__test__ = False  # type: ignore[attr-defined]  # a function attribute pytest reads: not a test


def clean_nodeid(item: pytest.Item) -> str:
    """The node id with the browser parameter dropped, as written into cache files and fix commands."""
    prefix = item.nodeid.rsplit("::", 1)[0]
    return f"{prefix}::{test_name(item)}"
