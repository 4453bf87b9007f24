"""Fuzzing the loaders: whatever a cache file or memory.json holds, only LumenErrors come out.

Three kinds of input: arbitrary bytes, arbitrary JSON, and near-valid files (a valid
file with random structural or textual mutations), which reach the deeper validation.
"""

from __future__ import annotations

import copy
import json
import tempfile
import warnings
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_lumen.cache import SCHEMA_VERSION, CacheFile, CacheStore, dumps, loads
from pytest_lumen.errors import CacheFileError, LumenError
from pytest_lumen.keys import step_key
from pytest_lumen.memory import MemoryFileWarning, MemoryStore

PATH = Path(".lumen-cache/tests/test_shop.py/test_checkout.json")
TODAY = date(2026, 6, 1)
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ_DISK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FINGERPRINT = {"tag": "button", "role": "button", "name": "Sign in", "text": "Sign in", "id": "go", "css": "button#go",
               "box": {"x": 10.0, "y": 20.5, "width": 80.0, "height": 24.0}}
ROLE = {"kind": "role", "value": "button", "name": "Sign in", "exact": False}


def valid_cache() -> dict[str, Any]:
    """A cache file using every action kind, as the plugin writes it."""
    target = {"locator": ROLE, "fallbacks": [{"kind": "test_id", "value": "go"}, {"kind": "selector", "value": "#go"}],
              "fingerprint": FINGERPRINT}
    field = {"locator": {"kind": "label", "value": "Password", "exact": True,
                         "parent": {"kind": "role", "value": "form"}, "nth": 0}}
    actions = [
        {"kind": "fill", "target": field, "value": "%pw%", "after": {"value": "%pw%"}},
        {"kind": "type", "text": "hello"},
        {"kind": "press", "key": "Enter", "target": field},
        {"kind": "click", "target": target, "after": {"url": "/welcome.html?user=%user%"}},
        {"kind": "select_option", "target": field, "value": "blue"},
        {"kind": "check", "target": field, "checked": False},
        {"kind": "hover", "target": target},
        {"kind": "goto", "url": "/cart"},
        {"kind": "scroll", "direction": "up"},
        {"kind": "wait_for", "text": "Saved", "ms": 200},
        {"kind": "expect", "check": "count", "target": target, "expected": 2},
        {"kind": "expect", "check": "url", "expected": "/cart"},
    ]
    return {
        "schema_version": SCHEMA_VERSION,
        "test": "tests/test_shop.py::test_checkout",
        "steps": [
            {"key": step_key("/", "log in as %user%", ["pw", "user"]), "ordinal": 0, "kind": "run",
             "instruction": "log in as %user%", "url": "/", "variables": ["pw", "user"], "actions": actions},
            {"key": step_key("/cart", "the cart holds one mug", []), "ordinal": 0, "kind": "expect",
             "instruction": "the cart holds one mug", "url": "/cart", "variables": [], "actions": actions[-2:]},
        ],
    }


def test_the_seed_file_is_valid() -> None:
    cache = loads(json.dumps(valid_cache()), PATH)
    assert len(cache.steps[0].actions) == 12


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(["kind", "value", "name", "url", "target", "locator", "actions", "steps", "key", "ordinal",
                        "schema_version", "fallbacks", "fingerprint", "box", "after", "expected", "check", "parent",
                        "nth", "exact", "instruction", "variables", "test", "text", "ms", "direction", "checked"])
ODD_VALUES = json_values | st.sampled_from(["teleport", "", "buton", "file:///etc/passwd", "javascript:alert(1)",
                                            "http://evil.example/", -1, 2**70, 10**4000, "\ud800", [], {}])


