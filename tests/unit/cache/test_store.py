"""The locked store of cache files (pytest_lumen.cache.store): atomic writes, vetoed writes, loads that name the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_lumen.cache import CacheFile, CacheStore, Step
from pytest_lumen.cache.keys import step_key
from pytest_lumen.errors import CacheFileError, LumenError

from .helpers import valid_cache


def test_store_writes_atomically_and_lists_files(tmp_path):
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("tests/test_x.py", "test_y")
    cache = CacheFile(test="t", steps=[Step(key=step_key("x", []), instruction="x", url="/")])
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


def test_store_load_names_the_file_as_users_see_it_and_the_owning_test(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("tests/test_shop.py", "test_checkout")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(valid_cache()).encode())  # a BOM from an editor is fine
    loaded = store.load(path)
    assert loaded is not None and (loaded.test, len(loaded.steps)) == (valid_cache()["test"], len(valid_cache()["steps"]))
    path.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(CacheFileError) as info:
        store.load(path)
    assert "file: .lumen-cache/tests/test_shop.py/test_checkout.json" in str(info.value)
    assert 'pytest --lumen-record "tests/test_shop.py::test_checkout"' in str(info.value)
