"""What an element's role says it is for: an action a person activates, or a field a person fills in or sets.

One table for the layers above: the heal's likeness and meaning (``heal/likeness.py``) and what identifies a
control without words (``icons.py``).
"""

from __future__ import annotations

# Roles whose name says what activating them does: one more word there is another action
# ("Place order by phone"), while a field's or a region's longer name still names the same thing.
ACTION_ROLES = frozenset({"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "option", "switch"})
# Roles of the fields a person fills in or sets: named for what they hold, not for what they do.
FIELD_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider", "checkbox", "radio", "listbox"})
# Fields whose name is the choice they make ("Express" delivery, "Gift wrap"): a name that gained words is another
# choice ("Express locker pickup"), not the same field named longer.
CHOICE_ROLES = frozenset({"checkbox", "radio"})
