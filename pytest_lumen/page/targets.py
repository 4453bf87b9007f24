"""Turning what the model pointed at (a snapshot ref, the focused element) into a cached ``Target``."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import Fingerprint, LocatorSpec, Target
from ..playwright_internals import selector_of
from ..templates import PLACEHOLDER
from . import items, scripts
from .deep import nth_of
from .evaluate import count_and_evaluate, evaluate
from .fingerprint import INDEX_JS, NAME_FROM_CONTENT_ROLES, capture_with_look_alikes
from .frames import declared, declared_frame, frame_alternatives, reframed
from .locators import in_frame_of, spec_from_locator, under
from .quality import is_element, same_element, without_counts

if TYPE_CHECKING:
    from playwright.sync_api import Frame, Locator, Page

# The elements that hold a count check's items: lists, tables, grids and their like.
CONTAINERS = ("ul, ol, table, tbody, [role=list], [role=table], [role=grid], [role=rowgroup], [role=listbox], "
              "[role=tree], [role=treegrid], [role=feed], [role=menu], [role=tablist], [role=radiogroup]")
CONTAINER_JS = scripts.function("containerOf", ("deep", "container"))
# The roles of elements a text fallback (``get_by_text``) is recorded for: those named by their content,
# checkboxes and radios aside (their label and role fallbacks find them); an element without a role too.
TEXT_FALLBACK_ROLES = frozenset(NAME_FROM_CONTENT_ROLES) - {"checkbox", "radio"}


def fallbacks_for(fp: Fingerprint, primary: LocatorSpec) -> list[LocatorSpec]:
    """Other ways to find the same element than ``primary``: test id, role+name, label, placeholder, text, CSS path."""
    out = [in_frame_of(spec, primary) for spec in _ways(fp)]  # inside an iframe, each searches that iframe
    seen = {primary.model_dump_json()}
    unique = []
    for spec in out:
        dump = spec.model_dump_json()
        if dump not in seen:
            seen.add(dump)
            unique.append(spec)
    return unique


def _ways(fp: Fingerprint) -> list[LocatorSpec]:
    """The ways its fingerprint gives to find an element, best first: test id, role+name, label, placeholder, text,
    CSS path."""
    out: list[LocatorSpec] = []
    if fp.test_id:
        out.append(LocatorSpec(kind="test_id", value=fp.test_id))
    if fp.role and fp.name:
        out.append(LocatorSpec(kind="role", value=fp.role, name=fp.name, exact=True))
    if fp.label:
        out.append(LocatorSpec(kind="label", value=fp.label, exact=True))
    if fp.placeholder:
        out.append(LocatorSpec(kind="placeholder", value=fp.placeholder, exact=True))
    if fp.text and (fp.role in TEXT_FALLBACK_ROLES or not fp.role) and len(fp.text) <= 80:
        out.append(LocatorSpec(kind="text", value=fp.text, exact=True))
    if fp.css:
        out.append(LocatorSpec(kind="selector", value=fp.css))
    return out


def normalized_locator(page: Page, element: Locator, fp: Fingerprint) -> LocatorSpec:
    """``element``'s locator as ``normalize()`` gives it (test ids and roles first, as codegen does).

    Playwright's generator reads properties that a page's markup can shadow: in a form with a field named ``id``,
    ``form.id`` is that field, and the generator fails on the form's other fields (sqlite-web's insert form). An iframe
    it finds by its position is found by what it declares instead (``frames.declared``). When the generator fails,
    the first of the element's own ways (``_ways``), or of the attributes the generator would have used (its ``name``
    attribute, its id), that finds it alone (inside its iframe, when it is in one); else (an element gone meanwhile
    too) the generator's error."""
    try:
        return declared(page, spec_from_locator(element.normalize()))
    except PlaywrightError as error:
        if element.count() != 1:  # gone, or another in its place: nothing to look for (and no handle to wait for)
            raise
        try:
            frame = _frame_of(element.element_handle().owner_frame())
        except (PlaywrightError, LookupError):  # its iframe is not found, or the generator fails on that too
            raise error from None
        attributes = [f"{fp.tag}[name={_css_string(fp.name_attr)}]"] if fp.name_attr else []
        attributes += [f"{fp.tag}[id={_css_string(fp.id)}]"] if fp.id else []
        for way in [*_ways(fp), *(LocatorSpec(kind="selector", value=selector) for selector in attributes)]:
            spec = under(way, frame) if frame is not None else way
            if same_element(page, spec, element):
                return spec
        raise


def _frame_of(document: Frame | None) -> LocatorSpec | None:
    """The iframe that shows ``document``, as a ``frame`` spec: the locator ``normalize()`` gives that iframe (from the
    page, through the iframes around it); None for the page's own document."""
    if document is None or document.parent_frame is None:
        return None
    iframes = document.parent_frame.locator("iframe, frame")
    shown_by = document.frame_element()
    at = next((i for i in range(iframes.count()) if is_element(iframes.nth(i), shown_by)), None)
    if at is None:
        raise LookupError(f"no iframe of its parent document shows {document.url}")
    return declared_frame(document.page, LocatorSpec(kind="frame", value=selector_of(iframes.nth(at).normalize())))


