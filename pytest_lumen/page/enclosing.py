"""The names of the containers that hold an element: what it is about, as the page names it around it.

A named region, dialog, form, fieldset, grid or table around a control says what the control acts on ("Playlist:
Road trip" around a track's "Remove from playlist"): words a new name gained that only repeat such a name change no
scope (``heal/meaning.py``). A fingerprint keeps them as ``within``, innermost first (``js/enclosing.js``).

A dialog around an element (``in_dialog``, named or not) is one too: an element in a dialog is never one outside
any, nor the reverse (``other_dialog``), which tells a terms modal's "Accept" from an unnamed cookie banner's.

They are also the section an element is in: an "Accept" in the cookie banner is not the "Accept" of a terms dialog,
whatever else they share. The identity gate keeps an element in its recorded section only (``section_key``, in the
gate's hash: the innermost name as it is); the full path and the judge refuse one in a section named otherwise
(``other_section``: counts aside, a name that only gained or lost words, unless the element had look-alikes). One rule
at two strengths: what the gate lets through, the full path accepts too.

A section whose name is gone (a form that lost its fieldsets) holds the element still. A dialog is also the question it
asks: an element recorded in a dialog that showed a title is the recorded one only while its dialog's title is the
recorded title, named or not (``other_title``: MUI names a dialog only when the app passes ``aria-labelledby``, and a
dialog's ``aria-label`` need not say what it asks); the identity gate hashes that title. Its title is what its
``aria-labelledby`` points at (a heading or not: Ant Design's is a div), else what it shows first (a heading, or the
block of its first text with the heading right after it: Vuetify's title is a div, an icon's ligature or a caption
comes before a heading); what ``aria-hidden`` hides is no part of a title or a section's name, as it is no part of an
accessible name. A control whose words have consequences ("Delete", "Pay") is held to what its dialog says, numbers and
all: its title and the description it declares (``other_question``: what ``aria-describedby`` points at, SweetAlert2's
text under "Are you sure?"); a question in a body no attribute declares is not read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Error as PlaywrightError

from ..cache.fingerprints import DIALOG_DESCRIPTION_VERSION, DIALOG_TITLE_VERSION, name_or_text
from ..cache.model import Fingerprint
from . import scripts
from .declared import an_address
from .evaluate import evaluate
from .purpose import consequence
from .quality import counts_aside

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ENCLOSING_JS = scripts.function("enclosingNames", ("composed", "hash", "enclosing"))
SECTION_NAMES_JS = scripts.function("sectionNames", ("deep", "composed", "hash", "enclosing"))
SECTIONS_JOIN = " / "  # between the names of ``within``
_WORD = re.compile(r"\w+")


def enclosing_names(element: Locator) -> list[str]:
    """The names of the named containers around ``element``, innermost first; none when it cannot be read."""
    try:
        return [str(name) for name in evaluate(element, ENCLOSING_JS)]
    except PlaywrightError:
        return []


def sections(within: str | None) -> list[str]:
    """The names of the named containers a fingerprint's ``within`` holds, innermost first."""
    return within.split(SECTIONS_JOIN) if within else []


def section_key(within: str | None) -> str | None:
    """What of the named sections around an element the identity gate compares: the innermost one's name, as it is
    (a count in it that changed sends the action down the full path, whose rule sets it aside); None for none."""
    return sections(within)[0] if within else None


