"""Same-scope synonyms: names that mean the same control with the same scope ("Sign in" and "Log in").

A redesign rewords controls without changing what they do. A name that became one of its synonyms is
evidence that the element means what the recorded one meant (``meaning.py``). Only names of one scope are
grouped: "Accept" and "Accept all" are not synonyms (the one consents to less than the other), nor are
"Remove" (from a list) and "Delete" (for good). A project adds its own groups with the ini option
``lumen_equivalent_names`` (one group per line, phrases separated by ``=``)::

    [pytest]
    lumen_equivalent_names =
        checkout = pay now
        wishlist = favourites = saved items

Two names are synonyms when, with every known phrase replaced by its group (longest phrase first, whole
words only), they read the same, and they differ: "Add to cart" and "Add to basket".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .words import SMALL_WORDS

DEFAULT_GROUPS: tuple[tuple[str, ...], ...] = (
    ("sign in", "log in", "login", "signin", "log on"),
    ("sign out", "log out", "logout", "sign off"),
    ("sign up", "register", "create account", "create an account"),
    ("coupon code", "discount code", "promo code", "voucher code", "coupon", "promo", "voucher"),
    ("cart", "basket", "bag", "shopping cart", "shopping basket", "shopping bag"),
    ("accept", "agree"),
    ("reject", "decline"),
    ("checkout", "check out", "proceed to checkout", "go to checkout"),
    ("place order", "place your order", "submit order", "complete order", "complete purchase", "confirm purchase"),
    ("email", "email address", "e-mail", "e-mail address"),
    ("name", "full name", "your name", "your full name"),
    ("close", "dismiss"),
    ("save", "save changes"),
    ("continue", "next"),
    ("submit", "send"),
    ("search", "find"),
)

_PUNCTUATION = re.compile(r"[^\w\s-]+")


def _plain(text: str) -> str:
    """Lower case, punctuation dropped, whitespace collapsed."""
    return " ".join(_PUNCTUATION.sub(" ", text.lower()).split())


@dataclass(frozen=True)
class Synonyms:
    """A table of same-scope synonyms; ``same(a, b)`` tells two different names that mean one control."""

    groups: tuple[tuple[str, ...], ...] = DEFAULT_GROUPS

    @classmethod
    def with_lines(cls, lines: Iterable[str]) -> Synonyms:
        """The default table plus a project's groups (``a = b = c`` per line; blank lines skipped).

        A project's group that shares a phrase with another group joins it ("checkout = pay now"
        makes "pay now" one more way to say "proceed to checkout").
        """
        return cls(_groups(tuple(lines)))  # built once per run: every step of every test asks

    def canonical(self, name: str) -> str:
        """The name with each known phrase replaced by its group's mark (``§3``), longest phrase first, then without
        the small words that join them ("I agree to the terms" reads as "I accept the terms")."""
        text = f" {_plain(name)} "
        for phrase, group in self._phrases():
            text = text.replace(f" {phrase} ", f" §{group} ")
            text = text.replace(f" {phrase} ", f" §{group} ")  # a phrase twice in a row
        return " ".join(word for word in text.split() if word not in SMALL_WORDS)

    def same(self, a: str | None, b: str | None) -> bool:
        """True when two different names are known synonyms ("Sign in" and "Log in"): the same once their known phrases
        are read as their groups, which they hold (small words alone never make two names one: "Check", "Check in")."""
        if not a or not b or _plain(a) == _plain(b):
            return False
        canonical = self.canonical(a)
        return "§" in canonical and canonical == self.canonical(b)

    def _phrases(self) -> Sequence[tuple[str, int]]:
        return _phrases(self.groups)


@functools.lru_cache(maxsize=8)
def _groups(lines: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The default groups joined with a project's lines (``Synonyms.with_lines``)."""
    groups = [set(map(_plain, g)) for g in DEFAULT_GROUPS]
    for line in lines:
        phrases = {p for p in (_plain(part) for part in line.split("=")) if p}
        if len(phrases) < 2:
            continue
        joined = [g for g in groups if g & phrases]
        groups = [g for g in groups if not g & phrases] + [phrases.union(*joined)]
    return tuple(tuple(sorted(g)) for g in groups)


@functools.lru_cache(maxsize=8)
def _phrases(groups: tuple[tuple[str, ...], ...]) -> Sequence[tuple[str, int]]:
    """Every phrase with its group's index, longest first (so "accept all" is read before "accept")."""
    pairs = [(_plain(p), i) for i, group in enumerate(groups) for p in group]
    return sorted(pairs, key=lambda pair: -len(pair[0]))
