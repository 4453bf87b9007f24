"""What a reviewer rejects in a healed locator: a positional chain instead of what the element is.

A heal that writes ``locator("main > section:nth-of-type(2) > button")`` or ``.nth(2)`` finds the
element by where it is today, and the next layout change breaks it (or finds another element). The
drift suite and ``benchmarks/drift.py`` count such heals (goal: none).
"""

from __future__ import annotations

import re

from pytest_lumen.cache.model import LocatorSpec

_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')  # a quoted text in a selector is words, not structure
_BY_PLACE = re.compile(r":nth-(?:last-)?(?:of-type|child)\(|:(?:first|last|only)-(?:of-type|child)\b|\bnth=")
_CHILD = re.compile(r"(?<!>)>(?!>)")  # CSS's child combinator; Playwright's ``>>`` chains selectors, it is not one


def positional(spec: LocatorSpec) -> bool:
    """Whether the locator (or a parent it searches in) picks its element by position: an index (``nth``), a
    CSS ``:nth-of-type``/``:nth-child`` (or first/last/only), an ``nth=`` selector, or a ``>`` child chain."""
    if spec.nth is not None:
        return True
    if spec.kind in ("selector", "frame"):
        structure = _QUOTED.sub('""', spec.value)
        if _BY_PLACE.search(structure) or _CHILD.search(structure):
            return True
    return spec.parent is not None and positional(spec.parent)
