"""Which element each recorded element of a step was found as, so that two recorded elements are never one now.

No Playwright here: fingerprints in, a yes or no out (``survey.py`` asks it of every candidate).
"""

from __future__ import annotations

from ..cache.model import Fingerprint


def _who(fp: Fingerprint) -> tuple[str | None, ...]:
    """What tells one element from another on one page: its path, tag, role and words."""
    return fp.css, fp.tag, fp.role, fp.name, fp.text


class Claims:
    """Which element each recorded element of the step was found as: two elements that were two when recorded
    are two now ("Email" became "Email address", so "Address" is not that field, even though its name now holds
    "address"). They hold across a form's field actions and are forgotten after any other action, which may
    re-render the page."""

    def __init__(self) -> None:
        self._claims: list[tuple[tuple[str | None, ...], tuple[str | None, ...]]] = []

    def claim(self, recorded: Fingerprint | None, current: Fingerprint | None) -> None:
        """Remember that ``current`` is the element recorded as ``recorded`` (nothing, when either is unknown)."""
        if recorded is not None and current is not None:
            self._claims.append((_who(recorded), _who(current)))

    def forget(self) -> None:
        """Forget every claim: the page may have been re-rendered since they were made."""
        self._claims.clear()

    def taken(self, recorded: Fingerprint, candidate: Fingerprint) -> bool:
        """Whether ``candidate`` was found for another recorded element than ``recorded``."""
        mine, who = _who(recorded), _who(candidate)
        return any(current == who for was, current in self._claims if was != mine)
