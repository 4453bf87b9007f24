"""After a replayed action: its recorded effect (the URL after a navigation, the value after a fill) must recur.

The recorded kind of effect must recur. A recorded navigation needs a navigation: to the recorded URL (the query's
order aside, and a return address to the page the action was taken on, ``urls.same_page``: Flask-Admin's
``url=/admin/product/`` that a release writes ``/admin/product/?page_size=20``; for an element confirmed to be the
recorded one, a fragment that is no route aside, ``/list#done`` against ``/list``), or, for that very element, to a
renamed route of its origin that is a page of the app: not an error page, not a sign-in page, not a page that shows an
alert, not the page it left (``page/document.py``). A page that stayed where it was did not navigate, whatever it
shows instead: an alert, a toast or an error message is never the effect (the failure names what it shows). A fragment
that is a route (``#/cart``) is the page: it must match. A relabelled element (found on evidence, not likeness) gets
the strict check: its effect is its evidence. A fill's value is read back. A check's new state is not read here:
Playwright's ``set_checked`` reads it, and a control that shows it only later is waited for
(``page/perform.came_to``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..errors import first_line
from ..heal.attempt import ActionFailed, ActionReplay
from ..page import document
from ..templates import substitute
from ..urls import absolute_url, normalize_url, origin_of, same_page, same_place

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


FRAGMENT_GRACE_MS = 300.0  # how long a URL that matches but for its fragment may take to gain the recorded one


@dataclass(frozen=True)
class Before:
    """The page just before an action: its URL (normalized)."""

    url: str


def before(page: Page) -> Before:
    """Where the page is, and when, just before acting (no browser round trip: Playwright keeps the URL)."""
    return Before(normalize_url(page.url))


def verify_effect(replay: ActionReplay, loc: Locator | None, timeout_ms: float, strict: bool = False,
                  was: Before | None = None, confirmed: bool = False) -> str | None:
    """Raise ``ActionFailed`` (``performed``) unless the action's recorded effect holds now.

    ``strict``: the element is a relabel (found on evidence): its effect must hold (a return address aside, which
    every link of its page shares, but not a fragment), and when it does not, the element was not the recorded one
    (the failure says so, and the action counts as not performed).

    ``was``: the page before the action, from which a return address is read (``urls.same_page``); a page that
    stayed there did not navigate, whatever it shows now.
    ``confirmed``: the element is the very one recorded (its role and name, where it was); when its navigation
    landed on another route of the same origin that is a page of the app (no error, no sign-in page where the
    recorded one was none: ``/login`` became ``/signin``), that route is returned (normalized): the app renamed it,
    the caller reports and keeps it. Else None.
    """
    effect, values, page = replay.action.after, replay.values, replay.step.page
    if effect is None:
        return None
    if effect.url is not None:
        expected = substitute(effect.url, values)

        def close_enough(url: str) -> bool:
            now = normalize_url(url)
            if was is None or now == was.url:  # the page it left is the recorded one as it is, or not at all
                return same_place(now, expected, strict)
            return same_page(now, expected, was.url, strict)
        try:
            # domcontentloaded, not commit: the new page's own scripts have run, so its handlers are there
            # when the next action comes (recording observed the page only after that point too)
            page.wait_for_url(close_enough, timeout=timeout_ms, wait_until="domcontentloaded")
            now = normalize_url(page.url)
            if now != expected and same_place(now, expected):  # the fragment may come a moment later
                page.wait_for_url(lambda url: normalize_url(url) == expected, timeout=FRAGMENT_GRACE_MS)
        except PlaywrightError:
            if close_enough(page.url):
                return None
            _renamed = _elsewhere(replay, expected, strict, was, confirmed)
            if _renamed is not None:
                return _renamed
    _verify_value(replay, loc, timeout_ms, strict)
    return None


def _elsewhere(replay: ActionReplay, expected: str, strict: bool, was: Before | None, confirmed: bool) -> str | None:
    """A recorded navigation that landed elsewhere: the renamed route (normalized) when the very element led to
    another route of its origin that is a page (no error, no sign-in page, not the page it left); else the failure.
    A page that stayed where it was did not navigate: what it shows instead (an alert, a toast) is no effect."""
    page = replay.step.page
    now = normalize_url(page.url)
    seen = document.shown(page)
    if was is not None and same_place(now, was.url):  # the page it left (its fragment aside, unless a route)
        raise _failed(replay, f"after the action the page should be at {expected}, and it stayed at {now}: a navigation "
                              f"was recorded, and none followed{seen.told()}", strict) from None
    refused = seen.refusal(expected)
    if confirmed and not strict and was is not None and _same_origin(page.url, expected) and refused is None:
        return now  # the very element, led to a renamed route of the app
    why = f" ({refused})" if refused else ""
    raise _failed(replay, f"after the action the page should be at {expected}, but it is at {now}{why}{seen.told()}",
                  strict) from None


def _failed(replay: ActionReplay, error: str, strict: bool) -> ActionFailed:
    """The action's recorded effect did not follow it: it was performed; a relabel's was not its element."""
    target = replay.action.target_or_none
    if strict and target is not None:
        return replay.failed(f"the relabelled {target.locator.describe()} did not lead where it was recorded to "
                             f"({error})")
    return replay.failed(error, performed=True)


def _same_origin(url: str, expected: str) -> bool:
    """Whether ``url`` is on the origin of ``expected`` (a normalized URL: without its origin when loopback)."""
    return origin_of(url) == origin_of(absolute_url(expected, url))


def _verify_value(replay: ActionReplay, loc: Locator | None, timeout_ms: float, strict: bool) -> None:
    """A fill's recorded value must be the field's value now."""
    effect = replay.action.after
    if effect is not None and effect.value is not None and loc is not None:
        want = substitute(effect.value, replay.values)
        try:
            got = loc.input_value(timeout=timeout_ms)
        except PlaywrightError as exc:
            raise _failed(replay, f"could not read the field's value: {first_line(exc)}", strict) from None
        if got != want:
            raise _failed(replay, "after the fill the field does not hold the value that was typed", strict)