def _css_string(value: str) -> str:
    """``value`` as a quoted CSS string (an attribute selector's value)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def target_for(page: Page, element: Locator, named: str = "") -> tuple[Target, Locator]:
    """A ``Target`` for an element the model chose, and a live locator built from it.

    The locator comes from ``normalize()`` (test ids and roles first, as codegen
    does); inside a repeated item (a table row, a card) it is scoped by the item's identifying
    text (``items.scoped``), one the step names first (``named``: its sentence, values filled in); if it does not
    point at exactly this element, the CSS path is used.
    """
    fp = capture_with_look_alikes(element)
    spec = without_counts(page, _exact_name(page, normalized_locator(page, element, fp), fp), fp, element)
    in_item = items.scoped(page, element, spec, fallbacks_for(fp, spec), fp, named)
    if in_item is not None:  # a row's checkbox: the row found by its identifying text, then the checkbox in it
        spec, fallbacks, fp = in_item
        return Target(locator=spec, fallbacks=fallbacks, fingerprint=fp), spec.build(page)
    live = spec.build(page)
    if live.count() != 1 and fp.css:
        spec = in_frame_of(LocatorSpec(kind="selector", value=fp.css), spec)
        live = spec.build(page)
    return Target(locator=spec, fallbacks=fallbacks_for(fp, spec) + _in_other_frames(page, spec, fp), fingerprint=fp), live


def _in_other_frames(page: Page, spec: LocatorSpec, fp: Fingerprint) -> list[LocatorSpec]:
    """Inside an iframe: the locator, and the role fallback, under each other selector of that iframe."""
    frame = spec.frame()
    if frame is None:
        return []
    ways = [spec, *[f for f in fallbacks_for(fp, spec) if f.kind in ("role", "test_id")][:1]]
    return [reframed(way, frame, other) for other in frame_alternatives(page, frame) for way in ways
            if reframed(way, frame, other) != way]


def _exact_name(page: Page, spec: LocatorSpec, fp: Fingerprint) -> LocatorSpec:
    """A role locator with the element's whole name, matched exactly, when that still finds it alone.

    ``normalize()`` matches a name in part ("Place order" also finds "Place order by phone"); the
    exact locator is itself the check of the element's name, so the identity gate needs no other.
    """
    in_frame = spec.parent is not None and spec.parent.kind == "frame"
    if spec.kind != "role" or (spec.parent is not None and not in_frame) or spec.nth is not None or not fp.name \
            or spec.value != fp.role:
        return spec
    exact = LocatorSpec(kind="role", value=spec.value, name=fp.name, exact=True, parent=spec.parent)
    return exact if exact.build(page).count() == 1 else spec


def focused_target(page: Page, named: str = "") -> tuple[Target, Locator] | None:
    """The focused element as a target, when one has focus (``named``: the step's sentence, ``target_for``)."""
    focused = page.locator("*:focus")
    if focused.count() != 1:
        return None
    return target_for(page, focused, named)


def count_target(page: Page, item: Locator, target: Target) -> tuple[Target, LocatorSpec | None]:
    """For a count check on one of the items: the list that holds them as the target, and the items in it.

    The list is a target like any other (identity-checked, healed when it moved or was wrapped);
    the items are found inside it by their role (or tag). Without a list around the item, the
    locator of all elements like it (``group_target``) and no items.
    """
    index = int(evaluate(item, CONTAINER_JS, CONTAINERS))
    fp = target.fingerprint
    if index < 0 or fp is None:
        return group_target(target), None
    element = nth_of(page, CONTAINERS, index)
    container = capture_with_look_alikes(element)
    spec = _container_spec(page, container, index)
    items = LocatorSpec(kind="role", value=fp.role) if fp.role else LocatorSpec(kind="selector", value=fp.tag)
    return Target(locator=spec, fallbacks=fallbacks_for(container, spec), fingerprint=container), items


def _container_spec(page: Page, fp: Fingerprint, index: int) -> LocatorSpec:
    """A locator for a list that does not depend on what it holds: its role (and name), its word classes,
    else its CSS path (Playwright's generated locator may be the text of its items, which a count changes)."""
    options = []
    if fp.role and fp.name:
        options.append(LocatorSpec(kind="role", value=fp.role, name=fp.name, exact=True))
    if fp.role:
        options.append(LocatorSpec(kind="role", value=fp.role))
    if fp.classes:
        options.append(LocatorSpec(kind="selector", value=fp.tag + "".join("." + c for c in fp.classes.split())))
    for spec in options:
        count, at = count_and_evaluate(spec.build(page), INDEX_JS, CONTAINERS)
        if count == 1 and int(at) == index:
            return spec
    return LocatorSpec(kind="selector", value=fp.css or fp.tag)


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
