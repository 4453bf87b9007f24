"""The device profile a page is used with (``cache/profile.py``), read from its browser context's options: no page
round trip. pytest-playwright's ``--device`` and ``browser_context_args`` set them; a page a test made itself, too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cache.profile import Profile
from ..cache.viewport import Viewport
from ..playwright_internals import context_options

if TYPE_CHECKING:
    from playwright.sync_api import Page


def viewport_of(page: Page) -> Viewport | None:
    """The page's viewport (None: the page follows the window, ``no_viewport``)."""
    size = page.viewport_size
    return Viewport(width=size["width"], height=size["height"]) if size else None


def profile_of(page: Page) -> Profile:
    """The page's profile: its viewport's width class (no viewport: it follows the window, laid out wide), touch and
    mobile as its context was created with."""
    options = context_options(page)
    return Profile.of(viewport_of(page), touch=bool(options.get("hasTouch")), mobile=bool(options.get("isMobile")))
