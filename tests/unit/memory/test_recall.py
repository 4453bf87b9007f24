"""Unit tests of the store of one memory.json (pytest_lumen.memory.recall): triggers, learning, the file."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
import warnings
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_lumen.cache.fileio import locked
from pytest_lumen.errors import LockTimeoutError, LumenError, MemoryFileError
from pytest_lumen.memory import (
    EVENT_TYPES,
    ActionOutcome,
    MemoryFileWarning,
    MemoryStore,
    host_matches,
    seed_lessons,
)

from .helpers import TODAY, Recorder, make_lesson, read_memory, recovery, store_at, write_memory

# ------------------------------------------------------------------ seeds and first use


def test_missing_file_gives_the_three_seeds_without_writing(mem_path: Path) -> None:
    store = store_at(mem_path)
    store.load()
    lessons = store.lessons
    assert [lesson.category for lesson in lessons] == ["tool_fallback", "best_practice", "best_practice"]
    assert all(lesson.source == "seed" and lesson.use_count == 0 for lesson in lessons)
    assert all(lesson.created_at == TODAY.isoformat() for lesson in lessons)
    assert lessons[0].failed_command == "fill"
    assert "Enter" in lessons[1].lesson and "Escape" in lessons[2].lesson
    store.get_tier1()
    store.recall_on_domain("shop.example")
    store.save()  # nothing changed but the seeds are not on disk: they are written now
    assert [entry["source"] for entry in read_memory(mem_path)] == ["seed"] * 3


def test_pure_load_and_read_never_writes(mem_path: Path) -> None:
    store = store_at(mem_path)
    store.load()
    store.get_tier1()
    store.recall_on_domain("shop.example")
    assert not mem_path.exists()
    assert not mem_path.parent.exists()  # not even the folder or a lock file

    write_memory(mem_path, seed_lessons(TODAY))
    before = mem_path.stat().st_mtime_ns, mem_path.read_bytes()
    store = store_at(mem_path)
    store.load()
    store.get_tier1()
    store.save()
    assert store.learn([ActionOutcome("click", True)]) == []
    assert (mem_path.stat().st_mtime_ns, mem_path.read_bytes()) == before


def test_save_does_not_rewrite_a_file_another_worker_already_wrote(mem_path: Path) -> None:
    mine = store_at(mem_path)
    mine.load()  # no file yet: the seeds are pending
    store_at(mem_path).save()  # another worker writes them first
    before = mem_path.stat().st_mtime_ns, mem_path.stat().st_ino
    mine.save()
    assert (mem_path.stat().st_mtime_ns, mem_path.stat().st_ino) == before
    assert len(read_memory(mem_path)) == 3


def test_first_learn_writes_seeds_and_lesson_sorted_and_pretty(mem_path: Path) -> None:
    store = store_at(mem_path)
    store.learn(recovery("click", "Element is covered by another element", "press", "shop.example"))
    text = mem_path.read_text(encoding="utf-8")
    assert text.endswith("}\n")
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["version"] == 1
    assert [entry["source"] for entry in data["lessons"]] == ["seed", "seed", "seed", "learned"]


def test_lessons_property_is_a_copy(mem_path: Path) -> None:
    store = store_at(mem_path)
    store.lessons[0].use_count = 99
    store.lessons.clear()
    assert len(store.lessons) == 3 and store.lessons[0].use_count == 0


# ------------------------------------------------------------------ tier 1


def test_tier1_filters_orders_and_caps(mem_path: Path) -> None:
    learned = [
        make_lesson(f"practice {n}", "best_practice", use_count=n) for n in range(12)
    ] + [
        make_lesson("recovery", "error_recovery", use_count=50),
        make_lesson("site", "site_specific", domain="shop.example", use_count=50),
    ]
    seeds = seed_lessons(TODAY)
    write_memory(mem_path, learned + seeds)  # seeds last on disk, still first in tier 1
    events = Recorder()
    tier1 = store_at(mem_path, events=events).get_tier1()
    assert len(tier1) == 10
    assert [lesson.source for lesson in tier1[:3]] == ["seed"] * 3
    assert [lesson.lesson for lesson in tier1[3:]] == [f"practice {n}" for n in range(11, 4, -1)]
    assert all(lesson.category in ("tool_fallback", "best_practice") for lesson in tier1)
    [event] = events.of("tier1_loaded")
    assert event["count"] == 10 and event["lessons"] == [lesson.lesson for lesson in tier1]


def test_tier1_ties_keep_file_order_and_seeds_beat_more_used_learned(mem_path: Path) -> None:
    write_memory(
        mem_path,
        [
            make_lesson("b", "best_practice", use_count=100),
            make_lesson("x", "tool_fallback", use_count=2),
            make_lesson("y", "best_practice", use_count=2),
            make_lesson("s", "best_practice", source="seed", use_count=0),
        ],
    )
    assert [lesson.lesson for lesson in store_at(mem_path).get_tier1()] == ["s", "b", "x", "y"]


# ------------------------------------------------------------------ trigger A


def test_recall_on_error_matches_command_and_pattern_case_insensitively(mem_path: Path) -> None:
    write_memory(
        mem_path,
        [
            make_lesson("pattern", failed_command="Fill", error_pattern="Too Many Arguments"),
            make_lesson("other pattern", failed_command="fill", error_pattern="not visible"),
            make_lesson("command only", failed_command="FILL"),
            make_lesson("other command", failed_command="click", error_pattern="too many arguments"),
            make_lesson("no command", error_pattern="too many arguments"),
        ],
    )
    events = Recorder()
    store = store_at(mem_path, events=events)
    found = store.recall_on_error("fill", "TOO MANY ARGUMENTS: expected 2, received 3", "www.shop.example")
    assert [lesson.lesson for lesson in found] == ["pattern", "command only"]
    [event] = events.of("error_recall")
    assert list(event)[:2] == ["event", "ts"]
    assert event["command"] == "fill"
    assert event["error_snippet"] == "TOO MANY ARGUMENTS: expected 2, received 3"
    assert event["matched"] == 2 and event["lessons"] == ["pattern", "command only"]

    assert store.recall_on_error("type", "too many arguments") == []
    assert events.of("error_recall")[-1]["matched"] == 0


def test_recall_on_error_snippet_is_cut_at_200(mem_path: Path) -> None:
    events = Recorder()
    store_at(mem_path, events=events).recall_on_error("click", "x" * 500)
    assert events.of("error_recall")[0]["error_snippet"] == "x" * 200


def test_recall_counts_are_saved_once_and_only_by_save(mem_path: Path) -> None:
    write_memory(mem_path, [make_lesson("fill tip", failed_command="fill", last_used="2026-01-01")])
    store = store_at(mem_path)
    [hit] = store.recall_on_error("fill", "anything", "www.a.example")
    assert hit.use_count == 1 and hit.last_used == TODAY.isoformat()
    store.recall_on_error("fill", "anything", "a.example")  # same host once www. is dropped
    assert read_memory(mem_path)[0]["use_count"] == 0  # not yet written
    store.save()
    [saved] = read_memory(mem_path)
    assert saved["use_count"] == 2
    assert saved["last_used"] == TODAY.isoformat()
    assert saved["triggered_domains"] == ["a.example"]
    store.save()  # the counts are applied once, not at every write
    store.learn(recovery("click", "element is detached from the DOM", "hover"))
    assert read_memory(mem_path)[0]["use_count"] == 2


def test_recall_counts_merge_with_what_another_worker_wrote(mem_path: Path) -> None:
    write_memory(mem_path, [make_lesson("fill tip", failed_command="fill", use_count=1)])
    mine = store_at(mem_path)
    mine.load()
    theirs = store_at(mem_path)
    theirs.recall_on_error("fill", "boom boom boom", "b.example")
    theirs.learn(recovery("click", "element is detached from the DOM", "hover", "b.example"))
    mine.recall_on_error("fill", "boom boom boom", "a.example")
    mine.save()
    lessons = read_memory(mem_path)
    assert lessons[0]["use_count"] == 3
    assert sorted(lessons[0]["triggered_domains"]) == ["a.example", "b.example"]
    assert [entry["lesson"] for entry in lessons][1:] == [
        "When click fails with 'element is detached from the dom', try hover instead."
    ]


# ------------------------------------------------------------------ trigger B


@pytest.mark.parametrize(
    ("host", "hit"),
    [
        ("shop.example", True),
        ("www.shop.example", True),
        ("eu.checkout.shop.example", True),
        ("SHOP.EXAMPLE.", True),
        ("https://www.shop.example:8443/cart", True),
        ("evilshop.example", False),
        ("shop.example.evil", False),
        ("example", False),
        ("", False),
    ],
)
def test_host_matches(host: str, hit: bool) -> None:
    assert host_matches(host, "shop.example") is hit


def test_recall_on_domain_matches_subdomains_only(mem_path: Path) -> None:
    write_memory(
        mem_path,
        [
            make_lesson("shop tip", "site_specific", domain="shop.example"),
            make_lesson("other site", "site_specific", domain="other.example"),
            make_lesson("no domain", "best_practice"),
        ],
    )
    events = Recorder()
    store = store_at(mem_path, events=events)
    assert [lesson.lesson for lesson in store.recall_on_domain("www.shop.example")] == ["shop tip"]
    assert store.recall_on_domain("evilshop.example") == []
    first, second = events.of("domain_recall")
    assert list(first)[:2] == ["event", "ts"]
    assert first["domain"] == "www.shop.example" and first["matched"] == 1
    assert first["lessons"] == ["shop tip"]
    assert second == {**second, "domain": "evilshop.example", "matched": 0, "lessons": []}


def test_domain_recall_counts_as_a_use_so_a_shown_site_tip_is_not_pruned(mem_path: Path) -> None:
    old = (TODAY - timedelta(days=80)).isoformat()
    write_memory(mem_path, [make_lesson("shop tip", "site_specific", domain="shop.example", last_used=old)])
    store = store_at(mem_path)
    store.recall_on_domain("https://www.shop.example/cart")
    store.save()
    [entry] = read_memory(mem_path)
    assert entry["use_count"] == 1 and entry["last_used"] == TODAY.isoformat()
    assert entry["triggered_domains"] == ["shop.example"]
    later = store_at(mem_path, today=TODAY + timedelta(days=30))
    assert [lesson.lesson for lesson in later.lessons] == ["shop tip"]


# ------------------------------------------------------------------ learning: dedup and promotion


def test_learn_records_then_deduplicates(mem_path: Path) -> None:
    events = Recorder()
    store = store_at(mem_path, events=events)
    actions = recovery("click", "Element is outside of the viewport", "scroll", "a.example")
    [stored] = store.learn(actions)
    assert stored.use_count == 1
    [recorded] = events.of("lesson_recorded")
    assert recorded == {
        "event": "lesson_recorded",
        "ts": recorded["ts"],
        "lesson": "When click fails with 'element is outside of the viewport', try scroll instead.",
        "category": "error_recovery",
        "failed_command": "click",
        "error_pattern": "element is outside of the viewport",
    }

    later = store_at(mem_path, today=TODAY + timedelta(days=3), events=events)
    [again] = later.learn(recovery("CLICK", "element is outside of the viewport!", "hover", "b.example"))
    assert again.use_count == 2
    [dedup] = events.of("lesson_deduplicated")
    assert dedup["lesson"] == stored.lesson and dedup["new_use_count"] == 2
    later.learn(recovery("click", "Element is outside of the viewport", "scroll", "a.example"))
    learned = [entry for entry in read_memory(mem_path) if entry["source"] == "learned"]
    assert len(learned) == 1  # never a duplicate
    assert learned[0]["use_count"] == 3
    assert learned[0]["last_used"] == (TODAY + timedelta(days=3)).isoformat()
    assert learned[0]["created_at"] == TODAY.isoformat()
    assert learned[0]["triggered_domains"] == ["a.example", "b.example"]
    assert {event["event"] for event in events.events} <= set(EVENT_TYPES)


def seed_repeated_lesson(path: Path, use_count: int, domains: list[str], domain: str | None = None) -> None:
    write_memory(
        path,
        [
            make_lesson(
                "When click fails with 'intercepts pointer events', try press instead.",
                failed_command="click",
                error_pattern="intercepts pointer events",
                use_count=use_count,
                triggered_domains=domains,
                domain=domain,
            )
        ],
    )


@pytest.mark.parametrize(
    ("use_count_before", "domains_before", "domain", "promoted"),
    [
        pytest.param(4, ["a.example", "b.example"], None, True, id="reaches-5-uses-and-3-domains"),
        pytest.param(3, ["a.example", "b.example"], None, False, id="only-4-uses"),
        pytest.param(4, ["a.example"], None, False, id="only-2-domains"),
        pytest.param(4, ["a.example", "c.example"], None, False, id="domain-already-known"),
        pytest.param(4, ["a.example", "b.example"], "shop.example", False, id="site-specific-never"),
    ],
)
def test_promotion_boundary(
    mem_path: Path, use_count_before: int, domains_before: list[str], domain: str | None, promoted: bool
) -> None:
    seed_repeated_lesson(mem_path, use_count_before, domains_before, domain)
    events = Recorder()
    store_at(mem_path, events=events).learn(
        recovery("click", "Intercepts pointer events", "press", "c.example")
    )
    [entry] = read_memory(mem_path)
    assert entry["use_count"] == use_count_before + 1
    assert entry["category"] == ("best_practice" if promoted else "error_recovery")
    assert len(events.of("lesson_promoted")) == int(promoted)
    if promoted:
        [event] = events.of("lesson_promoted")
        assert event["lesson"] == entry["lesson"]
        assert event["use_count"] == 5
        assert event["triggered_domains"] == ["a.example", "b.example", "c.example"]
        assert store_at(mem_path).get_tier1()[-1].lesson == entry["lesson"]


# ------------------------------------------------------------------ pruning


@pytest.mark.parametrize(
    ("age_days", "use_count", "source", "pruned"),
    [
        (90, 0, "learned", False),
        (91, 0, "learned", True),
        (91, 4, "learned", True),
        (91, 5, "learned", False),
        (400, 0, "seed", False),
    ],
)
def test_pruning_boundary(mem_path: Path, age_days: int, use_count: int, source: str, pruned: bool) -> None:
    old = (TODAY - timedelta(days=age_days)).isoformat()
    write_memory(
        mem_path,
        [
            make_lesson("fresh", last_used=TODAY.isoformat()),
            make_lesson("candidate", last_used=old, use_count=use_count, source=source),
        ],
    )
    events = Recorder()
    store = store_at(mem_path, events=events)
    store.load()
    expected = ["fresh"] if pruned else ["fresh", "candidate"]
    assert [lesson.lesson for lesson in store.lessons] == expected
    assert [entry["lesson"] for entry in read_memory(mem_path)] == expected  # written back
    if pruned:
        [event] = events.of("lessons_pruned")
        assert list(event)[:2] == ["event", "ts"]
        assert event["pruned_count"] == 1 and event["remaining_count"] == 1
    else:
        assert events.of("lessons_pruned") == []


# ------------------------------------------------------------------ bad files


def test_corrupt_file_is_set_aside_with_a_warning(mem_path: Path) -> None:
    mem_path.parent.mkdir(parents=True)
    mem_path.write_text('{"version": 1, "lessons": [', encoding="utf-8")
    with pytest.warns(MemoryFileWarning) as caught:
        store = store_at(mem_path)
        store.load()
    [aside] = list(mem_path.parent.glob("memory.json.corrupt-*"))
    assert aside.read_text(encoding="utf-8") == '{"version": 1, "lessons": ['
    assert aside.name[len("memory.json.corrupt-"):].endswith("Z")
    assert len(aside.name) == len("memory.json.corrupt-20260312T143000Z")
    message = str(caught[0].message)
    assert str(mem_path) in message and str(aside) in message
    assert not mem_path.exists()
    assert [lesson.source for lesson in store.lessons] == ["seed"] * 3
    store.save()
    assert len(read_memory(mem_path)) == 3


def test_invalid_content_is_set_aside_and_never_overwrites_an_earlier_one(mem_path: Path) -> None:
    mem_path.parent.mkdir(parents=True)
    bad_files = ('{"version": 1, "lessons": [{"lesson": 3}]}', '{"version": 1, "surprise": true}', "[]")
    for bad in bad_files:
        mem_path.write_text(bad, encoding="utf-8")
        with pytest.warns(MemoryFileWarning):
            store_at(mem_path).load()
    assert len(list(mem_path.parent.glob("memory.json.corrupt-*"))) == 3


def test_newer_version_is_an_error_naming_file_and_remedy(mem_path: Path) -> None:
    mem_path.parent.mkdir(parents=True)
    mem_path.write_text('{"version": 2, "lessons": [], "new_field": 1}', encoding="utf-8")
    with pytest.raises(MemoryFileError) as info:
        store_at(mem_path).load()
    assert str(mem_path) in str(info.value) and "upgrade pytest-lumen" in str(info.value)
    assert mem_path.exists()  # left as it is


def test_unreadable_path_is_a_memory_file_error(mem_path: Path) -> None:
    mem_path.mkdir(parents=True)  # a folder where the file should be
    with pytest.raises(MemoryFileError):
        store_at(mem_path).load()


def test_lock_held_elsewhere_times_out_as_lumen_error(mem_path: Path) -> None:
    write_memory(mem_path, [make_lesson("fill tip", failed_command="fill")])
    store = MemoryStore(mem_path, today=lambda: TODAY, lock_timeout=0.05)
    assert store.recall_on_error("fill", "boom boom")  # a count to save
    with locked(mem_path, 1.0), pytest.raises(LockTimeoutError):
        store.save()  # a second flock on the same file blocks, even from this process


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)
lesson_like = st.fixed_dictionaries(
    {
        "lesson": st.text(max_size=20) | json_values,
        "category": st.sampled_from(["tool_fallback", "best_practice", "error_recovery", "site_specific", "x"]),
        "created_at": st.sampled_from(["2026-01-01", "2026-13-01", "yesterday"]) | json_values,
        "last_used": st.dates().map(date.isoformat) | json_values,
    },
    optional={
        "use_count": st.integers(-3, 10) | json_values,
        "source": st.sampled_from(["seed", "learned", "other"]),
        "triggered_domains": st.lists(st.text(max_size=8), max_size=3) | json_values,
        "failed_command": st.none() | st.text(max_size=8),
        "extra": json_values,
    },
)
memory_like = st.fixed_dictionaries(
    {"version": st.integers(-1, 3) | json_values, "lessons": st.lists(lesson_like, max_size=3) | json_values}
)


def load_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        path.write_bytes(raw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MemoryFileWarning)
            try:
                store = MemoryStore(path, today=lambda: TODAY)
                store.load()
                store.get_tier1()
                store.recall_on_error("fill", "element is not an input")
                store.recall_on_domain("www.shop.example")
                store.learn(recovery("click", "element is covered by a popup", "press", "a.example"))
            except LumenError:
                return


@settings(max_examples=150, deadline=None)
@given(raw=st.binary(max_size=200))
def test_loader_survives_arbitrary_bytes(raw: bytes) -> None:
    load_bytes(raw)


@settings(max_examples=150, deadline=None)
@given(value=json_values | memory_like)
def test_loader_survives_arbitrary_json(value: object) -> None:
    load_bytes(json.dumps(value).encode("utf-8"))


# ------------------------------------------------------------------ concurrency


def _learn_in_process(path: str, index: int, barrier: object) -> None:
    barrier.wait()  # type: ignore[attr-defined]
    for round_ in range(3):
        store = MemoryStore(Path(path), today=lambda: TODAY)
        word = "abcdefghijklmnopqrstuvwxyz"[index * 3 + round_]
        store.learn(
            recovery(f"tool{word}", f"distinct failure {word}{word}{word} happened", "press", f"{word}.example")
            + recovery("hover", "shared failure seen by every worker", "click", f"{word}.example")
        )


def test_concurrent_learners_lose_nothing(mem_path: Path) -> None:
    # Six processes of their own: forked by a fork server that imported this module once (not by this process,
    # whose threads a fork would copy mid-step), where spawning would import the package six times.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    barrier = context.Barrier(6)
    workers = [
        context.Process(target=_learn_in_process, args=(str(mem_path), index, barrier)) for index in range(6)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [worker.exitcode for worker in workers] == [0] * 6
    lessons = read_memory(mem_path)
    learned = [entry for entry in lessons if entry["source"] == "learned"]
    distinct = [entry for entry in learned if entry["failed_command"].startswith("tool")]
    assert len(distinct) == 18
    [shared] = [entry for entry in learned if entry["failed_command"] == "hover"]
    assert shared["use_count"] == 18  # every increment survived
    assert len(shared["triggered_domains"]) == 18
    assert shared["category"] == "best_practice"  # promoted on the way
    assert sum(entry["source"] == "seed" for entry in lessons) == 3
