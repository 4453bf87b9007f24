"""Through a Playwright server (``playwright run-server`` on 127.0.0.1): record, replay and a zero-token heal.

pytest-playwright's ``connect_options`` fixture makes ``browser`` a ``browser_type.connect`` to the
server, which launches the browser itself; the selector engines, the identity gate, fingerprints
and heals must all work over that connection.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from pytest_lumen.browser import choose_browser

from .pages import DRIFTED, HEALABLE, LOGIN_SCRIPT, LOGIN_TEST

pytestmark = pytest.mark.slow  # each test starts pytest sessions with a browser


# As a user's conftest.py would say it: connect to the server; a local server without Playwright's
# browsers is told which Chromium to launch (it accepts executablePath only when started with --unsafe).
CONNECT_CONFTEST = '''

import json


@pytest.fixture(scope="session")
def connect_options():
    launch = {"headless": True}
    if os.environ.get("SERVER_CHROMIUM"):
        launch["executablePath"] = os.environ["SERVER_CHROMIUM"]
    return {"endpoint": os.environ["PW_SERVER"], "headers": {"x-playwright-launch-options": json.dumps(launch)}}
'''


class PlaywrightServer:
    """``playwright run-server`` on 127.0.0.1 and what it logged (``DEBUG=pw:server``)."""

    def __init__(self) -> None:
        env = {**os.environ, "DEBUG": "pw:server"}
        self.proc = subprocess.Popen([sys.executable, "-m", "playwright", "run-server", "--port", "0",
                                      "--host", "127.0.0.1", "--unsafe"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                                     start_new_session=True)  # its own process group: the node server it starts too
        assert self.proc.stdout is not None
        self.log: list[str] = []
        for line in self.proc.stdout:
            self.log.append(line)
            found = re.search(r"Listening on (ws://\S+)", line)
            if found:
                self.ws_endpoint = found[1]
                break
        else:
            raise RuntimeError("playwright run-server did not start:\n" + "".join(self.log))
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.append(line)

    def connections(self) -> int:
        return sum("serving connection" in line for line in self.log)

    def stop(self) -> None:
        """Stop the server: the Python wrapper and the node process it runs (terminating the wrapper alone leaves
        node running). What is left of the group once the wrapper has ended is killed: node sometimes outlived its
        SIGTERM, idle, for the rest of the machine's life."""
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture
def playwright_server() -> Iterator[PlaywrightServer]:
    server = PlaywrightServer()
    yield server
    server.stop()


def test_record_replay_and_zero_token_heal_through_a_playwright_server(lumen, site_factory, fake_anthropic,
                                                                       playwright_server):
    lumen.monkeypatch.setenv("PW_SERVER", playwright_server.ws_endpoint)
    choice = choose_browser()
    executable = choice.for_run(headless=True) if choice is not None else None
    if executable is not None:
        lumen.monkeypatch.setenv("SERVER_CHROMIUM", executable)
    conftest = lumen.path / "conftest.py"
    conftest.write_text(conftest.read_text() + CONNECT_CONFTEST)
    lumen.serve(site_factory(HEALABLE))
    lumen.pytester.makepyfile(test_app=LOGIN_TEST)
    fake_anthropic.script(LOGIN_SCRIPT)

    lumen.run("--lumen-record").assert_outcomes(passed=1)
    assert playwright_server.connections() == 1
    assert '"test_id"' in lumen.cache_files()[0].read_text()  # the fingerprint was read through the server
    recorded = fake_anthropic.request_count

    lumen.serve(site_factory(DRIFTED))  # the cached test id is gone: the zero-token heal finds the button
    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(passed=1)
    assert fake_anthropic.request_count == recorded
    assert playwright_server.connections() == 2
    result.stdout.fnmatch_lines([
        "steps replayed: 1",  # the expect; the healed step counts as healed
        "steps healed: 1 (fallback 1)",
        "model calls: 0",
        "*healed ?fallback:role? test_app.py::test_login :: 'log in as %user% with password %pw%' action 3: "
        "get_by_test_id(\"login-button\") -> get_by_role(\"button\", name=\"Sign in\", exact=True)",
    ])
    gate = re.search(r"identity gate: (\d+) actions in one round trip", result.stdout.str())
    assert gate is not None and int(gate[1]) >= 1  # the identity gate's engine ran in the server's browser
