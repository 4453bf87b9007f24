"""The drift suite's app: a small shop recorded once, then served in drifted variants.

Every element a test may act on carries a ``data-truth`` attribute that no variant changes
and that the plugin never reads (fingerprints and locators ignore it). ``app.js`` logs each
click and each typed field by that attribute into ``localStorage``, so a test can tell
exactly which elements were used: a wrong-element action shows in the log.

A variant is a list of edits on the original files (each ``old`` text must occur exactly as
often as the edit says, so that a variant can never silently equal the original).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tests.support.edits import Edit, apply_edits

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
.site-header { display: flex; justify-content: space-between; align-items: center; padding: 8px 24px; background: #f3f0ea; }
.site-header nav a { margin-left: 16px; }
main { padding: 8px 24px; }
.products { display: flex; gap: 16px; list-style: none; padding: 0; margin: 0; }
.product { border: 1px solid #ccc; border-radius: 6px; padding: 8px 12px; width: 170px; }
.product h3 { margin: 4px 0; font-size: 16px; }
.price { margin: 4px 0; color: #555; }
.cart, .checkout { margin-top: 12px; }
.field { margin: 6px 0; }
.field label { display: inline-block; min-width: 90px; }
button, .button { font: inherit; padding: 4px 10px; border: 1px solid #999; border-radius: 4px; background: #fff; color: #222; text-decoration: none; cursor: pointer; }
.primary { background: #1c5d99; color: #fff; border-color: #1c5d99; }
footer { padding: 8px 24px; font-size: 13px; }
h1 { font-size: 22px; margin: 8px 0; }
h2 { font-size: 18px; margin: 6px 0; }
"""

APP_JS = """
(() => {
  const LOG = 'drift-log';
  const PRICES = {mug: 12, teapot: 25, plate: 8, lid: 3};
  const log = (entry) => {
    const entries = JSON.parse(localStorage.getItem(LOG) || '[]');
    if (!(entry.startsWith('input:') && entries[entries.length - 1] === entry)) entries.push(entry);
    localStorage.setItem(LOG, JSON.stringify(entries));
  };
  document.addEventListener('click', (e) => {
    const el = e.target.closest('[data-truth]');
    log('click:' + (el ? el.dataset.truth : '?' + e.target.tagName.toLowerCase()));
  }, true);
  document.addEventListener('input', (e) => {
    const el = e.target.closest('[data-truth]');
    if (el && el.type !== 'checkbox' && el.type !== 'radio') log('input:' + el.dataset.truth);
  }, true);
  const $ = (hook) => document.querySelector('[data-js=' + hook + ']');
  const cart = () => JSON.parse(localStorage.getItem('cart') || '[]');
  const money = (n) => '$' + n.toFixed(2);
  const total = (items) => items.reduce((sum, sku) => sum + PRICES[sku], 0);
  const render = () => {
    const items = cart();
    if ($('count')) $('count').textContent = items.length + (items.length === 1 ? ' item' : ' items');
    if ($('total')) $('total').textContent = money(total(items));
  };
  const start = () => {
    document.querySelectorAll('[data-sku]').forEach((button) => button.addEventListener('click', (e) => {
      e.preventDefault();
      localStorage.setItem('cart', JSON.stringify([...cart(), button.dataset.sku]));
      render();
      window.dispatchEvent(new Event('cart-changed'));
    }));
    const form = $('checkout');
    if (form) {
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        localStorage.setItem('order', JSON.stringify({email: $('email').value, name: $('name').value, items: cart()}));
        location.href = '/thanks.html';
      });
      document.querySelectorAll('[data-submit]').forEach((link) => link.addEventListener('click', (e) => {
        e.preventDefault();
        form.requestSubmit();
      }));
    }
    const confirmation = $('confirmation');
    if (confirmation) {
      const order = JSON.parse(localStorage.getItem('order') || 'null');
      confirmation.textContent = order
        ? 'Thank you, ' + order.name + '! Your order of ' + order.items.length + ' items totalling ' + money(total(order.items)) + ' is placed.'
        : 'No order was found.';
    }
    render();
  };
  window.startShop = start;
  if (!window.deferShop) start();
})();
"""

