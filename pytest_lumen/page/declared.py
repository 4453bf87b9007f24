"""What an element declares it does when activated, read before acting: a link's ``href``, a submit
button's form ``action`` (or ``formaction``) and ``method``, the ``target`` it opens in (``js/declared.js``).

A relocated or relabelled candidate is weighed against the recorded effect by what it declares
(``heal/destinations.py``): nothing has to be clicked to know that a "Change password" link does
not log anyone out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..templates import PLACEHOLDER
from . import scripts
from .evaluate import evaluate

if TYPE_CHECKING:
    from playwright.sync_api import Locator

DECLARED_JS = scripts.function("declared", ("declared",))


def an_address(href: str | None) -> bool:
    """Whether a link's ``href`` declares where it leads: not "#", no script, no variable's placeholder."""
    href = (href or "").strip()
    return bool(href) and href != "#" and not href.lower().startswith("javascript:") and not PLACEHOLDER.search(href)


@dataclass(frozen=True)
class Declared:
    """Where activating an element leads, as its markup says (``url`` None: a script decides, nothing declared)."""

    url: str | None = None  # absolute
    method: str | None = None  # "get" or "post" (a link: "get"); None: not a link nor a form's submitter
    target: str | None = None  # the browsing context it opens in ("_blank"), None: this one
    submits: bool = False  # a submit button of a form (it submits that form, wherever the form's script sends it)
    shared: bool = False  # its form has other submit buttons, which declare the same

    @classmethod
    def from_page(cls, data: dict[str, Any] | None) -> Declared:
        """From what ``js/declared.js`` returned (nothing: nothing declared)."""
        if not data:
            return cls()
        return cls(url=data.get("url"), method=data.get("method"), target=data.get("target"),
                   submits=bool(data.get("submits")), shared=bool(data.get("shared")))


def declared_by(element: Locator) -> Declared:
    """What one element declares (one round trip)."""
    data: dict[str, Any] = evaluate(element, DECLARED_JS)
    return Declared.from_page(data)
