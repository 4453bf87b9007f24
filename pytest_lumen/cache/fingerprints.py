"""Fingerprints in a cache file: the attributes that identify a recorded element (``cache/model.py`` holds the rest).

No Playwright here: capturing one is ``page/fingerprint.py``; comparing two is ``heal/likeness.py``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

# How fingerprints are captured; 1: before versions (read as they are, refreshed on a rewrite); 2: a link's href as
# written; 3: a link to its own site origin-relative (cache/migrate.py reads an older one's so); 4: a submit button's
# form action and method (``action``, ``method``: not known of an older one, whose identity leaves them out); 5: the
# icon of a control without words (``icon``: not known of an older one, whose identity leaves it out); 6: a radio's
# context is the text around its group, the question it answers (an older one's is its own label, its group unknown);
# 7: the title of the dialog it is in (``dialog_title``: not known of an older one, which is held to none); 8: the
# description of the dialog it is in (``dialog_description``: not known of an older one, which is held to none).
FINGERPRINT_VERSION = 8
DECLARED_VERSION = 4  # the version from which ``action`` and ``method`` were recorded
ICON_VERSION = 5  # the version from which ``icon`` was recorded
QUESTION_VERSION = 6  # the version from which a radio's ``context`` is its group's question
DIALOG_TITLE_VERSION = 7  # the version from which ``dialog_title`` was recorded
DIALOG_DESCRIPTION_VERSION = 8  # the version from which ``dialog_description`` was recorded


class Box(BaseModel):
    """Position and size in whole CSS pixels, relative to the page (not the viewport).

    Sub-pixel positions are rounded: they are layout noise that would change a file on every refresh.
    """

    model_config = ConfigDict(extra="forbid")
    x: int
    y: int
    width: int
    height: int

    @field_validator("x", "y", "width", "height", mode="before")
    @classmethod
    def _whole(cls, value: Any) -> Any:
        return round(value) if isinstance(value, float) and value == value and abs(value) != float("inf") else value


class Fingerprint(BaseModel):
    """The attributes that identify an element, as recorded (``version``: how they were captured)."""

    model_config = ConfigDict(extra="forbid")

    version: int = Field(FINGERPRINT_VERSION, description="how it was captured; a fingerprint without one in a file "
                         "was captured before versions, and is read as version 1 (cache/migrate.py)")
    tag: str
    role: str | None = None
    name: str | None = None
    text: str | None = None
    id: str | None = None
    name_attr: str | None = None
    type: str | None = None
    placeholder: str | None = None
    href: str | None = None
    label: str | None = None
    test_id: str | None = None
    css: str | None = None
    context: str | None = None
    box: Box | None = None
    # Other visible elements with its tag, role and name when recorded (each product's "Add to cart"): known by its context.
    look_alikes: int | None = None
    autocomplete: str | None = None
    action: str | None = Field(None, description="where a form's submit button sends its form, as it declares it "
                               "(its formaction, else the form's action attribute; origin-relative on its own site): "
                               "what a candidate declares is compared with it, not with where a redirect landed; absent "
                               "for any other element and in a file recorded before it")
    method: str | None = Field(None, description="how a form's submit button sends its form (get, post), as declared; "
                               "absent for any other element and in a file recorded before it")
    popup: str | None = Field(None, description="what activating it pops up, as it declares (aria-haspopup: listbox, "
                              "menu, dialog...; true is a menu): a click on a listbox's opener is told by it, which a "
                              "native select in its place makes one select_option (heal/native.py); absent in a "
                              "file recorded before it, and where it declares none")
    classes: str | None = None  # class tokens that read as words, sorted (generated ones left out)
    icon: str | None = Field(None, description="the icon it shows (an icon font's classes, an SVG's symbol or shape, "
                             "an image's file; for a control without words, its glyph), as sorted tokens: a control "
                             "without words is known by it (page/icons.py); absent where it shows none and in a file "
                             "recorded before it")
    landmark: str | None = None  # the nearest landmark or form around it: "form: Checkout", "banner"
    peers: int | None = None  # visible elements of its kind in that landmark (or the page), itself included
    heading: str | None = None  # the nearest heading before it
    within: str | None = Field(None, description="the names of the named containers around it (a region, a dialog, a "
                               "form, a grid), innermost first, joined by ' / ': what it is about, whose words a "
                               "control's new name may gain (heal/meaning.py); absent in a file recorded before it")
    in_dialog: bool | None = Field(None, description="whether a dialog held it (the role dialog or alertdialog, or a "
                                   "<dialog>, named or not, unless declared not modal): an element in a dialog is never "
                                   "one outside any, nor the reverse (page/enclosing.py); absent in a file recorded "
                                   "before it")
    dialog_title: str | None = Field(None, description="the title of the dialog that holds it (see in_dialog): what "
                                     "its aria-labelledby points at, else what the dialog shows first, its controls' "
                                     "text aside: a heading, or the block of its first text with the heading right after "
                                     "it (slotted into a web component's dialog too); kept to 120 characters with a "
                                     "hash of the rest; the question the dialog asks, named or not "
                                     "(page/enclosing.py other_title; the identity gate hashes it); absent outside a "
                                     "dialog, in one that shows no text but its controls', and in a file recorded "
                                     "before it")
    dialog_description: str | None = Field(None, description="the description of the dialog that holds it (see "
                                           "in_dialog): the text its aria-describedby points at; with its title, what "
                                           "the dialog says to a control whose words have consequences "
                                           "(page/enclosing.py other_question; the identity gate hashes it for such a "
                                           "control); absent outside a dialog, in one that declares none, and in a "
                                           "file recorded before it")
    rank: int | None = None  # its place among the page's visible elements of its tag: 1 for the first list
    # The text that identifies the repeated item (a row among rows, a card among cards) it is in or is, which its
    # locator scopes it by (page/items.py); the item's other text (its context) is then evidence, not identity.
    item: str | None = None
    item_column: str | None = Field(None, description="the header of the table column whose cell held its item's "
                                    "identifying text (item): a row holds that text only in that column (Alan Turing's "
                                    "row, whose Manager cell reads Grace Hopper, is not Grace Hopper's row: "
                                    "page/keyed.py); absent for an item that is no table row, in a table without "
                                    "headers, and in a file recorded before it")
    column: str | None = Field(None, description="a text check's table cell: the header of its column, which finds it "
                               "in the row its item's text keys when the value it asserts changed (page/items.py "
                               "keyed_cell, heal/row_key.py checked_cell); absent for any other element and in a file "
                               "recorded before it")


def name_or_text(fp: Fingerprint) -> str | None:
    """What an element says: its accessible name, else (no role, or a role Playwright names nothing) its text.

    Fingerprints recorded before names came from Playwright gave a role-less element its text as its
    name; comparing what each says keeps them comparable with the new ones.
    """
    return fp.name or fp.text
