"""What an element is for: by its role, an action a person activates or a field a person fills in or sets; by its
words, the consequence activating it has.

Tables for the layers above: the heal's likeness and meaning (``heal/likeness.py``, ``heal/meaning.py``), what
identifies a control without words (``icons.py``), and what a control with consequences is held to in a dialog
(``enclosing.py``).
"""

from __future__ import annotations

import functools
import re
from itertools import pairwise

# Roles whose name says what activating them does: one more word there is another action
# ("Place order by phone"), while a field's or a region's longer name still names the same thing.
ACTION_ROLES = frozenset({"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "option", "switch"})
# Roles of the fields a person fills in or sets: named for what they hold, not for what they do.
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "checkbox", "radio", "listbox"})
# Fields whose name is the choice they make ("Express" delivery, "Gift wrap"): a name that gained words is another
# choice ("Express locker pickup"), not the same field named longer.
CHOICE_ROLES = frozenset({"checkbox", "radio"})

# The consequences a control's words can have, and the verbs (and nouns) that say so. A control named so gets no heal
# but its own name, a same-scope synonym, or words that only name what it is about.
CONSEQUENCES: dict[str, frozenset[str]] = {
    "destroy": frozenset({"delete", "remove", "destroy", "erase", "purge", "wipe", "drop", "clear", "reset", "revoke",
                          "terminate", "trash", "deactivate", "disable", "archive", "unsubscribe", "empty", "kill",
                          "suspend", "ban", "block", "lock", "void", "withdraw", "disconnect", "unlink", "unpublish",
                          "uninstall", "expire", "reject", "decline", "deny", "logout", "signout"}),
    "pay": frozenset({"pay", "buy", "purchase", "order", "checkout", "subscribe", "donate", "charge", "refund",
                      "upgrade", "book", "bid"}),
    "consent": frozenset({"accept", "agree", "allow", "consent", "authorize", "authorise", "approve", "grant",
                          "permit", "enable", "opt"}),
    "share": frozenset({"share", "publish", "invite", "post", "tweet", "export", "transfer", "upload", "release"}),
    "discard": frozenset({"discard", "cancel", "revert", "abandon", "overwrite", "replace", "undo", "leave"}),
    "send": frozenset({"send", "submit", "email", "mail", "message", "reply", "forward", "notify", "sms"}),
    "confirm": frozenset({"confirm", "yes", "ok", "okay", "proceed", "sure", "commit", "execute", "run"}),
}
WORD = re.compile(r"\w+(?:[.,]\w+)*")  # a word of a name (prices like 12.00 stay one word): heal/words.py reads so too


@functools.lru_cache(maxsize=4096)  # asked of every gated action's name, twice: the names of a suite are few
def consequence(name: str | None) -> str | None:
    """The consequence a name's words have (``CONSEQUENCES``: "destroy", "pay"...), None when they have none. A word
    written in two ("Log out", "Check out") is read as one too."""
    words = WORD.findall((name or "").lower())
    said = set(words) | {first + second for first, second in pairwise(words)}
    return next((kind for kind, verbs in CONSEQUENCES.items() if said & verbs), None)
