"""Whether what a candidate declares (``page/declared.py``) agrees with where the recorded action led.

A control is known by its job as much as by its words: a "Log out" link that became a "Log out"
button in a POST form to ``/logout/`` is the same command; a "Change password" link of the same menu
is not, whatever its shape, and neither is a "Clear completed" button that kept a word of the removed
"Completed" filter. Before acting on a relocated or relabelled candidate, replay reads what it declares:

* it **contradicts** the recording when it declares a destination that is neither the recorded effect
  (the URL the page reached, or the page the action opened) nor the recorded link's own ``href`` (the
  address it asked for, which a server may have redirected), compared as the effect is compared
  (``urls.same_page``: a return address to this page aside), or when it declares it opens in another
  browsing context (``target``) where the step stayed in its page, or the reverse; a GET form is
  compared without its query (the fields fill it in);
* it **confirms** the recording when its declared destination is one of those, or when it is a submit
  button in the landmark the recorded submit button was in, declaring no address of its own (the
  form's script decides where it leads, as it did when recorded), or when the recorded submit button's
  form posted to the address of the page it was on and the candidate's form posts to the address of the
  page it is on, which is that address with only return addresses added (``urls.with_return_addresses``:
  starlette-admin 1.0's create page carries ``?_origin=/admin/product/list``, and its form posts there;
  ``?id=3`` that became ``?id=all`` is another page);
* else it is **silent** (a plain button run by a script): its likeness may still accept it, but a
  relabel (new words) needs a confirmation, and without one the step fails without acting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import urljoin, urlsplit, urlunsplit

from ..cache.model import Fingerprint
from ..page.declared import Declared, an_address
from ..templates import PLACEHOLDER
from ..urls import normalize_url, same_page, with_return_addresses, without_fragment

if TYPE_CHECKING:
    from .policy import Policy

Agreement = Literal["confirms", "contradicts", "silent"]


@dataclass(frozen=True)
class Reading:
    """How a candidate's declaration reads against the recording, and why (for the heal report or the failure)."""

    agreement: Agreement
    why: str = ""
    mutates: bool = False  # it declares it sends a form that changes state (a POST): followed nowhere but recorded


def _without_query(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", parts.fragment))


def recorded_destinations(recorded: Fingerprint, effect_url: str | None, page_url: str) -> list[str]:
    """Where the recorded action was to lead (normalized): what the recorded submit button declared (its form's
    action: a redirect may land elsewhere), else its recorded effect; and the recorded link's ``href``."""
    action = (recorded.action or "").strip()
    if action and not PLACEHOLDER.search(action):
        out = [normalize_url(urljoin(page_url, action))]
    else:
        out = [effect_url] if effect_url else []
    if an_address(recorded.href):  # a template's placeholder never resolves: left out
        out.append(normalize_url(urljoin(page_url, (recorded.href or "").strip())))
    return out


def reading(declared: Declared, recorded: Fingerprint, current: Fingerprint, page_url: str, policy: Policy) -> Reading:
    """How what ``current``, on the page at ``page_url``, declares agrees with the recorded element's destination, as
    the action's ``policy`` has it (its ``effect_url``; ``new_page``: that was the URL of a page the action opened, a
    tab or a popup, not this page's; ``posted_to_its_page``: the page whose address the recorded submit button's form
    posted to, the page it was on)."""
    new_page = policy.new_page
    wanted = recorded_destinations(recorded, policy.effect_url, page_url)
    mutates = declared.submits and (declared.method or "get") != "get"
    if declared.submits and recorded.method and declared.method and recorded.method != declared.method:
        return Reading("contradicts", f"it declares it sends its form by {declared.method.upper()}, where the recorded "
                                      f"one sent it by {recorded.method.upper()}", mutates)
    elsewhere = declared.target is not None and declared.target.lower() not in ("_self", "_top", "_parent")
    if declared.url is not None and wanted and elsewhere != new_page:
        where = f"in a new browsing context ({declared.target})" if elsewhere else "in this page"
        return Reading("contradicts", f"it declares it opens {normalize_url(declared.url)} {where}, and the step "
                                      f"{'opened a new page' if new_page else 'led this page'} to {wanted[0]}", mutates)
    if declared.url is not None and wanted:
        url = normalize_url(declared.url)
        get_form = declared.submits and declared.method == "get"
        for place in wanted:
            if same_page(_without_query(url) if get_form else url, _without_query(place) if get_form else place,
                         normalize_url(page_url)):
                if declared.shared:  # its form's other buttons declare the same: no evidence that it is this one
                    return Reading("silent", f"it declares {_shown(declared)} {url}, as the other buttons of its form "
                                             "do", mutates)
                return Reading("confirms", f"it declares {_shown(declared)} {url}, {_where(recorded)}", mutates)
        here = normalize_url(page_url)
        if policy.posted_to_its_page is not None and declared.submits and \
                with_return_addresses(here, policy.posted_to_its_page) and \
                without_fragment(_without_query(url) if get_form else url) == \
                without_fragment(_without_query(here) if get_form else here):
            said = f"it declares {_shown(declared)} {url}, the address of the page it is on"
            if declared.shared:
                return Reading("silent", f"{said}, as the other buttons of its form do", mutates)
            return Reading("confirms", f"{said}, as the recorded one declared the address of its page", mutates)
        return Reading("contradicts", f"it declares {_shown(declared)} {url}, and {_where(recorded, wanted[0])}",
                       mutates)
    if declared.submits and not declared.shared and _submitter(recorded) and recorded.landmark is not None \
            and recorded.landmark == current.landmark:
        return Reading("confirms", f"it submits the form where the recorded submit button was ({recorded.landmark})")
    return Reading("silent", "it declares no destination (a script decides where it leads)")


def _where(recorded: Fingerprint, place: str | None = None) -> str:
    """Where the recording says it leads: the form action the recorded button declared, or where the step led."""
    if recorded.action:
        return f"the recorded one declared {place}" if place else "as the recorded one declared"
    return f"the step led to {place}" if place else "where the step led"


def _submitter(fp: Fingerprint) -> bool:
    """Whether the recorded element was a form's submit button (a ``button`` without a type is one)."""
    kind = (fp.type or "").lower()
    return (fp.tag == "button" and kind in ("", "submit")) or (fp.tag == "input" and kind in ("submit", "image"))


def _shown(declared: Declared) -> str:
    """How the declaration is said: a link's href, a form's action."""
    if declared.submits:
        return f"its form's {(declared.method or 'get').upper()} action"
    return "the link"
