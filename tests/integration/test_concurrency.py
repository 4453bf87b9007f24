"""Nothing lost: writes are atomic and locked, a killed writer leaves the old file and no stale lock.

* A writer process killed with SIGKILL in the middle of a write (a hook makes it sleep
  there) leaves the old cache file / memory.json byte for byte, and the next writer
  takes the lock at once and cleans up the half-written temporary file.
* The same through pytest itself: a recording run killed while it writes the cache.
* Eight tests recorded, then healed with a new step each on two xdist workers, all learning into one
  memory.json: every cache file parses and every lesson and every use is counted.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.cache import CacheFile, CacheStore, Step, loads
from pytest_lumen.cache.fileio import locked
from pytest_lumen.cache.keys import step_key
from pytest_lumen.errors import LockTimeoutError
from pytest_lumen.events import read_events
from pytest_lumen.memory import ActionOutcome, MemoryStore

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser

WAIT_FOR_WRITER = 120.0  # seconds a (slow, shared) machine may take to reach the write


# --- a writer killed mid-write ----------------------------------------------------------------

HOOKS = [
    "os.fsync",  # stall while the temporary file is being written (not yet flushed to disk)
    "os.replace",  # stall after the temporary file is complete, before it replaces the real one
]

WRITER = textwrap.dedent('''
    import os, sys, time
    from pathlib import Path

    marker, hook, kind, target = Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
    module, name = hook.split(".")
    real = getattr(os, name)

    def stall(*args):
        marker.write_text("reached " + hook)
        time.sleep(300)
        return real(*args)

    setattr(os, name, stall)
    if kind == "cache":
        from pytest_lumen.cache import CacheFile, CacheStore, Step
        store = CacheStore(target.parent.parent)
        steps = [Step(key="f" * 16, instruction="the new content", url="/")]
        store.save(target, CacheFile(test="t.py::test_a", steps=steps))
    else:
        from pytest_lumen.memory import ActionOutcome, MemoryStore
        MemoryStore(target).learn([ActionOutcome("fill", False, "Error: element is not a select element"),
                                   ActionOutcome("click", True)])
''')


def _wait_for(path: Path, proc: subprocess.Popen[bytes], timeout: float = WAIT_FOR_WRITER) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            raise AssertionError(f"the writer ended before the hook: {proc.stderr.read().decode() if proc.stderr else ''}")
        if time.monotonic() > deadline:
            raise AssertionError("the writer never reached the hook")
        time.sleep(0.05)


def _kill_mid_write(tmp_path: Path, hook: str, kind: str, target: Path) -> None:
    marker = tmp_path / "reached"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(marker), hook, kind, str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _wait_for(marker, proc)
    finally:
        proc.kill()  # SIGKILL: no finally blocks, no atexit, no lock release by the process
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.parametrize("hook", HOOKS)
def test_a_cache_writer_killed_mid_write_leaves_the_old_file_and_no_stale_lock(tmp_path: Path, hook: str) -> None:
    store = CacheStore(tmp_path / ".lumen-cache", lock_timeout=5)
    path = store.path_for("t.py", "test_a")
    old = Step(key=step_key("the old content", []), instruction="the old content", url="/")
    store.save(path, CacheFile(test="t.py::test_a", steps=[old]))
    before = path.read_bytes()

    _kill_mid_write(tmp_path, hook, "cache", path)
    assert path.read_bytes() == before
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers, "the kill happened while a temporary file existed"

    nxt = Step(key=step_key("the next run", []), instruction="the next run", url="/")
    store.save(path, CacheFile(test="t.py::test_a", steps=[nxt]))
    assert [s.instruction for s in store.load(path).steps] == ["the next run"]
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")], "the dead writer's temp file is gone"
    assert store.files() == [path]


@pytest.mark.parametrize("hook", HOOKS)
def test_a_memory_writer_killed_mid_write_leaves_the_old_file_and_no_stale_lock(tmp_path: Path, hook: str) -> None:
    path = tmp_path / ".lumen-cache" / "memory.json"
    first = MemoryStore(path, lock_timeout=5)
    first.learn([ActionOutcome("press", False, "Error: unknown key NotAKey pressed"), ActionOutcome("click", True)])
    before = path.read_bytes()

    _kill_mid_write(tmp_path, hook, "memory", path)
    assert path.read_bytes() == before
    assert [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]

    MemoryStore(path, lock_timeout=5).learn([ActionOutcome("check", False, "Error: not a checkbox or radio button"),
                                             ActionOutcome("click", True)])
    learned = {les.failed_command for les in MemoryStore(path).lessons if les.source == "learned"}
    assert learned == {"press", "check"}
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert not list(path.parent.glob("memory.json.corrupt-*"))


def test_a_held_lock_times_out_with_a_clear_error(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / ".lumen-cache", lock_timeout=0.5)
    path = store.path_for("t.py", "test_a")
    with locked(path), pytest.raises(LockTimeoutError) as info:
        store.save(path, CacheFile(test="t.py::test_a"))
    message = str(info.value)
    assert "could not lock test_a.json within 0.5s" in message and "test_a.json.lock" in message
    assert "file: .lumen-cache/t.py/test_a.json" in message or str(path) in message
    assert "lumen_lock_timeout" in message
    assert not path.exists()


# --- the same through pytest: a recording run killed while it writes the cache -------------------

PAGE = """<!doctype html><html><head><title>Start</title></head><body><main>
<h1>Start</h1><button onclick="document.getElementById('out').textContent = 'Clicked'">Go</button>
<p id="out"></p><label for="f">Field</label><input id="f">
</main></body></html>"""

STALL_CONFTEST = '''
import os
import time

import pytest


@pytest.fixture
def app_url():
    return os.environ["APP_URL"]


def pytest_configure(config):
    marker = os.environ.get("STALL_MARKER")
    if not marker:
        return
    real = os.replace

    def stall(src, dst, *args, **kwargs):
        if str(dst).endswith("test_go.json"):
            with open(marker + ".tmp", "w") as fh:  # then renamed: the marker is never seen empty
                fh.write(str(src))
            real(marker + ".tmp", marker)
            time.sleep(300)
        return real(src, dst, *args, **kwargs)

    os.replace = stall
'''

ONE_STEP = '''
def test_go(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("click go")
'''

TWO_STEPS = ONE_STEP + '''    agent.run("type hello into the field")
'''

SCRIPT = [
    {"match": "click go", "actions": [{"tool": "click", "target": {"role": "button", "name": "Go"}}, {"tool": "done"}]},
    {"match": "type hello", "actions": [
        {"tool": "fill", "target": {"role": "textbox", "name": "Field"}, "input": {"value": "hello"}}, {"tool": "done"}]},
]


def test_a_pytest_run_killed_while_writing_the_cache_loses_nothing(lumen, site_factory, fake_anthropic, tmp_path):
    lumen.serve(site_factory({"index.html": PAGE}))
    lumen.pytester.makeconftest(STALL_CONFTEST)
    lumen.pytester.makeini("[pytest]\nlumen_action_timeout = 2\nlumen_lock_timeout = 5\n")
    lumen.pytester.makepyfile(test_app=ONE_STEP)
    fake_anthropic.script(SCRIPT)
    lumen.run("--lumen-record").assert_outcomes(passed=1)
    [cache] = lumen.cache_files()
    before = cache.read_bytes()

    lumen.pytester.makepyfile(test_app=TWO_STEPS)  # this run would write new content...
    marker = tmp_path / "stalled"
    env = {**os.environ, "STALL_MARKER": str(marker)}
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--lumen-record"],
                            cwd=lumen.path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        _wait_for(marker, proc, timeout=240)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # ...but is killed, with its browser, in the middle of it
        proc.wait(timeout=60)
    assert cache.read_bytes() == before
    half_written = Path(marker.read_text())
    assert half_written.exists() and "type hello" in half_written.read_text()

    result = lumen.run("--lumen-record")  # the next run is not blocked by the dead run's lock
    result.assert_outcomes(passed=1)
    steps = loads(cache.read_text(encoding="utf-8"), cache).steps
    assert [s.instruction for s in steps] == ["click go", "type hello into the field"]
    assert not half_written.exists()
    lumen.run("--lumen-mode=replay").assert_outcomes(passed=1)


# --- xdist: eight tests, two workers, one memory.json -----------------------------------------

N_TESTS = 8
FAILURES = {  # a failing call on a button, then the recovery: a click on the field
    "check": {"checked": True},
    "select_option": {"value": "x"},
    "press": {"key": "NotAKey"},
    "fill": {"value": "x"},
}


def _xdist_page() -> str:
    fields = "".join(f'<label for="f{i}">Field {i}</label><input id="f{i}">' for i in range(N_TESTS))
    buttons = "".join(f"<button>Go {i}</button>" for i in range(N_TESTS))
    return f"<!doctype html><html><head><title>Many</title></head><body><main>{fields}{buttons}</main></body></html>"


def _xdist_tests(second_step: bool) -> str:
    body = []
    for i in range(N_TESTS):
        extra = f'\n    agent.run("second task {i}")' if second_step else ""
        body.append(f'''
def test_task_{i}(agent, page, app_url):
    page.goto(app_url + "/index.html")
    agent.run("first task {i}"){extra}
''')
    return "\n".join(body)


def _xdist_script() -> list[dict[str, Any]]:
    script = []
    for i in range(N_TESTS):
        bad = sorted(FAILURES)[i % len(FAILURES)]
        for which in ("first", "second"):
            script.append({"match": f"{which} task {i}", "actions": [
                {"tool": bad, "target": {"role": "button", "name": f"Go {i}"}, "input": FAILURES[bad]},
                {"tool": "click", "target": {"role": "textbox", "name": f"Field {i}"}},
                {"tool": "done"}]})
    return script


def _memory_events(root: Path) -> list[dict[str, Any]]:
    return [e for path in sorted(root.glob("test-results/*/memory_events.jsonl")) for e in read_events(path)]


def _expected_use_counts(events: list[dict[str, Any]]) -> Counter[str]:
    """What every lesson's use_count must be if no write was lost: one per record, dedup and recall."""
    counts: Counter[str] = Counter()
    for event in events:
        if event["event"] in ("lesson_recorded", "lesson_deduplicated"):
            counts[event["lesson"]] += 1
        elif event["event"] in ("error_recall", "domain_recall"):
            counts.update(event["lessons"])
    return counts


