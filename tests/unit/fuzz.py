"""Hypothesis strategies shared by the loader fuzz tests (the cache file and memory.json).

Three kinds of input: arbitrary bytes, arbitrary JSON, and near-valid files (a valid
file with random structural or textual mutations), which reach the deeper validation.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

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


def text_of(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
