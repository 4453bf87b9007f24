"""What a fingerprint captures on a real page (pytest_lumen.page.fingerprint): landmark roles, native dialogs,
the text around an element."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.cache.model import Fingerprint
from pytest_lumen.heal.likeness import name_or_text
from pytest_lumen.page.fingerprint import capture, scan, scan_selector

LANDMARKS = """
<header><nav aria-label="Main"><a href="/">Shop</a></nav></header>
<main><section aria-label="Offers"><p>Sale</p></section><section><p>plain</p></section>
  <aside aria-labelledby="t"><h2 id="t">Summary</h2></aside><form aria-label="Pay"><input></form></main>
<footer><p>Kettle</p></footer>
<dialog open aria-label="Confirm your order"><button>Confirm order</button></dialog>
"""


@pytest.mark.parametrize(("selector", "role", "name"), [
    ("header", "banner", None), ("nav", "navigation", "Main"), ("main", "main", None),
    ("section[aria-label]", "region", "Offers"), ("section:not([aria-label])", None, None),
    ("aside", "complementary", "Summary"), ("form", "form", "Pay"), ("footer", "contentinfo", None),
    ("dialog", "dialog", "Confirm your order"),
])
def test_landmarks_and_native_dialogs_have_their_roles(page: Any, selector: str, role: str, name: str) -> None:
    page.set_content(LANDMARKS)
    fp = capture(page.locator(selector))
    assert (fp.role, fp.name) == (role, name)  # Playwright's own: a section without a name is no region
    assert name_or_text(fp) == (name or fp.text)


def test_a_scan_for_a_dialog_includes_native_dialogs(page: Any) -> None:
    page.set_content(LANDMARKS)
    recorded = Fingerprint(tag="div", role="dialog", name="Confirm your order")
    assert [c.fingerprint.tag for c in scan(page, scan_selector(recorded)) if c.fingerprint.role == "dialog"] == ["dialog"]


# A list's footer as Tabler (sqladmin's admin) renders it: the search's reset button and the pager's links turned off
# by CSS take no pointer events, so Playwright's AI snapshot shows them with no ref; a link set back to take them does.
TURNED_OFF = """<style>.btn:disabled, .page-item.disabled .page-link { pointer-events: none; }</style>
<div class="card"><div class="card-header"><input class="form-control" aria-label="Search: name">
<button id="search-reset" class="btn" type="button" disabled><i class="fa-solid fa-times"></i></button></div>
<div class="card-footer"><p class="m-0 text-muted">Showing <span>1</span> to <span>4</span> of <span>4</span> items</p>
<ul class="pagination"><li class="page-item disabled"><a class="page-link" href="#">prev</a></li>
<li class="page-item active"><a class="page-link" href="?page=1">1</a></li>
<li class="page-item disabled"><a class="page-link" href="#" style="pointer-events: auto">next</a></li></ul>
<span class="hint" tabindex="0">Sorted by name</span></div></div>"""


def test_a_scan_leaves_out_a_control_that_takes_no_pointer_events_and_keeps_the_text(page: Any) -> None:
    page.set_content(TURNED_OFF)
    assert "ref=" not in page.locator("#search-reset").aria_snapshot(mode="ai")  # what the page makes Playwright do
    found = {(c.fingerprint.tag, c.fingerprint.text or c.fingerprint.classes): c.fingerprint.role
             for c in scan(page, "button, a[href], p, span.hint")}
    assert found == {("a", "1"): "link", ("a", "next"): "link", ("p", "Showing 1 to 4 of 4 items"): "paragraph",
                     ("span", "Sorted by name"): None}  # a focusable span the snapshot shows as text: it takes clicks


def test_the_text_around_an_element_reaches_past_a_lone_price_or_its_own_label(page: Any) -> None:
    page.set_content("""
      <li><div><h3>Blue Mug</h3><p>Stoneware</p><div class="foot"><span>$12.50</span> <button id="add">Add to cart</button></div></div></li>
      <ul><li><h3>Red Mug</h3><p>$11.00</p><div class="qty"><button>−</button> <input id="qty" type="number" aria-label="Quantity"> <button>+</button></div></li></ul>
      <div><p><span>Reject</span> <button id="accept">Accept</button></p><p>We use cookies to run this shop</p></div>
      <form><div><label for="f">Full name</label><input id="f"></div><p>Delivery details</p></form>
      <div><span>Blue mug $12.00</span> <button id="plain">Add</button></div>""")  # noqa: E501 - page markup: a line of it is test data
    assert capture(page.locator("#add")).context == "Blue Mug Stoneware $12.50"
    assert capture(page.locator("#qty")).context == "Red Mug $11.00 − +"
    assert capture(page.locator("#f")).context == "Full name Delivery details"  # not only its own label
    assert capture(page.locator("#accept")).context == "Reject"  # a word of its own: the nearest text is enough
    assert capture(page.locator("#plain")).context == "Blue mug $12.00"


CART_LINES = """
<ul class="css-1q2w3e">
  <li class="line"><div>Blue Mug</div><div>$12.50 each</div>
    <div class="stepper"><button aria-label="Decrease">−</button> <input type="number" aria-label="Quantity"> <button aria-label="Increase">+</button></div>
    <button class="line__remove" aria-label="Remove">×</button></li>
  <li class="line"><div>Red Mug</div><div>$11.00 each</div>
    <div class="stepper"><button aria-label="Decrease">−</button> <input type="number" aria-label="Quantity"> <button aria-label="Increase">+</button></div>
    <button class="line__remove" aria-label="Remove" id="remove-red">×</button></li>