def test_xdist_workers_recording_and_healing_lose_no_entry_and_no_lesson(lumen, site_factory, fake_anthropic):
    """Two workers heal eight tests, recording a new step each, into their files and one memory.json: no entry, lesson
    or use is lost, no lesson is kept twice, and the workers' figures are added up and printed once (a prune
    included)."""
    lumen.serve(site_factory({"index.html": _xdist_page()}))
    lumen.pytester.makepyfile(test_many=_xdist_tests(second_step=False))
    fake_anthropic.script(_xdist_script())

    # The first steps are recorded in one session (in this process); the heal run's workers then record a new step
    # each, learning the same lessons at once: what two workers recording would do, without two more interpreters.
    lumen.run("--lumen-record").assert_outcomes(passed=N_TESTS)
    events = _memory_events(lumen.path)
    lumen.pytester.makepyfile(test_many=_xdist_tests(second_step=True))  # a new step each: heal asks the model
    orphan = lumen.path / ".lumen-cache" / "test_many.py" / "test_deleted.json"
    orphan.write_text("{}")
    asked = fake_anthropic.request_count
    healed = lumen.run("--lumen-mode=heal", "-n", "2", "--lumen-prune")
    healed.assert_outcomes(passed=N_TESTS)
    events += _memory_events(lumen.path)
    assert healed.stdout.str().count("= lumen =") == 1
    healed.stdout.fnmatch_lines([f"steps replayed: {N_TESTS}", f"model calls: {fake_anthropic.request_count - asked}*",
                                 "unused cache files: 1 (pruned)", "  pruned .lumen-cache/test_many.py/test_deleted.json"])
    assert fake_anthropic.request_count - asked >= N_TESTS and not orphan.exists()

    files = lumen.cache_files()
    assert len(files) == N_TESTS
    for path in files:
        cache = loads(path.read_text(encoding="utf-8"), path)
        assert [s.instruction.split()[0] for s in cache.steps] == ["first", "second"]
        assert [a.kind for a in cache.steps[1].actions] == ["click"]
    assert not [p for p in (lumen.path / ".lumen-cache").rglob("*") if p.name.endswith(".tmp")]

    memory = json.loads((lumen.path / ".lumen-cache" / "memory.json").read_text(encoding="utf-8"))
    learned = [les for les in memory["lessons"] if les["source"] == "learned"]
    assert sorted(les["failed_command"] for les in learned) == sorted(FAILURES)
    distinct = {(les["failed_command"], les["error_pattern"], les["lesson"]) for les in memory["lessons"]}
    assert len(memory["lessons"]) == len(distinct)
    recorded = Counter(e["lesson"] for e in events if e["event"] in ("lesson_recorded", "lesson_deduplicated"))
    assert sorted(recorded.values()) == [2 * N_TESTS // len(FAILURES)] * len(FAILURES)  # 2 steps x 2 tests each
    expected = _expected_use_counts(events)
    assert {les["lesson"]: les["use_count"] for les in memory["lessons"] if les["lesson"] in expected} == dict(expected)
    assert not list((lumen.path / ".lumen-cache").glob("memory.json.corrupt-*"))
