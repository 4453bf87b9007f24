"""Where the test suite's CPU goes: each test's CPU-seconds, summed by folder, by file and by test.

``make test`` is CPU-bound on two cores (about one core for its set-up, then both until its end), so its wall
time is about the set-up plus the suite's CPU-seconds over two, and ``--durations`` (wall time, eight workers sharing
two cores, a test waiting on a page while others run) says little about what a test costs. A test's CPU here is
that of its xdist worker and of every process under the worker (the browser and its renderers, Playwright's
driver, a subprocess session), read from ``/proc`` before and after the test: Linux only.

    make suite-cpu                                        # the whole suite, on `make test`'s workers
    make suite-cpu PYTEST_ARGS="tests/browser -n 3"       # a part, on three
    .venv/bin/python benchmarks/suite_cpu.py [pytest arguments]   # what the target runs

It prints the run's CPU (the tests', and outside them: the workers' start and collection, xdist's controller), its CPU
by program (Chromium's processes, Playwright's driver, Python; read every ``SAMPLE_S`` seconds while it runs) and
the tables, and writes ``benchmarks/results/suite_cpu.json``. A process a test leaves
running (a server) is counted in the tests its worker runs after it; not part of ``make bench`` (it runs the suite).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OUT_DIR = "LUMEN_SUITE_CPU_DIR"  # where each worker writes its figures (set by main)
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
TOP = 15
SAMPLE_S = 0.25  # how often the run's processes are read for its CPU by program
# Chromium's processes by their ``--type`` (none: the browser process; a zygote forks the renderers); others: services
CHROMIUM_PROCESSES = {None: "Chromium: browser process", "renderer": "Chromium: renderers",
                      "zygote": "Chromium: renderers", "gpu-process": "Chromium: GPU process"}


def read_processes() -> tuple[dict[int, list[str]], bool]:
    """Every process's ``/proc/<pid>/stat`` fields after the command name (which may hold spaces), by pid, and
    whether one ended while they were read."""
    fields: dict[int, list[str]] = {}
    ended = False
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:  # it ended meanwhile
            ended = True
            continue
        fields[int(entry.name)] = stat[stat.rindex(")") + 2:].split()
    return fields, ended


def under(root: int, fields: dict[int, list[str]]) -> list[int]:
    """``root`` and every process under it."""
    children: defaultdict[int, list[int]] = defaultdict(list)
    for pid, f in fields.items():
        children[int(f[1])].append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return found


def tree_cpu(root: int, tries: int = 5) -> float:
    """CPU-seconds of process ``root`` and every process under it, the reaped ones included (``cutime``).

    A process that ends while ``/proc`` is read (its parent read before it was reaped, itself after) would be
    missing from the sum, and the next reading would hold it (a renderer of minutes of CPU, put on the test that
    happened to run then): a reading during which a process ended is taken again."""
    for _ in range(tries):
        fields, ended = read_processes()
        if not ended:
            break
    return sum(sum(int(f) for f in fields[pid][11:15]) for pid in under(root, fields) if pid in fields) / TICK


def program(command: str) -> str:
    """What a process of the run is, from its command line: Chromium's processes by their ``--type``, Playwright's
    driver, Python."""
    words = command.split()
    # the program, and what it runs when it is a launcher (``sh -e /usr/bin/chromium ...``): its first operand
    names = [Path(word).name for word in words[:1] + [w for w in words[1:] if not w.startswith("-")][:1]]
    forked = words[:1] == ["/proc/self/exe"] and "--type=" in command  # a Chromium child before it names itself
    if forked or any("chrom" in name or "headless_shell" in name for name in names):
        kind = re.search(r"--type=([\w-]+)", command)
        return CHROMIUM_PROCESSES.get(kind.group(1) if kind else None, "Chromium: services (network...)")
    if "run-driver" in command:
        return "Playwright's driver (Node.js)"
    if names and names[0].startswith("python"):
        return "Python (pytest, the plugin, the tests and their servers)"
    return names[0] if names else "?"


class ByProgram:
    """The CPU of the processes under a run, by program, read every ``SAMPLE_S`` seconds while it runs.

    Each process's own CPU (``utime`` and ``stime``, not its reaped children's: each child is counted as itself) as
    last seen; what a process did after the last reading before it ended is missed, so the total falls a little
    short of the run's."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.cpu: dict[tuple[int, str], float] = {}
        self.program: dict[tuple[int, str], str] = {}

    def sample(self) -> None:
        """Read the CPU of every process under the run now."""
        fields, _ = read_processes()
        for pid in under(self.root, fields):
            f = fields.get(pid)
            if f is None:
                continue
            key = (pid, f[19])  # a pid with its start time: a pid used again is another process
            if key not in self.program:
                try:
                    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                except OSError:
                    continue
                self.program[key] = program(command.strip())
            self.cpu[key] = (int(f[11]) + int(f[12])) / TICK

    def totals(self) -> dict[str, float]:
        """CPU-seconds by program, the most first."""
        by: defaultdict[str, float] = defaultdict(float)
        for key, cpu in self.cpu.items():
            by[self.program[key]] += cpu
        return dict(sorted(by.items(), key=lambda item: -item[1]))


