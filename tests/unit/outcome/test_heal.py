"""The run's heals report (run.heals_report) of its heals (outcome.heal): one row per heal, with its pictures."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from pytest_lumen.outcome.heal import Heal, HealLevel
from pytest_lumen.run.heals_report import heals_markdown


def test_a_heal_row_links_the_pictures_that_were_taken() -> None:
    both = Heal(test="t.py::a", step="pay", action=0, level="relabel", before="a", after="b", cache_file="c.json",
                picture="a/heal-step1-action1-before.png", after_picture="a/heal-step1-action1-after.png")
    effect = Heal(test="t.py::b", step="go", action=1, level="effect", before="/x", after="/y", cache_file="c.json",
                  after_picture="b/heal-step1-action2-after.png")  # known only after its action
    rows = [line for line in heals_markdown([both, effect], "replay").splitlines() if line.startswith("| t.py::")]
    assert "| [before](a/heal-step1-action1-before.png) [after](a/heal-step1-action1-after.png) |" in rows[0]
    assert "| [after](b/heal-step1-action2-after.png) |" in rows[1] and "[before]" not in rows[1]


def test_a_heal_level_is_read_once_from_its_written_form_and_written_back_the_same() -> None:
    fallback = HealLevel.model_validate("fallback:test_id")
    assert (fallback.kind, fallback.locator, str(fallback)) == ("fallback", "test_id", "fallback:test_id")
    assert HealLevel(kind="relabel") == HealLevel.model_validate("relabel") and str(HealLevel(kind="relabel")) == "relabel"
    heal = Heal(test="t.py::a", step="pay", action=0, level=fallback, before="a", after="b", cache_file="c.json")
    assert heal.model_dump()["level"] == "fallback:test_id"  # lumen-run.json and a worker's figures: as before
    assert '"level":"fallback:test_id"' in heal.model_dump_json()
    assert Heal(**heal.model_dump()) == heal  # a worker's heals, read back on the controller
    assert "| fallback:test_id |" in heals_markdown([heal], "replay")


@pytest.mark.parametrize("written", ["fallback", "relabel:role", "fallback:xpath", "Guessed"])
def test_a_heal_level_that_cannot_be_is_refused(written: str) -> None:
    with pytest.raises(ValidationError):
        HealLevel.model_validate(written)
