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
