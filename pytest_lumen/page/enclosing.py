"""The names of the containers that hold an element: what it is about, as the page names it around it.

A named region, dialog, form, grid or table around a control says what the control acts on ("Playlist: Road trip"
around a track's "Remove from playlist"): words a new name gained that only repeat such a name change no scope
(``heal/meaning.py``). Read only when a candidate's name changed, one round trip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from . import scripts
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator

ENCLOSING_JS = scripts.function("enclosingNames", ("enclosing",))


def enclosing_names(element: Locator) -> list[str]:
    """The names of the named containers around ``element``, innermost first; none when it cannot be read."""
    try:
        return [str(name) for name in evaluate(element, ENCLOSING_JS)]
    except PlaywrightError:
        return []
