"""Shared fixtures: pages served on 127.0.0.1, the fake Anthropic server, and running pytest as users do."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.testing.fake_anthropic import FakeAnthropic
from tests.support import driver, inner, servers
from tests.support.driver import browser, playwright  # noqa: F401 - this process's one of each (driver.py)
from tests.support.inner import KeepInstalledImports, run_inner

pytest_plugins = ["pytester"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow tests first, the heaviest (``slow(inner_suite=True)``: a whole inner suite in one test) before the others
    (a stable sort): pytest-xdist hands them out early, and a run never ends waiting on one."""
    def rank(item: pytest.Item) -> int:
        slow = item.get_closest_marker("slow")
        return 2 if slow is None else 0 if slow.kwargs.get("inner_suite") else 1
    items.sort(key=rank)


def pytest_configure() -> None:
    """Keep the process's standard error for a message that must outlive pytest's capture (``inner.keep_stderr``)."""
    inner.keep_stderr()


def pytest_unconfigure() -> None:
    """Close the process's browsers and stop its Playwright."""
    driver.stop()


@pytest.fixture(autouse=True)
def keep_installed_imports() -> Iterator[None]:
    """After the test, the installed packages its in-process inner sessions imported are put back in
    ``sys.modules`` (``KeepInstalledImports``): set up before ``pytester``, this runs after it restored them."""
    yield
    KeepInstalledImports.restore()


INNER_CONFTEST = '''
import os
import pytest

@pytest.fixture
def app_url():
    """The site the outer test serves on 127.0.0.1."""
    return os.environ["APP_URL"]
'''


INNER_INI = "[pytest]\nlumen_action_timeout = 4\n"  # short, with margin for a busy machine
HOLD_LIMIT = 60.0  # seconds a held ``slow/`` file (or a wait for a request) waits at most


