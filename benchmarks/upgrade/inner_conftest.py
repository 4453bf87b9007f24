"""The inner project's conftest (copied as conftest.py): each variant's app on its own 127.0.0.1 server.

A variant is ``<version>`` or ``<version>~<regression>``; the app and the variants come from the
environment (``UPGRADE_APP``, ``UPGRADE_VARIANTS``). One server per variant and worker, reset
before each test where the app keeps state; the test's output folder is noted for the harness.
"""

import json
import os
import sys
from pathlib import Path

import pytest

from upgrade import apps

HERE = Path(__file__).parent
APP = apps.APPS[os.environ["UPGRADE_APP"]]
_servers = {}
# The browser resolves no host name (``localhost`` neither: the apps are served on 127.0.0.1): what an app's pages load
# from elsewhere (starlette-admin's font from rsms.me) fails at once, and the run sends nothing beyond 127.0.0.1.
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), LOOPBACK_ONLY]}


def pytest_generate_tests(metafunc):
    if "variant" in metafunc.fixturenames:
        metafunc.parametrize("variant", os.environ["UPGRADE_VARIANTS"].split(","), scope="session")


def pytest_sessionfinish(session):
    for server in _servers.values():
        server.stop()


@pytest.fixture
def app(variant, request, output_path, page):
    """The variant's running server (``.url``, ``.get_json(path)``). After the test, what it did to the app is
    noted: the pages the browser opened (main frame; not those the test's own ``page.goto`` opened, nor where the app
    sent it from there: a sign-in page) and, where the app logs them, the API calls it received."""
    if variant not in _servers:
        version, _, regression = variant.partition("~")
        switch = APP.regression(regression).switch if regression else {}
        data = HERE / "data"
        data.mkdir(exist_ok=True)
        _servers[variant] = apps.Server(APP, version, data, switch)
    server = _servers[variant]
    if APP.state_path:
        server.post("/__reset")
    before = server.get_json(APP.state_path) if APP.state_path else {}
    opened, own = [], []
    goto = page.goto

    def the_tests_goto(*args, **kwargs):  # what the test opens itself (and where the app sends it) is no step's effect
        own.append(Path(sys._getframe(1).f_code.co_filename).name.startswith("test_"))
        try:
            return goto(*args, **kwargs)
        finally:
            own.pop()
    page.goto = the_tests_goto
    page.on("framenavigated", lambda frame: opened.append(frame.url) if frame == page.main_frame and not any(own) else None)
    yield server
    state = server.get_json(APP.state_path) if APP.state_path else {}
    outputs = HERE / "outputs"
    outputs.mkdir(exist_ok=True)
    entry = {"test": request.node.originalname, "variant": variant, "output": output_path,
             "opened": [url.replace(server.url, "") for url in opened], "before": before, "state": state}
    with open(outputs / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


def pytest_collection_modifyitems(config, items):
    """A regression variant runs only the test its switch breaks; a variant's tests share one xdist worker
    (``--dist loadgroup``), so that its app starts once."""
    keep, drop = [], []
    for item in items:
        variant = item.callspec.params.get("variant", "") if hasattr(item, "callspec") else ""
        regression = variant.partition("~")[2]
        item.add_marker(pytest.mark.xdist_group(variant))
        (drop if regression and APP.regression(regression).test != item.originalname else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
