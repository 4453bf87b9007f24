"""Step keys, and a test's cache file name (``cache_slug``, of its name ``without_browser``).

A step is found by what it is within its test, never by the page it starts on.

The key is the instruction template and its sorted variable names; the step's ``ordinal``
counts earlier steps of the test with the same key. The URL at the step's start is kept as
evidence only: client-side routers rewrite URLs on load (``/`` -> ``/#/all``), servers
redirect, and a local server's port changes every run, none of which makes a recorded step
another step.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable

from slugify import slugify

KEY_LENGTH = 16  # hex characters of sha256: 64 bits, short enough to read in a diff
BROWSER_NAMES = frozenset({"chromium", "firefox", "webkit"})  # pytest-playwright's browser parameter


def without_browser(name: str) -> str:
    """A test's name or node id without pytest-playwright's browser parameter (one cache serves every browser):
    ``test_x[chromium]`` is ``test_x``, ``test_x[chromium-alice]`` is ``test_x[alice]``."""
    match = re.fullmatch(r"(.*?)\[(.*)\]", name)
    if match is None:
        return name
    params = [p for p in match.group(2).split("-") if p not in BROWSER_NAMES]
    return f"{match.group(1)}[{'-'.join(params)}]" if params else match.group(1)


def step_key(instruction: str, variable_names: Iterable[str]) -> str:
    """sha256 over the instruction template and the sorted variable names."""
    payload = json.dumps([instruction, sorted(variable_names)], ensure_ascii=False)
    # page text may hold a lone surrogate
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:KEY_LENGTH]


def cache_slug(name: str) -> str:
    """A file name for a test, slugged as pytest-playwright slugs its output folders."""
    return slugify(name, lowercase=False, regex_pattern=r"[^-A-Za-z0-9_]+") or "test"
