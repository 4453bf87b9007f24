"""The judge's contract (pytest_lumen.heal.judge): one rule for every proposal, at most one element accepted."""

from __future__ import annotations

from typing import Any, cast

import pytest

from pytest_lumen.cache.model import Fingerprint, LocatorSpec, Target
from pytest_lumen.heal.claims import Claims
from pytest_lumen.heal.destinations import Reading
from pytest_lumen.heal.judge import judge, refusal, verdict
from pytest_lumen.heal.policy import Policy
from pytest_lumen.heal.proposal import Missed, Offer, Proposal, Relocated, Scene
from pytest_lumen.heal.survey import Survey
from pytest_lumen.heal.synonyms import Synonyms
from pytest_lumen.outcome.heal import HealLevel
from pytest_lumen.page.fingerprint import Candidate

CONFIRMS = Reading("confirms", "it declares the link /help, where the step led")
CONTRADICTS = Reading("contradicts", "it declares the link /logout, and the step led to /help")


@pytest.fixture(autouse=True)
def no_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """No page to read the names of a candidate's containers from: none."""
    monkeypatch.setattr(Scene, "around", lambda self, index: set())
    monkeypatch.setattr(Scene, "item_texts", lambda self, index: None)


def button(name: str, **fields: Any) -> Fingerprint:
    return Fingerprint(**{"tag": "button", "role": "button", "name": name, "text": name, **fields})


class Sections:
    """A page that holds sections of these names (``enclosing.beside_its_section`` asks), and is asked nothing else."""

    def __init__(self, *names: str) -> None:
        self.names = list(names)

    def evaluate(self, expression: str) -> list[str]:
        assert "sectionNames" in expression
        return self.names


def scene(recorded: Fingerprint, policy: Policy | None = None, *others: Fingerprint, page: Any = None) -> Scene:
    target = Target(locator=LocatorSpec(kind="role", value=recorded.role or "button", name=recorded.name),
                    fingerprint=recorded)
    survey = Survey("*", [Candidate(i, fp) for i, fp in enumerate(others)], [0.5 for _ in others])
    return Scene(cast(Any, page), target, policy or Policy(), Synonyms(), Claims(), survey)


def never() -> Any:
    raise AssertionError("a refused proposal is never settled")


def proposal(fp: Fingerprint, score: float = 0.9, rival: float | None = 0.3, index: int = 0, **more: Any) -> Proposal:
    return Proposal(HealLevel(kind="similarity"), fp, index, score, never, rival=rival, **more)


def test_a_new_name_without_evidence_is_refused_however_alike_the_rest_is() -> None:
    remove = button("Remove", context="Road trip Song A 3:20", test_id="track-action")
    why = refusal(scene(remove), proposal(button("Delete", context="Road trip Song A 3:20", test_id="track-action"),
                                          score=0.99, rival=0.0))
    assert why is not None and "'Remove' became 'Delete'" in why and "destroy" in why


def test_a_same_scope_synonym_or_words_of_what_it_is_about_are_evidence() -> None:
    assert refusal(scene(button("Sign in")), proposal(button("Log in"))) is None
    confirm = button("Confirm", landmark="dialog: Confirm your order", context="Cancel")
    assert refusal(scene(confirm), proposal(button("Confirm order"), rival=None)) is None
    accept = button("Accept", context="We use cookies")
    assert "scope" in (refusal(scene(accept), proposal(button("Accept all"), rival=None)) or "")


def test_an_action_with_no_consequence_may_be_known_by_what_it_declares() -> None:
    helps = button("Help", tag="a", role="link", href="/help")
    assert refusal(scene(helps), proposal(button("Support", tag="a", role="link"), reading=CONFIRMS)) is None
    assert refusal(scene(helps), proposal(button("Support", tag="a", role="link"))) is not None
    delete = button("Delete")
    assert refusal(scene(delete), proposal(button("Erase"), reading=CONFIRMS)) is not None  # consequential


def test_what_it_declares_against_the_recording_refuses_it_first() -> None:
    helps = button("Help", tag="a", role="link")
    assert refusal(scene(helps), proposal(helps, reading=CONTRADICTS)) == CONTRADICTS.why


def test_an_element_of_another_item_than_the_one_the_step_names_is_refused() -> None:
    recorded = button("Delete", item="Green plate", context="2 Green plate $12.00 Kitchen", look_alikes=3)
    other_row = button("Delete", context="2 Blue bowl $12.00 Kitchen")
    assert "not in the item of 'Green plate'" in (refusal(scene(recorded), proposal(other_row)) or "")
    its_row = button("Delete", context="5 Green plate $12.00 Kitchen")
    assert refusal(scene(recorded), proposal(its_row)) is None
    by_id = recorded.model_copy(update={"item": "2"})  # an id is never identity on its own: likeness decides
    assert refusal(scene(by_id), proposal(other_row)) is None


def test_likeness_decides_only_above_the_threshold_and_clearly_ahead() -> None:
    heading = Fingerprint(tag="h1", role="heading", name="Help center")
    assert verdict(scene(heading), heading, 0.95, 0.3, 0.65) is None
    assert "below" in (verdict(scene(heading), heading, 0.5, 0.0, 0.65) or "")
    assert "ambiguous" in (verdict(scene(heading), heading, 0.95, 0.9, 0.65) or "")
    pinned = scene(heading, Policy(pinned=frozenset({"name"})))
    assert "asserts its name" in (verdict(pinned, heading.model_copy(update={"name": "Order failed"}), 0.95, 0.0,
                                          0.65) or "")


