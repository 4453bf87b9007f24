"""JavaScript dialogs (alert, confirm, prompt, beforeunload) that an action opens: always answered, never in silence.

Without a listener Playwright dismisses every dialog without a word, so "delete the project and
confirm" would do nothing and pass. While an action runs, ``DialogWatch`` answers each dialog
the way it is told (the model while recording, the cache on replay) and keeps what it saw; a
dialog it cannot answer is dismissed (a dialog left open stalls the page) and noted as unexpected.
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Optional

from ..cache.model import DialogAnswer
from ..templates import substitute

if TYPE_CHECKING:
    from playwright.sync_api import Dialog, Page

# Answers a dialog: its type and its message (secret values as their placeholders) -> the answer to give.
Answerer = Callable[[str, str], DialogAnswer]


class UnexpectedDialog(Exception):
    """A dialog the answerer has no answer for: it is dismissed, and the action fails with its text."""


class DialogWatch:
    """While open, answers every dialog of the page with ``answer``; ``seen`` and ``unexpected`` say what came.

    ``values`` fill the placeholders of a prompt's answer; ``tpl`` turns known values in a dialog's
    message back into their placeholders (a message may echo what was typed).
    """

    def __init__(self, page: Page, answer: Answerer, values: dict[str, str], tpl: Callable[[str], str]) -> None:
        self.page = page
        self._answer = answer
        self._values = values
        self._tpl = tpl
        self.seen: list[DialogAnswer] = []
        self.unexpected: list[str] = []

    def __enter__(self) -> DialogWatch:
        self.page.on("dialog", self._on_dialog)
        return self

    def __exit__(self, kind: Optional[type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.page.remove_listener("dialog", self._on_dialog)

    def _on_dialog(self, dialog: Dialog) -> None:
        message = self._tpl(dialog.message)
        try:
            answer = self._answer(dialog.type, message)
        except Exception as exc:  # noqa: BLE001 - whatever went wrong, the dialog must be answered or the page stalls
            self.unexpected.append(f"{_a(dialog.type)} dialog saying {message!r} ({exc})")
            dialog.dismiss()
            return
        self.seen.append(answer)
        if not answer.accept:
            dialog.dismiss()
        elif answer.text is not None:
            dialog.accept(substitute(answer.text, self._values))
        else:
            dialog.accept()


class CachedAnswers:
    """The answerer of a replay: the recorded answers, in order; any other dialog is unexpected."""

    def __init__(self, recorded: Optional[list[DialogAnswer]]) -> None:
        self._queue = list(recorded or [])

    def __call__(self, kind: str, message: str) -> DialogAnswer:
        if not self._queue or self._queue[0].type != kind:
            raise UnexpectedDialog("no recorded answer for it" if not self._queue
                                   else f"{_a(self._queue[0].type)} dialog was recorded here")
        return self._queue.pop(0)


def _a(kind: str) -> str:
    """``a confirm``, ``an alert``."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def describe(answers: list[DialogAnswer]) -> str:
    """``it opened a confirm dialog 'Delete?', which was accepted`` (for the model and for messages)."""
    said = []
    for a in answers:
        how = "accepted" if a.accept else "dismissed"
        if a.accept and a.text is not None:
            how += f" with {a.text!r}"
        said.append(f"{_a(a.type)} dialog {a.message!r}, which was {how}")
    return "it opened " + "; then ".join(said) if said else ""
