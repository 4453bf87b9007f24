"""A test recorded on several device profiles exported as a test per profile (pytest_lumen.export.per_profile)."""

from __future__ import annotations

import ast
from types import SimpleNamespace
from typing import Any

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import CacheFile
from pytest_lumen.cache.profile import Profile
from pytest_lumen.cache.viewport import Viewport
from pytest_lumen.export.per_profile import PROFILE_FIXTURE, profile_views
from pytest_lumen.export.source import rewrite_module
from pytest_lumen.export.suite import with_browser_fixture

PHONE = "narrow-touch-mobile"
ORDERS = {"kind": "click", "target": {"locator": {"kind": "role", "value": "link", "name": "Orders"}}}
MENU = {"kind": "tap", "target": {"locator": {"kind": "role", "value": "button", "name": "Menu"}}}
TAP_ORDERS = {**ORDERS, "kind": "tap"}
SHOWN = {"kind": "expect", "check": "visible", "target": {"locator": {"kind": "role", "value": "heading", "name": "Orders"}}}

MODULE = '''import pytest


class TestOrders:
    @pytest.mark.slow
    def test_orders(self, agent, page):
        page.goto("http://127.0.0.1:1/")
        agent.run("open my orders")
        agent.expect("the orders are shown")
'''


def step(instruction: str, actions: list[dict[str, Any]], kind: str = "run", **more: Any) -> dict[str, Any]:
    return {"key": step_key(instruction, ()), "kind": kind, "instruction": instruction, "url": "/", "actions": actions,
            **more}


def cache(*steps: dict[str, Any], profiles: list[str] | None = None) -> CacheFile:
    return CacheFile.model_validate({"test": "test_m.py::TestOrders::test_orders", "profiles": profiles,
                                     "viewport": {"width": 1280, "height": 720}, "steps": list(steps)})


TWO = cache(step("open my orders", [ORDERS], per_profile={PHONE: [MENU, TAP_ORDERS]}),
            step("the orders are shown", [SHOWN], kind="expect"), profiles=["wide", PHONE])


def test_a_step_the_same_on_every_profile_is_one_test() -> None:
    same = cache(step("open my orders", [ORDERS]), step("the orders are shown", [SHOWN], kind="expect"),
                 profiles=["wide", PHONE])
    assert profile_views(same) is None
    out = rewrite_module(MODULE, {"test_orders": same}, str)
    assert out.text.count("def test_orders") == 1 and "device_profile" not in out.text


def test_each_profile_gets_a_test_of_its_own_actions_marked_for_it() -> None:
    out = rewrite_module(MODULE, {"test_orders": TWO}, str)
    tree = ast.parse(out.text)
    [cls] = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    names = [f.name for f in cls.body if isinstance(f, ast.FunctionDef)]
    assert names == ["test_orders", "test_orders__narrow_touch_mobile"]
    desktop, phone = out.text.split("def test_orders__narrow_touch_mobile")
    assert '@pytest.mark.device_profile("wide")' in desktop and 'page.get_by_role("link", name="Orders").click()' in desktop
    assert '@pytest.mark.device_profile("narrow-touch-mobile")' in desktop.rsplit("@pytest.mark.slow", 1)[0]
    assert 'page.get_by_role("button", name="Menu").tap()' in phone and ".tap()" not in desktop.split("def test_orders")[1]
    assert out.text.count("@pytest.mark.slow") == 2  # each copy keeps the test's own marks
    assert "agent" not in out.text.replace("agent.", "")  # the fixture is gone from both


def test_a_profile_that_did_not_record_every_step_has_no_test() -> None:
    partial = cache(step("open my orders", [ORDERS], per_profile={PHONE: [MENU, TAP_ORDERS]}),
                    step("the orders are shown", [SHOWN], kind="expect", on=["wide"]), profiles=["wide", PHONE])
    assert list(profile_views(partial) or {}) == ["wide"]


def test_the_exported_conftest_skips_a_test_of_another_profile() -> None:
    conftest = with_browser_fixture('"""Fixtures."""\n', profiles=True)
    assert conftest.endswith(PROFILE_FIXTURE) and "import pytest" in conftest
    compile(conftest, "conftest.py", "exec")  # it is code that runs

    class Skipped(Exception):
        pass

    def skip(reason: str) -> None:
        raise Skipped(reason)

    stand_in = SimpleNamespace(fixture=lambda **_: (lambda f: f), skip=skip)  # the fixture's body, called as pytest does
    namespace: dict[str, Any] = {"pytest": stand_in}
    exec(compile(PROFILE_FIXTURE, "conftest.py", "exec"), namespace)
    fixture = namespace["_lumen_device_profile"]

    def runs(marked: str, **context: Any) -> bool:
        request = SimpleNamespace(node=SimpleNamespace(get_closest_marker=lambda _: SimpleNamespace(args=(marked,))),
                                  getfixturevalue=lambda _: context)
        try:
            fixture(request)
        except Skipped:
            return False
        return True

    for width, touch, mobile in ((1280, False, False), (412, True, True), (800, True, False), (1023, False, False)):
        key = Profile.of(Viewport(width=width, height=700), touch=touch, mobile=mobile).key  # as the plugin reads it
        context = {"viewport": {"width": width, "height": 700}, "has_touch": touch, "is_mobile": mobile}
        assert runs(key, **context) and not runs("narrow-touch" if key != "narrow-touch" else "wide", **context)


def test_a_test_no_profile_recorded_whole_is_written_skipped_saying_why() -> None:
    split = cache(step("open my orders", [ORDERS], on=["wide"]),
                  step("the orders are shown", [SHOWN], kind="expect", on=[PHONE]), profiles=["wide", PHONE])
    assert profile_views(split) == {}
    out = rewrite_module(MODULE, {"test_orders": split}, str)
    assert "@pytest.mark.skip(reason=\"not exported: test_orders: no device profile has recorded every step of it" in \
        out.text
