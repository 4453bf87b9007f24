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
    assert "at steps[0].actions[1].target.locator.value: " in str(info.value)  # a version 2 file: a nested target
    assert "#1 'log in'" in str(info.value)


def written(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as a version 3 file writes it: each locator an expression, in its action."""
    written: dict[str, Any] = json.loads(dumps(loads(json.dumps(data), P)))
    return written


def test_a_hand_edited_file_is_reported_at_each_path_as_the_file_writes_it_every_problem_listed():
    data = written(small_cache())
    data["steps"][0]["actions"][0]["locator"] = "get_by_role('button').click()"  # an action's own locator
    data["steps"][0]["url"] = 5
    del data["steps"][0]["actions"][1]["locator"]
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    message = info.value.message
    assert message.splitlines()[0] == "cache file content is invalid: 3 problems"
    assert [line.split(":", 1)[0] for line in message.splitlines()[1:]] == [
        "    at steps[0].url", "    at steps[0].actions[0].locator", "    at steps[0].actions[1].locator"]
    assert "Field required" in message.splitlines()[-1]
    assert "problem(s)" not in message and ".click." not in message and "target" not in message  # pydantic's own path


def test_what_each_member_of_a_union_says_is_one_problem_at_the_path_in_the_file():
    data = written(small_cache())
    data["steps"][0]["actions"][0] = {"kind": "expect", "check": "text", "expected": [1]}
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    assert info.value.message == ("cache file content is invalid at steps[0].actions[0].expected: Input should be a "
                                  "valid boolean; Input should be a valid integer; Input should be a valid string")


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
