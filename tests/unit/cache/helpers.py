"""Seed cache files of the cache unit tests: a small valid file, and one using every action kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_lumen.cache import SCHEMA_VERSION
from pytest_lumen.cache.keys import step_key

PATH = Path(".lumen-cache/tests/test_shop.py/test_checkout.json")

FINGERPRINT = {"tag": "button", "role": "button", "name": "Sign in", "text": "Sign in", "id": "go", "css": "button#go",
               "box": {"x": 10.0, "y": 20.5, "width": 80.0, "height": 24.0}}
ROLE = {"kind": "role", "value": "button", "name": "Sign in", "exact": False}


def small_cache() -> dict[str, Any]:
    """One step of three actions, for ``tests/test_x.py::test_y``."""
    return {
        "schema_version": SCHEMA_VERSION,
        "test": "tests/test_x.py::test_y",
        "steps": [{
            "key": step_key("log in", []), "ordinal": 0, "kind": "run", "instruction": "log in", "url": "/",
            "variables": [],
            "actions": [
                {"kind": "click", "target": {"locator": {"kind": "role", "value": "button", "name": "Sign in"}}},
                {"kind": "fill", "value": "%pw%", "target": {"locator": {"kind": "label", "value": "Password"}}},
                {"kind": "goto", "url": "/cart"},
            ],
        }],
    }


def valid_cache() -> dict[str, Any]:
    """A cache file using every action kind, as the plugin writes it."""
    target = {"locator": ROLE, "fallbacks": [{"kind": "test_id", "value": "go"}, {"kind": "selector", "value": "#go"}],
              "fingerprint": FINGERPRINT}
    field = {"locator": {"kind": "label", "value": "Password", "exact": True,
                         "parent": {"kind": "role", "value": "form"}, "nth": 0}}
    actions = [
        {"kind": "fill", "target": field, "value": "%pw%", "after": {"value": "%pw%"}},
        {"kind": "type", "text": "hello"},
        {"kind": "press", "key": "Enter", "target": field},
        {"kind": "click", "target": target, "after": {"url": "/welcome.html?user=%user%"}},
        {"kind": "select_option", "target": field, "value": "blue"},
        {"kind": "check", "target": field, "checked": False},
        {"kind": "hover", "target": target},
        {"kind": "goto", "url": "/cart"},
        {"kind": "scroll", "direction": "up"},
        {"kind": "wait_for", "text": "Saved", "ms": 200},
        {"kind": "expect", "check": "count", "target": target, "expected": 2},
        {"kind": "expect", "check": "url", "expected": "/cart"},
    ]
    return {
        "schema_version": SCHEMA_VERSION,
        "test": "tests/test_shop.py::test_checkout",
        "steps": [
            {"key": step_key("log in as %user%", ["pw", "user"]), "ordinal": 0, "kind": "run",
             "instruction": "log in as %user%", "url": "/", "variables": ["pw", "user"], "actions": actions},
            {"key": step_key("the cart holds one mug", []), "ordinal": 0, "kind": "expect",
             "instruction": "the cart holds one mug", "url": "/cart", "variables": [], "actions": actions[-2:]},
        ],
    }
