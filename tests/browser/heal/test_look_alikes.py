"""Fields and row controls told apart by what is around them: the heading above look-alikes, a radio's group, a
section still there, the row the step names.

Forms as Tailwind UI, MUI and server-rendered form builders write them: address cards headed by an ``h3`` (no
fieldset), React ``useId`` ids (``:r1:``) that a re-order hands to another field, ``role=radiogroup`` named by
``aria-labelledby``, settings lists of switches under headings, fieldsets whose legends hold one another's words.
Each trap is a release on which the recorded field is gone and one like it is left elsewhere (replay must go red,
the page logging no input); each twin, one on which it is still there, moved or renamed (green, zero model calls).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_lumen.errors import ReplayError
from tests.browser.inprocess import record_then_replay

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title></head><body>
<script>window.__used = []; function used(what) {{ window.__used.push(what); }}</script><main>{body}</main></body></html>"""


def _outcome(page: Any, site: Any, root: Path, script: list[dict[str, Any]], instruction: str) -> tuple[str, list[str]]:
    """("green" or "red", what the page logged) of ``_replay``."""
    try:
        record_then_replay(page, site, root, [*script, {"tool": "done"}], instruction)
        outcome = "green"
    except ReplayError:
        outcome = "red"
    return outcome, list(page.evaluate("window.__used"))


def _card(title: str, prefix: str, ids: str = "") -> str:
    """An address card as Tailwind UI renders one: a heading, no fieldset; ``ids``: React's useId ids instead."""
    fid = ids or f"{prefix}-street"
    return (f'<div class="rounded-lg border p-6"><h3 class="text-lg font-medium">{title}</h3><div class="mt-4 grid">'
            f'<div class="col-span-6"><label for="{fid}" class="block text-sm">Street address</label><input id="{fid}" '
            f'name="{prefix}_street" oninput="used(\'{prefix}-street\')"></div></div></div>')


SHIPPING_STREET = [{"tool": "fill", "target": {"role": "textbox", "name": "Street address", "nth": 0},
                    "input": {"value": "1 Main St"}}]


@pytest.mark.parametrize("release", ["shipping-card-removed", "cards-reordered", "use-id-cards-reordered"])
def test_a_look_alike_is_the_one_under_its_heading(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                  tmp_path: Path, release: str) -> None:
    if release == "use-id-cards-reordered":  # twin: React's useId ids follow the order, the heading the card
        old = _card("Shipping address", "shipping", ":r1:") + _card("Billing address", "billing", ":r2:")
        new = _card("Billing address", "billing", ":r1:") + _card("Shipping address", "shipping", ":r2:")
    else:
        old = _card("Shipping address", "shipping") + _card("Billing address", "billing")
        new = _card("Billing address", "billing") + ("" if release == "shipping-card-removed" else
                                                    _card("Shipping address", "shipping"))
    site = site_factory({"old.html": PAGE.format(body=f"<form>{old}</form>"),
                         "new.html": PAGE.format(body=f"<form>{new}</form>")})
    outcome, used = _outcome(page, site, tmp_path, SHIPPING_STREET, "type 1 Main St as the shipping street")
    if release == "shipping-card-removed":  # trap: "we ship to your billing address"; the billing card's is not it
        assert (outcome, used) == ("red", [])
    elif release == "use-id-cards-reordered":
        # the recorded place and id now belong to the billing card's field: never typed in (the gate passed it, green,
        # before the heading told look-alikes apart); the shipping card's, like the billing one by place and id, is
        # not healed onto yet (red)
        assert used in ([], ["shipping-street"]) and (outcome == "green") == bool(used)
    else:
        assert (outcome, used) == ("green", ["shipping-street"])


def _radiogroup(question: str, name: str) -> str:
    qid = f"q-{name}"
    return (f'<div role="radiogroup" aria-labelledby="{qid}" class="space-y-2"><p id="{qid}">{question}</p>'
            f'<label><input type="radio" name="{name}" onchange="used(\'{name}-yes\')"> Yes</label>'
            f'<label><input type="radio" name="{name}" onchange="used(\'{name}-no\')"> No</label></div>')