def _containers(node: Any, trail: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a dict or list inside ``node``."""
    found = [trail]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, child in items:
        if isinstance(child, (dict, list)):
            found += _containers(child, (*trail, key))
    return found


def _at(node: Any, trail: tuple[Any, ...]) -> Any:
    for key in trail:
        node = node[key]
    return node


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> Any:
    """``base`` after 1-4 random edits: set, delete or retype a member anywhere in the tree."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 4))):
        node = _at(data, draw(st.sampled_from(_containers(data))))
        op = draw(st.sampled_from(["set", "delete", "add"]))
        if isinstance(node, dict):
            key = draw(st.sampled_from(sorted(node)) if node and op != "add" else KEYS)
            if op == "delete":
                node.pop(key, None)
            else:
                node[key] = copy.deepcopy(draw(ODD_VALUES))
        elif isinstance(node, list):
            if node and op != "add":
                index = draw(st.integers(0, len(node) - 1))
                if op == "delete":
                    node.pop(index)
                else:
                    node[index] = copy.deepcopy(draw(ODD_VALUES))
            else:
                node.append(copy.deepcopy(draw(ODD_VALUES)))
    return data


def _text_of(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def _load_cache_text(text: str) -> None:
    """Parse; a success must round-trip, a failure must be a CacheFileError naming the file and the remedy."""
    try:
        cache = loads(text, PATH)
    except CacheFileError as exc:
        assert str(PATH) in str(exc)
        assert "re-record" in str(exc)
        return
    assert isinstance(cache, CacheFile)
    assert loads(dumps(cache), PATH) == cache


@FUZZ
@given(raw=st.binary(max_size=300))
def test_cache_store_load_of_arbitrary_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = CacheStore(Path(folder) / ".lumen-cache")
        path = store.path_for("tests/test_shop.py", "test_checkout")
        path.parent.mkdir(parents=True)
        path.write_bytes(raw)
        try:
            store.load(path)
        except LumenError as exc:
            assert ".lumen-cache/tests/test_shop.py/test_checkout.json" in str(exc)
        assert path.read_bytes() == raw  # a load never rewrites the file


@FUZZ
@given(value=json_values)
def test_cache_loads_of_arbitrary_json(value: Any) -> None:
    _load_cache_text(json.dumps(value))


@FUZZ
@given(data=mutated(valid_cache()))
def test_cache_loads_of_near_valid_files(data: Any) -> None:
    _load_cache_text(_text_of(data))


@FUZZ
@given(cut=st.integers(0, 4000), flip=st.integers(0, 4000), byte=st.integers(0, 255))
def test_cache_loads_of_truncated_and_bit_flipped_files(cut: int, flip: int, byte: int) -> None:
    raw = bytearray(dumps(loads(json.dumps(valid_cache()), PATH)).encode("utf-8"))
    raw[flip % len(raw)] = byte
    raw = raw[: len(raw) - cut % len(raw)]
    try:
        text = bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return  # CacheStore.load turns this into a CacheFileError (see the bytes test)
    _load_cache_text(text)


@pytest.mark.parametrize("hostile", ["[" * 100_000 + "]" * 100_000, '{"schema_version": ' + "9" * 5000 + "}",
                                     '{"schema_version": 1, "test": "t", "steps": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_cache_loads_of_hostile_files(hostile: str) -> None:
    with pytest.raises(CacheFileError):
        loads(hostile, PATH)


# --- memory.json -------------------------------------------------------------------------------


def valid_memory() -> dict[str, Any]:
    lesson = {"lesson": "When fill fails with 'element is not an input', try click instead.",
              "category": "error_recovery", "failed_command": "fill", "error_pattern": "element is not an input",
              "domain": None, "use_count": 2, "created_at": "2026-05-01", "last_used": "2026-05-20",
              "source": "learned", "triggered_domains": ["shop.example"]}
    seed = {**lesson, "lesson": "Press Enter to submit.", "category": "best_practice", "failed_command": None,
            "error_pattern": None, "source": "seed", "use_count": 0, "triggered_domains": []}
    return {"version": 1, "lessons": [seed, lesson]}


def _load_memory_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        path.write_bytes(raw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MemoryFileWarning)
            try:
                store = MemoryStore(path, today=lambda: TODAY, lock_timeout=5)
                store.load()
                store.get_tier1()
                store.recall_on_error("fill", "Error: element is not an input")
                store.recall_on_domain("www.shop.example")
                store.save()
            except LumenError:
                return
        json.loads(path.read_text(encoding="utf-8"))  # what is left is a readable memory file


def test_the_memory_seed_file_is_valid() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.json"
        path.write_text(json.dumps(valid_memory()))
        store = MemoryStore(path, today=lambda: TODAY)
        assert len(store.lessons) == 2


@FUZZ_DISK
@given(data=mutated(valid_memory()))
def test_memory_load_of_near_valid_files(data: Any) -> None:
    _load_memory_bytes(_text_of(data).encode("utf-8", "surrogatepass"))


@FUZZ_DISK
@given(raw=st.binary(max_size=200) | st.builds(lambda v: json.dumps(v).encode(), json_values))
def test_memory_load_of_arbitrary_input(raw: bytes) -> None:
    _load_memory_bytes(raw)


# --- what the models alone would let through -------------------------------------------------


def _with_action(action: dict[str, Any], second: dict[str, Any] | None = None) -> str:
    data = valid_cache()
    data["steps"][0]["actions"] = [action]
    if second is not None:
        data["steps"][1] = second
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (_with_action({"kind": "goto", "url": "file:///etc/passwd"}), "goto 'file:///etc/passwd' is not a web address"),
        (_with_action({"kind": "goto", "url": "javascript:alert(1)"}), "is not a web address"),
        (_with_action({"kind": "goto", "url": "data:text/html,<h1>x</h1>"}), "is not a web address"),
        (_with_action({"kind": "click", "target": {"locator": {"kind": "role", "value": "buton", "name": "Go"}}}),
         "unknown ARIA role 'buton'"),
        (_with_action({"kind": "click", "target": {"locator": ROLE, "fallbacks": [{"kind": "role", "value": "nope"}]}}),
         "unknown ARIA role 'nope'"),
        (_with_action({"kind": "click", "target": {"locator": {**ROLE, "parent": {"kind": "role", "value": "lisst"}}}}),
         "unknown ARIA role 'lisst'"),
        (_with_action({"kind": "type", "text": "x"}, second=valid_cache()["steps"][0]), "holds step key"),
    ],
)
def test_content_the_models_allow_but_replay_cannot_use_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(CacheFileError) as info:
        loads(text, PATH, nodeid="tests/test_shop.py::test_checkout")
    message = str(info.value)
    assert fragment in message
    assert "step: #" in message
    assert 're-record this test: pytest --lumen-record "tests/test_shop.py::test_checkout"' in message


@pytest.mark.parametrize("url", ["/cart", "http://127.0.0.1:8000/x", "https://shop.example/a?b=c", "%base_url%/cart",
                                 "about:blank", "//cdn.example/x"])
def test_web_addresses_and_placeholders_are_accepted(url: str) -> None:
    assert loads(_with_action({"kind": "goto", "url": url}), PATH).steps[0].actions[0].url == url


def test_store_load_names_the_file_as_users_see_it_and_the_owning_test(tmp_path: Path) -> None:
    store = CacheStore(tmp_path / ".lumen-cache")
    path = store.path_for("tests/test_shop.py", "test_checkout")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(valid_cache()).encode())  # a BOM from an editor is fine
    assert store.load(path) is not None
    path.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(CacheFileError) as info:
        store.load(path)
    assert "file: .lumen-cache/tests/test_shop.py/test_checkout.json" in str(info.value)
    assert 'pytest --lumen-record "tests/test_shop.py::test_checkout"' in str(info.value)
