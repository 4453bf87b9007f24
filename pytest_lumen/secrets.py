"""Secret values and variable values: where each may be replaced, and what a write must never hold.

A test passes values through ``variables={...}``; secret-looking environment variables hold
others. The rule, one class for every place text is written:

* **The test's own words are never rewritten.** An instruction, a step's key, the test's node
  id, its cache file's path or a re-record command is written as the test gave it: the key is
  computed from the template the test passed to ``agent.run``, never from rewritten text, and
  ``keep(words)`` shields the node id and paths inside messages too.
* **What a step records holds a variable's placeholder only where the test put it**: in what
  the step that was passed the variable records (its actions' values, locators, fingerprints,
  dialogs, effects), and there only where the value stands as a whole token, not inside a
  longer word (``admin`` becomes ``%user%`` in ``"Signed in as admin"`` and ``?user=admin``,
  never in ``"Site administration"`` or ``test_admin.py``). ``placeholders_for(names)`` is that step's
  rule; a field filled with exactly the value gets its placeholder by the same rule. Where a
  step started (``Step.url``, evidence only) is recorded with secrets replaced, nothing else.
* **A secret is kept out of everything, wherever it stands.** Secrets are the values of
  environment variables whose names match ``lumen_secret_env`` (written ``***``), and the
  variables whose value is one of them or was filled into a password field (written as their
  ``%name%``). They are replaced in any text, inside a longer token too (a word boundary would
  let ``?p=hunter22x`` through), and ``check``/``check_data`` refuse a write that still holds
  one in any form (``SecretLeakError``): in a test's own words, which are never rewritten, a
  secret is refused, not replaced. A value that is not secret never makes a write refused.
* **What people read** (error messages, pytest's report, progress lines, event logs) is
  ``redact``-ed: secrets anywhere, and every variable's value where it stands as a whole token
  (a password in a sentence the test wrote literally is not known as one before it is filled).

Replacement runs in one pass, so a placeholder is never rewritten again; ``redact_data`` and
``placeholders_for`` work inside JSON-like data without touching its structure (numbers stay numbers).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

from .errors import SecretLeakError
from .templates import PLACEHOLDER

# A step's placeholder rule: a text with every value the step knows turned into its ``%placeholder%`` (what it records).
PlaceholderRule = Callable[[str], str]

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

    def keep(text: str) -> str:
        found.append(text)
        return text
    map_strings(data, keep)
    return found


def _token(form: str) -> str:
    """A regex for ``form`` standing as a whole token: no letter, digit or ``_`` joined to a word-character edge."""
    before = r"(?<!\w)" if re.match(r"\w", form[0]) else ""
    after = r"(?!\w)" if re.match(r"\w", form[-1]) else ""
    return before + re.escape(form) + after


class Secrets:
    """A test's variables (placeholders where the test put them) and its secrets (never written anywhere)."""

    def __init__(self, env_values: Mapping[str, str] | None = None) -> None:
        self.env_values = dict(env_values or {})
        self.variables: dict[str, str] = {}
        self._marked: set[str] = set()  # variables found secret by use (filled into a password field)
        self._kept: set[str] = set()  # the test's own words: never rewritten (its node id, its cache file)
        self._patterns: dict[frozenset[str], tuple[re.Pattern[str], dict[str, str]] | None] = {}

    def add_variables(self, variables: Mapping[str, str]) -> None:
        """Know these values too (a test's steps add theirs as they run)."""
        for name, value in variables.items():
            if self.variables.get(str(name)) != str(value):
                self.variables[str(name)] = str(value)
                self._patterns.clear()

    def keep(self, words: Iterable[str]) -> None:
        """Never rewrite these words inside text (a node id, a path: a value inside them is not where the test put it)."""
        new = {w for w in words if w} - self._kept
        if new:
            self._kept |= new
            self._patterns.clear()

    def mark_secret(self, names: Iterable[str]) -> None:
        """These variables are secrets from now on (a password field was filled with them)."""
        new = {n for n in names if n in self.variables} - self._marked
        if new:
            self._marked |= new
            self._patterns.clear()

    def secret_variables(self) -> dict[str, str]:
        """The variables that are secrets: filled into a password field, or holding a secret env value."""
        env = set(self.env_values.values())
        return {k: v for k, v in self.variables.items()
                if len(v) >= MIN_SECRET_LENGTH and (k in self._marked or v in env)}

    def secret_values(self) -> list[str]:
        """Every secret value (secret variables and secret env values)."""
        return [*self.secret_variables().values(), *(v for v in self.env_values.values() if v)]

    # --- replacing ------------------------------------------------------------------

    def _compiled(self, names: frozenset[str]) -> tuple[re.Pattern[str], dict[str, str]] | None:
        """One regex and its table: known placeholders and kept words (left as they are), secrets anywhere, the
        values of ``names`` as whole tokens; longest first, and a variable's placeholder before ``***``."""
        if names not in self._patterns:
            secret = self.secret_variables()
            anywhere: dict[str, str] = {}
            for name, value in secret.items():
                for form in forms(value):
                    anywhere.setdefault(form, f"%{name}%")
            for value in self.env_values.values():
                for form in forms(value) if value else ():
                    anywhere.setdefault(form, REDACTED)
            tokens: dict[str, str] = {}
            for name in sorted(names):
                value = self.variables.get(name, "")
                if len(value) >= MIN_SECRET_LENGTH and name not in secret:
                    for form in forms(value):
                        if form not in anywhere:
                            tokens.setdefault(form, f"%{name}%")
            table = {**tokens, **anywhere}
            if not table:
                self._patterns[names] = None
            else:
                alternatives = sorted([(form, re.escape(form)) for form in anywhere]
                                      + [(form, _token(form)) for form in tokens], key=lambda p: len(p[0]), reverse=True)
                kept = [*self._kept, *(f"%{name}%" for name in self.variables)]
                keep = "|".join(re.escape(word) for word in sorted(kept, key=len, reverse=True))
                values = "|".join(regex for _, regex in alternatives)
                pattern = re.compile(f"(?P<keep>{keep})|(?P<value>{values})" if keep else f"(?P<value>{values})")
                self._patterns[names] = (pattern, table)
        return self._patterns[names]

    def with_placeholders(self, text: str, names: Collection[str] = ()) -> str:
        """``text`` with secrets replaced anywhere and the values of the variables ``names`` where they stand as
        whole tokens (secret variables become ``%name%``, secret env values ``***``); placeholders already there stay."""
        compiled = self._compiled(frozenset(names))
        if compiled is None or not text:
            return text
        pattern, table = compiled
        return pattern.sub(lambda m: m.group(0) if m.lastgroup == "keep" else table[m.group(0)], text)

    def redact(self, text: str) -> str:
        """What people read (messages, logs, reports): secrets anywhere, every variable's value as a whole token."""
        return self.with_placeholders(text, self.variables)

    def hide_secrets(self, text: str) -> str:
        """``text`` with its secrets replaced and nothing else (where a step started: evidence, never substituted)."""
        return self.with_placeholders(text)

    def placeholders_for(self, names: Collection[str]) -> PlaceholderRule:
        """The placeholder rule of a step that was passed the variables ``names``: what it records goes through it."""
        chosen = frozenset(names)
        return lambda text: self.with_placeholders(text, chosen)

    def redact_data(self, data: Any) -> Any:
        """A copy of JSON-like ``data`` with ``redact`` applied to its strings (numbers and keys untouched)."""
        return map_strings(data, self.redact)

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
        """What secret ``text`` contains (in any of its forms, anywhere), said without its value; None if none.

        Only secrets count: a variable that is not one (a user named ``admin``) never makes a write refused."""
        text = self._masked(text)
        for name, value in self.secret_variables().items():
            if any(form in text for form in forms(value)):
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


def password_fills(actions: Iterable[Any]) -> set[str]:
    """The variables whose placeholders a step filled into a password field: secrets from then on."""
    names: set[str] = set()
    for action in actions:
        target = getattr(action, "target", None)
        fingerprint = getattr(target, "fingerprint", None)
        value = getattr(action, "value", None)
        if getattr(action, "kind", None) == "fill" and getattr(fingerprint, "type", None) == "password" \
                and isinstance(value, str):
            names |= set(PLACEHOLDER.findall(value))
    return names