def test_content_that_is_no_control_is_compared_by_likeness_not_by_its_words() -> None:
    heading = Fingerprint(tag="h1", role="heading", name="Help center")
    assert verdict(scene(heading), heading.model_copy(update={"name": "Help Centre"}), 0.9, 0.2, 0.65) is None


def test_two_strategies_that_make_a_case_for_two_elements_are_a_doubt() -> None:
    recorded = button("Sign in")
    first, second = proposal(button("Log in"), index=1), proposal(button("Log on", id="other"), index=2)
    found = judge(scene(recorded), [Offer((first,)), Offer((second,))])
    assert isinstance(found, Missed) and "2 different elements" in found.reason


def test_of_two_elements_the_one_that_kept_the_recorded_name_is_no_doubt(monkeypatch: pytest.MonkeyPatch) -> None:
    recorded = button("Visit the help center", tag="a", role="link")
    spec = LocatorSpec(kind="text", value="Visit the help center")
    kept = Proposal(HealLevel(kind="fallback", locator="text"), button("Visit the help center"), 1, 0.9,
                    lambda: (spec, cast(Any, "live")), rival=0.2)
    other = proposal(button("Help", tag="a", role="link"), index=2, reading=Reading("confirms", "it declares /help"))
    monkeypatch.setattr("pytest_lumen.heal.judge.capture_with_look_alikes", lambda live: kept.fingerprint)
    found = judge(scene(recorded), [Offer((kept,)), Offer((other,))])
    assert isinstance(found, Relocated) and found.spec == spec


def test_no_proposal_accepted_says_why_strategy_by_strategy() -> None:
    found = judge(scene(button("Remove")), [Offer(note="no recorded fallback locator finds exactly one visible element"),
                                            Offer((proposal(button("Share")),))])
    assert isinstance(found, Missed)
    assert "no recorded fallback" in found.reason and "similarity: its name 'Remove' became 'Share'" in found.reason


def test_a_control_without_a_role_that_the_action_clicks_is_named_by_what_it_does() -> None:
    archive = Fingerprint(tag="div", text="Archive", test_id="row-action")
    acting = scene(archive, Policy(acts=True))
    why = verdict(acting, archive.model_copy(update={"text": "Delete"}), 0.83, 0.2, 0.65)
    assert why is not None and "'Archive' became 'Delete'" in why
    assert verdict(scene(archive), archive.model_copy(update={"text": "Delete"}), 0.83, 0.2, 0.65) is None  # a check


def test_a_row_itself_must_still_hold_the_name_the_step_gave_it() -> None:
    row = Fingerprint(tag="tr", role="row", name="2 Green plate $12.00", text="2 Green plate $12.00", item="Green plate")
    reseeded = row.model_copy(update={"name": "2 Blue bowl $12.00", "text": "2 Blue bowl $12.00"})
    assert "not in the item of 'Green plate'" in (verdict(scene(row), reseeded, 0.91, 0.2, 0.65) or "")
    assert verdict(scene(row), row.model_copy(update={"name": "5 Green plate $12.00"}), 0.91, 0.2, 0.65) is None


def test_a_consequential_control_gains_only_words_of_what_it_was_about() -> None:
    delete = button("Delete", context="API key ci-runner")
    in_settings = button("Delete account", within="Account settings")
    assert refusal(scene(delete), proposal(in_settings, rival=None)) is not None  # "account" named only around it now
    remove = button("Remove", within="Playlist: Road trip")
    assert refusal(scene(remove), proposal(button("Remove from playlist", within="Playlist: Road trip"), rival=None)) is None


def field(label: str, **fields: Any) -> Fingerprint:
    return Fingerprint(**{"tag": "input", "role": "textbox", "name": label, "label": label, **fields})


@pytest.mark.parametrize(("now", "refused"), [
    ("Billing address / Checkout", "it is in 'Billing address'"),  # another section's field of that name: never it
    ("Shipping address / Checkout", None),
    ("Shipping / Checkout", None),  # the section's name lost a word
    ("Address / Shipping address", None),  # a named group added inside it
    ("Checkout", None),  # the form lost its fieldsets: no section names it otherwise
    (None, None),  # read from the page: held by no named container
    ("Return shipping address / Checkout", "'Shipping address', is still on the page"),  # gained a word, beside it
])
def test_a_field_is_never_one_of_another_named_section(now: str | None, refused: str | None) -> None:
    street = field("Street", within="Shipping address / Checkout", id="street", name_attr="street")
    candidate = field("Street", within=now, id="bstreet", name_attr="bstreet")
    page = Sections("Checkout", *(["Shipping address"] if now and now.startswith("Return") else [now or "Checkout"]))
    why = refusal(scene(street, page=page), proposal(candidate, index=-1))  # not scanned: nothing else read
    assert (why is not None and refused in why) if refused else why is None, why


def test_a_count_in_a_sections_name_is_no_other_section() -> None:
    checkout = button("Checkout", within="Your cart (2 items)")
    assert refusal(scene(checkout), proposal(button("Checkout", within="Your cart (3 items)"), rival=None)) is None


def test_a_count_that_joined_a_name_is_the_apps_data_and_all_is_a_scope() -> None:
    order = button("Place order")
    assert refusal(scene(order), proposal(button("Place order (2 items)"))) is None
    assert refusal(scene(button("Delete")), proposal(button("Delete all 6"))) is not None
