"""Fixtures of the memory unit tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def mem_path(tmp_path: Path) -> Path:
    return tmp_path / ".lumen-cache" / "memory.json"
