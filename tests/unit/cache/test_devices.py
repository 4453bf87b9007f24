"""Every device profile in one cache file (pytest_lumen.cache.devices): shared where the same, apart where not."""

from __future__ import annotations

from pytest_lumen.cache.devices import merged_file, same_actions
from pytest_lumen.cache.model import CacheFile, Click, Fingerprint, LocatorSpec, Step, Target
from pytest_lumen.cache.viewport import Viewport

DESKTOP = Viewport(width=1280, height=720)
PHONE = "narrow-touch-mobile"


def click(name: str, x: float = 0.0) -> Click:
    fp = Fingerprint.model_validate({"tag": "button", "role": "button", "name": name,
                                     "box": {"x": x, "y": 0, "width": 10, "height": 10}})
    return Click(target=Target(locator=LocatorSpec(kind="role", value="button", name=name), fingerprint=fp))


def step(*actions: Click, key: str = "0" * 16) -> Step:
    return Step(key=key, instruction="open the cart", url="/", actions=list(actions))


def test_the_same_actions_on_another_layout_are_the_same_recording() -> None:
    assert same_actions([click("Cart", x=900)], [click("Cart", x=20)])  # where it is: the layout's, not the action's
    assert not same_actions([click("Cart")], [click("Menu"), click("Cart")])


def test_a_file_of_one_profile_is_written_as_before() -> None:
    ours = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart"))])
    assert merged_file(None, ours, "wide") == ours
    phone_only = merged_file(None, CacheFile(test="t", viewport=Viewport(width=412, height=839), steps=ours.steps), PHONE)
    assert phone_only.profiles == [PHONE]  # the viewport alone does not say touch and mobile


def test_a_second_profile_with_other_actions_keeps_its_own_beside_the_first() -> None:
    desktop = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart")), step(click("Pay"), key="1" * 16)])
    phone = CacheFile(test="t", viewport=Viewport(width=412, height=839),
                      steps=[step(click("Menu"), click("Cart", x=5)), step(click("Pay", x=7), key="1" * 16)])
    written = merged_file(desktop, phone, PHONE)
    assert written.profiles == ["wide", PHONE] and written.viewport == DESKTOP
    first, second = written.steps
    assert first.actions_for(PHONE, written.profiles) == [click("Menu"), click("Cart", x=5)]
    assert first.actions_for("wide", written.profiles) == [click("Cart")]
    assert (second.on, second.per_profile) == (None, None)  # the same on both: stored once
    assert second.actions == [click("Pay")]  # the copy the file shared: the desktop's lines do not change
    assert first.actions == [click("Cart")] and first.per_profile == {PHONE: [click("Menu"), click("Cart", x=5)]}


def test_a_heal_on_one_profile_rewrites_that_profiles_actions_only() -> None:
    both = CacheFile(test="t", viewport=DESKTOP, profiles=["wide", PHONE], steps=[step(click("Cart"))])
    healed = merged_file(both, CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Basket"))]), PHONE)
    [only] = healed.steps
    assert only.actions == [click("Cart")] and only.per_profile == {PHONE: [click("Basket")]}
    assert only.actions_for("wide", healed.profiles) == [click("Cart")]


def test_a_step_only_one_profile_recorded_is_on_that_profile_only() -> None:
    both = merged_file(CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart"))]),
                       CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart"))]), PHONE)
    desktop_again = merged_file(both, CacheFile(test="t", viewport=DESKTOP, steps=[
        step(click("Cart")), step(click("Pay"), key="2" * 16)]), "wide")
    assert desktop_again.profiles == ["wide", PHONE]
    new = desktop_again.steps[1]
    assert new.on == ["wide"] and new.actions_for(PHONE, desktop_again.profiles) is None
    assert desktop_again.steps[0].actions_for(PHONE, desktop_again.profiles) == [click("Cart")]


MENU_KEY, PAY_KEY = "1" * 16, "2" * 16


def both_profiles() -> CacheFile:
    """The desktop's two steps, and the phone's three: it opens the menu in a step of its own."""
    return CacheFile(test="t", viewport=DESKTOP, profiles=["wide", PHONE], steps=[
        step(click("Cart")),
        step(click("Menu"), key=MENU_KEY).model_copy(update={"on": [PHONE]}),
        step(click("Pay"), key=PAY_KEY)])


def test_a_step_only_another_profile_takes_stays_for_it_when_one_profile_writes() -> None:
    desktop_heal = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Basket")), step(click("Pay"), key=PAY_KEY)])

    written = merged_file(both_profiles(), desktop_heal, "wide")

    assert [s.key for s in written.steps] == ["0" * 16, MENU_KEY, PAY_KEY]  # in the file's order
    menu = written.steps[1]
    assert menu.actions_for(PHONE, written.profiles) == [click("Menu")]
    assert menu.actions_for("wide", written.profiles) is None
    assert written.steps[0].actions_for(PHONE, written.profiles) == [click("Cart")]  # the heal is the desktop's own
    assert written.steps[0].actions_for("wide", written.profiles) == [click("Basket")]


def test_a_step_this_profile_no_longer_takes_is_no_longer_its_own() -> None:
    phone_without_menu = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart")), step(click("Pay"), key=PAY_KEY)])
    assert [s.key for s in merged_file(both_profiles(), phone_without_menu, PHONE).steps] == ["0" * 16, PAY_KEY]
    # a shared file's other tests may take it on this profile too: it stays
    kept = merged_file(both_profiles(), phone_without_menu, PHONE, shared=True)
    assert kept.steps[1].actions_for(PHONE, kept.profiles) == [click("Menu")]


def test_a_new_profile_is_given_no_recording_of_a_step_it_did_not_take() -> None:
    desktop = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart")), step(click("Help"), key=MENU_KEY)])
    phone = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart"))])

    written = merged_file(desktop, phone, PHONE)

    help_step = written.steps[1]
    assert help_step.actions_for("wide", written.profiles) == [click("Help")]
    assert help_step.actions_for(PHONE, written.profiles) is None  # never the desktop's, silently


def test_a_step_conditional_on_one_profile_and_plain_on_another_never_serves_the_other_kind() -> None:
    plain = CacheFile(test="t", viewport=DESKTOP, steps=[step(click("Cart"))])
    conditional = CacheFile(test="t", viewport=DESKTOP, steps=[
        step().model_copy(update={"actions": [], "branches": [[click("Close")], []]})])

    phone_conditional = merged_file(plain, conditional, PHONE)
    [only] = phone_conditional.steps
    assert only.branches == [[click("Close")], []] and only.on == [PHONE]
    assert only.actions_for("wide", phone_conditional.profiles) is None  # the desktop records it again: a miss

    desktop_plain_again = merged_file(phone_conditional, plain, "wide")
    [again] = desktop_plain_again.steps
    assert again.branches is None and again.actions == [click("Cart")] and again.on == ["wide"]
    assert again.actions_for(PHONE, desktop_plain_again.profiles) is None
