"""Fuzzing the memory loader (MemoryStore, pytest_lumen.memory.recall): whatever memory.json holds, only LumenErrors come out.

Arbitrary bytes, arbitrary JSON and near-valid files (``tests/unit/fuzz.py``), read and used as
a test run would; what is left on disk must be a readable memory file.
"""

from __future__ import annotations

import json
import tempfile
import warnings
from datetime import date
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_lumen.errors import LumenError
from pytest_lumen.memory import MemoryFileWarning, MemoryStore

from ..fuzz import json_values, mutated, text_of

TODAY = date(2026, 6, 1)
FUZZ_DISK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def valid_memory() -> dict[str, Any]:
    lesson = {"lesson": "When fill fails with 'element is not an input', try click instead.",
              "category": "error_recovery", "failed_command": "fill", "error_pattern": "element is not an input",
              "domain": None, "use_count": 2, "created_at": "2026-05-01", "last_used": "2026-05-20",
              "source": "learned", "triggered_domains": ["shop.example"]}
    seed = {**lesson, "lesson": "Press Enter to submit.", "category": "best_practice", "failed_command": None,
            "error_pattern": None, "source": "seed", "use_count": 0, "triggered_domains": []}
    return {"version": 1, "lessons": [seed, lesson]}


def _load_memory_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        path.write_bytes(raw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MemoryFileWarning)
            try:
                store = MemoryStore(path, today=lambda: TODAY, lock_timeout=5)
                store.load()
                store.get_tier1()
                store.recall_on_error("fill", "Error: element is not an input")
                store.recall_on_domain("www.shop.example")
                store.save()
            except LumenError:
                return
        json.loads(path.read_text(encoding="utf-8"))  # what is left is a readable memory file


def test_the_memory_seed_file_is_valid() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        path.write_text(json.dumps(valid_memory()))
        store = MemoryStore(path, today=lambda: TODAY)
        assert len(store.lessons) == 2


@FUZZ_DISK
@given(data=mutated(valid_memory()))
def test_memory_load_of_near_valid_files(data: Any) -> None:
    _load_memory_bytes(text_of(data).encode("utf-8", "surrogatepass"))


@FUZZ_DISK
@given(raw=st.binary(max_size=200) | st.builds(lambda v: json.dumps(v).encode(), json_values))
def test_memory_load_of_arbitrary_input(raw: bytes) -> None:
    _load_memory_bytes(raw)