@pytest.mark.parametrize("release", ["smoking-question-removed", "questions-reordered"])
def test_a_radio_is_the_one_of_its_named_group(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                              tmp_path: Path, release: str) -> None:
    smoke, surgery = _radiogroup("Do you smoke?", "smoker"), _radiogroup("Have you had surgery this year?", "surgery")
    new = surgery if release == "smoking-question-removed" else surgery + smoke
    site = site_factory({"old.html": PAGE.format(body=f"<form>{smoke}{surgery}</form>"),
                         "new.html": PAGE.format(body=f"<form>{new}</form>")})
    yes = [{"tool": "check", "target": {"role": "radio", "name": "Yes", "nth": 0}}]
    outcome, used = _outcome(page, site, tmp_path, yes, "answer yes to smoking")
    assert (outcome, used) == (("red", []) if release == "smoking-question-removed" else ("green", ["smoker-yes"]))


def _question(question: str, name: str, legend: bool = False) -> str:
    """A yes/no question as a Tailwind or Bootstrap form writes one: the question a paragraph (or a fieldset's legend),
    the radios named by the field they answer."""
    radios = (f'<div class="flex gap-4"><label><input type="radio" name="{name}" value="yes" '
              f'onchange="used(\'{name}-yes\')"> Yes</label><label><input type="radio" name="{name}" value="no" '
              f'onchange="used(\'{name}-no\')"> No</label></div>')
    if legend:
        return f'<fieldset class="mb-4"><legend>{question}</legend>{radios}</fieldset>'
    return f'<div class="mb-4"><p class="font-medium">{question}</p>{radios}</div>'


@pytest.mark.parametrize("release", ["smoking-question-removed", "question-reworded", "renamed-in-its-fieldset"])
def test_a_radio_is_the_one_of_its_group(page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path,
                                         release: str) -> None:
    legend = release == "renamed-in-its-fieldset"
    old = _question("Do you smoke?", "smoker", legend) + _question("Have you had surgery this year?", "surgery", legend)
    new = {"smoking-question-removed": _question("Have you had surgery this year?", "surgery"),
           "question-reworded": _question("Do you currently smoke or vape?", "smoker")
           + _question("Have you had surgery this year?", "surgery"),
           "renamed-in-its-fieldset": _question("Do you smoke?", "is_smoker", legend)
           + _question("Have you had surgery this year?", "had_surgery", legend)}[release]
    site = site_factory({"old.html": PAGE.format(body=f"<h1>Health questions</h1><form>{old}</form>"),
                         "new.html": PAGE.format(body=f"<h1>Health questions</h1><form>{new}</form>")})
    yes = [{"tool": "check", "target": {"role": "radio", "name": "Yes", "nth": 0}}]
    outcome, used = _outcome(page, site, tmp_path, yes, "answer yes to smoking")
    if release == "smoking-question-removed":  # trap: the questionnaire drops it; the surgery question's Yes is not it
        assert (outcome, used) == ("red", [])
    else:
        assert (outcome, used) == ("green", ["is_smoker-yes" if legend else "smoker-yes"])


# MUI's layout of a row radio group: the labels are flex items, which no whitespace in the markup separates.
MUI_CSS = ("<style>.MuiFormControl-root{display:inline-flex;flex-direction:column}.MuiFormGroup-root{display:flex;"
           "flex-flow:row wrap}.MuiFormControlLabel-root{display:inline-flex;align-items:center}</style>")


def _mui_question(question: str, name: str, group_role: bool) -> str:
    """A yes/no question as MUI renders one: a ``FormLabel`` not tied to its group, the radios named by React's
    ``useId`` (``:r1:``, handed out in render order), generated class names; ``group_role``: the group's unnamed
    ``role=radiogroup``."""
    role = ' role="radiogroup"' if group_role else ""
    radio = ('<label class="MuiFormControlLabel-root css-1jaw3da"><span class="MuiRadio-root css-vqmohf">'
             f'<input class="PrivateSwitchBase-input css-1m9pwf3" type="radio" name="{name}" value="{{v}}" '
             f'onchange="used(\'{question} {{v}}\')"></span><span class="MuiTypography-root css-9l3uo3">{{label}}</span></label>')
    return (f'<div class="MuiFormControl-root css-13sljp9"><label class="MuiFormLabel-root css-u4p24i">{question}</label>'
            f'<div class="MuiFormGroup-root css-dmmspl"{role}>{radio.format(v="yes", label="Yes")}'
            f'{radio.format(v="no", label="No")}</div></div>')


