"""Locators as Playwright expressions (pytest_lumen.cache.expressions): every locator we write parses back equal,
and nothing outside the grammar is read (a cache file holding it is a CacheFileError naming the file and step)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_lumen.cache import dumps, loads
from pytest_lumen.cache.codec import aria_roles
from pytest_lumen.cache.expressions import LocatorSyntaxError, parse
from pytest_lumen.cache.model import LocatorSpec
from pytest_lumen.errors import CacheFileError

from .helpers import small_cache

P = Path(".lumen-cache/tests/test_x.py/test_y.json")
TEXT = st.text(min_size=1, max_size=20)  # any character a str field holds (quotes, backslashes, controls, emoji)
ROLES = st.sampled_from(sorted(aria_roles()) or ["button", "link"])
NTH = st.none() | st.integers(-1, 10_000)


@st.composite
def own_locator(draw: st.DrawFn, parent: LocatorSpec | None) -> LocatorSpec:
    """A locator the recorder and the heals can store: exact only where Playwright takes it, a name only on a role."""
    kind = draw(st.sampled_from(["role", "test_id", "label", "placeholder", "text", "alt_text", "title", "selector", "frame"]))
    name = draw(st.none() | st.text(max_size=20)) if kind == "role" else None
    exact = draw(st.booleans()) if kind not in ("test_id", "selector", "frame") else False
    value = draw(ROLES if kind == "role" else TEXT)
    held = draw(st.none() | st.builds(lambda role, text: LocatorSpec(kind="role", value=role, name=text, exact=True),
                                      ROLES, TEXT)) if kind != "frame" else None  # an item known by what it holds
    return LocatorSpec(kind=kind, value=value, name=name, exact=exact, nth=draw(NTH), parent=parent, has=held)


@st.composite
def locators(draw: st.DrawFn) -> LocatorSpec:
    """A chain of up to four locators (frames and scopes as parents)."""
    spec = None
    for _ in range(draw(st.integers(1, 4))):
        spec = draw(own_locator(spec))
    assert spec is not None
    return spec


@settings(max_examples=300, deadline=None)
@given(locators())
def test_every_locator_we_write_parses_back_equal(spec: LocatorSpec) -> None:
    assert LocatorSpec.model_validate(spec.code()) == spec
    assert LocatorSpec.model_validate(spec.describe()) == spec  # the form messages show reads the same


@settings(max_examples=100, deadline=None)
@given(locators())
def test_a_cache_file_holding_any_locator_round_trips(spec: LocatorSpec) -> None:
    data = small_cache()
    data["steps"][0]["actions"][0]["target"]["locator"] = json.loads(spec.model_dump_json())
    text = dumps(loads(json.dumps(data), P))
    assert loads(text, P).steps[0].actions[0].target.locator == spec  # type: ignore[union-attr]
    assert dumps(loads(text, P)) == text


def test_the_file_form_reads_like_playwright() -> None:
    frame = LocatorSpec(kind="frame", value='iframe[name="card"]')
    spec = LocatorSpec(kind="role", value="button", name="Pay", exact=True, nth=1, parent=frame)
    assert spec.code() == "locator('iframe[name=\"card\"]').content_frame.get_by_role('button', name='Pay', exact=True).nth(1)"
    assert spec.describe() == ('locator("iframe[name=\\"card\\"]").content_frame'
                               '.get_by_role("button", name="Pay", exact=True).nth(1)')
    assert parse("get_by_text( 'Add' ,exact = False )") == {"kind": "text", "value": "Add", "exact": False}


@pytest.mark.parametrize(("text", "why"), [
    ("__import__('os').system('true')", "'__import__' is not a locator call"),
    ("eval('1')", "'eval' is not a locator call"),
    ("page.get_by_role('button')", "'page' is not a locator call"),
    ("get_by_role('button').click()", "'click' is not a locator call"),
    ("get_by_text('a', name='b')", "get_by_text() takes no name="),
    ("get_by_role('link', name='a', name='b')", "takes no second name="),
    ("get_by_test_id('a', exact=True)", "get_by_test_id() takes no exact="),
    ("get_by_text('a', exact=1)", "expected True or False"),
    ("get_by_text(f'{x}')", "expected a string"),
    ("get_by_text('a' + 'b')", "unexpected character"),
    ("get_by_text('unterminated)", "unexpected character"),
    ("get_by_text('a').nth(x)", "expected an integer"),
    ("get_by_text('a'", "expected ')', found the end"),
    ("get_by_text('\\q')", "unknown escape"),
    ("get_by_role('button')  get_by_text('b')", "expected '.'"),
    ("", "expected a name, found the end"),
])
def test_anything_outside_the_grammar_is_refused(text: str, why: str) -> None:
    with pytest.raises(LocatorSyntaxError) as info:
        parse(text)
    assert why in str(info.value) and "not a locator pytest-lumen writes" in str(info.value)


def test_an_unexpected_character_is_named_by_its_column_and_blanks_around_tokens_are_read_past() -> None:
    with pytest.raises(LocatorSyntaxError, match="unexpected character at column 17 of"):
        parse("get_by_text('a' + 'b')")
    with pytest.raises(LocatorSyntaxError, match="unexpected character at column 14 of"):
        parse("get_by_text(\n'unterminated)")
    assert parse("  get_by_text('a')\t\n ") == {"kind": "text", "value": "a"}


def test_a_file_with_an_expression_outside_the_grammar_is_a_cache_file_error() -> None:
    text = dumps(loads(json.dumps(small_cache()), P)).replace("get_by_role('button', name='Sign in')",
                                                              "__import__('os').getcwd()")
    with pytest.raises(CacheFileError) as info:
        loads(text, P, nodeid="tests/test_x.py::test_y")
    message = str(info.value)
    assert str(P) in message and "'log in'" in message and "'__import__' is not a locator call" in message
    assert "--lumen-record" in message


def test_an_expression_read_again_gives_its_own_fields_and_a_bad_one_is_refused_each_time() -> None:
    text = "get_by_role('row').filter(has=page.get_by_text('Invoice 1042')).get_by_role('checkbox')"
    first = parse(text)
    first["parent"]["has"]["value"] = "changed by a caller"
    again = parse(text)
    assert again["parent"]["has"] == {"kind": "text", "value": "Invoice 1042"} and again is not first
    for _ in range(2):
        with pytest.raises(LocatorSyntaxError, match="is not a locator call"):
            parse("__import__('os').getcwd()")


def test_a_locator_longer_than_any_we_write_is_refused() -> None:
    with pytest.raises(LocatorSyntaxError, match="longer than any we write"):
        parse("get_by_text('" + "a" * 20_000 + "')")


def test_an_item_known_by_what_identifies_it_is_written_and_read_back() -> None:
    cell = LocatorSpec(kind="role", value="cell", name="Invoice 1042", exact=True)
    spec = LocatorSpec(kind="role", value="checkbox", parent=LocatorSpec(kind="role", value="row", has=cell), nth=0)
    text = spec.code()
    assert text == ("get_by_role('row').filter(has=page.get_by_role('cell', name='Invoice 1042', exact=True))"
                    ".get_by_role('checkbox').nth(0)")
    assert LocatorSpec.model_validate(parse(text)) == spec
    with pytest.raises(LocatorSyntaxError, match="expected 'page'"):
        parse("get_by_role('row').filter(has=get_by_text('x'))")
