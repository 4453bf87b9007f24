"""Secret values: turned back into placeholders before anything is written, and never let through.

Two kinds of values are protected:

* the values of a test's ``variables={...}``: written as their ``%name%`` placeholder;
* the values of environment variables whose names match ``lumen_secret_env`` (by default
  ``*KEY* *TOKEN* *SECRET* *PASSWORD*``): written as ``***``.

``templatize``/``redact`` replace them in text (in one pass, so that a placeholder is never
rewritten again), ``redact_data`` does the same inside JSON-like data without touching its
structure, and ``check``/``check_data`` refuse a write that would still hold one
(``SecretLeakError``).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

from .errors import SecretLeakError

MIN_SECRET_LENGTH = 3  # variable values shorter than this ("1", "M") are too common to recognise in text
MIN_ENV_SECRET_LENGTH = 6  # env values are matched by name only: "true", "auto" or "250" are settings, not secrets
NOT_SECRETS = frozenset({"default", "enabled", "disabled", "always", "never", "false", "true", "null", "none"})
REDACTED = "***"
SEPARATOR = "\x00"  # joins the strings of a document for a leak check: no secret spans two strings


def secret_env_values(patterns: tuple[str, ...], environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """Environment variables whose names match one of the glob ``patterns`` (case-insensitive).

    Values shorter than ``MIN_ENV_SECRET_LENGTH`` and plain setting words (``enabled``) are
    left out: replacing them everywhere would mangle unrelated text.
    """
    found = {}
    for name, value in environ.items():
        if len(value) < MIN_ENV_SECRET_LENGTH or value.strip().lower() in NOT_SECRETS:
            continue
        if any(fnmatch.fnmatchcase(name.upper(), p.upper()) for p in patterns):
            found[name] = value
    return found


def forms(value: str) -> set[str]:
    """A value as it may appear in text: raw, URL-encoded (both ways), JSON-escaped (both ways), in a Python repr."""
    return {value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1],
            json.dumps(value, ensure_ascii=False)[1:-1], repr(value)[1:-1]}


def map_strings(data: Any, fn: Callable[[str], str]) -> Any:
    """A copy of JSON-like ``data`` with ``fn`` applied to every string value (dict keys and numbers untouched)."""
    if isinstance(data, str):
        return fn(data)
    if isinstance(data, Mapping):
        return {key: map_strings(value, fn) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [map_strings(value, fn) for value in data]
    return data


def strings_of(data: Any) -> list[str]:
    """Every string value inside JSON-like ``data`` (dict keys are field names, not values)."""
    found: list[str] = []

    def keep(s: str) -> str:
        found.append(s)
        return s

    map_strings(data, keep)
    return found


class Secrets:
    """The values a test must never write: its variables' values and secret-looking env values."""

    def __init__(self, env_values: Mapping[str, str] | None = None) -> None:
        self.env_values = dict(env_values or {})
        self.variables: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None
        self._table: dict[str, str] = {}

    def add_variables(self, variables: Mapping[str, str]) -> None:
        """Protect these values too (a test's steps add theirs as they run)."""
        for name, value in variables.items():
            if self.variables.get(str(name)) != str(value):
                self.variables[str(name)] = str(value)
                self._pattern = None

    # --- replacing ------------------------------------------------------------------

    def _pairs(self) -> list[tuple[str, str]]:
        """(form, replacement) pairs: variables before env values, so a value that is both gets its placeholder."""
        pairs = [(form, f"%{k}%") for k, v in self.variables.items() if len(v) >= MIN_SECRET_LENGTH for form in forms(v)]
        pairs += [(form, REDACTED) for v in self.env_values.values() if v for form in forms(v)]
        return pairs

    def _compiled(self) -> re.Pattern[str] | None:
        """One regex: known placeholders (kept as they are), then every form, longest first."""
        if self._pattern is None:
            table: dict[str, str] = {}
            for form, replacement in self._pairs():
                table.setdefault(form, replacement)
            self._table = table
            if not table:
                return None
            keep = "|".join(re.escape(f"%{name}%") for name in sorted(self.variables, key=len, reverse=True))
            values = "|".join(re.escape(form) for form in sorted(table, key=len, reverse=True))
            self._pattern = re.compile(f"(?P<keep>{keep})|(?P<value>{values})" if keep else f"(?P<value>{values})")
        return self._pattern

    def templatize(self, text: str) -> str:
        """Variable values become ``%name%``, secret env values ``***``; placeholders already there stay."""
        pattern = self._compiled()
        if pattern is None or not text:
            return text
        return pattern.sub(lambda m: m.group(0) if m.lastgroup == "keep" else self._table[m.group(0)], text)

    redact = templatize

    def redact_data(self, data: Any) -> Any:
        """A copy of JSON-like ``data`` with every string templatized (numbers and keys untouched)."""
        return map_strings(data, self.templatize)

    def known_placeholder(self, value: str) -> str | None:
        """``%name%`` when ``value`` is exactly a variable's value (or ``***`` for a secret env value)."""
        for name, known in self.variables.items():
            if len(known) >= MIN_SECRET_LENGTH and value == known:
                return f"%{name}%"
        if value and value in self.env_values.values():
            return REDACTED
        return None

    # --- refusing -------------------------------------------------------------------

    def _masked(self, text: str) -> str:
        """``text`` with the known placeholders blanked out (``%user%`` must not count as the value ``user``)."""
        for name in self.variables:
            text = text.replace(f"%{name}%", SEPARATOR)
        return text

    def leaked(self, text: str) -> str | None:
        """What secret ``text`` contains (in any of its forms), said without its value; None if none."""
        text = self._masked(text)
        for name, value in self.variables.items():
            if len(value) >= MIN_SECRET_LENGTH and any(form in text for form in forms(value)):
                return f"variable {name!r}"
        for name, value in self.env_values.items():
            if value and any(form in text for form in forms(value)):
                return f"environment variable {name}"
        return None

    def check(self, text: str, path: Path | str, step: str | None = None) -> None:
        """Raise ``SecretLeakError`` instead of letting ``text`` be written to ``path``."""
        which = self.leaked(text)
        if which is not None:
            raise SecretLeakError(f"refused to write the value of {which} into a file; nothing was written",
                                  path=path, step=step)

    def check_data(self, data: Any, path: Path | str, step: str | None = None) -> None:
        """``check`` over the string values of JSON-like ``data`` (numbers such as 100.0 are not text)."""
        self.check(SEPARATOR.join(strings_of(data)), path, step)
