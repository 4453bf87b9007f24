"""The page's JavaScript as it is sent (``page/scripts.py``): in ASCII, meaning what the files say."""

from __future__ import annotations

from importlib import resources

from pytest_lumen.page import engines, scripts

JS_FILES = sorted(p.name.removesuffix(".js") for p in (resources.files(scripts.PACKAGE) / scripts.JS_DIR).iterdir()
                  if p.name.endswith(".js"))


def test_a_character_past_ascii_is_its_escape() -> None:
    assert scripts.ascii_only("// a \u2212 b\nconst s = '\u00e9\U0001f600';") == \
        "// a \\u2212 b\nconst s = '\\u00e9\\ud83d\\ude00';"
    assert scripts.ascii_only("const plain = 'a' + `b`;") == "const plain = 'a' + `b`;"


def test_the_selector_engines_are_ascii() -> None:
    """Playwright puts them in its injected script, in every document: one character past ASCII makes it all two-byte."""
    assert [name for name, source in engines.ENGINES if not source.isascii()] == []


def test_characters_past_ascii_stand_in_comments_only() -> None:
    """What ``ascii_only`` escapes must mean the same escaped: in a comment it does; in code, after a backslash or in a
    raw template, it would not, so code writes its own ``\\u`` escapes. No byte-order mark, no line or paragraph
    separator (JavaScript ends a comment there) anywhere."""
    found = []
    for name in JS_FILES:
        text = scripts.written(name)
        found += [f"{name}.js: a byte-order mark or a line separator" for _ in set(text) & {"\ufeff", "\u2028", "\u2029"}]
        found += [f"{name}.js:{number}" for number, line in enumerate(text.splitlines(), 1)
                  if not line.isascii() and not line.lstrip().startswith("//")]
    assert found == []
