"""Device profiles (pytest_lumen.cache.profile) and a step's recording per profile (pytest_lumen.cache.model)."""

from __future__ import annotations

import pytest

from pytest_lumen.cache.model import CacheFile, Click, LocatorSpec, Step, Target
from pytest_lumen.cache.profile import Profile, width_class
from pytest_lumen.cache.viewport import Viewport

MENU = Click(target=Target(locator=LocatorSpec(kind="role", value="button", name="Menu")))
CART = Click(target=Target(locator=LocatorSpec(kind="role", value="link", name="Cart")))


@pytest.mark.parametrize(("width", "expected"), [(320, "narrow"), (767, "narrow"), (768, "medium"), (1023, "medium"),
                                                 (1024, "wide"), (1920, "wide")])
def test_a_width_falls_in_the_class_the_common_breakpoints_give(width: int, expected: str) -> None:
    assert width_class(width) == expected


def test_a_profile_is_named_by_its_key_and_read_back_from_it() -> None:
    phone = Profile.of(Viewport(width=412, height=839), touch=True, mobile=True)
    assert phone.key == "narrow-touch-mobile" and Profile.parse(phone.key) == phone
    assert Profile.of(None).key == "wide"  # no viewport: the page follows the window
    for bad in ("tiny", "wide-touch-touch", "narrow-retina", ""):
        with pytest.raises(ValueError, match="is not a device profile"):
            Profile.parse(bad)


def test_the_nearest_profile_differs_in_its_flags_before_its_width() -> None:
    phone = Profile.parse("narrow-touch-mobile")
    assert phone.nearest(["wide", "medium-touch-mobile"]) == "medium-touch-mobile"
    assert phone.nearest(["wide", "narrow"]) == "narrow"
    assert Profile.parse("wide").nearest([]) is None


def test_a_step_serves_each_profile_its_own_actions_and_shares_the_rest() -> None:
    step = Step(key="0" * 16, instruction="open the cart", url="/", actions=[CART],
                per_profile={"narrow-touch-mobile": [MENU, CART]}, on=["wide", "narrow-touch-mobile"])
    held = ["wide", "medium", "narrow-touch-mobile"]
    assert step.actions_for("wide", held) == [CART]
    assert step.actions_for("narrow-touch-mobile", held) == [MENU, CART]
    assert step.actions_for("medium", held) is None  # held by the file, not recorded for this step
    assert step.actions_for("narrow", held) is None  # not held at all
    assert step.recorded_on(held) == ["wide", "narrow-touch-mobile"]
    assert step.actions_for("narrow", None) == [CART]  # an older file that does not say: its actions serve any


def test_a_file_without_profiles_holds_the_one_of_its_viewport() -> None:
    assert CacheFile(test="t", viewport=Viewport(width=1280, height=720)).held_profiles() == ["wide"]
    assert CacheFile(test="t").held_profiles() is None
    assert CacheFile(test="t", profiles=["wide", "narrow-touch-mobile"]).held_profiles() == ["wide", "narrow-touch-mobile"]


def test_a_cache_file_names_a_profile_one_way_only() -> None:
    steps = [Step(key="0" * 16, instruction="open the cart", url="/", actions=[CART])]
    with pytest.raises(ValueError, match="'narrow-mobile-touch' is written 'narrow-touch-mobile'"):
        CacheFile(test="t", profiles=["wide", "narrow-mobile-touch"], steps=steps)
    with pytest.raises(ValueError, match="is not a device profile"):
        CacheFile.model_validate({"test": "t", "profiles": ["wide"],
                                  "steps": [{**steps[0].model_dump(mode="json"), "on": ["phone"]}]})
