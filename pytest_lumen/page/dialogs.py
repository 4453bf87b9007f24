"""JavaScript dialogs (alert, confirm, prompt, beforeunload) that an action opens: always answered, never in silence.

Without a listener Playwright dismisses every dialog without a word, so "delete the project and
confirm" would do nothing and pass. ``DialogWatch`` is one ``dialog`` listener on a browser
context (one subscription per context, none per action): while an action runs it answers each
dialog the way its ``Turn`` is told (the model while recording, the cache on replay) and keeps
what it saw; a dialog a turn cannot answer is dismissed (a dialog left open stalls the page) and
noted as unexpected. Between actions, dialogs are left to the test's own listeners, or handled
as Playwright handles them when nobody listens.

One concept at three layers: this module is the mechanism; the model answers while recording (``record/dialogs.py``),
the cache on replay (``heal/dialogs.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.model import DialogAnswer
from ..playwright_internals import listener_count
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Dialog, Page

MAX_FOLLOWING = 20  # dialogs that may follow one another in one action's scripts before the action is done waiting
# Answers a dialog: its type and its message (secret values as their placeholders) -> the answer to give.
Answerer = Callable[[str, str], DialogAnswer]


class UnexpectedDialog(Exception):
    """A dialog the answerer has no answer for: it is dismissed, and the action fails with its text."""


@dataclass
class Turn:
    """The dialogs of one action: how to answer them, and what came.

    ``values`` fill the placeholders of a prompt's answer; ``placeholders`` turns known values in a dialog's
    message back into their placeholders (a message may echo what was typed).
    """

    answerer: Answerer
    values: dict[str, str]
    placeholders: Callable[[str], str]
    seen: list[DialogAnswer] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    page: Page | None = None  # the page of the last dialog answered

    def answer(self, dialog: Dialog) -> None:
        self.page = dialog.page
        message = self.placeholders(dialog.message)
        try:
            answer = self.answerer(dialog.type, message)
        except Exception as exc:  # whatever went wrong, the dialog must be answered or the page stalls
            self.unexpected.append(f"{a_dialog(dialog.type)} dialog saying {message!r} ({exc})")
            dialog.dismiss()
            return
        self.seen.append(answer)
        if not answer.accept:
            dialog.dismiss()
        elif answer.text is not None:
            dialog.accept(substitute(answer.text, self.values))
        else:
            dialog.accept()


class DialogWatch:
    """The ``dialog`` listener of one browser context (``of`` shares it between the agents of a context)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self._turn: Turn | None = None
        context.on("dialog", self._on_dialog)

    @classmethod
    def of(cls, context: BrowserContext) -> DialogWatch:
        """The context's watch, made on first use."""
        watch = getattr(context, "_lumen_dialogs", None)
        if watch is None:
            watch = cls(context)
            setattr(context, "_lumen_dialogs", watch)  # noqa: B010 - BrowserContext declares no such attribute (mypy)
        return watch

    @contextmanager
    def answering(self, answerer: Answerer, values: dict[str, str], placeholders: Callable[[str], str],
                  ask: Page | None = None) -> Iterator[Turn]:
        """While the block runs (one action), every dialog is answered by ``answerer``. ``ask``: a page the turn asks
        once more after the action even when no dialog was seen (an action that may open one: recording, or a cached
        action whose dialogs were recorded), since a dialog may reach Playwright's client after the action's reply."""
        turn = Turn(answerer, values, placeholders)
        self._turn = turn
        try:
            yield turn
            _follow(turn, ask)
        finally:
            self._turn = None

    def _on_dialog(self, dialog: Dialog) -> None:
        if self._turn is not None:
            self._turn.answer(dialog)
        elif not _others_listen(self.context, dialog):  # as Playwright does when nobody listens
            dialog.accept() if dialog.type == "beforeunload" else dialog.dismiss()


def _follow(turn: Turn, ask: Page | None) -> None:
    """After an action that opened a dialog (or may have: ``ask``), ask the page once more (one round trip), and again
    while that brings another dialog. The page answers only once its script ran on, so a dialog the action opened is
    seen even when it reached Playwright's client after the action's reply (a busy machine), and so is one that
    followed in the same script (a confirm, then an alert saying it failed). Nothing is asked after any other action."""
    answered = -1 if ask is not None else 0
    for _ in range(MAX_FOLLOWING):
        count = len(turn.seen) + len(turn.unexpected)
        page = turn.page or ask
        if page is None or count == answered:
            return
        answered = count
        with contextlib.suppress(PlaywrightError):  # the page navigated or closed: no script of it runs on
            page.title()


def _others_listen(context: BrowserContext, dialog: Dialog) -> bool:
    """Whether the test has ``dialog`` listeners of its own, on the page or the context (besides the watch's)."""
    return listener_count(dialog.page, "dialog") > 0 or listener_count(context, "dialog") > 1


def a_dialog(kind: str) -> str:
    """``a confirm``, ``an alert``."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def describe(answers: list[DialogAnswer]) -> str:
    """``it opened a confirm dialog 'Delete?', which was accepted`` (for the model and for messages)."""
    said = []
    for a in answers:
        how = "accepted" if a.accept else "dismissed"
        if a.accept and a.text is not None:
            how += f" with {a.text!r}"
        said.append(f"{a_dialog(a.type)} dialog {a.message!r}, which was {how}")
    return "it opened " + "; then ".join(said) if said else ""
