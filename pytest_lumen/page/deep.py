"""The element a scan found, as a locator (the ``lumen-deep`` selector engine), and a script on it in one round trip.

A scan (``fingerprint.scan``) finds elements with ``deepAll`` (``js/deep.js``: open shadow roots included) and names
each by its index among them; ``nth_of`` is that element as a locator, which the ``lumen-deep`` engine resolves in
Playwright's utility world. ``found`` tells such a locator apart from every other (one ``nth_of`` made, not one
derived from it), and ``on_found`` evaluates a script on its element in one ``page.evaluate``: the element is found
by the same ``deepAll``, in the page's world where the scan ran, instead of Playwright's three round trips for a
locator of a selector engine (wait for the element, evaluate on its handle, dispose of the handle), which cost about
four times its CPU, the browser's and the driver's included.
"""

from __future__ import annotations

import functools
import json
import weakref
from typing import TYPE_CHECKING

from . import scripts

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ENGINE = "lumen-deep"
ENGINE_JS = scripts.engine("deepEngine", ("deep", "deep_engine"), {})

# The locators ``nth_of`` made: where their element was found (a scan's selector and index)
_FOUND: weakref.WeakKeyDictionary[Locator, tuple[str, int]] = weakref.WeakKeyDictionary()


def nth_of(page: Page, selector: str, index: int) -> Locator:
    """The element a scan of ``selector`` found at ``index``, as a locator (``lumen-deep``)."""
    loc = page.locator(f"{ENGINE}={json.dumps([selector, index])}")
    _FOUND[loc] = (selector, index)
    return loc


def found(loc: Locator) -> tuple[str, int] | None:
    """Where a locator ``nth_of`` made finds its element (a scan's selector and index); None for any other."""
    return _FOUND.get(loc)


@functools.cache
def on_found(expression: str) -> str:
    """``expression`` (a function of an element and an argument) as a function of ``{"at": found(loc), "arg": arg}``
    for ``page.evaluate``: ``[1, its result]`` for the element found there, ``[0, null]`` when there is none."""
    return scripts.applied("onFound", ("deep", "on_found"), expression)
