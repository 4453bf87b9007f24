"""Unit tests of the lesson models (pytest_lumen.memory.lesson_file)."""

from __future__ import annotations

import pytest

from .helpers import make_lesson


def test_bad_date_is_invalid() -> None:
    with pytest.raises(ValueError):
        make_lesson("x", last_used="2026-02-30")
    with pytest.raises(ValueError):
        make_lesson("x", created_at="12/03/2026")


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValueError):
        make_lesson("x", surprise=True)


def test_key_ignores_case_and_surrounding_spaces() -> None:
    one = make_lesson("a", failed_command=" Fill", error_pattern="Not An Input ")
    other = make_lesson("b", failed_command="fill", error_pattern="not an input")
    assert one.key == other.key == ("fill", "not an input")
    assert one.identity == ("a", " Fill", "Not An Input ")
