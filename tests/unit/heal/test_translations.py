"""``translate.py``: what a translated action is written as."""

from __future__ import annotations

from pytest_lumen.cache.model import ChosenOption, Fingerprint, LocatorSpec, SelectOption, Target
from pytest_lumen.heal.translations import _with_placeholders


def test_a_native_select_choice_is_written_with_the_steps_values_as_their_placeholders() -> None:
    target = Target(locator=LocatorSpec(kind="label", value="Country"),
                    fingerprint=Fingerprint(tag="select", role="combobox", name="Country", text="France Germany"))
    done = SelectOption(target=target, value="Germany", option=ChosenOption(value="de", label="Germany"))
    written = _with_placeholders(done, lambda text: text.replace("Germany", "%country%"))
    assert written.value == "%country%"
    assert written.option == ChosenOption(value="de", label="%country%")
    assert written.target.fingerprint.text == "France %country%"
    assert written.target.locator == target.locator