# --- the plugin, loaded in every worker (``-p suite_cpu``) -----------------------------------------------------------

_rows: list[dict[str, Any]] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    """Time one test: its worker's process tree's CPU, and its wall time."""
    before, start = tree_cpu(os.getpid()), time.monotonic()
    yield
    _rows.append({"test": item.nodeid, "cpu": tree_cpu(os.getpid()) - before, "wall": time.monotonic() - start})


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write this process's tests and its CPU so far: a worker's or a run without workers' with what is under it
    (its start and collection included), xdist's controller's its own (its workers write theirs)."""
    out = os.environ.get(OUT_DIR)
    if not out:
        return
    controller = session.config.pluginmanager.has_plugin("dsession")
    own = os.times()
    cpu = own.user + own.system if controller else tree_cpu(os.getpid())
    name = os.environ.get("PYTEST_XDIST_WORKER", "controller" if controller else "main")
    Path(out, f"{name}.json").write_text(json.dumps({"process": cpu, "tests": _rows}))


# --- the command ------------------------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    from benchlib import print_table, write_result

    with tempfile.TemporaryDirectory(prefix="lumen-suite-cpu-") as out:
        env = {**os.environ, OUT_DIR: out, "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE),
                                                                                      os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-m", "pytest", "-p", "suite_cpu", "-q", *argv]
        print(" ".join(command[1:]), flush=True)
        start = time.monotonic()
        run = subprocess.Popen(command, cwd=REPO, env=env)
        by_program = ByProgram(run.pid)
        try:
            while run.poll() is None:
                by_program.sample()
                time.sleep(SAMPLE_S)
        finally:  # Ctrl-C reaches pytest too: wait for it to stop
            status = run.wait()
        wall = time.monotonic() - start
        processes = [json.loads(p.read_text()) for p in sorted(Path(out).glob("*.json"))]
    tests = [row for p in processes for row in p["tests"]]
    if not tests:
        print("no test ran: nothing to show", file=sys.stderr)
        return status or 1
    in_tests = sum(row["cpu"] for row in tests)
    run_cpu = sum(p["process"] for p in processes)
    outside = run_cpu - in_tests  # the workers' start and collection, xdist's controller

    by_file: Counter[str] = Counter()
    by_folder: Counter[str] = Counter()
    counts: Counter[str] = Counter()  # tests, by file and by folder
    for row in tests:
        path = row["test"].split("::", 1)[0]
        parts = path.split("/")
        folder = "/".join(parts[:2]) if len(parts) > 2 else parts[0]  # tests/browser, tests/unit...
        by_file[path] += row["cpu"]
        by_folder[folder] += row["cpu"]
        counts.update((path, folder))

    print_table("The run", ["what", "seconds"], [
        ["wall time", round(wall, 1)], ["CPU of the run (to each session's end)", round(run_cpu, 1)],
        ["CPU in the tests", round(in_tests, 1)], ["CPU outside them (workers' start and collection)", round(outside, 1)],
        ["busy cores (CPU / wall)", round(run_cpu / wall, 2)]])
    programs = by_program.totals()
    seen = sum(programs.values())
    print_table(f"CPU by program (read every {SAMPLE_S:g} s until the run's last process ended: {seen:.1f} CPU-s)",
                ["program", "CPU s", "share"], [[p, round(c, 1), f"{c / seen:.0%}"] for p, c in programs.items()])
    print_table("CPU by folder", ["folder", "tests", "CPU s", "share"],
                [[f, counts[f], round(c, 1), f"{c / in_tests:.0%}"] for f, c in by_folder.most_common()])
    print_table(f"The {TOP} files that take most", ["file", "tests", "CPU s", "CPU s a test"],
                [[f, counts[f], round(c, 1), round(c / counts[f], 2)] for f, c in by_file.most_common(TOP)])
    print_table(f"The {TOP} tests that take most", ["test", "CPU s", "wall s"],
                [[r["test"], round(r["cpu"], 2), round(r["wall"], 1)]
                 for r in sorted(tests, key=lambda r: -r["cpu"])[:TOP]])
    write_result("suite_cpu", {"args": argv, "exit_status": status, "wall_s": wall, "run_cpu_s": run_cpu,
                               "tests_cpu_s": in_tests, "outside_tests_cpu_s": outside, "by_program": programs,
                               "by_folder": dict(by_folder), "by_file": dict(by_file), "tests": tests})
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
