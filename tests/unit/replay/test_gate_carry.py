"""Which fills leave their value check to the next action (pytest_lumen.replay.gate.value_checked_later)."""

from __future__ import annotations

from pytest_lumen.cache import model as A
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.replay.gate import value_checked_later

FIELD = A.Target(locator=LocatorSpec(kind="role", value="textbox", name="Email", exact=True))


def test_a_fill_whose_only_effect_is_its_value_leaves_the_check_to_the_next_action() -> None:
    fill = A.Fill(target=FIELD, value="%email%", after=A.Effect(value="%email%"))
    assert value_checked_later(fill, FIELD, {"email": "ada@example.com"}) == "ada@example.com"


def test_a_fill_with_a_navigation_or_in_a_frame_or_without_effect_is_checked_at_once() -> None:
    navigates = A.Fill(target=FIELD, value="x", after=A.Effect(value="x", url="/search?q=x"))
    in_frame = A.Target(locator=LocatorSpec(kind="role", value="textbox", name="Email",
                                            parent=LocatorSpec(kind="frame", value="iframe#pay")))
    framed = A.Fill(target=in_frame, value="x", after=A.Effect(value="x"))
    assert value_checked_later(navigates, FIELD, {}) is None
    assert value_checked_later(framed, in_frame, {}) is None  # a condition on the page cannot reach into the frame
    assert value_checked_later(A.Fill(target=FIELD, value="x"), FIELD, {}) is None
    assert value_checked_later(A.Click(target=FIELD), FIELD, {}) is None
