"""Secret values: turned back into placeholders before anything is written, and never let through."""

from __future__ import annotations

import fnmatch
import json
import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote, quote_plus

from .errors import SecretLeakError

MIN_SECRET_LENGTH = 3  # shorter values ("1", "M") are too common to recognise in text
REDACTED = "***"


def secret_env_values(patterns: tuple[str, ...], environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """Environment variables whose names match one of the glob ``patterns`` (case-insensitive)."""
    found = {}
    for name, value in environ.items():
        if len(value) >= MIN_SECRET_LENGTH and any(fnmatch.fnmatchcase(name.upper(), p.upper()) for p in patterns):
            found[name] = value
    return found


def _forms(value: str) -> set[str]:
    """A value as it may appear in text: raw, URL-encoded, JSON-escaped."""
    return {value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1]}


class Secrets:
    """The values a test must never write: its variables' values and secret-looking env values."""

    def __init__(self, env_values: Mapping[str, str] | None = None) -> None:
        self.env_values = dict(env_values or {})
        self.variables: dict[str, str] = {}

    def add_variables(self, variables: Mapping[str, str]) -> None:
        for name, value in variables.items():
            self.variables[name] = str(value)

    def _pairs(self) -> list[tuple[str, str]]:
        """(value, replacement) pairs, longest value first so that overlaps resolve well.

        Each value also in its URL-encoded forms: form submissions put values into URLs.
        """
        pairs = [(form, f"%{k}%") for k, v in self.variables.items() if len(v) >= MIN_SECRET_LENGTH for form in _forms(v)]
        pairs += [(form, REDACTED) for v in self.env_values.values() for form in _forms(v)]
        return sorted(pairs, key=lambda p: len(p[0]), reverse=True)

    def templatize(self, text: str) -> str:
        """Variable values become ``%name%``, secret env values ``***``."""
        for value, replacement in self._pairs():
            if value in text:
                text = text.replace(value, replacement)
        return text

    redact = templatize

    def leaked(self, text: str) -> str | None:
        """The name of a secret that ``text`` contains (in any of its forms), if any."""
        for name, value in self.variables.items():
            if len(value) >= MIN_SECRET_LENGTH and any(form in text for form in _forms(value)):
                return f"variable {name!r}"
        for name, value in self.env_values.items():
            if any(form in text for form in _forms(value)):
                return f"environment variable {name}"
        return None

    def check(self, text: str, path: Path | str, step: str | None = None) -> None:
        """Raise ``SecretLeakError`` instead of letting ``text`` be written to ``path``."""
        which = self.leaked(text)
        if which is not None:
            raise SecretLeakError(f"refused to write the value of {which} into a file", path=path, step=step)