HEADER = """<header class="site-header">
  <a class="logo" href="/shop.html" data-truth="nav-logo">Lumen Shop</a>
  <nav aria-label="Main">
    <a href="/shop.html" data-truth="nav-shop">Shop</a>
    <a href="/help.html" data-truth="nav-help">Help</a>
    <a href="/account.html" data-truth="nav-account">My account</a>
  </nav>
</header>"""

SHOP = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Lumen Shop</title><link rel="stylesheet" href="/style.css"></head>
<body>
{HEADER}
<main>
  <h1>Today's picks</h1>
  <section class="catalog" aria-labelledby="catalog-title">
    <h2 id="catalog-title">Products</h2>
    <ul class="products">
      <li class="product"><h3>Blue mug</h3><p class="price">$12.00</p><button class="add" type="button" data-sku="mug" data-truth="add-mug">Add to cart</button></li>
      <li class="product"><h3>Red teapot</h3><p class="price">$25.00</p><button class="add" type="button" data-sku="teapot" data-truth="add-teapot">Add to cart</button></li>
      <li class="product"><h3>Green plate</h3><p class="price">$8.00</p><button class="add" type="button" data-sku="plate" data-truth="add-plate">Add to cart</button></li>
    </ul>
  </section>
  <section class="cart" aria-label="Cart">
    <h2>Your cart</h2>
    <p id="cart-count" data-js="count">0 items</p>
    <p class="total-line">Total: <output id="cart-total" data-testid="cart-total" data-js="total">$0.00</output></p>
  </section>
  <section class="checkout" aria-labelledby="checkout-title">
    <h2 id="checkout-title">Checkout</h2>
    <form id="checkout-form" data-js="checkout">
      <div class="field"><label for="email">Email</label><input id="email" name="email" type="email" placeholder="you@example.com" required data-js="email" data-truth="email"></div>
      <div class="field"><label for="fullname">Full name</label><input id="fullname" name="fullname" autocomplete="name" required data-js="name" data-truth="fullname"></div>
      <div class="field"><label><input type="checkbox" id="terms" name="terms" required data-truth="terms"> I accept the terms</label></div>
      <button type="submit" id="place-order" class="primary" data-testid="place-order" data-truth="place-order">Place order</button>
    </form>
  </section>
</main>
<footer><a href="/help.html#returns" data-truth="footer-returns">Returns</a> · <a href="/help.html#privacy" data-truth="footer-privacy">Privacy</a></footer>
<script src="/app.js"></script>
</body>
</html>
"""

THANKS = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Order placed - Lumen Shop</title><link rel="stylesheet" href="/style.css"></head>
<body>
{HEADER}
<main>
  <h1>Order placed</h1>
  <p id="confirmation" data-js="confirmation">Loading your order...</p>
  <p class="help-line">Questions about your order? <a id="help-link" href="/help.html" data-truth="help-link">Visit the help center</a></p>
</main>
<script src="/app.js"></script>
</body>
</html>
"""

HELP = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Help - Lumen Shop</title><link rel="stylesheet" href="/style.css"></head>
<body>
{HEADER}
<main>
  <h1>Help center</h1>
  <h2 id="returns">Returns</h2><p>Return anything within 30 days.</p>
  <h2 id="privacy">Privacy</h2><p>We keep your data to ourselves.</p>
</main>
<script src="/app.js"></script>
</body>
</html>
"""

ACCOUNT = f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>My account - Lumen Shop</title><link rel="stylesheet" href="/style.css"></head>
<body>
{HEADER}
<main><h1>Sign in to continue</h1><p>Please sign in to place orders.</p></main>
<script src="/app.js"></script>
</body>
</html>
"""

