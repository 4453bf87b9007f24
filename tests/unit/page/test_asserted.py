"""The value an assertion checks is never evidence against the element it checks."""

from __future__ import annotations

from pytest_lumen.cache.model import Expect, Fingerprint
from pytest_lumen.page.asserted import around, asserted_value_aside, bound_check


def test_around_says_what_stands_where_the_value_was_when_the_rest_is_unchanged() -> None:
    assert around("Grace Hopper  Sept. 1, 1965", "Grace Hopper Aug. 1, 1965", "Sept. 1, 1965") == "Aug. 1, 1965"
    assert around("Order total: $37.00 incl. tax", "Order total: $39.00 incl. tax", "$37.00") == "$39.00"
    assert around("Grace Hopper Sept. 1, 1965", "Ada Lovelace Aug. 1, 1965", "Sept. 1, 1965") is None  # other words
    assert around("Grace Hopper", "Grace Hopper", "Sept.") is None  # the value was not there
    assert around("2 items left", "items left", "2 items left") is None  # the value was all it held: no evidence


def test_a_row_whose_checked_date_changed_reads_as_the_recorded_row() -> None:
    recorded = Fingerprint(tag="tr", role="row", text="Grace Hopper Sept. 1, 1965", context="People Grace Hopper Sept. 1, 1965")
    now = Fingerprint(tag="tr", role="row", name="Grace Hopper Aug. 1, 1965 Select", text="Grace Hopper Aug. 1, 1965",
                      context="People Grace Hopper Aug. 1, 1965")
    seen = asserted_value_aside(recorded, now, "Sept. 1, 1965")
    assert (seen.name, seen.text, seen.context) == (recorded.text, recorded.text, recorded.context)
    other = Fingerprint(tag="tr", role="row", text="Ada Lovelace Aug. 1, 1965")
    assert asserted_value_aside(recorded, other, "Sept. 1, 1965") == other  # another row stays another row
    assert asserted_value_aside(recorded, now, None) == now


def test_a_checks_expected_value_is_bound_to_the_steps_values() -> None:
    check = Expect(check="text", expected="Hello %user%")
    assert bound_check(check, {"user": "ada"}).expected == "Hello ada"
    assert bound_check(check, {}) is check
