"""The page's JavaScript as it is sent (``page/scripts.py``): in ASCII, meaning what the files say."""

from __future__ import annotations

from pytest_lumen.page import engines, scripts


def test_a_character_past_ascii_is_its_escape() -> None:
    assert scripts.ascii_only("// a \u2212 b\nconst s = '\u00e9\U0001f600';") == \
        "// a \\u2212 b\nconst s = '\\u00e9\\ud83d\\ude00';"
    assert scripts.ascii_only("const plain = 'a' + `b`;") == "const plain = 'a' + `b`;"


def test_the_selector_engines_are_ascii() -> None:
    """Playwright puts them in its injected script, in every document: one character past ASCII makes it all two-byte."""
    assert [name for name, source in engines.ENGINES if not source.isascii()] == []
