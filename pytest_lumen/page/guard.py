"""The navigation guard: a test's browser may go to loopback, the origins it visited, and allowed ones."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from ..errors import NavigationRefusedError
from ..templates import substitute
from ..urls import absolute_url, is_loopback_host, origin_of


class NavigationGuard:
    """Refuses navigation to origins the test did not visit and the ini does not allow."""

    def __init__(self, allowed_origins: Iterable[str], cache_file: str) -> None:
        self.allowed = {o.rstrip("/").lower() for o in allowed_origins}
        self.visited: set[str] = set()
        self.cache_file = cache_file

    def note(self, url: str) -> None:
        """Remember the origin of a page the test is on (the test's own ``page.goto`` went there)."""
        if url.startswith(("http://", "https://")):
            self.visited.add(origin_of(url))

    def __call__(self, url: str) -> None:
        """Raise ``NavigationRefusedError`` unless ``url`` may be opened."""
        if url == "about:blank":
            return
        if urlsplit(url).scheme not in ("http", "https"):
            raise NavigationRefusedError(f"navigation to {url!r} refused: only http(s) pages may be opened",
                                         path=self.cache_file)
        origin = origin_of(url)
        allowed = self.visited | self.allowed
        if is_loopback_host(urlsplit(url).hostname) or origin in allowed:
            return
        raise NavigationRefusedError(f"navigation to {origin} refused: it is not an allowed origin "
                                     f"(allowed: loopback, {', '.join(sorted(allowed)) or 'none'})",
                                     path=self.cache_file)

    def goto(self, url_template: str, values: dict[str, str], current_url: str) -> None:
        """Check a ``goto`` action's URL (a template, maybe origin-less) before it is opened."""
        self(absolute_url(substitute(url_template, values), current_url))