</ul>
<table><tbody>
  <tr><td>Blue Mug</td><td>$12.50</td><td><button>Remove</button></td></tr>
  <tr><td>Red Mug</td><td>$11.00</td><td><button id="remove-row">Remove</button></td></tr>
</tbody></table>"""  # noqa: E501 - page markup: a line of it is test data


def test_a_row_control_is_known_by_its_row_even_when_the_row_holds_other_buttons(page: Any) -> None:
    """A cart line's "×" shares its line with "−" and "+": its context is still the line's text (its
    product), never empty, and never the whole list's; a table cell is no row of its own."""
    page.set_content(CART_LINES)
    assert capture(page.locator("#remove-red")).context == "Red Mug $11.00 each − +"
    assert capture(page.locator("#remove-row")).context == "Red Mug $11.00"


QUESTIONS = """<form>
<div><p>Do you smoke?</p><label><input type="radio" name="smoker" id="smoke"> Yes</label>
  <label><input type="radio" name="smoker"> No</label></div>
<div><label>Have you had surgery?</label><div><label><input type="radio" name=":r2:" id="surgery"><span>Yes</span></label><label><input type="radio" name=":r2:"><span>No</span></label></div></div>
<div><span>Pets allowed?</span><div role="radiogroup"><div role="radio" id="pets" aria-checked="false">Yes</div><div role="radio" aria-checked="false">No</div></div></div>
<table><tr><td>Home</td><td>1 Main St</td><td><input type="radio" name="default" id="home" aria-label="Default"></td></tr>
<tr><td>Work</td><td>9 Dock Rd</td><td><input type="radio" name="default" aria-label="Default"></td></tr></table>
</form>
<div><p>Send me the newsletter?</p><label><input type="radio" name="news" id="news"> Yes</label><label><input type="radio" name="news"> No</label></div>"""  # noqa: E501 - page markup: a line of it is test data


