"""Dialogs on replay: a recorded answer is given only to the dialog it was recorded for.

A cached action replays the answers its JavaScript dialogs got when it was recorded ("Delete Green plate?":
accepted). A dialog is the recorded one when it is of the recorded type and says the recorded message (the step's
values as their placeholders, whitespace aside): "Delete all 6 products?" where "Delete Green plate?" was
answered is another question, and no answer recorded for the one is given to the other. Any other dialog is
dismissed (the answer that does nothing) and fails the action, naming its message and the recorded one.

One concept at three layers: ``page/dialogs.py`` watches and answers a page's dialogs, ``record/dialogs.py`` asks
the model, this module answers as recorded.
"""

from __future__ import annotations

from ..cache.model import DialogAnswer
from ..page.dialogs import UnexpectedDialog, a_dialog
from ..templates import substitute


def said(message: str) -> str:
    """A dialog's message as compared: whitespace collapsed."""
    return " ".join(message.split())


class CachedAnswers:
    """The answerer of a replay: the recorded answers, in order, each to the dialog it was recorded for."""

    def __init__(self, recorded: list[DialogAnswer] | None, values: dict[str, str] | None = None) -> None:
        self._queue = list(recorded or [])
        self._values = values or {}  # the step's values: a message is compared with them filled in

    def __call__(self, kind: str, message: str) -> DialogAnswer:
        if not self._queue:
            raise UnexpectedDialog("no recorded answer for it")
        due = self._queue[0]
        if due.type != kind:
            raise UnexpectedDialog(f"{a_dialog(due.type)} dialog was recorded here")
        if said(substitute(due.message, self._values)) != said(substitute(message, self._values)):
            raise UnexpectedDialog(f"the answer recorded here was for {a_dialog(due.type)} dialog saying "
                                   f"{due.message!r}")
        return self._queue.pop(0)
