"""A control without words is known by its icon: the trash can of a row, the "×" of a dialog, the ⋮ of a menu.

Its accessible name, when it has one, says nothing either ("", "×"), and its locator is a position
(``get_by_role("button").nth(3)``): a release that re-sorts the rows, or adds a "copy" icon before "delete",
puts another control at that place. So what it shows is its identity (the fingerprint's ``icon``, read by
``js/icon.js``): the identity gate and the full path compare it for a control without words
(``identity.icon_scope``), and the judge takes a control without words for another, or a named one for a control
without words, only when both show the same icon (``same_icon``): a "Help" button is never the log-out icon in
its place, an unnamed trash can never the copy icon beside it; a "Help" that showed its icon and lost its word is
still Help. An icon that changed (another icon set, another size class) makes the step red: nothing else says what
such a control does.
"""

from __future__ import annotations

import re

from ..cache.fingerprints import ICON_VERSION
from ..cache.model import Fingerprint
from .purpose import ACTION_ROLES

_WORD = re.compile(r"\w")


def wordless(name: str | None) -> bool:
    """Whether a name (or text) has no word: empty, or a glyph ("×", "+", "⋮")."""
    return _WORD.search(name or "") is None


def known(fp: Fingerprint) -> bool:
    """Whether the fingerprint was recorded when icons were read (``ICON_VERSION``)."""
    return fp.version >= ICON_VERSION


def compared(fp: Fingerprint) -> bool:
    """Whether the element's identity includes its icon: a control (an action: a field is known by its label and its
    item) without words, recorded when icons were read."""
    return fp.role in ACTION_ROLES and known(fp) and wordless(fp.name or fp.text)


def same_icon(recorded: Fingerprint, current: Fingerprint) -> bool:
    """Whether both show one icon, known of the recorded element: evidence that a control without words on either
    side (an unnamed trash can, a "Delete" that became one) is the recorded control."""
    return recorded.icon is not None and recorded.icon == current.icon


def other_icon(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why the element is not the recorded control without words, by what it shows (the copy icon put where the
    trash can was), or None: the gate's rule (``identity``), the full path's and the judge's."""
    if not compared(recorded) or recorded.icon == current.icon:
        return None
    return (f"the recorded control has no words and shows {recorded.icon or 'nothing'}; this one shows "
            f"{current.icon or 'no icon'}")
