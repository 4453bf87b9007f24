"""``agent_for`` (pytest_lumen.run.factory): told by pytest's hooks which fixture or test calls it, and whom it serves."""

from __future__ import annotations

import pytest

from pytest_lumen.run.factory import FIXTURES_FOLDER, SETUPS, Setups

INNER = ("-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:playwright")  # no browser: agents on no page

CONFTEST = '''
import pytest

@pytest.fixture(scope="session")
def _lumen_engines():
    """No Playwright here: the agents made below never act."""

@pytest.fixture(scope="session")
def signed_in(agent_for):
    with agent_for(None, "login") as agent:
        return agent.ctx.nodeid
'''

TESTS = '''
from pytest_lumen.run.report_redaction import TEST_SECRETS


def served(request):
    return len(request.node.stash.get(TEST_SECRETS, []))


def test_first(signed_in, request):
    assert signed_in == "suite/{folder}::login" and served(request) == 1


def test_alone(request):
    assert served(request) == 0  # it does not need the fixture: its reports are not the fixture's business


def test_later(signed_in, request):
    assert served(request) == 1  # set up once, for every test that needs it


def test_in_a_body(agent_for, request):
    with agent_for(None, "inline") as agent:
        assert agent.ctx.nodeid == "suite/sub/{folder}::inline"
    assert served(request) == 1
'''


def test_a_fixture_names_the_folder_and_its_secrets_serve_the_tests_that_need_it(pytester: pytest.Pytester) -> None:
    tests = pytester.mkdir("suite")
    (tests / "conftest.py").write_text(CONFTEST)
    sub = tests / "sub"
    sub.mkdir()
    (sub / "test_app.py").write_text(TESTS.format(folder=FIXTURES_FOLDER))
    pytester.inline_run(*INNER, "suite").assertoutcome(passed=4)


def test_setups_know_the_running_item_and_the_innermost_fixture(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('''
import pytest
from pytest_lumen.run.factory import SETUPS, source_file

@pytest.fixture(scope="session")
def outer(pytestconfig):
    setups = pytestconfig.stash[SETUPS]
    return setups.caller().argname, source_file(setups.caller()).name, setups.item.name

@pytest.fixture
def inner(outer, pytestconfig):
    return outer, pytestconfig.stash[SETUPS].caller().argname
''')
    pytester.makepyfile(test_x='''
def test_x(inner, pytestconfig):
    from pytest_lumen.run.factory import SETUPS
    assert inner == (("outer", "conftest.py", "test_x"), "inner")
    assert pytestconfig.stash[SETUPS].caller() is None  # the test's body: no fixture is being set up
''')
    pytester.inline_run(*INNER).assertoutcome(passed=1)
    assert SETUPS is not None and Setups().caller() is None
