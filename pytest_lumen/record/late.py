"""What an action did beyond what it did at once: a navigation that came after its effect was taken and before the
model's next call (the page asked its server first), the answers to the mutations it sent (``page/requests.py``).
Both are that action's effect: replay waits for them too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cache.model import Action, Effect, Expect
from ..page.perform import current_url
from ..page.requests import RequestWatch
from ..urls import normalize_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from ..secrets import PlaceholderRule


class LateEffects:
    """The late effects of a step's last action (use as a context manager around the step)."""

    def __init__(self, page: Page, placeholders: PlaceholderRule, timeout_ms: float, background: set[str]) -> None:
        self.page = page
        self.placeholders = placeholders  # the step's: a value in a URL or a path is written as its placeholder
        self.timeout_ms = timeout_ms
        self.requests = RequestWatch(page, background)  # ``background``: the test's (``TestContext.background_requests``)
        self.url_after = ""  # the normalized URL right after the last performed action

    def __enter__(self) -> LateEffects:
        self.requests.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.requests.__exit__()

    def follow(self, page: Page) -> None:
        """Watch ``page`` from now on (the tab an action opened): a navigation of the new tab is its own."""
        self.page = page
        self.requests.follow(page)
        self.url_after = normalize_url(page.url)

    def acting(self) -> None:
        """An action begins: the mutations it sends from now on are its."""
        self.requests.mark()

    def abandoned(self) -> None:
        """The action failed: what the page sends from now on is no action's."""
        self.requests.close()

    def acted(self) -> list[str]:
        """The action was performed and its effect taken: the mutations it sent, once answered (the model looks at
        the page their answers made), as ``RequestWatch.close`` keeps them, values as their placeholders. What the
        page does from now on comes late."""
        self.url_after = normalize_url(self.page.url)  # a navigation that an answer leads to comes late
        self.requests.settle(self.timeout_ms)
        return [self.placeholders(said) for said in self.requests.close()]

    def apply(self, performed: list[Action]) -> None:
        """A navigation that came after the last action's effect was taken (the page asked its server
        first, the model was thinking) is that action's effect too: replay must wait for it as well.

        It also brings ``page.url`` up to date, so the next step's key is taken from the page the
        replay will be on (replay needs no such round trip: it waits for each recorded effect).
        """
        now = normalize_url(current_url(self.page))
        last = performed[-1] if performed else None
        if last is None or isinstance(last, Expect) or (last.after is not None and last.after.popup is not None):
            return  # a tab the action opened moves on its own: its URL is no effect on the opener
        if now != self.url_after:
            late = (last.after or Effect()).model_copy(update={"url": self.placeholders(now)})
            performed[-1] = last.model_copy(update={"after": late})
            self.url_after = now