ORIGINAL: dict[str, str] = {
    "shop.html": SHOP,
    "thanks.html": THANKS,
    "help.html": HELP,
    "account.html": ACCOUNT,
    "app.js": APP_JS,
    "style.css": STYLE,
}

# What the recorded test does, by ``data-truth``: its log must be exactly this (overlays aside).
EXPECTED_LOG: tuple[str, ...] = (
    "click:add-mug", "click:add-plate", "input:email", "input:fullname", "click:terms", "click:place-order",
    "click:help-link",
)
BENIGN_PREFIX = "click:dismiss-"  # closing a cookie banner or a pop-up is not acting on the test's elements


def meaningful(log: list[str]) -> list[str]:
    """The log without overlay dismissals."""
    return [entry for entry in log if not entry.startswith(BENIGN_PREFIX)]


def wrong_actions(log: list[str]) -> list[str]:
    """Entries that are not the expected action at their position: an action on a wrong element."""
    used = meaningful(log)
    return [entry for i, entry in enumerate(used) if i >= len(EXPECTED_LOG) or entry != EXPECTED_LOG[i]]


# --- variants -----------------------------------------------------------------------------

Kind = Literal["control", "cosmetic", "model", "regression"]


@dataclass(frozen=True)
class Variant:
    """A drifted copy of the app. ``cosmetic``: the test must still pass with zero tokens;
    ``model``: only a model can tell (it passes in heal mode); ``regression``: the test must fail;
    ``control``: the app as recorded."""

    name: str
    kind: Kind
    summary: str
    edits: tuple[Edit, ...] = field(default_factory=tuple)


def build(variant: Variant) -> dict[str, str]:
    """The variant's files."""
    return apply_edits(variant.name, ORIGINAL, variant.edits)


def _shop(old: str, new: str, count: int = 1) -> Edit:
    return Edit("shop.html", old, new, count)


MUG = '<li class="product"><h3>Blue mug</h3><p class="price">$12.00</p><button class="add" type="button" data-sku="mug" data-truth="add-mug">Add to cart</button></li>'
TEAPOT = '<li class="product"><h3>Red teapot</h3><p class="price">$25.00</p><button class="add" type="button" data-sku="teapot" data-truth="add-teapot">Add to cart</button></li>'
PLATE = '<li class="product"><h3>Green plate</h3><p class="price">$8.00</p><button class="add" type="button" data-sku="plate" data-truth="add-plate">Add to cart</button></li>'
PLACE_ORDER = '<button type="submit" id="place-order" class="primary" data-testid="place-order" data-truth="place-order">Place order</button>'
EMAIL = '<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" placeholder="you@example.com" required data-js="email" data-truth="email"></div>'
FULLNAME = '<div class="field"><label for="fullname">Full name</label><input id="fullname" name="fullname" autocomplete="name" required data-js="name" data-truth="fullname"></div>'
TERMS = '<div class="field"><label><input type="checkbox" id="terms" name="terms" required data-truth="terms"> I accept the terms</label></div>'
HELP_LINK = '<a id="help-link" href="/help.html" data-truth="help-link">Visit the help center</a>'

# A design-system button and a router's link button, as the relabel variants render them.
SUBMIT_PAY_NOW = '<button type="submit" class="btn btn--primary btn--lg" data-truth="place-order">Pay now</button>'
HELP_BUTTON = ('<button type="button" class="link-button" onclick="location.assign(\'/help.html\')" data-truth="help-link">'
               'Visit the help center</button>')

CATALOG_START = '  <section class="catalog" aria-labelledby="catalog-title">'
CHECKOUT_BLOCK = SHOP[SHOP.index('  <section class="checkout"'):SHOP.index("</main>")]
CART_BLOCK = SHOP[SHOP.index('  <section class="cart"'):SHOP.index('  <section class="checkout"')]

