"""A locator as a cache file keeps it (``LocatorSpec``): Playwright's own locator calls, as data.

No Playwright here: ``LocatorSpec.build`` calls the ``get_by_*`` methods of whatever page or locator it is given.
``model.py`` exports it with the rest of the file's schema.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from .expressions import MAX_NTH, render
from .fileform import LocatorForm

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

LocatorKind = Literal["role", "test_id", "label", "placeholder", "text", "alt_text", "title", "selector", "frame"]
KINDS_WITHOUT_EXACT = ("test_id", "selector", "frame")  # Playwright's calls for these take no ``exact``
ENTER_FRAME = "internal:control=enter-frame"  # Playwright's selector part for "inside this iframe"


class LocatorSpec(LocatorForm):
    """A Playwright locator as data: ``kind`` picks the ``get_by_*`` call.

    ``selector`` is the escape hatch: a raw Playwright selector for what the other
    kinds cannot say (it is still what ``normalize()`` chose, never a snapshot ref).
    ``frame`` is an iframe (``value``: its selector) whose document the child locators search:
    the ``parent`` of an element inside a frame. ``has``: only the elements that hold an element it
    finds (Playwright's ``filter(has=...)``): an item of a repeated structure known by what identifies
    it, ``get_by_role("row").filter(has=page.get_by_role("cell", name="Invoice 1042", exact=True))``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: LocatorKind
    value: str = Field(min_length=1)
    name: str | None = None
    exact: bool = False
    nth: int | None = Field(default=None, ge=-MAX_NTH, le=MAX_NTH)  # as many digits as the expressions read
    parent: LocatorSpec | None = None
    has: LocatorSpec | None = None

    @model_validator(mode="before")
    @classmethod
    def _only_what_its_kind_takes(cls, data: Any) -> Any:
        """A ``name`` belongs to a role, ``exact`` to the ``get_by_*`` calls that take it: a field its kind has no use
        for (an older file's, one edited by hand) is left out, as ``build`` and the file's expression leave it."""
        if isinstance(data, dict) and data.get("kind") != "role" and data.get("name") is not None:
            data = {k: v for k, v in data.items() if k != "name"}
        if isinstance(data, dict) and data.get("kind") in KINDS_WITHOUT_EXACT and data.get("exact"):
            data = {**data, "exact": False}
        return data

    def build(self, root: Page | Locator, hidden: bool = False) -> Locator:
        """The live locator on ``root`` (a page or a locator); ``hidden``: role locators include hidden elements (the
        other kinds always do), an element a closed section holds."""
        base = self.parent.build(root, hidden) if self.parent is not None else root
        kind, value = self.kind, self.value
        if kind == "role":
            loc = base.get_by_role(value, name=self.name, exact=self.exact or None,  # type: ignore[arg-type]
                                   include_hidden=hidden or None)
        elif kind == "test_id":
            loc = base.get_by_test_id(value)
        elif kind == "label":
            loc = base.get_by_label(value, exact=self.exact)
        elif kind == "placeholder":
            loc = base.get_by_placeholder(value, exact=self.exact)
        elif kind == "text":
            loc = base.get_by_text(value, exact=self.exact)
        elif kind == "alt_text":
            loc = base.get_by_alt_text(value, exact=self.exact)
        elif kind == "title":
            loc = base.get_by_title(value, exact=self.exact)
        elif kind == "frame":
            loc = base.locator(f"{value} >> {ENTER_FRAME}")  # what locator(value).content_frame selects
        else:
            loc = base.locator(value)
        if self.has is not None:
            loc = loc.filter(has=self.has.build(getattr(root, "page", root)))  # a Locator's page, or the page itself
        if self.nth is not None:
            loc = loc.nth(self.nth)
        return loc

    def exact_role(self) -> tuple[str, str] | None:
        """(role, name) when this locator finds an element by its role and whole name, exactly; else None."""
        if self.kind == "role" and self.exact and self.name and self.parent is None and self.nth is None \
                and self.has is None:
            return self.value, self.name
        return None

    def frame(self) -> LocatorSpec | None:
        """The innermost iframe this locator searches in (its nearest ``frame`` ancestor), None on the page itself."""
        parent = self.parent
        while parent is not None and parent.kind != "frame":
            parent = parent.parent
        return parent

    def without_nth(self) -> LocatorSpec:
        """The same locator matching every element (for counts)."""
        return self.model_copy(update={"nth": None})

    def describe(self) -> str:
        """Python-like code for messages and reports: ``get_by_role("button", name="Add")``."""
        return render(self)

    def code(self) -> str:
        """The expression a cache file holds: ``get_by_role('button', name='Add')`` (``cache/expressions.py``)."""
        return render(self, repr)
