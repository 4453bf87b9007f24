"""Inner pytest projects: what a user has (tests, conftest, ini, ``.lumen-cache``), run as a user runs it.

The drift, frameworks and interactions suites each write such a project, record it once per run
through the plugin's record path (the real SDK against the loopback fake model), and replay it on
drifted copies of its app in one pytest session, reading the outcomes from a JUnit report.
"""

from __future__ import annotations

import contextlib
import faulthandler
import gc
import io
import json
import os
import subprocess
import sys
import sysconfig
import threading
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import pytest
from filelock import FileLock

import pytest_lumen
from pytest_lumen.cache.keys import cache_slug
from tests.support import driver, servers

# Every inner session runs with these: no cache provider (the inner project is a temporary folder) and
# no hypothesis plugin (a dev dependency that autoloads, costs 0.7 s of imports, and no inner test uses).
INNER_ARGS = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")


def inner_command(*args: str) -> list[str]:
    """The command line of an inner pytest session."""
    return [sys.executable, "-m", "pytest", *INNER_ARGS, *args]


def run_inner(pytester: pytest.Pytester, *args: str, timeout: float = 240) -> pytest.RunResult:
    """An inner pytest session as ``pytester`` runs one: in this process, which spares the interpreter's start, the
    imports and the Playwright driver's (``in_process``); in a subprocess when it starts xdist workers (``-n``) or
    when ``LUMEN_TEST_SUBPROCESS`` is set (to rule the sharing of a process out while debugging)."""
    if _own_process(args):
        return pytester.runpytest_subprocess(*INNER_ARGS, *args, timeout=timeout)
    return in_process(lambda plugins: pytester.runpytest_inprocess(*INNER_ARGS, *args, plugins=plugins),
                      timeout, pytester.path)


