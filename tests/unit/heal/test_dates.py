"""A date typed in the format a date picker's text field declares (its placeholder, title or hint)."""

from __future__ import annotations

import pytest

from pytest_lumen.heal.dates import in_declared_format


@pytest.mark.parametrize(("hints", "typed"), [
    (["MM/DD/YYYY"], "12/04/2026"),
    (["dd.mm.yyyy"], "04.12.2026"),
    (["D/M/YY"], "4/12/26"),
    (["yyyy-mm-dd"], "2026-12-04"),
    (["Pick a day", "Format: DD-MM-YYYY"], "04-12-2026"),  # the first hint that declares one
    (["e.g. 31 12 2026 (dd mm yyyy)"], "04 12 2026"),
])
def test_the_date_is_written_in_the_declared_format(hints: list[str], typed: str) -> None:
    assert in_declared_format(hints, "2026-12-04") == typed


@pytest.mark.parametrize("hints", [
    [], ["Pick a day"], ["Select date"], ["dd/mm"],  # no year: not a whole date's format
    ["mm/mm/yyyy"],  # no day: not a date's format
    ["MM/DD-YYYY"],  # two separators: not one format
    ["hhh/mm/yyyy"],  # a word that ends in letters of a field is not a field
])
def test_no_declared_format_is_no_guess(hints: list[str]) -> None:
    assert in_declared_format(hints, "2026-12-04") is None


def test_a_value_that_is_not_an_iso_date_is_left_as_it_is() -> None:
    assert in_declared_format(["MM/DD/YYYY"], "next Friday") is None
