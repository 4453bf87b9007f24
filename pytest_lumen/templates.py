"""Instruction and value templates: ``%name%`` placeholders and their values."""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"%([A-Za-z_][A-Za-z0-9_]*)%")


def substitute(template: str, values: dict[str, str]) -> str:
    """Replace ``%name%`` with its value; unknown names stay as written."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def placeholders(template: str) -> set[str]:
    """The names of the ``%name%`` placeholders in ``template``."""
    return set(PLACEHOLDER.findall(template))
