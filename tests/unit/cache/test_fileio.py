"""Atomic writes and their pretty JSON (pytest_lumen.cache.fileio)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from pytest_lumen.cache.fileio import atomic_write_text, lock_path, pretty_json, temp_prefix


def test_pretty_json_sorts_keys_indents_by_two_and_ends_with_a_newline() -> None:
    text = pretty_json({"b": 1, "a": {"d": [1, 2], "c": None}})
    assert text == '{\n  "a": {\n    "c": null,\n    "d": [\n      1,\n      2\n    ]\n  },\n  "b": 1\n}\n'
    assert text.endswith("}\n") and not text.endswith("\n\n")


def test_pretty_json_keeps_non_ascii_text_as_utf8() -> None:
    text = pretty_json({"name": "héllo 日本 😀"})
    assert '"héllo 日本 😀"' in text and "\\u" not in text
    assert json.loads(text) == {"name": "héllo 日本 😀"}


def test_pretty_json_falls_back_to_ascii_escapes_for_a_lone_surrogate() -> None:
    data = {"text": "page text \ud800 cut in half", "other": "é"}
    text = pretty_json(data)
    text.encode("utf-8")  # writable as UTF-8 after all
    assert "\\ud800" in text and "\\u00e9" in text  # the whole text is escaped, not only the surrogate
    assert text.isascii() and text.endswith("\n")
    assert json.loads(text) == data
    assert list(json.loads(text)) == ["other", "text"]  # still sorted


def test_pretty_json_is_stable() -> None:
    data = {"z": [{"y": 1, "x": 2}], "a": "b"}
    assert pretty_json(data) == pretty_json(json.loads(pretty_json(data)))


def test_atomic_write_replaces_the_file_keeps_its_mode_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.json"
    atomic_write_text(path, "one\n")
    os.chmod(path, 0o640)
    stale = path.parent / f"{temp_prefix(path)}abcd1234.tmp"  # what a killed writer leaves behind
    stale.write_text("torn")
    atomic_write_text(path, "two\n")
    assert path.read_text() == "two\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.json"]


def test_an_unencodable_text_fails_before_any_file_is_touched(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "bad \ud800\n")
    assert path.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_the_lock_file_lives_beside_the_file() -> None:
    assert lock_path(Path("/x/.lumen-cache/a.json")) == Path("/x/.lumen-cache/a.json.lock")