def run_session(args: Sequence[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    """The inner pytest session ``args`` of the project at ``cwd`` with exactly the environment ``env``, as
    ``subprocess.run(inner_command(*args), ...)`` would run it, for the projects a run shares (no ``pytester``):
    in this process, or in a subprocess, as ``run_inner`` decides."""
    command = inner_command(*args)
    if _own_process(args):
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)

    def session(plugins: list[object]) -> subprocess.CompletedProcess[str]:
        out, err = io.StringIO(), io.StringIO()
        with _process_state(cwd, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = pytest.main([*INNER_ARGS, *args], plugins=plugins)
        if code == pytest.ExitCode.INTERRUPTED:  # Ctrl-C reached the inner session (this thread): the run stops
            raise KeyboardInterrupt
        return subprocess.CompletedProcess(command, int(code), out.getvalue(), err.getvalue())
    return in_process(session, timeout, cwd)


T = TypeVar("T")


def in_process(session: Callable[[list[object]], T], timeout: float, where: Path) -> T:
    """``session(plugins)``, an inner pytest session run in this process with the plugins that let it share the
    process: the installed packages it imports stay imported (``KeepInstalledImports``) and its ``playwright`` is
    the process's (``driver.Share``: sync Playwright is bound to its thread, so the session runs on this one). The
    outer test's soft-assertion scope is set aside while it runs, and so are the objects the process had before it
    from the garbage collector (``gc.freeze``: pytest collects garbage as a session ends, and the run's imports
    make that a tenth of a CPU-second a session). A session that runs over ``timeout`` seconds cannot be stopped
    from its own thread: the process then prints every thread's stack and exits."""
    watchdog = threading.Timer(timeout, _overran, (where, timeout))
    watchdog.daemon = True
    watchdog.start()
    gc.freeze()
    shared = driver.connected()
    try:
        with _own_soft_assertion_scope():
            result = session([KeepInstalledImports(), driver.Share()])
    finally:
        gc.unfreeze()
        watchdog.cancel()
        KeepInstalledImports.restore()
    driver.check_kept(shared)
    return result


_STDERR: list[int] = []  # the process's own standard error (a copy), which pytest's capture does not swap out


def keep_stderr() -> None:
    """Keep a copy of the process's standard error for ``_overran``: call it while pytest is not capturing (its
    ``pytest_configure``), as capture points file descriptor 2 at a file that ``os._exit`` would throw away."""
    if not _STDERR:
        _STDERR.append(os.dup(2))


def _overran(where: Path, timeout: float) -> None:
    """An in-process inner session ran over its time: say which, print every thread's stack, and end the process
    (nothing after a hung session in it could be trusted; xdist reports the worker as crashed)."""
    fd = _STDERR[0] if _STDERR else 2
    os.write(fd, f"\nthe inner pytest session in {where} ran over {timeout} s; this process stops (rerun with "
                 f"LUMEN_TEST_SUBPROCESS=1 to run each inner session in a process of its own)\n".encode())
    faulthandler.dump_traceback(file=fd, all_threads=True)
    os._exit(1)


@contextlib.contextmanager
def _process_state(cwd: Path, env: dict[str, str]) -> Iterator[None]:
    """The working folder and environment of a session, and its imports and ``sys.path`` undone after it, as
    ``pytester`` does for an in-process session (the installed packages it imported stay: ``KeepInstalledImports``)."""
    modules, path, environ = dict(sys.modules), list(sys.path), dict(os.environ)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        try:
            yield
        finally:
            os.environ.clear()
            os.environ.update(environ)
            sys.path[:] = path
            for name in [name for name in sys.modules if name not in modules]:
                del sys.modules[name]


class KeepInstalledImports:
    """A plugin for an in-process inner session that keeps what it imported from installed packages.

    ``pytester`` puts ``sys.modules`` back as it was after each in-process session, and again after the
    test, so a package a session imported first (the ``anthropic`` SDK and its HTTP stack, the lazily
    imported parts of Playwright and of this plugin) would be imported again by every later session:
    seconds of CPU each. What it imported from installed packages is kept for the rest of the run
    (``restore``, and ``keep_installed_imports`` after the test); the session's own modules (its conftest
    and test files, in a temporary folder) are still dropped.
    """

    _ROOTS = tuple(os.path.join(p, "") for p in {*(sysconfig.get_paths()[k] for k in ("purelib", "platlib", "stdlib",
                                                                                          "platstdlib")),
                                                 str(Path(pytest_lumen.__file__).parent)})
    kept: ClassVar[dict[str, types.ModuleType]] = {}

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self) -> None:
        """The installed modules the session has, taken before ``pytester`` drops the new ones."""
        KeepInstalledImports.kept.update((name, module) for name, module in list(sys.modules.items())
                                         if name not in KeepInstalledImports.kept and self._installed(module))

    @classmethod
    def restore(cls) -> None:
        """Put back the installed modules inner sessions imported (the ones ``pytester`` dropped)."""
        for name, module in cls.kept.items():
            sys.modules.setdefault(name, module)

    @classmethod
    def _installed(cls, module: types.ModuleType | None) -> bool:
        file = getattr(module, "__file__", None)
        return isinstance(file, str) and file.startswith(cls._ROOTS)


def _own_process(args: Sequence[str]) -> bool:
    """Whether the session runs in a process of its own: when it starts xdist workers (``-n 2``, ``-n2``,
    ``--numprocesses=2``) or when ``LUMEN_TEST_SUBPROCESS`` is set."""
    return bool(os.environ.get("LUMEN_TEST_SUBPROCESS")) or any(
        a == "-n" or (a.startswith("-n") and a[2:].isdigit()) or a.startswith("--numprocesses") for a in args)


@contextlib.contextmanager
def _own_soft_assertion_scope() -> Iterator[None]:
    """pytest-playwright wraps every test in a soft-assertion scope kept in a Playwright module global, and refuses
    to nest one: the outer test's scope is set aside while the inner session runs (a renamed global fails loudly)."""
    from playwright._impl import _assertions

    outer = _assertions._soft_errors
    _assertions._soft_errors = None
    try:
        yield
    finally:
        _assertions._soft_errors = outer


_PRELUDE = '''
import functools
import http.server
import json
import os
import threading
import types
from pathlib import Path

import pytest

HERE = Path(__file__).parent


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(folder):
    """A server of the files under ``folder`` on 127.0.0.1, on a thread that ``shutdown()`` stops at once
    (tests/support/servers.py)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": {poll}}, daemon=True).start()
    return server


def pytest_generate_tests(metafunc):
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", os.environ["{env_var}"].split(","))
'''

_FIXTURE = '''

@pytest.fixture
def {fixture}(variant, page):
    """The variant's pages on their own 127.0.0.1 server; the page's action log is kept after the test."""
    server = serve(HERE / "sites" / variant)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    try:
        log = page.evaluate("() => JSON.parse(localStorage.getItem('drift-log') || '[]')")
    except Exception as exc:
        log = ["?unreadable log: " + str(exc).splitlines()[0]]
    (HERE / "logs").mkdir(exist_ok=True)
    (HERE / "logs" / (variant + ".json")).write_text(json.dumps(log))
    server.shutdown()
    server.server_close()
'''


def conftest_prelude(env_var: str) -> str:
    """An inner conftest's start: imports, ``HERE``, a quiet no-store request handler (``Quiet``), ``serve(folder)``
    (a server that stops at once, as ``tests/support/servers.py``'s), and the variants
    named in ``env_var`` parametrizing ``variant``. (The interactions suite adds its own fixtures to it.)"""
    return _PRELUDE.replace("{env_var}", env_var).replace("{poll}", repr(servers.POLL_INTERVAL))


def inner_conftest(fixture: str = "shop", env_var: str = "DRIFT_VARIANTS") -> str:
    """The inner project's conftest: ``conftest_prelude(env_var)``, and the fixture ``fixture``, which serves the
    variant's site on its own 127.0.0.1 server, yields its base URL, and after the test writes the page's
    ``drift-log`` to ``logs/<variant>.json``. (Shared with tests/frameworks.)"""
    return conftest_prelude(env_var) + _FIXTURE.replace("{fixture}", fixture)


INNER_CONFTEST = inner_conftest()


def write_site(folder: Path, files: dict[str, str]) -> None:
    """Write a site's files under ``folder``."""
    for file, text in files.items():
        path = folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def write_inner(root: Path, conftest: str, test_file: str, test_text: str, action_timeout: float) -> None:
    """The inner project's conftest, test file and ini."""
    (root / "conftest.py").write_text(conftest, encoding="utf-8")
    (root / test_file).write_text(test_text, encoding="utf-8")
    (root / "pytest.ini").write_text(f"[pytest]\nlumen_action_timeout = {action_timeout}\n", encoding="utf-8")


def cache_file(root: Path, variant: str, test_file: str, test_name: str) -> Path:
    """Where the inner test's cache file for ``variant`` lives under ``root``."""
    return root / ".lumen-cache" / test_file / f"{cache_slug(f'{test_name}[{variant}]')}.json"


def share_cache(recorded: Path, root: Path, variants: Iterable[str], test_file: str, test_name: str) -> None:
    """Give each variant's test a copy of the recorded cache file (as if it had been recorded for it)."""
    data = json.loads(recorded.read_text(encoding="utf-8"))
    for name in variants:
        data["test"] = f"{test_file}::{test_name}[{name}]"
        target = cache_file(root, name, test_file, test_name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def clean_env(extra: dict[str, str]) -> dict[str, str]:
    """The environment of an inner run: no CI, no inherited pytest options, plus ``extra``."""
    drop = {"CI", "GITHUB_STEP_SUMMARY", "PYTEST_XDIST_WORKER", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(extra)
    return env


def record_inner(root: Path, fake_url: str, test_file: str, env: dict[str, str],
                 timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """Record ``test_file`` of the inner project at ``root`` with ``--lumen-record``, the model being the fake."""
    env = clean_env({**env, "ANTHROPIC_BASE_URL": fake_url, "ANTHROPIC_API_KEY": "sk-test-not-a-real-key"})
    return run_session(("-q", "--lumen-record", test_file), root, env, timeout)


def once_per_run(tmp_path_factory: Any, name: str, make: Callable[[Path], Path]) -> Path:
    """What ``make(root)`` returns, made once per run in ``<basetemp>/<name>``: under xdist the workers share it
    (the first one makes it under a file lock, the others wait and get the same path). Shared by the
    drift, frameworks and interactions suites, which each record their inner project once."""
    return made_once(tmp_path_factory.getbasetemp(), name, make)


def made_once(base: Path, name: str, make: Callable[[Path], Path]) -> Path:
    """``once_per_run`` for a test's ``tmp_path.parent`` (the run's base temporary folder): what ``make(root)``
    returns, made once per run in ``<base>/<name>``, or beside ``base`` under xdist, where the workers share it."""
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    done = shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.exists():
            root = shared / name
            root.mkdir(exist_ok=True)
            done.write_text(str(make(root)), encoding="utf-8")
    return Path(done.read_text(encoding="utf-8"))


def read_logs(root: Path, variants: Sequence[str]) -> dict[str, list[str]]:
    """The action log each variant's test left (missing: the test never got to its page)."""
    out = {}
    for name in variants:
        path = root / "logs" / f"{name}.json"
        out[name] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else ["?no log"]
    return out


def outcomes(junit_xml: Path) -> dict[str, str | None]:
    """Each variant's inner test outcome from a JUnit report: None when it passed, else its failure text."""
    out: dict[str, str | None] = {}
    for case in ET.parse(junit_xml).iter("testcase"):
        params = case.get("name", "").split("[", 1)[1].rstrip("]").split("-")
        variant = "-".join(p for p in params if p != "chromium")
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        out[variant] = None if problem is None else f"{problem.get('message', '')}\n{problem.text or ''}"
    return out