class Site:
    """A folder of pages served on 127.0.0.1 (port 0 = any free port).

    Files under ``slow/`` (and posts to them) are held, like a busy server's replies, until the test sets ``release``
    (at most ``HOLD_LIMIT`` seconds): what the page does waits for what the test saw happen, not for
    a sleep. ``requested`` lists the paths asked for, in order, a posted form's as ``POST <path>`` (a test
    can tell what the browser did without asking Playwright); ``wait_for_request`` blocks until a path is
    asked for. A POST is answered with the page at its path. ``redirect(path, to)`` makes the server answer
    ``path`` with a redirect (a route the app moved, a POST that redirects).
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.requested: list[str] = []
        self.redirects: dict[str, str] = {}
        self.post_redirects: dict[str, str] = {}
        self.release = threading.Event()
        self._asked = threading.Condition()
        root.mkdir(parents=True, exist_ok=True)
        handler = functools.partial(_QuietHandler, self, directory=str(root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        servers.start(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def write(self, pages: dict[str, str]) -> Site:
        for name, html in pages.items():
            path = self.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(html, encoding="utf-8")
        return self

    def redirect(self, path: str, to: str, posts_only: bool = False) -> Site:
        """Answer every path that starts with ``path`` with a 303 to ``to`` from now on (``posts_only``: a form posted
        there only, as a server answers a form that posts to its own page with Post/Redirect/Get)."""
        (self.post_redirects if posts_only else self.redirects)[path] = to
        return self

    def asked(self, path: str) -> None:
        """Note that the browser asked for ``path`` (the request handler calls it)."""
        with self._asked:
            self.requested.append(path)
            self._asked.notify_all()

    def wait_for_request(self, path: str, after: int = 0, timeout: float = HOLD_LIMIT) -> None:
        """Block until ``path`` is asked for (one of the requests after the first ``after``); fail after ``timeout``."""
        with self._asked:
            if not self._asked.wait_for(lambda: path in self.requested[after:], timeout):
                raise AssertionError(f"the browser did not ask for {path} within {timeout} s: {self.requested}")

    def release_after(self, path: str, seconds: float) -> None:
        """Hold the ``slow/`` files again, and let them go ``seconds`` after the browser next asks for ``path``:
        that page cannot arrive before an action that began before it was asked for ran out of a timeout of
        ``seconds``, however busy the machine is (the order is forced, not raced)."""
        self.release.clear()
        after = len(self.requested)

        def let_go() -> None:
            self.wait_for_request(path, after)
            time.sleep(seconds)
            self.release.set()
        threading.Thread(target=let_go, daemon=True).start()

    def stop(self) -> None:
        self.release.set()  # a held reply must not keep its handler thread waiting
        self.server.shutdown()
        self.server.server_close()


class _QuietHandler(servers.Quiet):
    def __init__(self, site: Site, *args: Any, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")  # a page of another test site may call it (its API)
        super().end_headers()

    def do_GET(self) -> None:
        self.site.asked(self.path)
        self._answer()

    def do_POST(self) -> None:
        """A form posted: the page at that path answers, as a server renders one after handling the post."""
        self.site.asked(f"POST {self.path}")
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._answer(posted=True)

    def _answer(self, posted: bool = False) -> None:
        """A redirect (``Site.redirect``: a GET, or a POST's Post/Redirect/Get), else the file, held under ``slow/``."""
        redirects = {**self.site.redirects, **self.site.post_redirects} if posted else self.site.redirects
        to = next((to for start, to in redirects.items() if self.path.startswith(start)), None)
        if to is not None:
            self.send_response(303)
            self.send_header("Location", to)
            self.end_headers()
            return
        if self.path.startswith("/slow/"):
            self.site.release.wait(HOLD_LIMIT)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the browser left the page before the reply came
            super().do_GET()


@pytest.fixture
def site_factory(tmp_path: Path) -> Iterator[Callable[[dict[str, str]], Site]]:
    """Serve pages on 127.0.0.1; each call is a new server on a new port."""
    sites: list[Site] = []

    def make(pages: dict[str, str]) -> Site:
        site = Site(tmp_path / f"site{len(sites)}").write(pages)
        sites.append(site)
        return site

    yield make
    for site in sites:
        site.stop()


@pytest.fixture
def fake_anthropic(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAnthropic]:
    """The loopback fake of the Anthropic API; the real SDK reaches it through ANTHROPIC_BASE_URL."""
    with FakeAnthropic() as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-a-real-key")
        yield fake


@pytest.fixture
def lumen(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> LumenRunner:
    """Runs real pytest sessions with the plugin, real Chromium and a site on 127.0.0.1."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.delenv("PYTEST_ADDOPTS", raising=False)
    pytester.makeconftest(INNER_CONFTEST)
    pytester.makeini(INNER_INI)
    return LumenRunner(pytester, monkeypatch)


class LumenRunner:
    """A pytester wrapper: serve a site, write tests, run a pytest session (``run_inner``)."""

    def __init__(self, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pytester = pytester
        self.monkeypatch = monkeypatch
        self.path = pytester.path

    def serve(self, site: Site) -> None:
        self.monkeypatch.setenv("APP_URL", site.url)

    def run(self, *args: str, timeout: float = 240) -> pytest.RunResult:
        """The session in this process, or in a subprocess when it starts xdist workers (``run_inner``)."""
        return run_inner(self.pytester, *args, timeout=timeout)

    def cache_files(self) -> list[Path]:
        root = self.path / ".lumen-cache"
        return sorted(p for p in root.rglob("*.json") if p.name != "memory.json") if root.exists() else []

    def written_text(self) -> str:
        """Every file the runs wrote (cache, memory, artifacts), concatenated, for secret greps."""
        chunks = []
        for folder in (self.path / ".lumen-cache", self.path / "test-results"):
            if folder.exists():
                for p in folder.rglob("*"):
                    if p.is_file():
                        chunks.append(p.read_bytes().decode("utf-8", "replace"))
        return "\n".join(chunks)

