"""The cache file format: parsing, validation errors that name the file and step, stable output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_lumen.cache import SCHEMA_VERSION, CacheFile, CacheStore, Step, dumps, loads
from pytest_lumen.errors import CacheFileError, LumenError
from pytest_lumen.keys import step_key

P = Path(".lumen-cache/tests/test_x.py/test_y.json")


def _file() -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "test": "tests/test_x.py::test_y",
        "steps": [{
            "key": step_key("/", "log in", []), "ordinal": 0, "kind": "run", "instruction": "log in", "url": "/",
            "variables": [],
            "actions": [
                {"kind": "click", "target": {"locator": {"kind": "role", "value": "button", "name": "Sign in"}}},
                {"kind": "fill", "value": "%pw%", "target": {"locator": {"kind": "label", "value": "Password"}}},
                {"kind": "goto", "url": "/cart"},
            ],
        }],
    }


def test_round_trip_is_stable_and_sorted():
    cache = loads(json.dumps(_file()), P)
    text = dumps(cache)
    assert text == dumps(loads(text, P))
    assert text.endswith("\n") and '"schema_version": 1' in text
    keys = list(json.loads(text))
    assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps(_file())[:-20], "not valid JSON"),
        ("[]", "JSON object"),
        (json.dumps({**_file(), "schema_version": 99}), "newer than this pytest-lumen"),
        (json.dumps({**_file(), "schema_version": "1"}), "no valid schema_version"),
        (json.dumps({k: v for k, v in _file().items() if k != "schema_version"}), "no valid schema_version"),
    ],
)
def test_bad_files_are_cache_file_errors_naming_the_file(text, fragment):
    with pytest.raises(CacheFileError) as info:
        loads(text, P)
    assert fragment in str(info.value)
    assert str(P) in str(info.value)
    assert "re-record" in str(info.value) or "upgrade" in str(info.value)


def test_unknown_action_kind_names_the_step():
    data = _file()
    data["steps"][0]["actions"][0]["kind"] = "teleport"
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    assert "step: #1 'log in'" in str(info.value)


def test_invalid_locator_names_the_step():
    data = _file()
    data["steps"][0]["actions"][1]["target"]["locator"] = {"kind": "label", "value": ""}
    with pytest.raises(CacheFileError) as info:
        loads(json.dumps(data), P)
    assert "steps.0.actions" in str(info.value) and "#1 'log in'" in str(info.value)


def test_find_and_nearest():
    cache = loads(json.dumps(_file()), P)
    step = cache.steps[0]
    assert cache.find(step.key, 0) is step
    assert cache.find(step.key, 1) is None
    assert cache.nearest("log in now")[0] is step


def test_store_writes_atomically_and_lists_files(tmp_path):
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("tests/test_x.py", "test_y")
    cache = CacheFile(test="t", steps=[Step(key="0" * 16, instruction="x", url="/")])
    store.save(path, cache)
    assert store.load(path) == cache
    (tmp_path / ".lumen-cache" / "memory.json").write_text("{}")
    assert store.files() == [path]
    assert not list(path.parent.glob("*.tmp"))


def test_store_refuses_a_write_the_check_vetoes(tmp_path):
    store = CacheStore(tmp_path)
    path = tmp_path / "a.json"

    def veto(text, where):
        raise LumenError("no", path=where)

    with pytest.raises(LumenError):
        store.save(path, CacheFile(test="t"), check=veto)
    assert not path.exists()
