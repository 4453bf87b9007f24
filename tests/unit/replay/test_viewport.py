"""The viewport a test was recorded at (pytest_lumen.replay.viewport): kept in the file it writes, a difference said once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytest_lumen.cache import dumps
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import CacheFile, Step
from pytest_lumen.cache.viewport import Viewport
from pytest_lumen.config import DEFAULT_MODEL, Mode, Settings
from pytest_lumen.context import TestContext
from pytest_lumen.outcome.figures import RunStats
from pytest_lumen.replay.viewport import note_viewport
from pytest_lumen.run.session import LumenSession
from pytest_lumen.run.summary import print_summary

WIDE, NARROW = Viewport(width=1280, height=720), Viewport(width=800, height=600)


class FakePage:
    """What ``note_viewport`` reads of a Playwright page."""

    def __init__(self, size: dict[str, int] | None) -> None:
        self.viewport_size = size


def session(root: Path) -> LumenSession:
    return LumenSession(Settings(mode=Mode.REPLAY, rootdir=root, cache_dir=root / ".lumen-cache", model=DEFAULT_MODEL))


def context(lumen: LumenSession) -> TestContext:
    return lumen.new_context("test_a.py::test_a", lumen.store.path_for("test_a.py", "test_a"), lumen.settings.rootdir / "out")


def a_step() -> Step:
    return Step(key=step_key("go", []), instruction="go", url="/")


def test_a_replay_at_another_viewport_is_noted_once_with_an_event(tmp_path: Path) -> None:
    ctx = context(session(tmp_path))
    recorded = CacheFile(test="test_a.py::test_a", viewport=WIDE)
    note_viewport(ctx, FakePage({"width": 800, "height": 600}), recorded)  # type: ignore[arg-type]
    note_viewport(ctx, FakePage({"width": 800, "height": 600}), recorded)  # type: ignore[arg-type]
    assert ctx.viewport_note == "recorded at 1280x720, replayed at 800x600"
    assert [e.model_dump(include={"type", "recorded", "replayed"}) for e in ctx.events.events] == [
        {"type": "viewport", "recorded": "1280x720", "replayed": "800x600"}]
    assert ("lumen_viewport", ctx.viewport_note) in LumenSession.junit_properties(ctx)


def test_the_same_viewport_or_an_unknown_one_says_nothing(tmp_path: Path) -> None:
    for page_size, recorded in (({"width": 1280, "height": 720}, WIDE), ({"width": 800, "height": 600}, None),
                                (None, WIDE)):
        ctx = context(session(tmp_path))
        note_viewport(ctx, FakePage(page_size), CacheFile(test="t", viewport=recorded))  # type: ignore[arg-type]
        assert ctx.viewport_note is None and ctx.events.events == []
        assert all(name != "lumen_viewport" for name, _ in LumenSession.junit_properties(ctx))


def test_a_recording_keeps_its_viewport_and_a_rewrite_keeps_the_files(tmp_path: Path) -> None:
    lumen = session(tmp_path)
    fresh = context(lumen)
    note_viewport(fresh, FakePage({"width": 800, "height": 600}), None)  # type: ignore[arg-type]
    fresh.cache.keep(a_step(), changed=True)
    assert (written := fresh.cache.to_write()) is not None and written.viewport == NARROW
    lumen.store.save(fresh.cache.path, CacheFile(test="test_a.py::test_a", steps=[a_step()], viewport=WIDE))
    healed = context(lumen)
    note_viewport(healed, FakePage({"width": 800, "height": 600}), healed.cache.file())  # type: ignore[arg-type]
    healed.cache.keep(a_step(), changed=True)
    assert (rewritten := healed.cache.to_write()) is not None and rewritten.viewport == WIDE
    lumen.store.save(fresh.cache.path, CacheFile(test="test_a.py::test_a", steps=[a_step()]))  # written before viewports
    older = context(lumen)
    note_viewport(older, FakePage({"width": 800, "height": 600}), older.cache.file())  # type: ignore[arg-type]
    older.cache.keep(a_step(), changed=True)
    assert (kept := older.cache.to_write()) is not None and kept.viewport is None  # a heal's diff gains no viewport


def test_a_file_without_a_viewport_reads_and_writes_unchanged() -> None:
    text = dumps(CacheFile(test="t", steps=[a_step()]))
    assert "viewport" not in text
    data: dict[str, Any] = json.loads(dumps(CacheFile(test="t", viewport=WIDE)))
    assert data["viewport"] == {"height": 720, "width": 1280} and data["schema_version"] == 3


class Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_sep(self, sep: str, title: str) -> None:
        self.lines.append(title)

    def write_line(self, line: str) -> None:
        self.lines.append(line)


def test_the_summary_lists_each_test_replayed_at_another_viewport_across_workers(tmp_path: Path) -> None:
    lumen = session(tmp_path)
    ctx = context(lumen)
    note_viewport(ctx, FakePage({"width": 800, "height": 600}), CacheFile(test="t", viewport=WIDE))  # type: ignore[arg-type]
    ctx.figures.steps_replayed = 1
    lumen.finish(ctx, passed=True)
    worker = RunStats(viewports=["test_b.py::test_b: recorded at 1280x720, replayed at 390x844"])
    lumen.stats.merge(json.loads(json.dumps(worker.to_json())))
    out = Lines()
    print_summary(out, lumen.finish_run(tmp_path / "out", exitstatus=0))
    assert [line for line in out.lines if "viewport" in line] == [
        "  viewport: test_a.py::test_a: recorded at 1280x720, replayed at 800x600",
        "  viewport: test_b.py::test_b: recorded at 1280x720, replayed at 390x844"]


def test_a_profile_with_a_recording_of_its_own_in_the_file_says_nothing_of_the_files_viewport(tmp_path: Path) -> None:
    both = CacheFile(test="test_a.py::test_a", viewport=WIDE, profiles=["wide", "narrow-touch-mobile"])
    phone = context(session(tmp_path))
    phone.cache.profile = "narrow-touch-mobile"
    note_viewport(phone, FakePage({"width": 412, "height": 839}), both)  # type: ignore[arg-type]
    assert phone.viewport_note is None and phone.events.events == []

    laptop = context(session(tmp_path))  # the file's own profile, at another size: said as before
    laptop.cache.profile = "wide"
    note_viewport(laptop, FakePage({"width": 1100, "height": 600}), both)  # type: ignore[arg-type]
    assert laptop.viewport_note == "recorded at 1280x720, replayed at 1100x600"
