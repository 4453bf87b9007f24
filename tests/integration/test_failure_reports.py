"""Failures read as pytest's own: the test's line and the message, no frame of the plugin's; a replay failure keeps
Playwright's call log and names the viewport when it is not the recording's; a cache file edited by hand is reported
at each of its problems' paths as the file writes them. And a user's run is not told about pytest-playwright's
deprecated ``base_url`` fixture, which is not theirs to fix.
"""

from __future__ import annotations

import json
import re

import pytest

from ..conftest import INNER_CONFTEST
from .pages import LOGIN, LOGIN_TEST, SITE

pytestmark = pytest.mark.slow  # pytest sessions with a browser

OTHER_VIEWPORT = '''

@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1100, "height": 700}}  # a wide layout still
'''

# The sign-in button under a table cell that takes its clicks (the fields are not clicked: they are filled).
COVERED = SITE | {"index.html": LOGIN.replace("</main>", '</main><table style="position: absolute; inset: 0; '
                                              'width: 100%; height: 100%"><tr><td class="line-total">$24.50</td></tr>'
                                              '</table>')}


def plugin_frames(output: str) -> list[str]:
    """Lines of a failure that show a frame of the plugin's (a path in pytest_lumen/ and a line number)."""
    return [line for line in output.splitlines() if re.search(r"pytest_lumen/\S+\.py:\d+", line)]


def test_a_replay_failure_keeps_playwrights_call_log_names_the_viewport_and_shows_no_frame_of_the_plugin(
        lumen, recorded_login, site_factory):
    recorded_login()  # at pytest-playwright's default viewport, 1280x720
    lumen.serve(site_factory(COVERED))
    lumen.pytester.makeconftest(INNER_CONFTEST + OTHER_VIEWPORT)
    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        '>       agent.run("log in as %user% with password %pw%", variables=*',
        'E       pytest_lumen.errors.ReplayError: cached click on get_by_role("button", name="Sign in", exact=True) '
        "could not be replayed: *",
        "E         test: test_app.py::test_login",
        "E         viewport: recorded at 1280x720, replayed at 1100x700 (a layout can differ with the size of the page)",
        "E         Call log:",
        'E           - waiting for get_by_role("button", name="Sign in", exact=True)',
    ])
    result.stdout.fnmatch_lines(['E               - <td class="line-total">$24.50</td> * intercepts pointer events',
                                 "E         file: .lumen-cache/test_app.py/test_login.json",
                                 "test_app.py:3: ReplayError"])
    assert plugin_frames(result.stdout.str()) == []
    assert "s3cret-canary-77" not in result.stdout.str() + lumen.written_text()  # the call log is redacted too


def test_full_trace_shows_the_plugins_frames(lumen, recorded_login, site_factory):
    recorded_login()
    lumen.serve(site_factory(COVERED))
    result = lumen.run("--lumen-mode=replay", "--full-trace")
    result.assert_outcomes(failed=1)
    assert any("pytest_lumen/agent.py" in line for line in plugin_frames(result.stdout.str()))


def test_a_cache_file_edited_by_hand_is_reported_at_each_problems_path_in_the_file(lumen, recorded_login):
    recorded_login()
    [path] = lumen.cache_files()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["steps"][0]["actions"][2]["locator"] = "get_by_role('button', name='Sign in').click()"
    del data["steps"][1]["url"]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    result = lumen.run("--lumen-mode=replay")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        '>       agent.run("log in as %user% with password %pw%", variables=*',
        "E       pytest_lumen.errors.CacheFileError: cache file content is invalid: 2 problems",
        "E           at steps[[]0].actions[[]2].locator: Value error, 'click' is not a locator call *",  # [[]: a [
        "E           at steps[[]1].url: Field required",
        "E         file: .lumen-cache/test_app.py/test_login.json",
        "E         step: #1 'log in as %user% with password %pw%'",
        'E         remedy: re-record this test: pytest --lumen-record "test_app.py::test_login" *',
        "test_app.py:3: CacheFileError",
    ])
    assert plugin_frames(result.stdout.str()) == []


OWN_INSTANCE_FIXTURE = '''
import pytest


class TestMine:
    @pytest.fixture(scope="session")
    def base(self):
        return 1

    def test_x(self, base):
        pass
'''


def test_pytest_playwrights_base_url_warning_is_not_shown_and_a_warning_of_the_users_own_is(lumen, site_factory):
    lumen.serve(site_factory(SITE))
    lumen.pytester.makeini("[pytest]\nfilterwarnings = error::pytest.PytestRemovedIn10Warning\n")  # a strict project
    lumen.pytester.makepyfile(test_app=LOGIN_TEST.replace("agent.run", "# agent.run").replace("agent.expect",
                                                                                                 "# agent.expect"))
    result = lumen.run("test_app.py")
    result.assert_outcomes(passed=1)  # pytest-playwright's base_url is set up, its warning filtered
    result.stdout.no_fnmatch_line("*'base_url' fixture*")
    lumen.pytester.makeini("[pytest]\n")
    lumen.pytester.makepyfile(test_mine=OWN_INSTANCE_FIXTURE)
    mine = lumen.run("test_mine.py")
    mine.assert_outcomes(passed=1, warnings=1)
    mine.stdout.fnmatch_lines(["*PytestRemovedIn10Warning: Session-scoped fixtures defined as instance methods*",
                               "*Instance attributes set in the 'base' fixture*"])
