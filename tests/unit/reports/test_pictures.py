"""How the reports name a heal and find its pictures (pytest_lumen.reports.pictures)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from pytest_lumen.outcome.heal import Heal
from pytest_lumen.reports.pictures import heal_text, heal_title, picture_files


def _heal(picture: str | None, after_picture: str | None = None) -> Heal:
    return Heal(test="t", step="add the mug", action=1, level="relabel", before="a", after="b", cache_file="c.json",
                evidence="known equivalent", runner_up=0.42, picture=picture, after_picture=after_picture)


def test_a_heal_reads_as_its_action_level_locators_and_evidence() -> None:
    heal = _heal(None)
    assert heal_title(heal) == "healed action 2 [relabel]"
    assert heal_text(heal).splitlines() == ["step: add the mug", "action: 2", "level: relabel", "before: a", "after: b",
                                            "evidence: known equivalent", "runner-up: 0.42", "cache file: c.json"]


def test_the_pictures_are_found_in_the_test_output_folder_when_they_were_taken(tmp_path: Path) -> None:
    ctx: object = SimpleNamespace(output_dir=tmp_path / "test-a")
    heal = _heal("test-a/heal-before.png", "test-a/heal-after.png")
    assert picture_files(ctx, _heal(None)) == []  # type: ignore[arg-type]
    assert picture_files(ctx, heal) == []  # type: ignore[arg-type]  # withheld: no file
    (tmp_path / "test-a").mkdir()
    (tmp_path / "test-a" / "heal-after.png").write_bytes(b"\x89PNG")
    assert picture_files(ctx, heal) == [("after", tmp_path / "test-a" / "heal-after.png")]  # type: ignore[arg-type]
    (tmp_path / "test-a" / "heal-before.png").write_bytes(b"\x89PNG")
    assert picture_files(ctx, heal) == [  # type: ignore[arg-type]
        ("before", tmp_path / "test-a" / "heal-before.png"), ("after", tmp_path / "test-a" / "heal-after.png")]