def test_a_radios_context_is_the_question_its_group_answers(page: Any) -> None:
    """A radio's group is one control: its context is the text around the group (its own text aside, as any
    element's), not its own label, whether the labels are spaced (Bootstrap), run together as flex items (MUI) or
    ARIA radios, in a form or in none; a radio of a group that spans table rows is still known by its row."""
    page.set_content(QUESTIONS)
    assert capture(page.locator("#smoke")).context == "Do you smoke? Yes No"
    assert capture(page.locator("#surgery")).context == "Have you had surgery? YesNo"
    assert capture(page.locator("#pets")).context == "Pets allowed? No"
    assert capture(page.locator("#home")).context == "Home 1 Main St"
    assert capture(page.locator("#news")).context == "Send me the newsletter? Yes No"  # a group in no form


def test_a_link_to_its_own_site_is_kept_origin_relative(page: Any, site_factory: Any) -> None:
    # an admin writes its links absolute (url_for): replayed on another port, the same link must read the same
    site = site_factory({"index.html": "<p>x</p>"})
    page.goto(site.url + "/index.html")
    page.set_content(f'<a href="{site.url}/admin/edit/3?next=%2F#top">Edit</a> <a href="https://example.org/docs">Docs</a>'
                     '<a href="edit/4">Edit 4</a>')
    assert capture(page.get_by_role("link", name="Edit", exact=True)).href == "/admin/edit/3?next=%2F#top"
    assert capture(page.get_by_role("link", name="Docs")).href == "https://example.org/docs"  # another site: as written
    assert capture(page.get_by_role("link", name="Edit 4")).href == "edit/4"  # relative: as written


# A dialog's title as frameworks render it: named by a div (Ant Design), a <header> (Chakra), a heading (MUI), a
# caption naming a date picker, or not named at all: the heading it shows first, else the block of its first text (a
# div, Vuetify's; a paragraph that asks; the line beside its controls or over a list of choices) with the heading right
# after it (a caption over the day, an icon font's ligature, a "last saved" line); an icon font's ligature hidden from
# assistive technology inside the title, which no name reads.
HIDDEN_ICON = '<span class="material-icons" aria-hidden="true">warning</span>'


@pytest.mark.parametrize(("dialog", "title", "within"), [
    ('<div role="dialog" aria-labelledby="t"><div class="ant-modal-title" id="t">Delete Apollo?</div><p>Gone.</p>'
     '<button>Delete</button></div>', "Delete Apollo?", "Delete Apollo?"),
    ('<section role="dialog" aria-labelledby="h"><header id="h">Delete Apollo?</header><button>Delete</button></section>',
     "Delete Apollo?", "Delete Apollo?"),
    (f'<div role="dialog" aria-labelledby="h"><h2 id="h">{HIDDEN_ICON}Delete Apollo?</h2><button>Delete</button></div>',
     "Delete Apollo?", "Delete Apollo?"),
    ('<div role="dialog" aria-labelledby="c"><span id="c">Select date</span><h4>Wed, Mar 5</h4><button>Delete</button>'
     '</div>', "Select date", "Select date"),
    ('<div role="dialog"><span>Select date</span><h4>Wed, Mar 5</h4><button>Delete</button></div>', "Select date Wed, Mar 5",
     None),
    ('<div role="dialog"><i class="material-icons">warning</i><h2>Delete Apollo?</h2><button>Delete</button></div>',
     "warning Delete Apollo?", None),
    ('<div role="dialog"><div class="meta"><span>Last saved 2 minutes ago</span></div><h2>Edit note</h2><button>Delete'
     '</button></div>', "Last saved 2 minutes ago Edit note", None),
    ('<div role="dialog"><div>Choose projects to archive:<ul><li><label><input type="checkbox"> Apollo</label></li></ul>'
     '</div><button>Delete</button></div>', "Choose projects to archive:", None),
    ('<div role="dialog"><p><strong>Warning:</strong> Apollo will be deleted.</p><button>Delete</button></div>',
     "Warning: Apollo will be deleted.", None),
    ('<div role="dialog"><div>Delete <b>Apollo</b>?</div><div>Its tasks go too.</div><button>Delete</button></div>',
     "Delete Apollo?", None),
    ('<div role="dialog"><div class="v-card-title">Delete <b>Apollo</b>?</div><div>Gone.</div><button>Delete</button>'
     '</div>', "Delete Apollo?", None),
    ('<div role="dialog"><button aria-label="Close">\u00d7</button>Delete Apollo? <button>Delete</button></div>',
     "Delete Apollo?", None),
    ('<div role="dialog"><img src="data:," alt=""><button>Delete</button></div>', None, None),
    (f'<div role="dialog">{HIDDEN_ICON}<h2>Delete Apollo?</h2><button>Delete</button></div>', "Delete Apollo?", None),
    ('<div role="dialog" aria-label="Confirm"><h2>Delete Apollo?</h2><button>Delete</button></div>', "Delete Apollo?",
     "Confirm"),
], ids=["ant-div", "chakra-header", "hidden-icon", "date-caption", "unnamed-caption", "ligature-prefix",
    "meta-prefix", "list-of-choices", "prefix-in-paragraph", "blocks-apart", "unnamed-div",
    "text-beside-controls", "no-text", "unnamed-heading", "label"])
