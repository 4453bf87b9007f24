"""The section an element was recorded in (pytest_lumen.page.enclosing): never the same element in another one.

Each trap is a release on which the recorded element is gone and an element like it sits in another named section
(replay must go red, the page logging no input); each twin, one on which the element is still there, in its section
(replay must go green, with zero model calls). The forms are a booking and a checkout as server-rendered apps write
them: fieldsets with legends, ids and names from the framework's form builder.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import ReplayError
from tests.browser.inprocess import record_then_replay

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book</title></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script><main>{body}</main></body></html>"""


def used(page: Any) -> list[str]:
    return list(page.evaluate("window.__used"))


def _passenger(n: int, prefix: str = "p") -> str:
    return (f'<fieldset><legend>Passenger {n}</legend><label for="{prefix}{n}">First name</label>'
            f'<input id="{prefix}{n}" name="passengers[{n}][first_name]" oninput="used(\'{prefix}{n}\')"></fieldset>')


SECOND_PASSENGER = [{"tool": "fill", "target": {"role": "textbox", "name": "First name", "nth": 1},
                     "input": {"value": "Ada"}}, {"tool": "done"}]


@pytest.mark.parametrize("release", ["one-passenger", "ids-renamed"])
def test_a_numbered_section_is_its_number_never_another_of_its_kind(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    new = _passenger(1) if release == "one-passenger" else _passenger(1, "traveller-") + _passenger(2, "traveller-")
    site = site_factory({"old.html": PAGE.format(body=f'<form aria-label="Travellers">{_passenger(1)}{_passenger(2)}</form>'),
                         "new.html": PAGE.format(body=f'<form aria-label="Travellers">{new}</form>')})
    if release == "one-passenger":  # trap: the form now starts with one passenger; "Passenger 1" is not the second
        with pytest.raises(ReplayError):
            record_then_replay(page, site, tmp_path, SECOND_PASSENGER, "type Ada as the second passenger's first name")
        assert used(page) == [] and page.locator("#p1").input_value() == ""
        return
    ctx = record_then_replay(page, site, tmp_path, SECOND_PASSENGER, "type Ada as the second passenger's first name")
    assert used(page) == ["traveller-2"] and ctx.figures.model_calls == 0  # twin: the form builder renamed its ids


def _address(legend: str, prefix: str) -> str:
    return (f'<fieldset><legend>{legend}</legend><label for="{prefix}street">Street</label>'
            f'<input id="{prefix}street" name="{prefix}street" oninput="used(\'{prefix}street\')"></fieldset>')


DELIVERY_STREET = [{"tool": "fill", "target": {"role": "textbox", "name": "Street"}, "input": {"value": "1 Main St"}},
                   {"tool": "done"}]


@pytest.mark.parametrize("release", ["address-moved-on", "ids-renamed"])
def test_a_section_whose_name_another_holds_is_not_that_other_one_when_it_told_look_alikes_apart(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    billing = _address("Billing address (if different)", "b")
    new = billing if release == "address-moved-on" else _address("Address", "delivery_") + billing
    site = site_factory({"old.html": PAGE.format(body=f'<form aria-label="Checkout">{_address("Address", "s")}{billing}</form>'),
                         "new.html": PAGE.format(body=f'<form aria-label="Checkout">{new}</form>')})
    if release == "address-moved-on":  # trap: the delivery address moved to the next page; the billing one stays
        with pytest.raises(ReplayError):
            record_then_replay(page, site, tmp_path, DELIVERY_STREET, "type 1 Main St as the delivery street")
        assert used(page) == [] and page.locator("#bstreet").input_value() == ""
        return
    ctx = record_then_replay(page, site, tmp_path, DELIVERY_STREET, "type 1 Main St as the delivery street")
    assert used(page) == ["delivery_street"] and ctx.figures.model_calls == 0


# A checkout's address step as a WooCommerce theme renders it (headings above the fields, no fieldset: no named section),
# as a React app renders it (a card's heading, ids and no name attributes), and as Shopify's checkout does (one name
# attribute for either address, the part declared in its autocomplete). Each release moved the shipping step to the next
# page: the billing step's street field of the same label is what the shipping one's locator finds now, live or greyed
# out until the step before it is done (which Playwright's fill does not stop at).
LOCKED = "<style>.is-locked { opacity: .45; pointer-events: none; }</style>"


def _woo(heading: str, key: str, step: str = "checkout-step") -> str:
    return (f'<div class="{step}"><h3>{heading}</h3><p class="form-row form-row-wide" id="{key}_field">'
            f'<label for="{key}">Street address&nbsp;<abbr class="required" title="required">*</abbr></label>'
            f'<span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="{key}" id="{key}" '
            f'autocomplete="address-line1" oninput="used(\'{key}\')"></span></p></div>')


def _card(heading: str, id_: str, step: str = "card") -> str:
    return (f'<div class="{step} css-1q2w3e"><div class="card-header"><h2 class="css-9k8j7h">{heading}</h2></div>'
            f'<div class="css-5t6y7u"><label for="{id_}" class="css-0">Street address</label><input id="{id_}" '
            f'class="css-4r5t6y" oninput="used(\'{id_}\')"></div></div>')


def _shopify(heading: str, part: str, id_: str) -> str:
    return (f'<section aria-labelledby="{id_}-h"><h2 id="{id_}-h" class="n8k95w1">{heading}</h2><div class="_1fragemn">'
            f'<label for="{id_}" class="cektnc3">Street address</label><input id="{id_}" name="address1" '
            f'autocomplete="{part} address-line1" class="_7ozb2u6" oninput="used(\'{id_}\')"></div></section>')


SAME_AS_SHIPPING = ('<div class="checkout-step"><h3>Billing details</h3><label><input type="checkbox" checked> '
                    'Same as shipping</label></div>')
SHIPPING_STREET = [{"tool": "fill", "target": {"role": "textbox", "name": "Street address"}, "input": {"value": "1 Main St"}},
                   {"tool": "done"}]
WOO_SHIPPING_STREET = [{"tool": "fill", "target": {"role": "textbox", "name": "Street address *"},
                        "input": {"value": "1 Main St"}}, {"tool": "done"}]


@pytest.mark.parametrize(("old", "new", "outcome"), [
    (_woo("Shipping address", "shipping_address_1") + SAME_AS_SHIPPING, _woo("Billing details", "billing_address_1"),
     None),  # traps: another step's field, its name attribute's part swapped as its heading's
    (_woo("Shipping address", "shipping_address_1") + SAME_AS_SHIPPING,
     LOCKED + _woo("Billing details", "billing_address_1", "checkout-step is-locked"), None),  # greyed out
    (_card("Shipping address", "shipping-street"), LOCKED + _card("Billing address", "billingStreet", "card is-locked"),
     None),  # its id, with no name attribute
    (_shopify("Delivery", "shipping", "TextField3"), _shopify("Billing address", "billing", "TextField3"),
     None),  # one name and id for either: the part its autocomplete declares
    (_woo("Shipping address", "shipping_address_1"), _woo("Delivery address", "shipping_address_1"),
     "shipping_address_1"),  # twins: a reworded heading, the same key
    (_woo("Shipping address", "shipping_address_1"), _woo("Where should we deliver?", "shippingAddress1"),
     "shippingAddress1"),  # the key's convention changed with the heading
    (_card("Shipping address", "street"), _card("Your delivery", "shipping-street"), "shipping-street"),  # key gained a word
    (_woo("Shipping address", "shipping_address_1"), _shopify("Delivery", "shipping", "TextField7"),
     "TextField7"),  # another checkout's markup: keys rewritten under a reworded heading, the part it declares the same
], ids=["woo-billing", "woo-billing-greyed", "react-billing-greyed", "shopify-billing", "heading-reworded",
        "key-convention", "key-gained", "rewritten"])
def test_a_field_of_another_part_of_the_form_is_never_the_recorded_one(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, old: str, new: str,
        outcome: str | None) -> None:
    site = site_factory({"old.html": PAGE.format(body=f"<h1>Checkout</h1>{old}"),
                         "new.html": PAGE.format(body=f"<h1>Checkout</h1>{new}")})
    script = WOO_SHIPPING_STREET if "woocommerce" in old else SHIPPING_STREET  # its label shows a required mark
    if outcome is None:
        with pytest.raises(ReplayError, match="billing"):
            record_then_replay(page, site, tmp_path, script, "type 1 Main St as the shipping street")
        assert used(page) == []
        return
    ctx = record_then_replay(page, site, tmp_path, script, "type 1 Main St as the shipping street")
    assert used(page) == [outcome] and ctx.figures.model_calls == 0


SHOP = "<h1>Shop</h1><p>Blue mug</p>"
CONSENT = ('<section role="region" aria-label="Cookie consent" class="cc-window"><p>We use cookies.</p>'
           '<button class="btn btn-primary" onclick="used(\'cookies\')">Accept</button></section>')
# A newsletter prompt in an unnamed container, with a button of that name too.
NEWSLETTER = ('<section class="cc-window"><p>We use cookies to send you offers.</p>'
              '<button class="btn btn-primary" onclick="used(\'newsletter\')">Accept</button></section>')
PRIVACY = ('<div role="dialog" aria-label="Privacy choices" class="cmp"><p>Choose how we use your data.</p>'
           '<button class="cmp-accept" onclick="used(\'cookies\')">Accept</button></div>')
ACCEPT = [{"tool": "click", "target": {"role": "button", "name": "Accept"}}, {"tool": "done"}]


def test_an_element_in_no_named_section_never_wins_for_its_rival_being_in_another_one(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # the consent banner became a dialog named otherwise (another section: red); the newsletter's Accept, in no named
    # section, is no closer for that: the banner's Accept is still its rival, and nothing is clicked
    site = site_factory({"old.html": PAGE.format(body=SHOP + CONSENT),
                         "new.html": PAGE.format(body=SHOP + NEWSLETTER + PRIVACY)})
    with pytest.raises(ReplayError):
        record_then_replay(page, site, tmp_path, ACCEPT, "accept the cookies")
    assert used(page) == []


# A home-made cookie banner in no named container, and its release with a terms modal instead (consent stored): both
# with their own "Accept". And a confirm modal without a name (role=dialog), rebuilt as a native <dialog>.
BANNER = ('<div class="cookie-bar"><p>We use cookies.</p>'
          '<button class="btn btn-primary" onclick="used(\'cookies\')">Accept</button></div>')
TERMS = ('<div class="modal show" role="dialog" aria-modal="true"{named}><h2 id="tos">Our terms changed</h2>'
         '<button class="btn btn-primary" onclick="used(\'terms\')">Accept</button></div>')
UNNAMED_MODAL = ('<div class="modal show" role="dialog" aria-modal="true"><p>Keep your changes?</p>'
                 '<button class="btn btn-primary" onclick="used(\'kept\')">Keep</button></div>')
NATIVE_MODAL = ('<dialog open><p>Keep your changes?</p>'
                '<button class="btn btn-primary" onclick="used(\'kept\')">Keep</button></dialog>')
# A web component's modal (Shoelace's, Material's): its dialog in a shadow root, its buttons slotted in from the page.
SLOTTED_TERMS = ("<x-modal><h2>Our terms changed</h2><button class=\"btn\" onclick=\"used('terms')\">Accept</button>"
                 "</x-modal><script>customElements.define('x-modal', class extends HTMLElement { connectedCallback() {"
                 " this.attachShadow({mode: 'open'}).innerHTML = '<div role=\"dialog\" aria-modal=\"true\"><slot>"
                 "</slot></div>'; } });</script>")
# The cookie bar redesigned as a card beside which the page goes on (declared not modal).
CONSENT_CARD = ('<section class="consent" role="dialog" aria-modal="false" aria-label="Your privacy"><p>We use cookies.'
                '</p><button class="btn btn--primary" onclick="used(\'cookies\')">Accept cookies</button></section>')


@pytest.mark.parametrize(("old", "new", "instruction", "outcome"), [
    (BANNER, TERMS.format(named=""), "accept the cookies", None),  # traps: a dialog's element for one in none
    (BANNER, TERMS.format(named=' aria-labelledby="tos"'), "accept the cookies", None),
    (CONSENT, TERMS.format(named=""), "accept the cookies", None),  # a named section's element for an unnamed dialog's
    (BANNER, SLOTTED_TERMS, "accept the cookies", None),  # a web component's dialog, its button slotted
    (BANNER, BANNER.replace("div", "aside"), "accept the cookies", "cookies"),  # twins: no dialog still
    (UNNAMED_MODAL, NATIVE_MODAL, "keep the changes", "kept"),  # a dialog still
    (CONSENT, CONSENT_CARD, "accept the cookies", "cookies"),  # a card declared not modal; its name says its section
], ids=["unnamed-banner-terms", "unnamed-banner-named-terms", "consent-unnamed-terms", "slotted-terms", "banner-aside",
        "native-dialog", "consent-card"])
def test_an_element_in_a_dialog_is_never_one_outside_any_nor_the_reverse(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, old: str, new: str, instruction: str,
        outcome: str | None) -> None:
    site = site_factory({"old.html": PAGE.format(body=SHOP + old), "new.html": PAGE.format(body=SHOP + new)})
    name = "Keep" if "Keep" in old else "Accept"
    script = [{"tool": "click", "target": {"role": "button", "name": name}}, {"tool": "done"}]
    if outcome is None:
        with pytest.raises(ReplayError, match="dialog"):
            record_then_replay(page, site, tmp_path, script, instruction)
        assert used(page) == []  # the new terms are never accepted for the cookies
        return
    ctx = record_then_replay(page, site, tmp_path, script, instruction)
    assert used(page) == [outcome] and ctx.figures.model_calls == 0
    if new is not CONSENT_CARD:  # its name changed: a heal; else through the gate, which hashes in_dialog as Python does
        assert (ctx.figures.gate_hits, ctx.figures.gate_misses) == (1, 0)


# A redesign moves a link to another menu, and a text from the page's main landmark to its header: the link goes where
# it went (its address is what it is), and landmarks say where on the page, not what it is about.
ACCOUNT = ('<section aria-label="Account"><a href="/orders" onclick="used(\'orders\'); return false">Orders</a></section>'
           '<p class="who">Signed in as alice</p>')
MOVED = ('<header><nav aria-label="Account and cart"><p class="who">Signed in as alice</p></nav></header>'
         '<section aria-label="Your shop"><a href="/orders" onclick="used(\'orders\'); return false">Orders</a></section>')


def test_a_redesign_that_moves_a_link_to_another_menu_and_a_text_to_the_header_replays_green(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"old.html": PAGE.format(body=f'<main aria-label="Main">{SHOP}{ACCOUNT}</main>'),
                         "new.html": PAGE.format(body=f'{MOVED}<main aria-label="Main">{SHOP}</main>')})
    script = [{"tool": "click", "target": {"role": "link", "name": "Orders"}},
              {"tool": "expect_text", "target": {"role": "paragraph", "nth": 1}, "input": {"text": "Signed in as alice"}},
              {"tool": "done"}]
    ctx = record_then_replay(page, site, tmp_path, script, "open my orders, signed in")
    assert used(page) == ["orders"] and ctx.figures.model_calls == 0


# A confirm dialog as MUI renders one (a portal at the end of body, useId's ``:r3:`` naming it by its DialogTitle) and
# as a release renders it once the dialog lost its aria-labelledby (MUI names a dialog only when the app passes it;
# Bootstrap's modal markup alike), or as a web component does (its dialog in a shadow root, the title and the buttons
# slotted in from the page, named by nothing). Named or not, the dialog is the recorded one while its title (what its
# aria-labelledby points at, else what it shows first) still asks the recorded question.
PROJECTS = '<h1>Projects</h1><ul class="css-1q2w3e"><li>Apollo</li><li>Gemini</li></ul>'


def _confirm(title: str, named: str | None, body: str = "<p>This cannot be undone.</p>", button: str = "Delete",
             label: str = "Confirm deletion") -> str:
    """The confirm dialog titled ``title``: "mui" named by its title, "unnamed" named by nothing, "labelled" named by
    the ``aria-label`` ``label``, which it does not show; None as a web component renders it."""
    if named is None:
        return (f'<x-confirm><h2 slot="title">{title}</h2><button onclick="used(\'cancel\')">Cancel</button>'
                f'<button onclick="used(\'{button.lower()}\')">{button}</button></x-confirm><script>customElements'
                ".define('x-confirm', class extends HTMLElement { connectedCallback() { this.attachShadow({mode: "
                "'open'}).innerHTML = '<div role=\"dialog\" aria-modal=\"true\"><slot name=\"title\"></slot>"
                "<slot></slot></div>'; } });</script>")
    names = {"mui": ' aria-labelledby=":r3:"', "unnamed": "", "labelled": f' aria-label="{label}"'}[named]
    return ('<div role="presentation" class="MuiDialog-root MuiModal-root css-126xj0f"><div class="MuiBackdrop-root">'
            '</div><div class="MuiDialog-container" role="presentation" tabindex="-1"><div class="MuiPaper-root '
            f'MuiDialog-paper css-1t1j96h" role="dialog" aria-modal="true"{names}><h2 class="MuiDialogTitle-root" '
            f'id=":r3:">{title}</h2><div class="MuiDialogContent-root">{body}</div>'
            '<div class="MuiDialogActions-root"><button class="MuiButton-root" onclick="used(\'cancel\')">Cancel</button>'
            f'<button class="MuiButton-root MuiButton-colorError" onclick="used(\'{button.lower()}\')">{button}</button>'
            '</div></div></div></div>')


ICON = '<span class="material-icons" aria-hidden="true">warning</span>'  # an icon font's ligature, hidden from AT


def _icon(dialog: str, where: str) -> str:
    """A MUI confirm dialog (``_confirm``) with a warning icon before its title or inside it."""
    if where == "before":
        return dialog.replace('<h2 class="MuiDialogTitle-root"', ICON + '<h2 class="MuiDialogTitle-root"')
    return dialog.replace('id=":r3:">', 'id=":r3:">' + ICON)


# Dialogs whose titles are no heading, or whose headings carry the run's data: Chakra's modal (its title a <header>,
# the page's greeting behind its portal), Ant Design's and Vuetify's (a div), Bootstrap 3's (its close button before its
# title, the page's cards behind it) and a profile dialog whose body heads the user's card.
def _chakra(named: bool, greeting: str) -> str:
    names = ' aria-labelledby="chakra-modal--header-:r5:"' if named else ""
    return (f'<h1>{greeting}, Ada</h1><div class="chakra-portal"><div class="chakra-modal__overlay css-hdd9l7"></div>'
            '<div class="chakra-modal__content-container css-1u2cvaz"><section class="chakra-modal__content css-1jnq9a3" '
            f'role="dialog" aria-modal="true"{names}><header id="chakra-modal--header-:r5:" class="chakra-modal__header '
            'css-9fgtzh">Delete Apollo?</header><div class="chakra-modal__body css-qlig70">This cannot be undone.</div>'
            '<footer class="chakra-modal__footer css-k0waxj"><button class="chakra-button css-ez23ye" '
            'onclick="used(\'delete\')">Delete</button></footer></section></div></div>')


def _chakra_asks(title: str) -> str:  # Chakra's modal named by its <header>, which asks the question
    return _chakra(True, "Good morning").replace(">Delete Apollo?</header>", f">{title}</header>")


def _ant(title: str, icon: bool = False) -> str:  # Ant Design's modal: named by its title, a div, no heading
    hidden = ICON * icon  # a ligature, hidden from AT, in the element its aria-labelledby points at
    return ('<div class="ant-modal-root"><div class="ant-modal-mask"></div><div tabindex="-1" class="ant-modal-wrap">'
            '<div role="dialog" aria-labelledby="rc_unique_0" aria-modal="true" class="ant-modal css-dev-only-do-not-'
            'override-1x0dypw"><div class="ant-modal-content"><button type="button" aria-label="Close" class="ant-modal-'
            'close"><span class="ant-modal-close-x">×</span></button><div class="ant-modal-header"><div class="ant-'
            f'modal-title" id="rc_unique_0">{hidden}{title}</div></div><div class="ant-modal-body"><p>Its tasks go too.'
            '</p></div><div class="ant-modal-footer"><button type="button" class="ant-btn ant-btn-default"><span>Cancel'
            '</span></button><button type="button" class="ant-btn ant-btn-primary ant-btn-dangerous" onclick="used('
            '\'delete\')"><span>Delete</span></button></div></div></div></div></div>')


def _vuetify(title: str, body: str = "This cannot be undone.") -> str:  # named by nothing, titled by a div
    return ('<div class="v-overlay v-overlay--active v-theme--light v-dialog" aria-modal="true" role="dialog" '
            'style="z-index: 2400"><div class="v-overlay__scrim"></div><div class="v-overlay__content"><div class="v-card '
            'v-theme--light v-card--density-default v-card--variant-elevated"><div class="v-card-item"><div class="v-card-'
            f'item__content"><div class="v-card-title">{title}</div></div></div><div class="v-card-text">{body}</div><div '
            'class="v-card-actions"><button type="button" class="v-btn v-btn--variant-text"><span class="v-btn__overlay">'
            '</span><span class="v-btn__content" data-no-activator="">Cancel</span></button><button type="button" '
            'class="v-btn v-btn--variant-text text-error" onclick="used(\'delete\')"><span class="v-btn__overlay"></span>'
            '<span class="v-btn__content" data-no-activator="">Delete</span></button></div></div></div></div>')


def _swal(text: str, title: str = "Are you sure?", confirm: str = "Yes, delete it!") -> str:
    """SweetAlert2's popup: named by its title, described by its text, which says what the confirm button does."""
    return ('<div class="swal2-container swal2-center swal2-backdrop-show"><div aria-labelledby="swal2-title" '
            'aria-describedby="swal2-html-container" class="swal2-popup swal2-modal swal2-icon-warning swal2-show" '
            'tabindex="-1" role="dialog" aria-live="assertive" aria-modal="true" style="display: grid"><button '
            'type="button" class="swal2-close" aria-label="Close this dialog" style="display: none">\u00d7</button><div '
            'class="swal2-icon swal2-warning swal2-icon-show" style="display: flex"><div class="swal2-icon-content">!'
            f'</div></div><h2 class="swal2-title" id="swal2-title" style="display: block">{title}</h2><div class="swal2-'
            f'html-container" id="swal2-html-container" style="display: block">{text}</div><div class="swal2-actions" '
            'style="display: flex"><div class="swal2-loader"></div><button type="button" class="swal2-confirm swal2-'
            f'styled" aria-label="" onclick="used(\'confirm\')">{confirm}</button><button type="button" class="swal2-'
            'cancel swal2-styled" aria-label="" onclick="used(\'cancel\')">Cancel</button></div></div></div>')


def _radix(described: bool, text: str) -> str:
    """Radix's (shadcn's) AlertDialog: described by its Description, unless the app passes aria-describedby={undefined}."""
    declared = ' aria-describedby="radix-:r3:"' if described else ""
    return (f'<div role="alertdialog" id="radix-:r1:" aria-labelledby="radix-:r2:"{declared} data-state="open" '
            'tabindex="-1" class="fixed z-50 grid gap-4 border bg-background p-6"><div class="flex flex-col space-y-2">'
            f'<h2 id="radix-:r2:" class="text-lg font-semibold">Are you absolutely sure?</h2><p id="radix-:r3:" '
            f'class="text-sm text-muted-foreground">{text}</p></div><div class="flex flex-col-reverse sm:flex-row"><button '
            'onclick="used(\'cancel\')">Cancel</button><button onclick="used(\'confirm\')">Yes, delete</button></div></div>')


SHOELACE = ("<script>customElements.define('x-sl-dialog', class extends HTMLElement { connectedCallback() { "
            "this.attachShadow({mode: 'open'}).innerHTML = '<div part=\"panel\" class=\"dialog__panel\" role=\"dialog\" "
            "aria-modal=\"true\" aria-labelledby=\"title\"><header part=\"header\"><h2 part=\"title\" id=\"title\">"
            "<slot name=\"label\"></slot></h2></header><div part=\"body\"><slot></slot></div><footer part=\"footer\">"
            "<slot name=\"footer\"></slot></footer></div>'; } });</script>")


def _shoelace(label: str) -> str:  # Shoelace's <sl-dialog>: its label slotted into the <h2> its panel is labelled by
    return (f'<x-sl-dialog><span slot="label">{label}</span><p>This cannot be undone.</p><button slot="footer" '
            'onclick="used(\'cancel\')">Cancel</button><button slot="footer" onclick="used(\'delete\')">Delete</button>'
            '</x-sl-dialog>' + SHOELACE)


def _bare(top: str, button: str = "Delete") -> str:  # a dialog named by nothing, ``top`` its first text
    return (f'<div role="dialog" aria-modal="true" class="modal-panel">{top}<div class="actions"><button onclick="used('
            f'\'cancel\')">Cancel</button><button onclick="used(\'{button.lower()}\')">{button}</button></div></div>')


def _slotted_span(title: str) -> str:  # a web component's dialog, its title a <span> slotted straight into it
    return _confirm(title, None).replace(f'<h2 slot="title">{title}</h2>', f'<span slot="title">{title}</span>')


LIGATURE = '<i class="material-icons">warning</i>'  # an icon font's ligature, not hidden from AT
PREAMBLE = ("Are you sure you want to permanently remove the following workspace, its members, its billing history, "
            "and every file in it: ")  # a title whose first 120 characters are alike
BOILERPLATE = ("Deleting is permanent. Backups are kept for 30 days and may be restored by an administrator on request; "
               "integrations, webhooks, API tokens, scheduled exports and shared links stop working at once, and "
               "members lose access to everything in the workspace, including comments, attachments, saved views "
               "and the audit log. ")  # a description whose first 300 characters are alike


def _bootstrap3(named: bool, cards: tuple[str, ...]) -> str:
    names = ' aria-labelledby="deleteLabel"' if named else ""
    return ("".join(f'<div class="card"><h3>{card}</h3></div>' for card in cards)
            + f'<div class="modal fade in" tabindex="-1" role="dialog"{names} style="display: block"><div '
            'class="modal-dialog" role="document"><div class="modal-content"><div class="modal-header"><button '
            'type="button" class="close" aria-label="Close" onclick="used(\'close\')"><span aria-hidden="true">'
            '&times;</span></button><h4 class="modal-title" id="deleteLabel">Delete Apollo?</h4></div><div '
            'class="modal-footer"><button class="btn btn-danger">Delete</button></div></div></div></div>')


def _bootstrap5(named: bool, title_tag: str, title: str = "Delete Apollo?") -> str:  # a release restyles its title
    names = ' aria-labelledby="deleteLabel"' if named else ""  # as a div; its body heads a card
    return (f'<div class="modal fade show" tabindex="-1" role="dialog" aria-modal="true"{names} style="display: block">'
            f'<div class="modal-dialog"><div class="modal-content"><div class="modal-header"><{title_tag} '
            f'class="modal-title fs-5" id="deleteLabel">{title}</{title_tag}><button type="button" '
            'class="btn-close" aria-label="Close"></button></div><div class="modal-body"><h6>Apollo</h6><p>3 tasks</p>'
            '</div><div class="modal-footer"><button class="btn btn-danger" onclick="used(\'delete\')">Delete</button>'
            '</div></div></div></div>')


def _date_picker(named: bool, day: str) -> str:  # MUI X's mobile picker: a caption, then the day picked (today's)
    names = ' aria-labelledby=":r7:"' if named else ""
    return (f'<div role="dialog" aria-modal="true" class="MuiDialog-paper css-1ggc1hs"{names}><div class="MuiPickersToolbar'
            '-root"><span id=":r7:" class="MuiTypography-overline">Select date</span><h4 class="MuiTypography-h4 '
            f'MuiDatePickerToolbar-title">{day}</h4></div><div class="MuiDialogActions-root"><button class="MuiButton-'
            'root" onclick="used(\'ok\')">OK</button></div></div>')


def _settings(grouped: bool) -> str:  # a named dialog whose named group a release made a div
    group = ('<section aria-labelledby="notif"><h3 id="notif">Notifications</h3>' if grouped
             else '<div class="css-9xk2p1"><h3>Notifications</h3>')
    return ('<div role="dialog" aria-modal="true" aria-labelledby="settings"><h2 id="settings">Settings</h2>' + group
            + '<label><input type="checkbox" onclick="used(\'email\')"> Email me</label>'
            + ('</section>' if grouped else '</div>') + '</div>')


def _native(named: bool, title: str) -> str:  # a <dialog> the page keeps in its named list, shown with showModal()
    names = ' aria-labelledby="confirm-title"' if named else ""
    return (f'<section aria-label="Your projects"><dialog id="confirm"{names}><h2 id="confirm-title">{title}</h2><form '
            'method="dialog"><button onclick="used(\'delete\')">Delete</button></form></dialog></section>'
            "<script>document.getElementById('confirm').showModal();</script>")


def _profile(named: bool, user: str) -> str:
    return _confirm("Edit profile", "mui" if named else "unnamed", f'<h3 class="css-1x2y3z">{user}</h3>'
                    '<p>Member since 2021</p>', button="Save")


@pytest.mark.parametrize(("old", "new", "button", "outcome"), [
    # traps: the name gone, and another question asked
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete all projects?", "unnamed"), "Delete", None),
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete all projects?", None), "Delete", None),  # slotted
    (_confirm("Delete Apollo?", "labelled"), _confirm("Delete all projects?", "unnamed"), "Delete", None),
    (_confirm("Delete Apollo?", "mui", "<h3>This cannot be undone</h3>"),  # a heading in its body, the same
     _confirm("Delete all projects?", "unnamed", "<h3>This cannot be undone</h3>"), "Delete", None),
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete Apollo and all other projects?", "unnamed"), "Delete", None),
    (_native(True, "Delete Apollo?"), _native(False, "Delete all projects?"), "Delete", None),  # in a named section
    # traps: named nowhere when recorded (the gate hashes its title), another question asked
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete all projects?", "unnamed"), "Delete", None),
    (_confirm("Delete Apollo?", None), _confirm("Delete all projects?", None), "Delete", None),  # slotted
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete Apollo and all other projects?", "unnamed"), "Delete", None),
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete all projects?", "mui"), "Delete", None),  # named now
    # traps: named, by its title or by a label it keeps, and another question asked
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete Apollo and all other projects?", "mui"), "Delete", None),
    (_confirm("Delete Apollo?", "labelled"), _confirm("Delete all projects?", "labelled"), "Delete", None),
    (_native(False, "Delete Apollo?"), _native(False, "Delete all projects?"), "Delete", None),  # in a named section
    # a trap: its button gained the words of the dialog's label, and the dialog asks another question
    (_confirm("Delete Apollo?", "labelled", label="Delete project"),
     _confirm("Delete all projects?", "labelled", button="Delete projects", label="Delete project"), "Delete", None),
    # traps: named by a title that is no heading (ARIA's title of a dialog), and a question that grew
    (_chakra_asks("Delete Apollo?"), _chakra_asks("Delete Apollo and all other projects?"), "Delete", None),
    (_ant("Delete Apollo?"), _ant("Delete Apollo and all other projects?"), "Delete", None),
    # traps: named by nothing, its title the text it shows first (a div, not a heading), another question asked
    (_vuetify("Delete Apollo?"), _vuetify("Delete all projects?"), "Delete", None),
    (_bootstrap5(True, "h1"), _bootstrap5(False, "div", "Delete all projects?"), "Delete", None),  # a div now
    # traps: a control whose words have consequences, and its dialog says other words or numbers
    (_swal("Apollo will be deleted."), _swal("All 6 projects will be deleted."), "Yes, delete it!", None),
    (_swal("1 project will be deleted."), _swal("6 projects will be deleted."), "Yes, delete it!", None),
    (_confirm("Delete selected (1 project)", "unnamed"), _confirm("Delete selected (2 projects)", "unnamed"), "Delete",
     None),  # a count set apart from its title
    # traps: what the dialog says read through slots, after a prefix, past its first characters; a description gone
    (_shoelace("Delete Apollo?"), _shoelace("Delete all projects?"), "Delete", None),
    (_bare(LIGATURE + "<h2>Delete Apollo?</h2>"), _bare(LIGATURE + "<h2>Delete all projects?</h2>"), "Delete", None),
    (_bare('<span class="badge bg-danger">Danger zone</span><h2>Delete Apollo?</h2>'),
     _bare('<span class="badge bg-danger">Danger zone</span><h2>Delete all projects?</h2>'), "Delete", None),
    (_bare("<p><strong>Warning:</strong> Apollo will be deleted.</p>"),
     _bare("<p><strong>Warning:</strong> All 6 projects will be deleted.</p>"), "Delete", None),
    (_confirm(PREAMBLE + "Apollo?", "mui"), _confirm(PREAMBLE + "all 6 projects?", "mui"), "Delete", None),
    (_swal(BOILERPLATE + "Apollo will be deleted."), _swal(BOILERPLATE + "All 6 projects will be deleted."),
     "Yes, delete it!", None),
    (_radix(True, "This will permanently delete Apollo."), _radix(False, "This will permanently delete all 6 projects."),
     "Yes, delete", None),
    (_confirm("(1 project)", "unnamed"), _confirm("(6 projects)", "unnamed"), "Delete", None),  # a count alone
    (_bare("<p>Are you sure you want to delete Apollo?</p><h4>This also deletes:</h4><ul><li>Its tasks</li></ul>"),
     _bare("<p>Are you sure you want to delete all projects?</p><h4>This also deletes:</h4><ul><li>Its tasks</li></ul>"),
     "Delete", None),  # a heading after the question is no prefix's: both are the title
    (_bare('<span class="overline">Remove member</span><h2>Ada Lovelace</h2>', "Yes, remove"),
     _bare('<span class="overline">Remove all members</span><h2>Ada Lovelace</h2>', "Yes, remove"), "Yes, remove",
     None),  # a caption that asks, over the record it asks about
    (_slotted_span("Delete Apollo?"), _slotted_span("Delete all projects?"), "Delete", None),  # slotted straight in
    (_swal("Apollo will be deleted."), _swal("") + "<script>setTimeout(() => { document.getElementById('swal2-html-"
     "container').textContent = 'All 6 projects will be deleted.'; }, 100);</script>", "Yes, delete it!",
     None),  # its text filled in after it shows: not known until then, and another question then
    # the cost, a red by design: its text reworded is another question to a control with consequences
    (_swal("Apollo will be deleted. This cannot be undone."), _swal("Apollo will be deleted. You cannot undo this."),
     "Yes, delete it!", None),
    (_date_picker(True, "Wed, Mar 5"), _date_picker(False, "Thu, Mar 6"), "OK", None),  # its name gone, its day read
    (_bare('<div class="meta">Last saved 2 minutes ago</div><h2>Edit note</h2>', "Save"),
     _bare('<div class="meta">Last saved 5 minutes ago</div><h2>Edit note</h2>', "Save"), "Save",
     None),  # a line before its heading is part of its title, data and all
    # traps: a hidden icon before its title, and another question asked
    (_confirm("Delete Apollo?", "unnamed"), _icon(_confirm("Delete all projects?", "unnamed"), "before"), "Delete", None),
    # twins: the name gone, the same question asked
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete Apollo?", "unnamed"), "Delete", "delete"),
    (_confirm("Delete Apollo?", "mui"), _confirm("Delete Apollo?", None), "Delete", "delete"),  # slotted
    (_confirm("Delete Apollo?", "labelled"), _confirm("Delete Apollo?", "unnamed"), "Delete", "delete"),
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete Apollo?", "mui"), "Delete", "delete"),  # named now
    (_native(True, "Delete Apollo?"), _native(False, "Delete Apollo?"), "Delete", "delete"),  # in a named section
    (_profile(True, "Ada Lovelace"), _profile(False, "Grace Hopper"), "Save", "save"),  # data under its title
    (_chakra(True, "Good morning"), _chakra(False, "Good afternoon"), "Delete", "delete"),  # the page's greeting
    (_bootstrap3(True, ("Apollo", "Gemini")), _bootstrap3(False, ("Apollo", "Gemini", "Mercury")), "Close", "close"),
    (_bootstrap5(True, "h1"), _bootstrap5(False, "div"), "Delete", "delete"),  # its title a div now
    (_date_picker(True, "Wed, Mar 5"), _date_picker(True, "Thu, Mar 6"), "OK", "ok"),  # named by its caption
    (_bare('<div class="choose">Choose projects to archive:<ul><li><label><input type="checkbox"> Apollo</label></li>'
           '</ul></div>', "Archive"),
     _bare('<div class="choose">Choose projects to archive:<ul><li><label><input type="checkbox"> Apollo</label></li>'
           '<li><label><input type="checkbox"> Mercury</label></li></ul></div>', "Archive"), "Archive",
     "archive"),  # its first line over a list of choices, which is no part of its title
    (_settings(True), _settings(False), "Email me", "email"),  # its group gone, the dialog still named
    # twins: named nowhere when recorded, the same question asked
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete Apollo?", "unnamed", "<p>Its 3 tasks go too.</p>"),
     "Delete", "delete"),
    (_confirm("Delete Apollo?", None), _confirm("Delete Apollo?", None), "Delete", "delete"),  # slotted
    (_confirm("Notifications (3)", "unnamed", button="Close"), _confirm("Notifications (5)", "unnamed", button="Close"),
     "Close", "close"),  # a count set apart, for a control without consequences
    (_profile(False, "Ada Lovelace"), _profile(False, "Grace Hopper"), "Save", "save"),  # data under its title
    (_chakra(False, "Good morning"), _chakra(False, "Good afternoon"), "Delete", "delete"),  # no title to hold it to
    (_confirm("Delete Apollo?", "labelled"), _confirm("Delete Apollo?", "labelled", "<p>Its 3 tasks go too.</p>"),
     "Delete", "delete"),  # a label it keeps, the same question
    (_native(False, "Delete Apollo?"), _native(False, "Delete Apollo?"), "Delete", "delete"),  # in a named section
    (_confirm("Delete Apollo?", "unnamed"), _icon(_confirm("Delete Apollo?", "unnamed"), "inside"), "Delete", "delete"),
    (_vuetify("Delete Apollo?"), _vuetify("Delete Apollo?", "Its 3 tasks go too."), "Delete", "delete"),
    (_swal("Apollo will be deleted."), _swal("Apollo will be deleted.") + "<p role=status>Saved 2 minutes ago</p>",
     "Yes, delete it!", "confirm"),  # the same question, the page's data around it
    (_swal("You will be signed out in 59 seconds.", "Still there?", "Stay signed in"),
     _swal("You will be signed out in 41 seconds.", "Still there?", "Stay signed in"), "Stay signed in",
     "confirm"),  # a countdown, for a control without consequences
    (_confirm("Delete Apollo?", "mui"), _icon(_confirm("Delete Apollo?", "mui"), "inside"), "Delete", "delete"),
    (_ant("Delete Apollo?"), _ant("Delete Apollo?", icon=True), "Delete", "delete"),  # an icon in its title
    (_chakra_asks("Delete Apollo?"), _chakra(True, "Good afternoon"), "Delete", "delete"),  # the page's greeting
    (_confirm("Delete Apollo?", "unnamed"), _icon(_confirm("Delete Apollo?", "unnamed"), "before"), "Delete", "delete"),
], ids=["name-dropped", "slotted", "label-dropped", "body-heading-kept", "question-grew", "native-in-section",
        "unnamed-both", "slotted-both", "unnamed-question-grew", "unnamed-then-named-otherwise",
        "named-question-grew", "label-kept", "native-unnamed-in-section", "button-says-its-label",
        "chakra-header-question-grew", "ant-div-title-question-grew", "vuetify-div-title",
        "bootstrap5-div-title-asks-another", "swal-description", "swal-description-count", "count-set-apart",
        "shoelace-slotted-label", "ligature-before-heading", "badge-before-heading", "prefix-in-its-paragraph",
        "title-past-its-cut", "description-past-its-cut", "description-undeclared", "count-alone",
        "question-then-heading", "caption-asks-over-record", "slotted-span-title", "description-late",
        "swal-description-reworded", "date-picker-name-gone", "line-before-heading",
        "icon-before-title",
        "name-dropped-same-title", "slotted-same-title", "label-dropped-same-title", "named-now",
        "native-in-section-same-title", "profile-data", "chakra-greeting", "bootstrap3-close-before-title",
        "bootstrap5-title-div", "date-picker-day", "choices-under-first-line",
        "settings-group-gone",
        "unnamed-both-same-title", "slotted-both-same-title", "unnamed-count-no-consequence", "unnamed-profile-data",
        "unnamed-chakra-greeting", "label-kept-same-title", "native-unnamed-in-section-same-title",
        "icon-in-title", "vuetify-same-title", "swal-same-question", "swal-countdown", "icon-in-named-title",
        "ant-icon-in-title", "chakra-header-greeting", "icon-before-title-same"])
def test_a_dialog_is_the_recorded_one_only_while_its_title_asks_the_same(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, old: str, new: str, button: str,
        outcome: str | None) -> None:
    site = site_factory({"old.html": PAGE.format(body=PROJECTS) + old, "new.html": PAGE.format(body=PROJECTS) + new})
    role = "checkbox" if button == "Email me" else "button"
    script = [{"tool": "click", "target": {"role": role, "name": button}}, {"tool": "done"}]
    if outcome is None:
        asks = r"its dialog's (title|description) '[^']+' (became '[^']+'|is gone)|it is in '[^']+', and the recorded"
        with pytest.raises(ReplayError, match=asks):  # another question, or another section: a dialog named so
            record_then_replay(page, site, tmp_path, script, "confirm deleting Apollo")
        assert used(page) == []  # every project is never deleted for Apollo
        return
    ctx = record_then_replay(page, site, tmp_path, script, "confirm deleting Apollo")
    assert used(page) == [outcome] and ctx.figures.model_calls == 0


@pytest.mark.parametrize(("old", "new", "button", "through_gate"), [
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete Apollo?", "unnamed", "<p>Its 3 tasks go too.</p>"), "Delete",
     True),  # the page reads the recorded hash
    (_confirm("Delete Apollo?", "unnamed"), _confirm("Delete Apollo?", None), "Delete",
     True),  # a web component's now, its title slotted: read as Playwright walks it
    (_confirm("Notifications", "unnamed", button="Close"), _confirm("Notifications (3)", "unnamed", button="Close"),
     "Close", False),  # a count, for a control without consequences: the full path's rule sets it aside
    (_swal("Apollo will be deleted."), _swal("Apollo will be deleted.") + "<p>Saved</p>", "Yes, delete it!",
     True),  # a control with consequences: the page reads its dialog's description into the recorded hash
])
def test_the_gate_holds_an_element_of_a_dialog_named_nowhere_to_its_title_as_it_reads(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, old: str, new: str, button: str,
        through_gate: bool) -> None:
    site = site_factory({"old.html": PAGE.format(body=PROJECTS) + old, "new.html": PAGE.format(body=PROJECTS) + new})
    script = [{"tool": "click", "target": {"role": "button", "name": button}}, {"tool": "done"}]
    ctx = record_then_replay(page, site, tmp_path, script, "confirm deleting Apollo")
    assert used(page) == [{"Yes, delete it!": "confirm"}.get(button, button.lower())]
    assert (ctx.figures.gate_hits, ctx.figures.gate_misses) == ((1, 0) if through_gate else (0, 1))


