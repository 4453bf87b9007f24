"""The page's JavaScript as it is sent: ``scripts.compact`` leaves the code and drops what only people read."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from pytest_lumen.page import scripts

JS_FILES = sorted(p.name.removesuffix(".js") for p in (resources.files(scripts.PACKAGE) / scripts.JS_DIR).iterdir()
                  if p.name.endswith(".js"))


def test_compact_drops_comment_lines_indentation_and_blank_lines() -> None:
    text = "// what it does\nfunction f(a) {\n  // why\n\n  return a + '// kept'; // kept too\n}\n"
    assert scripts.compact(text) == "function f(a) {\nreturn a + '// kept'; // kept too\n}"


@pytest.mark.parametrize("name", JS_FILES)
def test_no_string_spans_lines(name: str) -> None:
    """``compact`` strips every line: a template literal (or a string continued with a backslash) that spanned lines
    would lose its indentation, or a line of it that starts with ``//``."""
    text = (resources.files(scripts.PACKAGE) / scripts.JS_DIR / f"{name}.js").read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        code = line.strip()
        if code.startswith("//"):
            continue
        assert code.count("`") % 2 == 0, f"{name}.js:{number}: a template literal spans lines"
        assert not re.search(r"\\$", code), f"{name}.js:{number}: a string continues on the next line"

