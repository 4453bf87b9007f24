"""The requests an action sent to its app: recording notes them, replay waits for their answers before going on.

A click on "Add to cart" posts to the app's server and updates the page when the answer comes. Recording goes at the
model's pace, so the answer was always there before the next step; replay goes at Playwright's, and the next step
could read the page (a dialog describing the cart) before it. So an action's **mutations** are part of its effect:
the fetch and XHR requests of a method other than GET, HEAD or OPTIONS that it sent to the origin of the page it
acted on, from its start until its own effect was taken (its navigation waited for), answered. Left out: GETs (a
poll, a prefetch, a cache that a release adds: whether one is sent says nothing sure of the action), other origins
(analytics, a CDN), what the page sent while the model thought, and a request the page also sent in the test while
no action was being taken (a heartbeat, an analytics batch proxied through the app: its background traffic).

On replay, an action that sent mutations when recorded must send one that is answered again, and every mutation it
sent (to any origin: the API may live elsewhere in another environment) is waited for until answered or failed, at
most the action timeout, before the next action: which ones, how many and to which paths may change with a release (a renamed
route, a delete sent as a POST, GraphQL batching its reads), that one was sent and answered may not. None answered
fails the step at that action: a button that no longer saves is red at its own step.

"Answered" is the response (what ``await fetch()`` resolves on), not ``requestfinished``: Chromium sends that once
the body was read, and a page that never reads an answer sent ``Cache-Control: no-store`` (most APIs) never does. A
redirect (a 303 after a POST) is no answer: the request that follows it answers. A request aborted because the page
went elsewhere was sent (a ``keepalive`` one still reaches the server), and counts as answered; one that failed
otherwise does not.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..urls import origin_of

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request, Response

SENT_BY_SCRIPT = ("fetch", "xhr")  # a navigation's request is the URL effect's; an image's, a font's are the page's own
NOT_A_MUTATION = ("GET", "HEAD", "OPTIONS")
RECHECK_MS = 250.0  # a wait for answers looks again this often: a failed request sends no response to wake it


def describe(request: Request) -> str:
    """``POST /cart/add``: the method and the path, decoded (``%C3%A9`` would read as a placeholder), the query aside
    (it may hold a token, a timestamp)."""
    return f"{request.method} {unquote(urlsplit(request.url).path) or '/'}"


@dataclass
class Sent:
    """A mutation the page sent during the window: what it is (``describe``), whether to the page's origin, and
    how it stands (``answered``: a response came; ``failed``: the browser gave up on it)."""

    request: Request
    said: str
    same_origin: bool
    state: Literal["pending", "answered", "failed"] = "pending"


@dataclass(frozen=True)
class Unanswered:
    """An action that sent mutations when recorded (``recorded``) and none answered on replay within
    ``timeout_ms``; ``sent``: what it sent and how each stands."""

    recorded: list[str]
    timeout_ms: float
    sent: list[Sent]

    def __str__(self) -> str:
        sent = "; ".join(f"{s.said} was sent and {'failed' if s.state == 'failed' else 'not answered'}"
                         for s in self.sent)
        return (f"when recorded, the action sent {', '.join(self.recorded)} to its app and was answered; now it "
                f"{'sent no such request' if not sent else 'had no answer'} within {self.timeout_ms / 1000:g} s"
                + (f" ({sent})" if sent else ""))


class RequestWatch:
    """The mutations a page sends from a ``mark`` on, and what it sends outside an action's window (the background)."""

    def __init__(self, page: Page, background: set[str] | None = None) -> None:
        self.page = page
        self.origin = ""
        self.open = False  # an action's window: from ``mark`` to ``close``
        self.sent: list[Sent] = []
        # sent outside any window (a heartbeat): never an action's own; the caller keeps it from step to step
        self.background = set() if background is None else background

    def __enter__(self) -> RequestWatch:
        self.page.on("request", self._on_request)
        self.page.on("response", self._on_response)
        self.page.on("requestfailed", self._on_failed)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.page.remove_listener("request", self._on_request)
        self.page.remove_listener("response", self._on_response)
        self.page.remove_listener("requestfailed", self._on_failed)

    def follow(self, page: Page) -> None:
        """Watch ``page`` from now on (the tab an action opened, or its opener once it closed)."""
        self.__exit__()
        self.page, self.open = page, False
        self.__enter__()

    def mark(self) -> None:
        """An action begins on the page: what it sends from now on, until ``close``, is its."""
        self.origin, self.open, self.sent = origin_of(self.page.url), True, []

    def close(self) -> list[str]:
        """The action's window ends (its effect was taken): the mutations it sent to its page's origin that were
        answered, in the order sent, but for the page's background traffic (what recording keeps)."""
        self.open = False
        return [s.said for s in self.sent if s.state == "answered" and self._own(s)]

    def _own(self, sent: Sent) -> bool:
        """Whether recording may keep ``sent`` as its action's: to the page's origin, and not its background."""
        return sent.same_origin and sent.said not in self.background

    def settle(self, timeout_ms: float) -> None:
        """Wait until no mutation sent since the mark is pending, at most ``timeout_ms`` (recording: the model is
        shown the page once its server answered, as the user would see it)."""
        self._wait(lambda: not any(s.state == "pending" and self._own(s) for s in self.sent), timeout_ms)

    def wait_for(self, recorded: list[str], timeout_ms: float) -> Unanswered | None:
        """Replay: wait until a mutation sent since the mark was answered and none is pending, at most
        ``timeout_ms``; None when one was answered (a long poll may be pending still), else what was sent."""
        self._wait(lambda: self._answered() and not self._pending(), timeout_ms)
        return None if self._answered() else Unanswered(recorded, timeout_ms, list(self.sent))

    def _wait(self, done: Callable[[], bool], timeout_ms: float) -> None:
        """Until ``done``, at most ``timeout_ms``: woken by a response, and every ``RECHECK_MS`` (a failure wakes no
        waiter)."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not done() and (left := (deadline - time.monotonic()) * 1000) > 0:
            try:
                self.page.wait_for_event("response", lambda _: done(), timeout=min(left, RECHECK_MS))
            except PlaywrightTimeoutError:
                continue
            except PlaywrightError:  # the page closed
                return

    def _answered(self) -> bool:
        return any(s.state == "answered" for s in self.sent)

    def _pending(self) -> bool:
        return any(s.state == "pending" for s in self.sent)

    def _on_request(self, request: Request) -> None:
        earlier = request.redirected_from
        followed = next((s for s in self.sent if earlier is not None and s.request is earlier), None)
        if followed is not None:  # the request a redirect led to: the mutation's answer is its answer
            followed.request, followed.state = request, "pending"
        elif request.resource_type in SENT_BY_SCRIPT and request.method not in NOT_A_MUTATION:
            if self.open:
                self.sent.append(Sent(request, describe(request), origin_of(request.url) == self.origin))
            else:
                self.background.add(describe(request))

    def _on_response(self, response: Response) -> None:
        if not (300 <= response.status < 400 and "location" in response.headers):  # a redirect: its follow-up answers
            self._settled(response.request, "answered")

    def _on_failed(self, request: Request) -> None:
        left = "ERR_ABORTED" in (request.failure or "")  # the page went elsewhere: it was sent (a keepalive still goes)
        self._settled(request, "answered" if left else "failed")

    def _settled(self, request: Request, state: Literal["answered", "failed"]) -> None:
        for sent in self.sent:
            if sent.request is request and sent.state == "pending":  # a body left unread, then aborted: still answered
                sent.state = state