def _reused(second: str) -> str:  # one <dialog> for every confirm, its title written by the script that opens it
    return ('<button onclick="ask()">Delete Apollo</button><dialog id="confirm"><h2 id="confirm-title"></h2><p>This '
            'cannot be undone.</p><form method="dialog"><button onclick="used(\'cancel\')">Cancel</button><button '
            'onclick="used(\'delete\')">Delete</button></form></dialog><script>let asked = 0; function ask() { asked++; '
            "document.getElementById('confirm-title').textContent = asked === 1 ? 'Delete Apollo?' : "
            f"'{second}'; document.getElementById('confirm').showModal(); }}</script>")


@pytest.mark.parametrize(("second", "outcome"), [("Delete all projects?", None), ("Delete Apollo?", "delete")])
def test_a_dialog_whose_title_a_script_rewrote_is_read_anew_by_the_gate(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, second: str,
        outcome: str | None) -> None:
    site = site_factory({"old.html": PAGE.format(body=PROJECTS + _reused("Delete Apollo?")),
                         "new.html": PAGE.format(body=PROJECTS + _reused(second))})
    script = [{"tool": "click", "target": {"role": "button", "name": name}}
              for name in ("Delete Apollo", "Cancel", "Delete Apollo", "Delete")] + [{"tool": "done"}]
    if outcome is None:
        with pytest.raises(ReplayError, match=r"title 'Delete Apollo\?' became 'Delete all projects\?'"):
            record_then_replay(page, site, tmp_path, script, "cancel deleting Apollo once, then confirm it")
        assert used(page) == ["cancel"]  # the same dialog, asking another question the second time: not confirmed
        return
    ctx = record_then_replay(page, site, tmp_path, script, "cancel deleting Apollo once, then confirm it")
    assert used(page) == ["cancel", "delete"] and ctx.figures.gate_misses == 0