def held_to_section(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to its named section: it was in one, and it is no link that declares where
    it leads (a link to the same address is the same link in any section: a redesign moves it to another menu)."""
    return bool(recorded.within) and not an_address(recorded.href)


def in_section(recorded: Fingerprint, names: list[str]) -> bool:
    """Whether one of the named containers ``names`` is the section the recorded element was in: named as its innermost
    one was, counts set apart from the name aside ("Your cart (2 items)"), its own numbers kept ("Passenger 2"). By
    its words, one holding the other's ("Shipping" for "Shipping address"), unless the element had look-alikes when it
    was recorded and no item of its own tells it from them (a row's, a card's): then its section is what told them
    apart, and its name must be the same."""
    chain = sections(recorded.within)
    if not chain:
        return False
    if recorded.look_alikes and not recorded.item:
        return any(counts_aside(name) == counts_aside(chain[0]) for name in names)
    return any(_alike(section_words(name), section_words(chain[0])) for name in names)


def other_section(recorded: Fingerprint, names: list[str]) -> str | None:
    """Why an element held by the named containers ``names`` (innermost first) is not in the section the recorded
    one was in (its ``within``), or None. None when one of them is that section (``in_section``); else, of those
    containers that were not around the recorded one too (its form, its page's regions), one must be, unless there
    are none (a form without its fieldsets), or none held the recorded one."""
    chain = sections(recorded.within)
    if not held_to_section(recorded) or not section_words(chain[0]) or in_section(recorded, names):
        return None
    own = _own(chain, names)
    if not own:
        return None
    return f"it is in {own[0]!r}, and the recorded element was in {chain[0]!r}"


def held_to_title(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to its dialog's title: it was in a dialog that showed a title with words
    (``dialog_title``, read from ``DIALOG_TITLE_VERSION`` on), named or not, and it is no link that declares where it
    leads (``held_to_section``'s reason)."""
    return (bool(recorded.in_dialog) and bool(words_in_order(recorded.dialog_title))
            and recorded.version >= DIALOG_TITLE_VERSION and not an_address(recorded.href))


def other_title(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why an element in a dialog is not in the dialog the recorded element was in: the dialog's title
    (``dialog_title``) is not the recorded one, whatever names it has ("Delete Apollo?" now asks "Delete all
    projects?", its ``aria-labelledby`` dropped, which MUI passes only when the app does, or kept); or None. Its words
    in order, case and counts aside: a title that gained or lost words asks about more or less ("Delete Apollo and all
    other projects?"), one whose words swapped asks another thing ("Move Gemini into Apollo?"). A dialog that shows no
    text but its controls' now, or showed none when recorded, cannot be told by its title, and is taken as before; so
    is an element recorded before titles were read (``DIALOG_TITLE_VERSION``)."""
    if not (held_to_title(recorded) and current.in_dialog):
        return None
    now = words_in_order(current.dialog_title)
    if not now or words_in_order(recorded.dialog_title) == now:
        return None
    return f"its dialog's title {recorded.dialog_title!r} became {current.dialog_title!r}"


def held_to_question(recorded: Fingerprint) -> bool:
    """Whether the recorded element is held to what its dialog says, numbers and all: its title and the description
    it declares (``dialog_description``, read from ``DIALOG_DESCRIPTION_VERSION`` on). A control whose words have
    consequences (``purpose.consequence``: "Delete", "Yes, delete it!", "Pay"), in a dialog that showed either, and no
    link that declares where it leads."""
    return (bool(recorded.in_dialog) and recorded.version >= DIALOG_DESCRIPTION_VERSION
            and bool(words_in_order(recorded.dialog_title, numbers=True)
                 or words_in_order(recorded.dialog_description, numbers=True))
            and consequence(name_or_text(recorded)) is not None and not an_address(recorded.href))


def other_question(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why a control whose words have consequences, in a dialog, is not in the dialog the recorded one was in: the
    dialog's title or description says other words or numbers now (SweetAlert2's "Are you sure?" over "Apollo will be
    deleted." now over "All 6 projects will be deleted."; "Delete selected (1 project)" now "(6 projects)"); or None.
    What it destroys, pays or sends is what the dialog says: a number there is how much, not the app's passing data.
    A title or a description it showed and shows no more is not the recorded one either (Radix's Description
    undeclared, a text the page fills in later): such a control is never acted on while what it answers is unknown."""
    if not (held_to_question(recorded) and current.in_dialog):
        return None
    for part, was, now in (("title", recorded.dialog_title, current.dialog_title),
                           ("description", recorded.dialog_description, current.dialog_description)):
        said = words_in_order(was, numbers=True)
        if said and said != words_in_order(now, numbers=True):
            change = f"became {now!r}" if now else "is gone"
            return f"its dialog's {part} {was!r} {change}, and it {_does(recorded)}"
    return None


def _does(recorded: Fingerprint) -> str:
    """What activating the recorded control does, for a failure: "would destroy"."""
    return f"would {consequence(name_or_text(recorded))}"


def beside_its_section(page: Page, recorded: Fingerprint, names: list[str]) -> str | None:
    """Why an element in a section whose name only gained or lost words of the recorded section's (``in_section``'s
    wider rule) is not in it after all: the page still holds a section named as the recorded one was, so this one is
    another ("Emergency contact details" beside "Contact details", whose phone a release removed); or None. Reads the
    page (one round trip) only for such a name, when nothing else refused the element."""
    chain = sections(recorded.within)
    if not held_to_section(recorded) or not in_section(recorded, names) or \
            any(counts_aside(name) == counts_aside(chain[0]) for name in names):
        return None
    try:
        present = [str(name) for name in page.evaluate(SECTION_NAMES_JS)]
    except PlaywrightError:
        return None
    if not any(counts_aside(name) == counts_aside(chain[0]) for name in present):
        return None  # renamed: "Shipping" for "Shipping address"
    return f"it is in {names[0]!r}, and the section the recorded element was in, {chain[0]!r}, is still on the page"


def other_dialog(recorded: Fingerprint, in_dialog: bool | None, names: list[str]) -> str | None:
    """Why an element a dialog holds (``in_dialog``) or does not, held by the named containers ``names``, is not the
    recorded one, which was the other way, or None: either is unknown (a file recorded before it, a candidate not
    read), or it is still in the recorded element's named section (a consent banner made a dialog, keeping its name)."""
    if recorded.in_dialog is None or in_dialog is None or recorded.in_dialog == in_dialog \
            or in_section(recorded, names):
        return None
    return "it is in a dialog, and the recorded element was in none" if in_dialog else \
        "it is in no dialog, and the recorded element was in one"


def elsewhere(recorded: Fingerprint, current: Fingerprint, names: list[str]) -> str | None:
    """Why the element ``current``, held by the named containers ``names``, is in another section than the recorded
    one (``other_dialog``, ``other_section``, ``other_title``, then ``other_question``), or None."""
    return (other_dialog(recorded, current.in_dialog, names) or other_section(recorded, names)
            or other_title(recorded, current) or other_question(recorded, current))


def asks_otherwise(recorded: Fingerprint, current: Fingerprint) -> str | None:
    """Why the dialog around ``current`` asks another question than the recorded one's (``other_title``, then
    ``other_question``), or None."""
    return other_title(recorded, current) or other_question(recorded, current)


def _own(chain: list[str], names: list[str]) -> list[str]:
    """Of the named containers ``names``, those that were not around the recorded element too (``chain``'s outer
    sections: its form, its page's regions)."""
    return [name for name in names if not any(_alike(section_words(name), section_words(outer)) for outer in chain[1:])]


def words_in_order(text: str | None, numbers: bool = False) -> tuple[str, ...]:
    """A section's name, a dialog's title or its description as its words in order, lower case, the counts set apart
    from it aside unless ``numbers`` ("Your cart (2 items)": your, cart; "Passenger 2": passenger, 2); none for none."""
    return tuple(_WORD.findall((text if numbers else counts_aside(text)).lower())) if text else ()


def section_words(name: str) -> frozenset[str]:
    """A section's name as its words (``words_in_order``), in any order."""
    return frozenset(words_in_order(name))


def _alike(one: frozenset[str], other: frozenset[str]) -> bool:
    """Whether two sections' names are one name (their words, one holding the other's)."""
    return bool(one) and bool(other) and (one <= other or other <= one)


def one_part(one: str, other: str) -> bool:
    """Whether two names of a part of the page (sections', headings') name one part: their words, counts aside, one
    holding the other's ("Shipping" and "Shipping address"; not "Billing address")."""
    return _alike(section_words(one), section_words(other))
