"""Merging a shared cache file: our steps replace theirs by key and ordinal, every other step stays."""

from __future__ import annotations

from pathlib import Path

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import CacheFile, Step
from pytest_lumen.cache.sharing import merge
from pytest_lumen.cache.store import CacheStore


def step(name: str, ordinal: int = 0, instruction: str = "") -> Step:
    """A step whose key is made from ``name`` (``instruction`` may differ: the actions a test kept for it)."""
    return Step(key=step_key(name, []), ordinal=ordinal, kind="run", instruction=instruction or name, url="/",
                actions=[])


def names(cache: CacheFile | None) -> list[tuple[str, int]]:
    """Each step's name (its key made from it) and ordinal."""
    known = {step_key(n, []): n for n in "abcd"}
    assert cache is not None
    return [(known[s.key], s.ordinal) for s in cache.steps]


def test_merge_keeps_the_files_order_and_steps_another_parameter_recorded() -> None:
    on_disk = CacheFile(test="t.py::test_x", steps=[step("a"), step("b"), step("c")])
    ours = CacheFile(test="t.py::test_x", steps=[step("a"), step("b", instruction="b again"), step("d"), step("a", 1)])
    merged = merge(on_disk, ours)
    assert names(merged) == [("a", 0), ("b", 0), ("c", 0), ("d", 0), ("a", 1)]
    assert merged.steps[1].instruction == "b again"


def test_merge_without_a_file_is_what_the_test_kept() -> None:
    ours = CacheFile(test="t.py::test_x", steps=[step("a")])
    assert merge(None, ours) is ours


def test_store_merges_under_the_lock_with_what_is_on_disk(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("t.py", "test_x")
    store.save(path, CacheFile(test="t.py::test_x", steps=[step("a"), step("c")]))
    store.save(path, CacheFile(test="t.py::test_x", steps=[step("b")]), merge=merge)
    assert names(store.load(path)) == [("a", 0), ("c", 0), ("b", 0)]
    store.save(path, CacheFile(test="t.py::test_x", steps=[step("b")]))  # no merge: the file is replaced
    assert names(store.load(path)) == [("b", 0)]


def test_writers_at_once_lose_no_step(tmp_path: Path) -> None:
    """As xdist workers do: each writes its own step into the shared file at the same time."""
    from concurrent.futures import ThreadPoolExecutor

    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("t.py", "test_x")
    keys = [step(f"step {i}") for i in range(12)]

    def write(one: Step) -> None:
        store.save(path, CacheFile(test="t.py::test_x", steps=[one]), merge=merge)

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(write, keys))
    loaded = store.load(path)
    assert loaded is not None and sorted(s.key for s in loaded.steps) == sorted(s.key for s in keys)