RENAME_IDS = (
    _shop('<label for="email">Email</label><input id="email" name="email"', '<label for="contact-email">Email</label><input id="contact-email" name="email"'),
    _shop('<label for="fullname">Full name</label><input id="fullname"', '<label for="customer-name">Full name</label><input id="customer-name"'),
    _shop(' id="terms"', ' id="tos-accept"'),
    _shop('id="place-order" class="primary"', 'id="submit-order" class="btn btn--primary"'),
    _shop(' id="cart-total"', ' id="basket-total"'),
    _shop(' id="cart-count"', ' id="basket-count"'),
    _shop('class="product"', 'class="card card--product"', 3),
    _shop('class="add"', 'class="card__cta"', 3),
    _shop('id="checkout-form"', 'id="order-form"'),
    Edit("style.css", ".product {", ".card--product {"),
    Edit("style.css", ".product h3 {", ".card--product h3 {"),
    Edit("style.css", ".primary {", ".btn--primary {"),
)
NO_TEST_IDS = (
    _shop(' data-testid="place-order"', ''),
    _shop(' data-testid="cart-total"', ''),
)

COSMETIC: tuple[Variant, ...] = (
    Variant("ids_classes_renamed", "cosmetic", "every id and class renamed (test ids kept)", RENAME_IDS),
    Variant("wrappers_added", "cosmetic", "wrapper elements around products, buttons, fields and the form", (
        _shop('<button class="add"', '<div class="actions"><span class="cta"><button class="add"', 3),
        _shop('Add to cart</button></li>', 'Add to cart</button></span></div></li>', 3),
        _shop('<input id="email"', '<div class="control"><input id="email"'),
        _shop('data-truth="email"></div>', 'data-truth="email"></div></div>'),
        _shop('<form id="checkout-form" data-js="checkout">', '<div class="card"><div class="card-body"><form id="checkout-form" data-js="checkout">'),
        _shop('</form>', '</form></div></div>'),
        _shop('<ul class="products">', '<div class="grid"><ul class="products">'),
        _shop('</ul>', '</ul></div>'),
    )),
    Variant("products_reordered", "cosmetic", "the product list in another order", (
        _shop(f"{MUG}\n      {TEAPOT}\n      {PLATE}", f"{PLATE}\n      {TEAPOT}\n      {MUG}"),
    )),
    Variant("sections_moved", "cosmetic", "checkout above the catalog, cart moved into the header", (
        _shop(CHECKOUT_BLOCK, ""),
        _shop(CATALOG_START, CHECKOUT_BLOCK + CATALOG_START),
        _shop(CART_BLOCK, ""),
        _shop("</nav>\n</header>", "</nav>\n" + CART_BLOCK + "</header>"),
    )),
    Variant("labels_reworded", "cosmetic", "field labels and the terms text reworded (the consent in a same-scope synonym)", (
        _shop('>Email</label>', '>E-mail address</label>'),
        _shop('>Full name</label>', '>Name for delivery</label>'),
        _shop(' I accept the terms</label>', ' I agree to the terms</label>'),
    )),
    Variant("buttons_reworded", "cosmetic", "button and link texts reworded", (
        _shop('>Add to cart</button>', '>Add to basket</button>', 3),
        _shop('>Place order</button>', '>Confirm purchase</button>'),
        Edit("thanks.html", '>Visit the help center</a>', '>Open the support page</a>'),
    )),
    Variant("test_ids_removed", "cosmetic", "every data-testid attribute removed", NO_TEST_IDS),
    Variant("cookie_banner", "cosmetic", "a fixed cookie banner over the bottom of every page", tuple(
        Edit(page, "</body>", '<div class="cookie-banner" style="position:fixed;left:0;right:0;bottom:0;height:45%;'
             'background:#333;color:#fff;padding:16px;z-index:10">This shop uses cookies to keep your cart. '
             '<button data-truth="dismiss-cookies" onclick="this.parentElement.remove()">Got it</button></div>\n</body>')
        for page in ("shop.html", "thanks.html"))),
    Variant("newsletter_modal", "cosmetic", "a modal newsletter dialog pops up after the first item is added", (
        _shop("</body>", """<div class="modal-backdrop" hidden style="position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:20">
<div role="dialog" aria-modal="true" aria-labelledby="nl-title" style="background:#fff;margin:120px auto;padding:16px;width:320px">
<h2 id="nl-title">Join our newsletter</h2>
<label for="nl-email">Email</label> <input id="nl-email" type="email" placeholder="you@example.com" data-truth="decoy-newsletter-email">
<button data-truth="decoy-subscribe">Subscribe</button>
<button data-truth="dismiss-modal" onclick="document.querySelector('.modal-backdrop').remove()">No thanks</button>
</div></div>
<script>window.addEventListener('cart-changed', () => { const m = document.querySelector('.modal-backdrop'); if (m) m.hidden = false; }, {once: true});</script>
</body>"""),
    )),
    Variant("decoys_added", "cosmetic", "look-alikes: a blue mug lid, 'Place order by phone', a newsletter Email field, a second help link", (
        _shop(MUG, '<li class="product"><h3>Blue mug lid</h3><p class="price">$3.00</p><button class="add" type="button" data-sku="lid" '
                   'data-truth="decoy-add-lid">Add to cart</button></li>\n      ' + MUG),
        _shop(PLACE_ORDER, PLACE_ORDER + ' <button type="button" class="secondary" data-truth="decoy-phone-order">Place order by phone</button>'),
        _shop("<footer>", '<footer><label for="news-email">Email</label> <input id="news-email" type="email" placeholder="Your email" '
                          'data-truth="decoy-news-email"> '),
        Edit("thanks.html", HELP_LINK, HELP_LINK + ' or <a href="/help.html#returns" data-truth="decoy-help-returns">Visit the help center for returns</a>'),
    )),
    Variant("button_became_link", "cosmetic", "the submit button replaced by a link styled as a button", (
        _shop(PLACE_ORDER, '<a href="/thanks.html" class="button primary" data-submit data-testid="place-order" data-truth="place-order">Place order</a>'),
    )),
    Variant("control_types_changed", "cosmetic", "email input became type=text, add buttons became input type=button", (
        _shop('type="email"', 'type="text" inputmode="email"'),
        _shop('<button class="add" type="button" data-sku="mug" data-truth="add-mug">Add to cart</button>',
              '<input class="add" type="button" data-sku="mug" data-truth="add-mug" value="Add to cart">'),
        _shop('<button class="add" type="button" data-sku="teapot" data-truth="add-teapot">Add to cart</button>',
              '<input class="add" type="button" data-sku="teapot" data-truth="add-teapot" value="Add to cart">'),
        _shop('<button class="add" type="button" data-sku="plate" data-truth="add-plate">Add to cart</button>',
              '<input class="add" type="button" data-sku="plate" data-truth="add-plate" value="Add to cart">'),
    )),
    Variant("field_attributes_stripped", "cosmetic", "fields lose id, placeholder and autocomplete; labels wrap them", (
        _shop(EMAIL, '<div class="field"><label>Email <input name="email" type="email" required data-js="email" data-truth="email"></label></div>'),
        _shop(FULLNAME, '<div class="field"><label>Full name <input name="fullname" required data-js="name" data-truth="fullname"></label></div>'),
        _shop(' id="terms"', ''),
    )),
    Variant("restyled", "cosmetic", "a new stylesheet: products stacked, bigger type, everything moves", (
        Edit("style.css", ".products { display: flex;", ".products { display: block;"),
        Edit("style.css", "body { font-family: system-ui, sans-serif; margin: 0;", "body { font-family: Georgia, serif; font-size: 20px; margin: 0 0 0 240px;"),
        Edit("style.css", ".product { border: 1px solid #ccc; border-radius: 6px; padding: 8px 12px; width: 170px; }",
             ".product { border: 0; border-bottom: 1px solid #ccc; padding: 18px 12px; width: 420px; }"),
    )),
    Variant("late_render", "cosmetic", "the shop renders its products and form 400 ms after load", (
        _shop('<main>', '<main hidden>'),
        _shop('<script src="/app.js"></script>', '<script>window.deferShop = true;</script><script src="/app.js"></script>\n'
              '<script>setTimeout(() => { document.querySelector("main").hidden = false; window.startShop(); }, 400);</script>'),
    )),
    Variant("semantic_markup", "cosmetic", "lists became article grids, h3 became h4, the total an <strong>", (
        _shop('<ul class="products">', '<div class="products" role="list">'),
        _shop('</ul>', '</div>'),
        _shop('<li class="product"><h3>', '<article class="product" role="listitem"><h4>', 3),
        _shop('</h3>', '</h4>', 3),
        _shop('</button></li>', '</button></article>', 3),
        _shop('<output id="cart-total" data-testid="cart-total" data-js="total">$0.00</output>',
              '<strong id="cart-total" data-testid="cart-total" data-js="total">$0.00</strong>'),
    )),
    Variant("redesign", "cosmetic", "ids renamed, test ids removed, wrappers, products reordered and the email label reworded", (
        _shop(f"{MUG}\n      {TEAPOT}\n      {PLATE}", f"{TEAPOT}\n      {PLATE}\n      {MUG}"),
        *RENAME_IDS, *NO_TEST_IDS,
        _shop('<form id="order-form" data-js="checkout">', '<div class="panel"><form id="order-form" data-js="checkout">'),
        _shop('</form>', '</form></div>'),
        _shop('>Email</label>', '>Email address</label>'),
    )),
    # Relabels (issue 15): the words of a control change, its role, place and job do not. Each also loses the id and
    # test id a redesign drops, so that no recorded locator finds it: the heal has to recognise it.
    Variant("fields_relabelled", "cosmetic", "a form library's fields: generated ids, 'Email' reads 'E-mail address', "
            "'Full name' reads 'Recipient' (its autocomplete=name kept), new placeholder and field names", (
        _shop(EMAIL, '<div class="field"><label for=":r1:">E-mail address</label><input id=":r1:" name="contact.email" '
                     'type="email" placeholder="name@domain.com" required data-js="email" data-truth="email"></div>'),
        _shop(FULLNAME, '<div class="field"><label for=":r2:">Recipient</label><input id=":r2:" name="shipping.recipient" '
                        'autocomplete="name" required data-js="name" data-truth="fullname"></div>'),
    )),
    Variant("link_became_button", "cosmetic", "a router renders the help link as a <button> that navigates (same words, no id)",
            (Edit("thanks.html", HELP_LINK, HELP_BUTTON),)),
    Variant("count_in_name", "cosmetic", "the submit button shows the cart's count ('Place order (2 items)'), no id, no test id", (
        _shop(PLACE_ORDER, '<button type="submit" class="primary" data-truth="place-order">Place order '
                           '<span data-js="order-count"></span></button>'),
        Edit("app.js", "    if ($('total'))", "    if ($('order-count')) $('order-count').textContent = '(' + items.length + "
                                             "(items.length === 1 ? ' item)' : ' items)');\n    if ($('total'))"),
    )),
)

