"""The run's heals report (pytest_lumen.run.heals): one row per heal, linking its pictures before and after."""

from __future__ import annotations

from pytest_lumen.run.heals import Heal, heals_markdown


def test_a_heal_row_links_the_pictures_that_were_taken() -> None:
    both = Heal(test="t.py::a", step="pay", action=0, level="relabel", before="a", after="b", cache_file="c.json",
                picture="a/heal-step1-action1-before.png", after_picture="a/heal-step1-action1-after.png")
    effect = Heal(test="t.py::b", step="go", action=1, level="effect", before="/x", after="/y", cache_file="c.json",
                  after_picture="b/heal-step1-action2-after.png")  # known only after its action
    rows = [line for line in heals_markdown([both, effect], "replay").splitlines() if line.startswith("| t.py::")]
    assert "| [before](a/heal-step1-action1-before.png) [after](a/heal-step1-action1-after.png) |" in rows[0]
    assert "| [after](b/heal-step1-action2-after.png) |" in rows[1] and "[before]" not in rows[1]