def test_a_dialogs_title_is_what_names_it_else_what_it_shows_first(page: Any, dialog: str, title: str | None,
                                                                    within: str | None) -> None:
    page.set_content(dialog)
    fp = capture(page.get_by_role("button", name="Delete"))
    assert (fp.in_dialog, fp.dialog_title, fp.within) == (True, title, within)


@pytest.mark.parametrize(("dialog", "description"), [
    ('<div role="dialog" aria-labelledby="t" aria-describedby="d"><h2 id="t">Are you sure?</h2><div id="d">Apollo '
     '<b>will</b> be deleted.</div><button>Delete</button></div>', "Apollo will be deleted."),
    (f'<div role="dialog" aria-describedby="d"><p id="d">{HIDDEN_ICON}Apollo will be deleted.</p><button>Delete</button>'
     '</div>', "Apollo will be deleted."),
    ('<div role="dialog"><h2>Are you sure?</h2><p>Apollo will be deleted.</p><button>Delete</button></div>', None),
], ids=["swal", "hidden-icon", "none-declared"])
def test_a_dialogs_description_is_what_its_aria_describedby_points_at(page: Any, dialog: str,
                                                                     description: str | None) -> None:
    page.set_content(dialog)
    assert capture(page.get_by_role("button", name="Delete")).dialog_description == description


def test_a_title_read_through_slots_and_past_its_cut(page: Any) -> None:
    page.set_content("<x-panel><span slot=label>Delete Apollo?</span><button>Delete</button></x-panel><script>"
                     "customElements.define('x-panel', class extends HTMLElement { connectedCallback() { this.attachShadow("
                     "{mode: 'open'}).innerHTML = '<div role=dialog aria-labelledby=t><h2 id=t><slot name=label></slot></h2>"
                     "<slot></slot></div>'; } });</script>")
    assert capture(page.get_by_role("button", name="Delete")).dialog_title == "Delete Apollo?"  # innerText reads ''
    page.set_content("<x-bare><span slot=title>Delete Apollo?</span><button>Delete</button></x-bare><script>"
                     "customElements.define('x-bare', class extends HTMLElement { connectedCallback() { this.attachShadow("
                     "{mode: 'open'}).innerHTML = '<div role=dialog><slot name=title></slot><slot></slot></div>'; } });"
                     "</script>")
    assert capture(page.get_by_role("button", name="Delete")).dialog_title == "Delete Apollo?"  # a slot's own text
    long = "Are you sure you want to remove the workspace, its members, its billing history and every file in it: "
    titles = []
    for end in ("Apollo?", "all 6 projects?"):
        page.set_content(f'<div role="dialog"><h2>{long * 2}{end}</h2><button>Delete</button></div>')
        titles.append(capture(page.get_by_role("button", name="Delete")).dialog_title)
    assert titles[0] != titles[1] and all(t.startswith((long * 2)[:120]) for t in titles)

