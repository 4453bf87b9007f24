"""Cached actions (pydantic models, one per kind) and how each is performed on a page."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Literal, Optional, Union
from urllib.parse import urljoin

from playwright.sync_api import Error as PlaywrightError
from pydantic import BaseModel, ConfigDict, Field

from .fingerprint import Fingerprint
from .keys import normalize_url
from .locators import LocatorSpec

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

PLACEHOLDER = re.compile(r"%([A-Za-z_][A-Za-z0-9_]*)%")


class Target(BaseModel):
    """The element an action acts on: a primary locator, fallbacks, and its recorded fingerprint."""

    model_config = ConfigDict(extra="forbid")
    locator: LocatorSpec
    fallbacks: list[LocatorSpec] = Field(default_factory=list)
    fingerprint: Optional[Fingerprint] = None


class Effect(BaseModel):
    """What held right after the action when it was recorded; checked again on replay."""

    model_config = ConfigDict(extra="forbid")
    url: Optional[str] = None  # normalized URL after the action
    value: Optional[str] = None  # the element's value after a fill (a template)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    after: Optional[Effect] = None

    @property
    def target_or_none(self) -> Optional[Target]:
        return getattr(self, "target", None)


class Click(_Action):
    kind: Literal["click"] = "click"
    target: Target


class Fill(_Action):
    kind: Literal["fill"] = "fill"
    target: Target
    value: str


class TypeText(_Action):
    kind: Literal["type"] = "type"
    text: str
    target: Optional[Target] = None


class Press(_Action):
    kind: Literal["press"] = "press"
    key: str = Field(min_length=1)
    target: Optional[Target] = None


class SelectOption(_Action):
    kind: Literal["select_option"] = "select_option"
    target: Target
    value: str


class Check(_Action):
    kind: Literal["check"] = "check"
    target: Target
    checked: bool = True


class Hover(_Action):
    kind: Literal["hover"] = "hover"
    target: Target


class Goto(_Action):
    kind: Literal["goto"] = "goto"
    url: str = Field(min_length=1)


class Scroll(_Action):
    kind: Literal["scroll"] = "scroll"
    direction: Literal["up", "down"] = "down"
    target: Optional[Target] = None


class WaitFor(_Action):
    kind: Literal["wait_for"] = "wait_for"
    text: Optional[str] = None
    ms: Optional[int] = Field(default=None, ge=0, le=60000)


CheckKind = Literal["visible", "text", "value", "checked", "count", "url"]


class Expect(_Action):
    """A compiled ``agent.expect()`` check; its ``expected`` value is never healed."""

    kind: Literal["expect"] = "expect"
    check: CheckKind
    target: Optional[Target] = None
    expected: Union[bool, int, str, None] = None


Action = Annotated[
    Union[Click, Fill, TypeText, Press, SelectOption, Check, Hover, Goto, Scroll, WaitFor, Expect],
    Field(discriminator="kind"),
]


def substitute(template: str, values: dict[str, str]) -> str:
    """Replace ``%name%`` with its value; unknown names stay as written."""
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def absolute_url(stored: str, current: str) -> str:
    """A cached URL made absolute: loopback URLs are stored without their origin."""
    if stored.startswith("/"):
        return urljoin(current, stored)
    return stored


def perform(page: Page, action: _Action, loc: Optional[Locator], values: dict[str, str], timeout_ms: float) -> None:
    """Do one action. ``loc`` is the already-resolved target (None for page-level actions)."""
    t = timeout_ms
    if isinstance(action, Click):
        assert loc is not None
        loc.click(timeout=t)
    elif isinstance(action, Fill):
        assert loc is not None
        loc.fill(substitute(action.value, values), timeout=t)
    elif isinstance(action, TypeText):
        text = substitute(action.text, values)
        if loc is not None:
            loc.press_sequentially(text, timeout=t)
        else:
            page.keyboard.type(text)
    elif isinstance(action, Press):
        if loc is not None:
            loc.press(action.key, timeout=t)
        else:
            page.keyboard.press(action.key)
    elif isinstance(action, SelectOption):
        assert loc is not None
        loc.select_option(substitute(action.value, values), timeout=t)
    elif isinstance(action, Check):
        assert loc is not None
        loc.set_checked(action.checked, timeout=t)
    elif isinstance(action, Hover):
        assert loc is not None
        loc.hover(timeout=t)
    elif isinstance(action, Goto):
        page.goto(absolute_url(substitute(action.url, values), page.url))
    elif isinstance(action, Scroll):
        if loc is not None:
            loc.scroll_into_view_if_needed(timeout=t)
        else:
            page.mouse.wheel(0, 600 if action.direction == "down" else -600)
    elif isinstance(action, WaitFor):
        if action.text:
            page.get_by_text(substitute(action.text, values)).first.wait_for(state="visible", timeout=t)
        else:
            page.wait_for_timeout(action.ms or 500)
    else:
        raise TypeError(f"perform() does not handle {type(action).__name__}")


def began_to_act(log: str) -> bool:
    """Whether a failed Playwright action's call log shows it began to act (it must not be repeated then).

    A click that timed out waiting for the navigation it started was performed.
    """
    return "performing " in log or " action done" in log


def current_url(page: Page) -> str:
    """The page's URL as the browser has it now.

    ``page.url`` is only as fresh as the last Playwright call: a navigation that happened while
    Python waited for something else (a model's reply) shows after the next round trip.
    """
    try:
        return str(page.evaluate("location.href"))
    except PlaywrightError:  # a page in navigation or closed: the round trip updated page.url all the same
        return page.url


def effect_after(page: Page, action: _Action, loc: Optional[Locator], before_url: str) -> Optional[Effect]:
    """The effect to record after a model-chosen action: a URL change, or a filled value."""
    url = normalize_url(page.url)
    if url != normalize_url(before_url):
        return Effect(url=url)
    if isinstance(action, Fill):
        return Effect(value=action.value)
    return None
