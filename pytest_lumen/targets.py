"""Turning what the model pointed at (a snapshot ref, the focused element) into a cached ``Target``."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Optional

from .actions import PLACEHOLDER, Target
from .fingerprint import Fingerprint, capture_with_look_alikes
from .locators import LocatorSpec, spec_from_locator

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

TEXTUAL_ROLES = {"button", "link", "heading", "tab", "menuitem", "option", "cell", "listitem"}


def fallbacks_for(fp: Fingerprint, primary: LocatorSpec) -> list[LocatorSpec]:
    """Other ways to find the same element: test id, role+name, label, placeholder, text, CSS path."""
    out: list[LocatorSpec] = []
    if fp.test_id:
        out.append(LocatorSpec(kind="test_id", value=fp.test_id))
    if fp.role and fp.name:
        out.append(LocatorSpec(kind="role", value=fp.role, name=fp.name, exact=True))
    if fp.label:
        out.append(LocatorSpec(kind="label", value=fp.label, exact=True))
    if fp.placeholder:
        out.append(LocatorSpec(kind="placeholder", value=fp.placeholder, exact=True))
    if fp.text and (fp.role in TEXTUAL_ROLES or not fp.role) and len(fp.text) <= 80:
        out.append(LocatorSpec(kind="text", value=fp.text, exact=True))
    if fp.css:
        out.append(LocatorSpec(kind="selector", value=fp.css))
    seen = {primary.model_dump_json()}
    unique = []
    for spec in out:
        dump = spec.model_dump_json()
        if dump not in seen:
            seen.add(dump)
            unique.append(spec)
    return unique


def target_for(page: Page, element: Locator) -> tuple[Target, Locator]:
    """A ``Target`` for an element the model chose, and a live locator built from it.

    The locator comes from ``normalize()`` (test ids and roles first, as codegen
    does); if it does not point at exactly this element, the CSS path is used.
    """
    fp = capture_with_look_alikes(element)
    spec = spec_from_locator(element.normalize())
    live = spec.build(page)
    if live.count() != 1 and fp.css:
        spec = LocatorSpec(kind="selector", value=fp.css)
        live = spec.build(page)
    if spec.kind == "role":
        fp = fp.model_copy(update={"role": spec.value, "name": spec.name or fp.name})
    return Target(locator=spec, fallbacks=fallbacks_for(fp, spec), fingerprint=fp), live


def focused_target(page: Page) -> Optional[tuple[Target, Locator]]:
    """The focused element as a target, when one has focus."""
    focused = page.locator("*:focus")
    if focused.count() != 1:
        return None
    return target_for(page, focused)


def group_target(target: Target) -> Target:
    """For counts: the locator of all elements like this one."""
    spec = target.locator
    if spec.nth is not None:
        group = spec.without_nth()
    elif target.fingerprint and target.fingerprint.css:
        group = LocatorSpec(kind="selector", value=re.sub(r":nth-of-type\(\d+\)$", "", target.fingerprint.css))
    else:
        group = spec
    return target.model_copy(update={"locator": group, "fallbacks": []})


def bind_target(target: Target, values: dict[str, str]) -> Target:
    """The target with its ``%name%`` placeholders (in locators and fingerprint) replaced by their values."""
    if not values:
        return target
    text = target.model_dump_json()
    bound = PLACEHOLDER.sub(lambda m: json.dumps(values[m.group(1)])[1:-1] if m.group(1) in values else m.group(0), text)
    return target if bound == text else Target.model_validate_json(bound)
