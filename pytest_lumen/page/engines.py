"""The selector engines pytest-lumen registers with Playwright, all as content scripts (Playwright's utility world).

* ``lumen-identity`` (``identity.py``): the identity gate;
* ``lumen-aria`` (``aria.py``): Playwright's roles and names handed to the page's world;
* ``lumen-deep`` (``deep.py``): the element a scan found, open shadow roots included;
* ``lumen-path`` (``outline.py``): a piece of an observation, by its path in the composed tree;
* ``lumen-changes`` (``changes.py``): whether the page changed in place since a moment;
* ``lumen-holds`` (``holds.py``): whether a filled field still holds its value;
* ``lumen-keyed`` (``keyed.py``): whether a row holds its identifying text in the column it was recorded in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..errors import LumenError
from ..playwright_internals import already_registered
from . import aria, changes, deep, holds, identity, keyed, outline

if TYPE_CHECKING:
    from playwright.sync_api import Selectors

ENGINES: tuple[tuple[str, str], ...] = (
    (identity.ENGINE, identity.ENGINE_JS),
    (aria.ENGINE, aria.ENGINE_JS),
    (deep.ENGINE, deep.ENGINE_JS),
    (outline.ENGINE, outline.ENGINE_JS),
    (changes.ENGINE, changes.ENGINE_JS),
    (holds.ENGINE, holds.ENGINE_JS),
    (keyed.ENGINE, keyed.ENGINE_JS),
)


def require(selectors: Selectors) -> None:
    """``register``, or a ``LumenError`` that says why pytest-lumen cannot work without its engines."""
    if not register(selectors):
        names = ", ".join(name for name, _ in ENGINES)
        raise LumenError(f"pytest-lumen could not register its selector engines ({names}) with Playwright",
                         remedy="another plugin may have registered engines of these names: rename or remove them; "
                                "pytest-lumen needs its own")


def register(selectors: Selectors) -> bool:
    """Register every engine with a Playwright instance's selectors (once); False when one cannot be."""
    if getattr(selectors, "_lumen_engines", False):
        return True
    for name, source in ENGINES:
        try:
            selectors.register(name, source, content_script=True)
        except PlaywrightError as exc:
            if not already_registered(str(exc)):
                return False
    setattr(selectors, "_lumen_engines", True)  # noqa: B010 - Selectors declares no such attribute (mypy)
    return True