MODEL: tuple[Variant, ...] = (
    Variant("submit_relabelled", "model", "a design-system submit button: 'Place order' reads 'Pay now', no id, no test "
            "id: a control that pays is healed by its own words or a same-scope synonym only",
            (_shop(PLACE_ORDER, SUBMIT_PAY_NOW),)),
    Variant("terms_reworded", "model", "the consent to the terms reworded beyond a synonym: a consent is healed by its own "
            "words or a same-scope synonym only", (
        _shop(' I accept the terms</label>', ' I have read and agree to the terms of sale</label>'),
    )),
    Variant("products_renamed", "model", "the blue mug and the green plate renamed: only meaning links old and new", (
        _shop("<h3>Blue mug</h3>", "<h3>Navy coffee cup</h3>"),
        _shop("<h3>Green plate</h3>", "<h3>Dinner dish, sage</h3>"),
        _shop("<h3>Red teapot</h3>", "<h3>Crimson teapot</h3>"),
    )),
)

REGRESSIONS: tuple[Variant, ...] = (
    Variant("mug_removed", "regression", "the blue mug is gone from the catalog (the other products remain)", (
        _shop(MUG + "\n      ", ""),
    )),
    Variant("order_goes_elsewhere", "regression", "Place order now leads to the account page", (
        Edit("app.js", "location.href = '/thanks.html';", "location.href = '/account.html';"),
    )),
    Variant("wrong_total", "regression", "the plate is priced $9 in the cart: the total shows $21.00", (
        Edit("app.js", "plate: 8,", "plate: 9,"),
    )),
    Variant("broken_help_link", "regression", "the help link on the confirmation page points to a missing page", (
        Edit("thanks.html", 'href="/help.html" data-truth="help-link"', 'href="/help-centre.html" data-truth="help-link"'),
    )),
    Variant("submit_disabled", "regression", "the Place order button is disabled", (
        _shop('id="place-order" class="primary"', 'id="place-order" class="primary" disabled'),
    )),
    Variant("place_order_removed", "regression", "Place order is gone; only 'Place order by phone' is left", (
        _shop(PLACE_ORDER, '<button type="button" class="primary" data-truth="decoy-phone-order">Place order by phone</button>'),
    )),
    Variant("confirmation_wrong_name", "regression", "the confirmation thanks the email address instead of the name", (
        Edit("app.js", "'Thank you, ' + order.name", "'Thank you, ' + order.email"),
    )),
    Variant("mug_button_adds_teapot", "regression", "the blue mug's button adds the teapot", (
        _shop('data-sku="mug"', 'data-sku="teapot"'),
    )),
    Variant("relabelled_submit_goes_elsewhere", "regression", "the submit reads 'Pay now' and the order leads to the account page", (
        _shop(PLACE_ORDER, SUBMIT_PAY_NOW),
        Edit("app.js", "location.href = '/thanks.html';", "location.href = '/account.html';"),
    )),
    Variant("two_relabelled_submits", "regression", "'Place order' became two submit buttons of one shape: 'Pay now' and 'Pay later'", (
        _shop(PLACE_ORDER, SUBMIT_PAY_NOW + ' <button type="submit" class="btn btn--primary btn--lg" '
                                            'data-truth="decoy-pay-later">Pay later</button>'),
    )),
    Variant("help_button_does_nothing", "regression", "the help link became a router button whose click goes nowhere", (
        Edit("thanks.html", HELP_LINK, HELP_BUTTON.replace(' onclick="location.assign(\'/help.html\')"', '')),
    )),
    # A removed control with a look-alike neighbour that kept its words (issue 23): replay must fail without
    # acting on the neighbour, which declares another destination, or none (a script's button).
    Variant("help_link_removed_forum_beside", "regression", "the help link is gone; 'Visit the help center forum', "
            "a link to another page, is beside where it was", (
        Edit("thanks.html", HELP_LINK, '<a href="/account.html" data-truth="decoy-help-forum">Visit the help center forum</a>'),
    )),
    Variant("help_link_removed_chat_beside", "regression", "the help link is gone; a 'Visit the help center chat' "
            "button that opens a chat is beside where it was", (
        Edit("thanks.html", HELP_LINK, '<button class="link-button" data-truth="decoy-help-chat" '
             'onclick="document.body.insertAdjacentHTML(\'beforeend\', \'<p>Chat started</p>\')">'
             'Visit the help center chat</button>'),
    )),
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (*COSMETIC, *MODEL, *REGRESSIONS)}
