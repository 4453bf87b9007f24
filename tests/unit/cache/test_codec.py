"""The cache file's text form (pytest_lumen.cache.codec): parsing, validation errors that name the file and step,
stable output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import dumps, loads
from pytest_lumen.errors import CacheFileError

from .helpers import PATH, ROLE, small_cache, valid_cache

P = Path(".lumen-cache/tests/test_x.py/test_y.json")


def test_round_trip_is_stable_and_sorted():
    cache = loads(json.dumps(small_cache()), P)
    text = dumps(cache)
    assert text == dumps(loads(text, P))
    assert text.endswith("\n") and '"schema_version": 3' in text
    keys = list(json.loads(text))
    assert keys == ["schema_version", "test", "steps"]  # the models' order, the same every time


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps(small_cache())[:-20], "not valid JSON"),
        ("[]", "JSON object"),
        (json.dumps({**small_cache(), "schema_version": 99}), "newer than this pytest-lumen"),
        (json.dumps({**small_cache(), "schema_version": "1"}), "no valid schema_version"),
        (json.dumps({k: v for k, v in small_cache().items() if k != "schema_version"}), "no valid schema_version"),
    ],
)
def test_bad_files_are_cache_file_errors_naming_the_file(text, fragment):
    with pytest.raises(CacheFileError) as info:
        loads(text, P)
    assert fragment in str(info.value)
    assert str(P) in str(info.value)
    assert "re-record" in str(info.value) or "upgrade" in str(info.value)


def test_unknown_action_kind_names_the_step():
    data = small_cache()
    data["steps"][0]["actions"][0]["kind"] = "teleport"
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    assert "step: #1 'log in'" in str(info.value)


def test_invalid_locator_names_the_step():
    data = small_cache()
    data["steps"][0]["actions"][1]["target"]["locator"] = {"kind": "label", "value": ""}
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    assert "steps.0.actions" in str(info.value) and "#1 'log in'" in str(info.value)


# --- what the models alone would let through -------------------------------------------------


def _with_action(action: dict[str, Any], second: dict[str, Any] | None = None) -> str:
    data = valid_cache()
    data["steps"][0]["actions"] = [action]
    if second is not None:
        data["steps"][1] = second
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (_with_action({"kind": "goto", "url": "file:///etc/passwd"}), "goto 'file:///etc/passwd' is not a web address"),
        (_with_action({"kind": "goto", "url": "javascript:alert(1)"}), "is not a web address"),
        (_with_action({"kind": "goto", "url": "data:text/html,<h1>x</h1>"}), "is not a web address"),
        (_with_action({"kind": "click", "target": {"locator": {"kind": "role", "value": "buton", "name": "Go"}}}),
         "unknown ARIA role 'buton'"),
        (_with_action({"kind": "click", "target": {"locator": ROLE, "fallbacks": [{"kind": "role", "value": "nope"}]}}),
         "unknown ARIA role 'nope'"),
        (_with_action({"kind": "click", "target": {"locator": {**ROLE, "parent": {"kind": "role", "value": "lisst"}}}}),
         "unknown ARIA role 'lisst'"),
        (_with_action({"kind": "type", "text": "x"}, second=valid_cache()["steps"][0]), "holds step key"),
    ],
)
def test_content_the_models_allow_but_replay_cannot_use_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(CacheFileError) as info:
        loads(text, PATH, nodeid="tests/test_shop.py::test_checkout")
    message = str(info.value)
    assert fragment in message
    assert "step: #" in message
    assert 're-record this test: pytest --lumen-record "tests/test_shop.py::test_checkout"' in message


@pytest.mark.parametrize("url", ["/cart", "http://127.0.0.1:8000/x", "https://shop.example/a?b=c", "%base_url%/cart",
                                 "about:blank", "//cdn.example/x"])
def test_web_addresses_and_placeholders_are_accepted(url: str) -> None:
    assert loads(_with_action({"kind": "goto", "url": url}), PATH).steps[0].actions[0].url == url
