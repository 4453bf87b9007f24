"""The cache file's schema (pytest_lumen.cache.model): looking steps up, and the locator kinds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_lumen.cache import loads
from pytest_lumen.cache.model import LocatorSpec

from .helpers import small_cache

P = Path(".lumen-cache/tests/test_x.py/test_y.json")


def test_find_and_nearest():
    cache = loads(json.dumps(small_cache()), P)
    step = cache.steps[0]
    assert cache.find(step.key, 0) is step
    assert cache.find(step.key, 1) is None
    assert cache.nearest("log in now")[0] is step


def test_unknown_kind_is_rejected():
    with pytest.raises(ValueError):
        LocatorSpec.model_validate({"kind": "xpath", "value": "//a"})