@pytest.mark.parametrize("group_role", [False, True], ids=["div", "radiogroup"])
@pytest.mark.parametrize("release", ["smoking-question-removed", "questions-reordered"])
def test_a_radio_whose_group_has_a_generated_name_is_the_one_of_its_question(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str, group_role: bool) -> None:
    smoke, surgery = "Do you smoke?", "Have you had surgery this year?"
    old = _mui_question(smoke, ":r1:", group_role) + _mui_question(surgery, ":r2:", group_role)
    new = _mui_question(surgery, ":r1:", group_role) + (
        "" if release == "smoking-question-removed" else _mui_question(smoke, ":r2:", group_role))
    site = site_factory({"old.html": PAGE.format(body=f"{MUI_CSS}<h1>Health questions</h1><form>{old}</form>"),
                         "new.html": PAGE.format(body=f"{MUI_CSS}<h1>Health questions</h1><form>{new}</form>")})
    yes = [{"tool": "check", "target": {"role": "radio", "name": "Yes", "nth": 0}}]
    outcome, used = _outcome(page, site, tmp_path, yes, "answer yes to smoking")
    if release == "smoking-question-removed":  # trap: the surgery question took the recorded one's place and id
        assert (outcome, used) == ("red", [])
    else:  # twin: the ids follow the order, the question the radio
        assert (outcome, used) == ("green", ["Do you smoke? yes"])


def _switches(title: str, prefix: str) -> str:
    items = "".join(f'<li class="flex justify-between"><span id="{prefix}-{k}">{label}</span><button type="button" '
                    f'role="switch" aria-checked="false" aria-labelledby="{prefix}-{k}" onclick="used(\'{prefix}-{k}\')">'
                    f'<span class="sr-only">Toggle</span></button></li>' for k, label in (("comments", "Comments"),
                                                                                           ("mentions", "Mentions")))
    return f'<div><h2>{title}</h2><ul role="list">{items}</ul></div>'


