"""How the reports name a heal and find its picture (pytest_lumen.reports.pictures)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from pytest_lumen.heals import Heal
from pytest_lumen.reports.pictures import heal_text, heal_title, picture_file


def _heal(picture: str | None) -> Heal:
    return Heal(test="t", step="add the mug", action=1, level="relabel", before="a", after="b", cache_file="c.json",
                evidence="known equivalent", runner_up=0.42, picture=picture)


def test_a_heal_reads_as_its_action_level_locators_and_evidence() -> None:
    heal = _heal(None)
    assert heal_title(heal) == "healed action 2 [relabel]"
    assert heal_text(heal).splitlines() == ["step: add the mug", "action: 2", "level: relabel", "before: a", "after: b",
                                            "evidence: known equivalent", "runner-up: 0.42", "cache file: c.json"]


def test_the_picture_is_found_in_the_test_output_folder_when_it_was_taken(tmp_path: Path) -> None:
    ctx: object = SimpleNamespace(output_dir=tmp_path / "test-a")
    assert picture_file(ctx, _heal(None)) is None  # type: ignore[arg-type]
    assert picture_file(ctx, _heal("test-a/heal.png")) is None  # type: ignore[arg-type]  # withheld: no file
    (tmp_path / "test-a").mkdir()
    (tmp_path / "test-a" / "heal.png").write_bytes(b"\x89PNG")
    assert picture_file(ctx, _heal("test-a/heal.png")) == tmp_path / "test-a" / "heal.png"  # type: ignore[arg-type]
