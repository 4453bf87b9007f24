"""A test module rewritten as plain Playwright: agent calls replaced in place, matched to the cache by instruction and order."""

from __future__ import annotations

import ast
from typing import Any

from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.model import CacheFile
from pytest_lumen.export.source import rewrite_module

ADD = {"kind": "click", "target": {"locator": {"kind": "role", "value": "button", "name": "Add “mug”"}}}
LOGIN = {"kind": "fill", "value": "%password%", "target": {"locator": {"kind": "label", "value": "Password"}}}
TOTAL = {"kind": "expect", "check": "text", "expected": "Total: 2", "target": {"locator": {"kind": "test_id", "value": "total"}}}


def step(instruction: str, actions: list[dict[str, Any]], kind: str = "run", variables: tuple[str, ...] = (),
         ordinal: int = 0) -> dict[str, Any]:
    return {"key": step_key(instruction, variables), "ordinal": ordinal, "kind": kind, "instruction": instruction,
            "url": "/", "variables": list(variables), "actions": actions}


def cache(*steps: dict[str, Any]) -> CacheFile:
    return CacheFile.model_validate({"test": "test_m.py::test_a", "steps": list(steps)})


MODULE = '''"""Shop tests."""

from playwright.sync_api import Page

from pytest_lumen.agent import Agent


def test_a(agent: Agent, page: Page, password: str) -> None:
    page.goto("http://127.0.0.1:1/")
    agent.run("log in with %password%", variables={"password": password})
    agent.run("add the “mug”")  # once
    agent.run("add the “mug”")
    agent.expect("the total is 2")
'''

A_CACHE = cache(step("log in with %password%", [LOGIN], variables=("password",)), step("add the “mug”", [ADD]),
                step("add the “mug”", [ADD], ordinal=1), step("the total is 2", [TOTAL], kind="expect"))


def test_each_agent_call_becomes_its_cached_actions_in_place() -> None:
    out = rewrite_module(MODULE, {"test_a": A_CACHE}, str)
    assert out.exported == ["test_a"] and out.skipped == {}
    ast.parse(out.text)
    body = out.text.split("def test_a", 1)[1]
    assert body.splitlines() == [
        "(page: Page, password: str) -> None:",
        '    page.goto("http://127.0.0.1:1/")',
        "    # log in with %password%",
        '    page.get_by_label("Password").fill(password)',
        "    # add the “mug”  # once",
        '    page.get_by_role("button", name="Add “mug”").click()',
        "    # add the “mug”",
        '    page.get_by_role("button", name="Add “mug”").click()',
        "    # expect: the total is 2",
        '    expect(page.get_by_test_id("total")).to_contain_text("Total: 2")',
    ]
    assert "pytest_lumen" not in out.text and "Agent" not in out.text
    assert "from playwright.sync_api import Page, expect\n" in out.text


def test_a_test_without_page_gets_it_and_agent_page_is_the_newest_tab() -> None:
    module = 'def test_a(agent):\n    agent.run("add the “mug”")\n    agent.page.close()\n'
    out = rewrite_module(module, {"test_a": cache(step("add the “mug”", [ADD]))}, str)
    ast.parse(out.text)
    assert "def test_a(page: Page):" in out.text
    assert "    page.context.pages[-1].close()" in out.text
    assert "from playwright.sync_api import Page\n" in out.text


def test_variables_passed_as_a_mapping_are_looked_up_in_it() -> None:
    module = 'def test_a(agent, page, creds):\n    agent.run("log in with %password%", creds)\n'
    out = rewrite_module(module, {"test_a": cache(step("log in with %password%", [LOGIN], variables=("password",)))}, str)
    assert 'fill(str((creds)["password"]))' in out.text


def skipped(module: str, caches: dict[str, CacheFile]) -> str:
    out = rewrite_module(module, caches, str)
    ast.parse(out.text)
    assert out.exported == [] and '@pytest.mark.skip(reason="not exported: test_a: ' in out.text
    assert "import pytest\n" in out.text
    return out.skipped["test_a"]


def test_what_cannot_be_matched_in_order_is_written_skipped_with_why() -> None:
    one = {"test_a": cache(step("add the “mug”", [ADD]))}
    loop = 'def test_a(agent, page):\n    for _ in range(2):\n        agent.run("add the “mug”")\n'
    assert "inside a for" in skipped(loop, one)
    assert "no cache file" in skipped('def test_a(agent, page):\n    agent.run("x")\n', {})
    assert "2 agent calls and its cache file holds 1 steps" in skipped(
        'def test_a(agent, page):\n    agent.run("add the “mug”")\n    agent.run("add the “mug”")\n', one)
    assert "no literal instruction" in skipped('def test_a(agent, page, s):\n    agent.run(s)\n', one)
    assert "in a way plain Playwright cannot say" in skipped(
        'def test_a(agent, page):\n    agent.run("add the “mug”")\n    print(agent.model_calls)\n', one)
    assert "has no cached step" in skipped('def test_a(agent, page):\n    agent.run("add a cup")\n', one)


def test_tests_without_the_agent_and_other_code_are_left_as_they_are() -> None:
    module = MODULE + '\n\ndef test_plain(page):\n    page.goto("http://127.0.0.1:1/")  # agent.run("no")\n'
    out = rewrite_module(module, {"test_a": A_CACHE}, str)
    assert out.text.endswith('\n\ndef test_plain(page):\n    page.goto("http://127.0.0.1:1/")  # agent.run("no")\n')


def test_imports_join_their_module_once_and_a_dropped_import_leaves_no_gap() -> None:
    conditional = {**step("close the banner", []), "actions": [], "branches": [[ADD], []]}
    module = ('from playwright.sync_api import Page\n\nfrom pytest_lumen.agent import Agent\n\n\n'
              'def test_a(agent: Agent, page: Page) -> None:\n    agent.run("close the banner")\n')
    out = rewrite_module(module, {"test_a": cache(conditional)}, str)
    assert out.text.startswith("from playwright.sync_api import Page, TimeoutError as PlaywrightTimeoutError\n\n\n"
                               "def test_a(page: Page) -> None:\n")
    alias = "from playwright.sync_api import TimeoutError as PlaywrightTimeoutError\n"
    already = module.replace("import Page\n", "import Page\n" + alias)
    again = rewrite_module(already, {"test_a": cache(conditional)}, str)
    assert again.text.count("import TimeoutError as PlaywrightTimeoutError") == 1
