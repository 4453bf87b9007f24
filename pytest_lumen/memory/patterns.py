"""Error texts as the memory compares them: a stable key phrase, and whether a lesson's pattern matches.

A learned lesson's ``error_pattern`` is :func:`error_key` of the error it came from, so the
same error met again recalls it (:func:`pattern_matches`) even when its numbers, refs or
quoted text differ.
"""

from __future__ import annotations

import re

from ..playwright_internals import without_call_log
from .lesson_file import MIN_ERROR_CHARS, PATTERN_MAX_CHARS

_GENERIC_ERRORS = frozenset({"error", "unknown error", "unknown", "failed"})
_PREFIX_RES = (
    re.compile(r"^\s*[A-Za-z_]*Error\s*:\s*"),  # Error: / TimeoutError:
    re.compile(r"^\s*(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*\s*:\s*"),  # locator.click: / page.goto:
)
_NOISE_RES = (
    re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE),  # URLs
    re.compile(r'"[^"\n]*"'),  # "double quoted"
    re.compile(r"(?<!\w)'[^'\n]*'(?!\w)"),  # 'single quoted' (not the ' in can't)
    re.compile(r"`[^`\n]*`"),
    re.compile(r"\b(?:ref\s*=\s*)?e\d+\b", re.IGNORECASE),  # snapshot refs: e37, ref=e37
    re.compile(r"\b\d+(?:[.,]\d+)*(?:ms|px|s)?\b", re.IGNORECASE),  # 30000ms, 2, 1.5s
    re.compile(r"\(\s*\)|\[\s*\]|\{\s*\}|<\s*>"),  # brackets emptied by the above
)
_SPACE_BEFORE_PUNCT_RE = re.compile(r"\s+([,.;:!?)\]])")
_EDGE_CHARS = " \t.,;:!?-=|"


def normalize_error(error: str) -> str:
    """The error's first meaningful line without the parts that vary from run to run."""
    text = without_call_log(error)
    lines = [line for line in text.splitlines() if line.strip()]
    text = lines[0] if lines else ""
    changed = True
    while changed:
        before = text
        for prefix in _PREFIX_RES:
            text = prefix.sub("", text, count=1)
        changed = text != before
    for noise in _NOISE_RES:
        text = noise.sub(" ", text)
    text = " ".join(text.split())
    text = _SPACE_BEFORE_PUNCT_RE.sub(r"\1", text)
    return text.strip(_EDGE_CHARS).lower()


def error_key(error: str) -> str:
    """A short, stable key phrase of an error (at most 60 characters, maybe "").

    The first line, without Playwright's call log and API prefix, snapshot refs, quoted
    strings, numbers and URLs, whitespace collapsed, lower-cased, cut at a word boundary.
    It is always a substring of the normalized form of the error it came from, so that
    the same error met again recalls the lesson.
    """
    text = normalize_error(error)
    if len(text) > PATTERN_MAX_CHARS:
        cut = text[:PATTERN_MAX_CHARS]
        if text[PATTERN_MAX_CHARS].isalnum() and " " in cut:
            cut = cut.rsplit(" ", 1)[0]
        text = cut
    return text.strip(_EDGE_CHARS)


def is_substantive(error: str | None) -> bool:
    """True for an error worth learning from: 8+ characters and more than a generic word."""
    if not error:
        return False
    text = error.strip()
    if len(text) < MIN_ERROR_CHARS:
        return False
    return text.lower().strip(_EDGE_CHARS) not in _GENERIC_ERRORS


def pattern_matches(pattern: str | None, error: str) -> bool:
    """True when ``pattern`` occurs in ``error`` or its normalized form, ignoring case (no pattern: always)."""
    if pattern is None or not pattern.strip():
        return True
    needle = " ".join(pattern.split()).lower()
    return needle in error.lower() or needle in normalize_error(error)
