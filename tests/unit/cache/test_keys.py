"""Step keys (pytest_lumen.cache.keys) and the upgrade of files keyed the old way (pytest_lumen.cache.migrate)."""

import json
from pathlib import Path

import pytest

from pytest_lumen.cache.codec import dumps, loads
from pytest_lumen.cache.keys import step_key, without_browser
from pytest_lumen.errors import CacheFileError


def test_key_depends_on_the_instruction_and_variable_names_only():
    base = step_key("log in as %user%", ["user"])
    assert base == step_key("log in as %user%", ["user"])
    assert len(base) == 16
    assert base != step_key("log in as %name%", ["user"])
    assert base != step_key("log in as %user%", ["user", "pw"])
    assert step_key("x", ["a", "b"]) == step_key("x", ["b", "a"])


def _v1_step(url: str, instruction: str, ordinal: int = 0) -> dict[str, object]:
    return {"key": "0123456789abcdef", "ordinal": ordinal, "kind": "run", "instruction": instruction, "url": url,
            "variables": [], "actions": []}


def test_a_version_1_file_is_keyed_again_by_instruction_in_file_order():
    # version 1 keyed the same sentence on two pages as two keys, each occurrence 0
    data = {"schema_version": 1, "test": "t.py::test_x",
            "steps": [_v1_step("/", "open the menu"), _v1_step("/#/all", "add a todo"), _v1_step("/#/active", "open the menu")]}
    cache = loads(json.dumps(data), Path("t.json"))
    key = step_key("open the menu", [])
    assert cache.schema_version == 3  # upgraded in memory
    assert cache.find(key, 0).url == "/" and cache.find(key, 1).url == "/#/active"  # type: ignore[union-attr]
    assert cache.find(step_key("add a todo", []), 0).url == "/#/all"  # type: ignore[union-attr]
    assert '"schema_version": 3' in dumps(cache)


def test_a_version_2_file_whose_key_is_not_its_instruction_is_refused():
    step = {**_v1_step("/", "open the menu"), "key": step_key("another sentence", [])}
    text = json.dumps({"schema_version": 2, "test": "t.py::test_x", "steps": [step]})
    with pytest.raises(CacheFileError, match="not the key of its instruction"):
        loads(text, Path("t.json"))


def test_a_name_without_the_browser_parameter_keeps_the_others() -> None:
    assert without_browser("test_x[chromium]") == "test_x"
    assert without_browser("t.py::test_x[firefox-alice]") == "t.py::test_x[alice]"
    assert without_browser("test_x[alice]") == "test_x[alice]" and without_browser("test_x") == "test_x"
