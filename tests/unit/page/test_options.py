"""How an option's label is compared (pytest_lumen.page.options); choosing one on a real page is in
tests/browser/heal/test_option.py."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import ChosenOption
from pytest_lumen.page.options import Offered, clear_match, plain


@pytest.mark.parametrize(("a", "b"), [("Express Shipping!", "express shipping"), ("EXPRESS - shipping.", "Express shipping"),
                                      ("\u201cGift\u201d wrap", '"gift" wrap'), ("Gift wrap (paper)", "gift wrap paper")])
def test_the_punctuation_of_prose_is_set_aside(a: str, b: str) -> None:
    assert plain(a) == plain(b)


@pytest.mark.parametrize(("a", "b"), [("4+", "4"), ("UTC+5", "UTC 5"), ("C#", "C"), ("10%", "10"), ("$5", "5"),
                                      ("C++", "C")])
def test_a_symbol_or_a_mark_is_part_of_a_label(a: str, b: str) -> None:
    assert plain(a) != plain(b)


def _offered(*labels: tuple[str, str]) -> list[Offered]:
    return [Offered(value, label, False) for value, label in labels]


def test_a_count_beside_a_label_is_set_aside_unless_the_figure_may_be_what_it_names() -> None:
    assert clear_match(_offered(("1", "Garden (12)"), ("2", "Kitchen (3)")), "Garden", None) == 0
    facets = _offered(("garden", "Garden (15)"), ("kitchen", "Kitchen (2)"))
    assert clear_match(facets, "Garden (12)", ChosenOption(value="garden", label="Garden (12)")) == 0
    assert clear_match(facets, "Garden (12)", ChosenOption(value="3", label="Garden (12)")) is None  # re-valued too
    assert clear_match(_offered(("s12", "Size (12)")), "Size (10)", ChosenOption(value="s10", label="Size (10)")) is None
    assert clear_match(_offered(("utc", "UTC"), ("p5", "UTC+5")), "UTC-5", None) is None