@pytest.mark.parametrize("release", ["push-group-removed", "groups-reordered"])
def test_a_switch_of_a_list_the_page_holds_twice_is_the_one_under_its_heading(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    email, push = _switches("Email notifications", "email"), _switches("Push notifications", "push")
    new = email if release == "push-group-removed" else push + email
    site = site_factory({"old.html": PAGE.format(body=email + push), "new.html": PAGE.format(body=new)})
    script = [{"tool": "click", "target": {"role": "switch", "name": "Comments", "nth": 1}}]
    outcome, used = _outcome(page, site, tmp_path, script, "turn on push notifications for comments")
    assert (outcome, used) == (("red", []) if release == "push-group-removed" else ("green", ["push-comments"]))


def _fieldset(legend: str, fields: str) -> str:
    return f'<fieldset><legend>{legend}</legend>{fields}</fieldset>'


def _field(label: str, fid: str, name: str = "") -> str:
    return (f'<div class="mb-3"><label for="{fid}">{label}</label><input id="{fid}" name="patient[{name or fid}]" '
            f'oninput="used(\'{fid}\')"></div>')


@pytest.mark.parametrize("release", ["phone-moved-to-emergency-contacts", "section-renamed"])
def test_a_section_whose_name_holds_more_words_is_another_while_the_recorded_one_is_there(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    old = _fieldset("Contact details", _field("Email", "email") + _field("Phone", "phone"))
    if release == "phone-moved-to-emergency-contacts":  # trap: the patient's phone is gone; an emergency contact's is not it
        new = _fieldset("Contact details", _field("Email", "email")) + \
            _fieldset("Emergency contact details", _field("Name", "ec_name") + _field("Phone", "ec_phone"))
    else:  # twin: the section's name lost a word
        new = _fieldset("Contact", _field("Email", "email") + _field("Phone", "phone"))
    site = site_factory({"old.html": PAGE.format(body=f"<form>{old}</form>"),
                         "new.html": PAGE.format(body=f"<form>{new}</form>")})
    script = [{"tool": "fill", "target": {"role": "textbox", "name": "Phone"}, "input": {"value": "555 0100"}}]
    outcome, used = _outcome(page, site, tmp_path, script, "type my phone")
    assert (outcome, used) == (("red", []) if release == "phone-moved-to-emergency-contacts" else ("green", ["phone"]))


def _signup(*fields: str) -> str:
    return f'<form action="/signup" method="post"><h1>Create your account</h1>{"".join(fields)}<button>Continue</button></form>'


@pytest.mark.parametrize("release", ["name-to-company-name", "code-to-promo-code", "name-to-full-name"])
def test_a_field_whose_name_gained_words_is_it_only_when_its_identifiers_say_so(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    email = _field("Email", "email")
    recorded, new = {
        "name-to-company-name": (("Name", "name"), _field("Company name", "company")),  # trap: a B2B signup
        "code-to-promo-code": (("Code", "code"), _field("Promo code", "promo")),  # trap: the one-time code dropped
        "name-to-full-name": (("Name", "name"), _field("Full name", "full", "name")),  # twin: its name attribute kept
    }[release]
    site = site_factory({"old.html": PAGE.format(body=_signup(_field(*recorded), email)),
                         "new.html": PAGE.format(body=_signup(new, email))})
    script = [{"tool": "fill", "target": {"role": "textbox", "name": recorded[0]}, "input": {"value": "Ada"}}]
    outcome, used = _outcome(page, site, tmp_path, script, "fill it in")
    assert (outcome, used) == (("green", ["full"]) if release == "name-to-full-name" else ("red", []))


def _delivery(*options: tuple[str, str]) -> str:
    radios = "".join(f'<div class="form-check"><input class="form-check-input" type="radio" name="order[delivery]" '
                     f'id="{oid}" onchange="used(\'{oid}\')"><label class="form-check-label" for="{oid}">{label}</label></div>'
                     for oid, label in options)
    return f'<form aria-label="Checkout"><fieldset><legend>Delivery</legend>{radios}</fieldset></form>'


@pytest.mark.parametrize("release", ["express-gone", "ids-renamed"])
def test_a_choice_whose_label_gained_words_is_another_choice(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path, release: str) -> None:
    old = _delivery(("standard", "Standard"), ("express", "Express"))
    new = _delivery(("standard", "Standard"), ("express_locker", "Express locker pickup")) if release == "express-gone" \
        else _delivery(("delivery_standard", "Standard"), ("delivery_express", "Express"))
    site = site_factory({"old.html": PAGE.format(body=old), "new.html": PAGE.format(body=new)})
    script = [{"tool": "check", "target": {"role": "radio", "name": "Express"}}]
    outcome, used = _outcome(page, site, tmp_path, script, "choose express delivery")
    assert (outcome, used) == (("red", []) if release == "express-gone" else ("green", ["delivery_express"]))


def _product_row(name: str, key: str, linked: bool) -> str:
    """A Bootstrap admin table's row: the product's name (a link to it, or plain text once the row opens a drawer),
    its price, and its Edit and Delete buttons side by side in one cell."""
    cell = f'<a href="/products/{key}">{name}</a>' if linked else name
    return (f'<tr><td>{cell}</td><td>$4.00</td><td><button class="btn btn-sm btn-outline-secondary" '
            f'onclick="used(\'edit-{key}\')">Edit</button><button class="btn btn-sm btn-outline-danger" '
            f'onclick="used(\'delete-{key}\')">Delete</button></td></tr>')


@pytest.mark.parametrize("release", ["names-no-longer-links", "red-mug-removed"])
def test_a_row_control_is_the_one_of_the_row_the_step_names(page: Any, site_factory: Callable[[dict[str, str]], Any],
                                                           tmp_path: Path, release: str) -> None:
    def products(*rows: str) -> str:
        return PAGE.format(body=f'<h1>Products</h1><table class="table"><tbody>{"".join(rows)}</tbody></table>')

    old = products(_product_row("Green plate", "g", True), _product_row("Red mug", "r", True))
    new = products(_product_row("Green plate", "g", False), *(
        [_product_row("Red mug", "r", False)] if release == "names-no-longer-links" else []))
    site = site_factory({"old.html": old, "new.html": new})
    delete = [{"tool": "click", "target": {"role": "button", "name": "Delete", "nth": 1}}]
    outcome, used = _outcome(page, site, tmp_path, delete, "delete the Red mug")
    if release == "red-mug-removed":  # trap: the Green plate's Delete, as alike as can be, is another row's
        assert (outcome, used) == ("red", [])
    else:  # twin: the row keyed by its plain name is the row, and the other row's Delete no rival of its own
        assert (outcome, used) == ("green", ["delete-r"])
