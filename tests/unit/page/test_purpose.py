"""What an element is for (pytest_lumen.page.purpose): the consequence its words have."""

from __future__ import annotations

from pytest_lumen.page.purpose import CONSEQUENCES, consequence


def test_the_consequences_a_name_can_have() -> None:
    assert consequence("Delete Green plate") == "destroy" and consequence("Pay $20.00") == "pay"
    assert consequence("Accept all") == "consent" and consequence("Share") == "share"
    assert consequence("Discard draft") == "discard" and consequence("Send") == "send"
    assert consequence("Confirm order") in ("pay", "confirm")
    assert consequence("Show details") is None and consequence("Next") is None
    assert set(CONSEQUENCES) == {"destroy", "pay", "consent", "share", "discard", "send", "confirm"}
    assert consequence("Log out") == consequence("Sign out") == "destroy" and consequence("Check out") == "pay"
    assert consequence("Log in") is None and consequence("Check in") is None
