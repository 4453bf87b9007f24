"""The trap pairs: for each way a release of an ordinary admin app breaks a recorded step, a trap and its twin.

Every pair is one inner test, recorded once on its ``original`` site, then replayed on two releases of it:

* the **trap**, a plausible release on which the recorded step would act wrongly if replay acted before it knew
  (a re-seed gave the recorded row's id to another product, the Delete button now asks to delete everything, an
  option's value now names another category...): replay must go red *at that step*, and the app must log no
  action but those its expected log allows;
* the **twin**, a similar release that changes nothing the step means (another id for the same product, an icon
  button for a text one, a renamed route, a submit whose POST still redirects...): replay must heal it, green,
  with zero tokens.

Each site is the files of its app (``shells.py``: React-admin on MUI, a Rails app on Bootstrap, a music app on
styled-components) and its ``app.json`` (seed data and routes for ``app.py``). A variant is the original with
``Edit``s made (each must find its text), or with whole files replaced. Each variant's expected log says what the
app may log in its run: ``done`` what the run logs when it does the test's work (the twin: the same work as the
original, under the twin's ids; the trap: only the steps before the trap step), ``allowed`` what it may log
besides without harm (the refused confirm the trap's button asked, the dismissal of the twin's promotion).
"""

# ruff: noqa: E501 - whole pages as the apps render them: a line of markup is test data (as tests/drift/pages.py)

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.support.edits import Edit, apply_edits

from .shells import STATIC, admin, app_json, backoffice, icon, tunes

# --- what a run may log ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """What a variant's run may log: ``done``, the test's own work; ``allowed``, what it may log besides."""

    done: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()


def wrong_actions(log: Iterable[str], expected: Expected) -> list[str]:
    """The entries of ``log`` its expected log does not hold (counted: one expected delete allows one delete)."""
    budget = Counter((*expected.done, *expected.allowed))
    wrong = []
    for entry in log:
        if budget[entry] > 0:
            budget[entry] -= 1
        else:
            wrong.append(entry)
    return wrong


def missing(log: Iterable[str], expected: Expected) -> list[str]:
    """The test's own work (``done``) that ``log`` does not show."""
    return list((Counter(expected.done) - Counter(log)).elements())


@dataclass(frozen=True)
class Variant:
    """A release of a pair's app: ``edits`` made to the original's files, then ``files`` put in whole."""

    summary: str
    expected: Expected
    edits: tuple[Edit, ...] = ()
    files: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Pair:
    """A trap class: the user's test on the original app, and the two releases it is replayed on."""

    name: str  # the inner test is test_<name>; its site is sites/<name>/<variant>
    title: str
    test: str  # the inner test's source
    by_hand: str  # the same test done by hand (plain Playwright, knowing the page): the control on original and twin
    bait: str  # what a heal that acts before it knows would do on the trap, done by hand: it must do harm or fail
    script: tuple[dict[str, Any], ...]  # what the stand-in model does when the test is recorded
    trap_step: str  # the sentence of the step that must go red on the trap
    original: dict[str, str]
    original_log: tuple[str, ...]  # what the recording logs (checked: the instrument reads the app right)
    trap: Variant
    twin: Variant
    trap_names: str = ""  # what the trap's failure must name (the question a dialog asked instead), if anything

    def variant(self, name: str) -> Variant | None:
        """The trap or the twin (None: the original)."""
        return {"trap": self.trap, "twin": self.twin}.get(name)

    def expected(self, name: str) -> Expected:
        """What the variant's run may log."""
        found = self.variant(name)
        return Expected(self.original_log) if found is None else found.expected

    def site(self, name: str) -> dict[str, str]:
        """The files of the variant's site (the shared assets included)."""
        found = self.variant(name)
        files = dict(self.original) if found is None else {**apply_edits(f"{self.name}-{name}", self.original,
                                                                          found.edits), **found.files}
        return {**STATIC, **files}


def _step(instruction: str, *actions: dict[str, Any]) -> dict[str, Any]:
    return {"match": f"Step: {instruction}", "actions": [*actions, {"tool": "done"}]}


def _click(role: str, name: str, nth: int = 0) -> dict[str, Any]:
    return {"tool": "click", "target": {"role": role, "name": name, "nth": nth}}


# --- Acme Admin's product list (React-admin's Datagrid), rendered from the seeded data -------------------------

DELETE_BUTTON = ('<button class="MuiButtonBase-root MuiButton-root MuiButton-text MuiButton-textError MuiButton-sizeSmall '
                 'RaDeleteButton-root ra-delete-button css-1r9e5v" tabindex="0" type="button" aria-label="Delete">'
                 '<span class="MuiButton-startIcon MuiButton-iconSizeSmall css-y6rp3m">' + icon("Delete", "Small")
                 + '</span>Delete</button>')
CELL = "MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall RaDatagrid-rowCell"
HEAD = "MuiTableCell-root MuiTableCell-head MuiTableCell-sizeSmall RaDatagrid-headerCell"

PRODUCT_LIST_CONTENT = f"""<div class="RaList-root css-1xqw7fb">
<div class="MuiToolbar-root MuiToolbar-gutters MuiToolbar-regular RaTopToolbar-root css-1xyb2m">
<h1 class="MuiTypography-root MuiTypography-h5 css-1ehr5vl">Products</h1>
<div class="RaTopToolbar-actions">
<a class="MuiButtonBase-root MuiButton-root MuiButton-text MuiButton-textPrimary MuiButton-sizeSmall RaCreateButton-root css-1bv9pv5" tabindex="0" href="/products/create" aria-label="Create">{icon("Add", "Small")}Create</a>
<button class="MuiButtonBase-root MuiButton-root MuiButton-text MuiButton-textPrimary MuiButton-sizeSmall css-1bv9pv5" tabindex="0" type="button" aria-label="Export">{icon("GetApp", "Small")}Export</button>
</div>
</div>
<div class="MuiPaper-root MuiPaper-elevation1 MuiPaper-rounded MuiCard-root RaList-content css-bhp9pd">
<table class="MuiTable-root MuiTable-sizeSmall RaDatagrid-table css-1owb465">
<thead class="MuiTableHead-root RaDatagrid-thead css-1wbz3t9"><tr class="MuiTableRow-root MuiTableRow-head RaDatagrid-row css-1gqug66">
<th class="{HEAD} column-id css-1ug94ja" scope="col">Id</th>
<th class="{HEAD} column-name css-1ug94ja" scope="col">Name</th>
<th class="{HEAD} column-category css-1ug94ja" scope="col">Category</th>
<th class="{HEAD} column-price css-1ug94ja" scope="col">Price</th>
<th class="{HEAD} css-1ug94ja" scope="col"></th>
</tr></thead>
<tbody class="MuiTableBody-root RaDatagrid-tbody css-1xnox0e" id="product-rows"></tbody>
</table>
</div>
</div>"""

PRODUCT_ROW = (f'<td class="{CELL} column-id css-1ex1afd"><a class="MuiTypography-root MuiTypography-inherit MuiLink-root '
               f'MuiLink-underlineAlways RaReferenceField-link css-1xpk4ms" href="/products/${{product.id}}"></a></td>'
               f'<td class="{CELL} column-name css-1ex1afd"><span class="MuiTypography-root MuiTypography-body2 css-1p4nt0b">'
               f'</span></td><td class="{CELL} column-category css-1ex1afd"><span class="MuiTypography-root '
               f'MuiTypography-body2 css-1p4nt0b"></span></td><td class="{CELL} column-price css-1ex1afd"><span '
               f'class="MuiTypography-root MuiTypography-body2 css-1p4nt0b"></span></td>'
               f'<td class="{CELL} css-1ex1afd">{DELETE_BUTTON}</td>')

PRODUCT_LIST_SCRIPT = """const tbody = document.getElementById('product-rows');
let products = seed.products;
const money = (value) => '$' + Number(value).toFixed(2);
function row(product, index) {
  const tr = document.createElement('tr');
  tr.className = 'MuiTableRow-root MuiTableRow-hover RaDatagrid-row ' + (index % 2 ? 'RaDatagrid-rowOdd' : 'RaDatagrid-rowEven')
    + ' RaDatagrid-clickableRow css-1gqug66';
  tr.innerHTML = `@ROW@`;
  const cells = tr.children;
  cells[0].querySelector('a').textContent = product.id;
  cells[1].firstChild.textContent = product.name;
  cells[2].firstChild.textContent = product.category;
  cells[3].firstChild.textContent = money(product.price);
  tr.lastElementChild.querySelector('button').addEventListener('click', (event) => {
    event.stopPropagation();
    remove(product);
  });
  return tr;
}
function render() {
  tbody.replaceChildren(...products.map(row));
}
function forget(product) {
  products = products.filter((other) => other !== product);
  render();
}
@REMOVE@
render();"""

REMOVE_AT_ONCE = """async function remove(product) {
  await api('DELETE', `/api/products/${product.id}`);
  forget(product);
  notify('Product deleted');
}"""


def product_list(remove: str) -> str:
    """Acme Admin's product list, its Delete buttons doing ``remove(product)``."""
    script = PRODUCT_LIST_SCRIPT.replace("@ROW@", PRODUCT_ROW).replace("@REMOVE@", remove)
    return admin("Products", "Products", PRODUCT_LIST_CONTENT, script)


def _products(*rows: tuple[int, str, str, str]) -> list[dict[str, Any]]:
    return [{"id": id_, "name": name, "category": category, "price": price} for id_, name, category, price in rows]


PRODUCTS = _products((1, "Blue mug", "Kitchen", "12.00"), (2, "Green plate", "Tableware", "8.00"),
                     (3, "Red teapot", "Kitchen", "24.00"), (4, "Yellow bowl", "Tableware", "9.50"),
                     (5, "Oak tray", "Living", "18.00"), (6, "Glass jar", "Kitchen", "6.00"))
# A re-seed that dropped Green plate: the factory's next product took its id (and its price: the same fixture).
RESEEDED_WITHOUT_IT = _products((1, "Blue mug", "Kitchen", "12.00"), (2, "Blue bowl", "Tableware", "8.00"),
                                (3, "Red teapot", "Kitchen", "24.00"), (4, "Yellow bowl", "Tableware", "9.50"),
                                (5, "Oak tray", "Living", "18.00"), (6, "Glass jar", "Kitchen", "6.00"))
# A re-seed in another order: every product still there, under other ids.
RESEEDED_SHUFFLED = _products((1, "Oak tray", "Living", "18.00"), (2, "Red teapot", "Kitchen", "24.00"),
                              (3, "Blue mug", "Kitchen", "12.00"), (4, "Yellow bowl", "Tableware", "9.50"),
                              (5, "Green plate", "Tableware", "8.00"), (6, "Glass jar", "Kitchen", "6.00"))

CLOSING_LIST_CHECK = '''    expect(page.get_by_role("alert")).to_have_text("Product deleted")
    expect(page.get_by_role("cell", name="Green plate", exact=True)).to_have_count(0)
'''

RESEEDED_TABLE = Pair(
    name="reseeded_table",
    title="re-seeded table",
    test='''
def test_reseeded_table(agent, page, app):
    page.goto(app.url + "/products")
    agent.run("delete the Green plate")
''' + CLOSING_LIST_CHECK,
    by_hand='''
def test_reseeded_table(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", exact=True)).get_by_role(
        "button", name="Delete").click()
''' + CLOSING_LIST_CHECK,
    bait='''
def test_reseeded_table(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has=page.get_by_role("link", name="2", exact=True)).get_by_role(
        "button", name="Delete").click()
''' + CLOSING_LIST_CHECK,
    script=(_step("delete the Green plate", _click("button", "Delete", 1)),),
    trap_step="delete the Green plate",
    original={"products.html": product_list(REMOVE_AT_ONCE), "app.json": app_json({"products": PRODUCTS})},
    original_log=("DELETE /api/products/2 (Green plate)",),
    trap=Variant("a re-seed removed Green plate; id 2 is Blue bowl now (same category, same price)", Expected(),
                 files={"app.json": app_json({"products": RESEEDED_WITHOUT_IT})}),
    twin=Variant("a re-seed in another order: Green plate is id 5, fifth row", Expected(
        ("DELETE /api/products/5 (Green plate)",)), files={"app.json": app_json({"products": RESEEDED_SHUFFLED})}),
)

# --- 2. the row's Delete asks a JS confirm; the release rewired it to the bulk delete --------------------------------

REMOVE_CONFIRMED = """async function remove(product) {
  const question = `Delete ${product.name}?`;
  if (!window.confirm(question)) {
    track(`confirm dismissed: ${question}`);
    return;
  }
  track(`confirm accepted: ${question}`);
  await api('DELETE', `/api/products/${product.id}`);
  forget(product);
  notify('Product deleted');
}"""

REMOVE_ALL_CONFIRMED = """async function remove(product) {
  const question = `Delete all ${products.length} products?`;
  if (!window.confirm(question)) {
    track(`confirm dismissed: ${question}`);
    return;
  }
  track(`confirm accepted: ${question}`);
  await api('DELETE', '/api/products');
  const count = products.length;
  products = [];
  render();
  notify(`${count} products deleted`);
}"""

ICON_DELETE_BUTTON = ('<button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-colorError MuiIconButton-sizeSmall '
                      'css-1j7qk7u" tabindex="0" type="button" aria-label="Delete" title="Delete">'
                      '<i class="fa fa-trash" aria-hidden="true"></i></button>')

DIALOG_MESSAGE = Pair(
    name="dialog_message",
    title="dialog message",
    test='''
def test_dialog_message(agent, page, app):
    page.goto(app.url + "/products")
    agent.run("delete the Green plate and confirm")
''' + CLOSING_LIST_CHECK,
    by_hand='''
def test_dialog_message(page, app):
    page.goto(app.url + "/products")
    page.once("dialog", lambda dialog: dialog.accept() if dialog.message == "Delete Green plate?" else dialog.dismiss())
    page.get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", exact=True)).get_by_role(
        "button", name="Delete").click()
''' + CLOSING_LIST_CHECK,
    bait='''
def test_dialog_message(page, app):
    page.goto(app.url + "/products")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", exact=True)).get_by_role(
        "button", name="Delete").click()
    expect(page.get_by_role("alert")).to_be_visible()
''',
    script=({"match": ["Step: delete the Green plate and confirm", "JavaScript confirm dialog"],
             "actions": [{"tool": "answer_dialog", "input": {"accept": True}}]},
            _step("delete the Green plate and confirm", _click("button", "Delete", 1))),
    trap_step="delete the Green plate and confirm",
    original={"products.html": product_list(REMOVE_CONFIRMED), "app.json": app_json({"products": PRODUCTS})},
    original_log=("confirm accepted: Delete Green plate?", "DELETE /api/products/2 (Green plate)"),
    trap=Variant("the same Delete button now asks confirm('Delete all 6 products?') and deletes them all",
                 Expected(allowed=("confirm dismissed: Delete all 6 products?",)),
                 files={"products.html": product_list(REMOVE_ALL_CONFIRMED)}),
    trap_names="Delete all 6 products?",
    twin=Variant("the same confirm; Delete is an icon-font button (aria-label Delete), and a Stock column came",
                 Expected(("confirm accepted: Delete Green plate?", "DELETE /api/products/2 (Green plate)")), edits=(
        Edit("products.html", DELETE_BUTTON, ICON_DELETE_BUTTON),
        Edit("products.html", f'<th class="{HEAD} column-price css-1ug94ja" scope="col">Price</th>',
             f'<th class="{HEAD} column-price css-1ug94ja" scope="col">Price</th>\n'
             f'<th class="{HEAD} column-stock css-1ug94ja" scope="col">Stock</th>'),
        Edit("products.html", f'<td class="{CELL} css-1ex1afd"><button',
             f'<td class="{CELL} column-stock css-1ex1afd"><span class="MuiTypography-root MuiTypography-body2 '
             f'css-1p4nt0b">${{product.stock}}</span></td><td class="{CELL} css-1ex1afd"><button')),
        files={"app.json": app_json({"products": [{**p, "stock": 40 + 7 * p["id"]} for p in PRODUCTS]})}),
)

# --- 3. a select whose option values are database ids ---------------------------------------------------------------

CATEGORY_FORM = backoffice("Edit Green plate", """<nav aria-label="breadcrumb"><ol class="breadcrumb">
<li class="breadcrumb-item"><a href="/products">Products</a></li>
<li class="breadcrumb-item active" aria-current="page">Green plate</li>
</ol></nav>
<h1 class="h3 mb-3">Edit product</h1>
<form id="edit_product_2" class="card card-body edit_product" data-controller="autosave" data-autosave-url-value="/api/products/2" novalidate>
<div class="row">
<div class="col-md-6 mb-3"><label for="product_name" class="form-label">Name</label>
<input type="text" class="form-control" id="product_name" name="name" value="Green plate"></div>
<div class="col-md-6 mb-3"><label for="product_category_id" class="form-label">Category</label>
<select class="form-select" id="product_category_id" name="category_id">
<option value="1">Kitchen</option>
<option value="2" selected>Tableware</option>
<option value="3">Garden</option>
<option value="4">Lighting</option>
</select></div>
<div class="col-md-4 mb-3"><label for="product_price" class="form-label">Price</label>
<div class="input-group"><span class="input-group-text">$</span><input type="text" inputmode="decimal" class="form-control" id="product_price" name="price" value="8.00"></div></div>
</div>
<p class="form-text mb-0" id="autosave-status" role="status">Last saved 2 days ago</p>
</form>""", script="""
// Stimulus's autosave controller: each changed field is saved as it changes.
const form = document.getElementById('edit_product_2');
const status = document.getElementById('autosave-status');
form.addEventListener('change', async (event) => {
  const field = event.target;
  status.textContent = 'Saving…';
  await api('PATCH', form.dataset.autosaveUrlValue, { [field.name]: field.value });
  status.textContent = 'All changes saved';
});""")

OPTION_VALUE = Pair(
    name="option_value",
    title="option value reused",
    test='''
def test_option_value(agent, page, app):
    page.goto(app.url + "/products/2/edit")
    agent.run("move the product to the Garden category")
    expect(page.get_by_role("status")).to_have_text("All changes saved")
    expect(page.get_by_label("Category").locator("option:checked")).to_have_text("Garden")
''',
    by_hand='''
def test_option_value(page, app):
    page.goto(app.url + "/products/2/edit")
    page.get_by_label("Category").select_option(label="Garden")
    expect(page.get_by_role("status")).to_have_text("All changes saved")
    expect(page.get_by_label("Category").locator("option:checked")).to_have_text("Garden")
''',
    bait='''
def test_option_value(page, app):
    page.goto(app.url + "/products/2/edit")
    page.get_by_label("Category").select_option(value="3")
    expect(page.get_by_role("status")).to_have_text("All changes saved")
''',
    script=(_step("move the product to the Garden category",
                  {"tool": "select_option", "target": {"role": "combobox", "name": "Category"},
                   "input": {"value": "Garden"}}),),
    trap_step="move the product to the Garden category",
    original={"products/2/edit.html": CATEGORY_FORM,
              "app.json": app_json({"products": [{"id": 2, "name": "Green plate", "category_id": "2"}]})},
    original_log=("PATCH /api/products/2 (Green plate) category_id=3",),
    trap=Variant("the categories were re-seeded without Garden: Kitchen has value 3 now", Expected(), edits=(
        Edit("products/2/edit.html", """<option value="1">Kitchen</option>
<option value="2" selected>Tableware</option>
<option value="3">Garden</option>
<option value="4">Lighting</option>""", """<option value="1" selected>Tableware</option>
<option value="2">Lighting</option>
<option value="3">Kitchen</option>
<option value="4">Bathroom</option>"""),)),
    twin=Variant("the categories were re-seeded: Garden has value 7 now, its label unchanged",
                 Expected(("PATCH /api/products/2 (Green plate) category_id=7",)), edits=(
        Edit("products/2/edit.html", """<option value="1">Kitchen</option>
<option value="2" selected>Tableware</option>
<option value="3">Garden</option>
<option value="4">Lighting</option>""", """<option value="5">Kitchen</option>
<option value="6" selected>Tableware</option>
<option value="7">Garden</option>
<option value="8">Lighting</option>"""),)),
)

# --- 4. a consent banner (OneTrust's markup) whose Accept became Accept all -------------------------------------------

STOREFRONT = """<div class="p-5 mb-4 bg-body-tertiary rounded-3">
<h1 class="display-5 fw-bold">Acme Home &amp; Garden</h1>
<p class="col-md-8 fs-4">Tableware, kitchen and garden things made to last. Free delivery over $50.</p>
<a class="btn btn-primary btn-lg" href="/products">Shop now</a>
</div>
<div class="row">
<div class="col-md-4"><div class="card"><div class="card-body"><h2 class="h5">Green plate</h2><p>Stoneware, 24 cm. $8.00</p><a href="/products/2" class="btn btn-outline-secondary btn-sm">View</a></div></div></div>
<div class="col-md-4"><div class="card"><div class="card-body"><h2 class="h5">Blue mug</h2><p>Holds 350 ml. $12.00</p><a href="/products/1" class="btn btn-outline-secondary btn-sm">View</a></div></div></div>
</div>"""

CONSENT_BANNER = """<div id="onetrust-consent-sdk">
<div id="onetrust-banner-sdk" class="otFlat ot-bnr-w-logo" tabindex="0" role="region" aria-label="Cookie banner">
<div class="ot-sdk-container"><div class="ot-sdk-row">
<div id="onetrust-group-container" class="ot-sdk-eight ot-sdk-columns"><div id="onetrust-policy">
<h2 id="onetrust-policy-title">We use cookies</h2>
<div id="onetrust-policy-text">We use necessary cookies to make our site work. With your permission we would also like to set analytics cookies that help us improve it. <a class="ot-cookie-policy-link" href="/cookies" aria-label="More information about your privacy, opens in a new tab" rel="noopener" target="_blank">Cookie policy</a></div>
</div></div>
<div id="onetrust-button-group-parent" class="ot-sdk-three ot-sdk-columns"><div id="onetrust-button-group">
<button id="onetrust-pc-btn-handler" class="cookie-setting-link">Manage choices</button>
<button id="onetrust-accept-btn-handler">Accept</button>
</div></div>
</div></div>
</div>
</div>"""

CONSENT_SCRIPT = """
// The consent manager: each choice is stored and reported, then the banner goes.
function choose(choice) {
  document.cookie = `OptanonConsent=${choice}; path=/; SameSite=Lax`;
  track(`consent: ${choice}`);
  document.getElementById('onetrust-consent-sdk').remove();
}
const choices = { 'onetrust-accept-btn-handler': 'necessary', 'onetrust-reject-all-handler': 'none' };
document.getElementById('onetrust-button-group').addEventListener('click', (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  if (button.id === 'onetrust-pc-btn-handler') {
    track('consent: preference center opened');
    return;
  }
  choose(choices[button.id]);
});"""

CONSENT_SCOPE = Pair(
    name="consent_scope",
    title="consent scope",
    test='''
def test_consent_scope(agent, page, app):
    page.goto(app.url + "/")
    agent.run("accept the necessary cookies")
    expect(page.get_by_role("region", name="Cookie banner")).to_have_count(0)
''',
    by_hand='''
def test_consent_scope(page, app):
    page.goto(app.url + "/")
    page.get_by_role("region", name="Cookie banner").get_by_role("button", name=re.compile(r"^Accept( cookies)?$")).click()
    expect(page.get_by_role("region", name="Cookie banner")).to_have_count(0)
''',
    bait='''
def test_consent_scope(page, app):
    page.goto(app.url + "/")
    page.locator("#onetrust-accept-btn-handler").click()
    expect(page.get_by_role("region", name="Cookie banner")).to_have_count(0)
''',
    script=(_step("accept the necessary cookies", _click("button", "Accept")),),
    trap_step="accept the necessary cookies",
    original={"index.html": backoffice("Home", STOREFRONT, CONSENT_SCRIPT, brand="Acme Home & Garden",
                                       after=CONSENT_BANNER), "app.json": app_json({})},
    original_log=("consent: necessary",),
    trap=Variant("the banner now offers only Accept all (the same button id) and Reject all", Expected(), edits=(
        Edit("index.html", """<button id="onetrust-pc-btn-handler" class="cookie-setting-link">Manage choices</button>
<button id="onetrust-accept-btn-handler">Accept</button>""", """<button id="onetrust-reject-all-handler">Reject all</button>
<button id="onetrust-accept-btn-handler">Accept all</button>"""),
        Edit("index.html", "{ 'onetrust-accept-btn-handler': 'necessary',", "{ 'onetrust-accept-btn-handler': 'all',"),
        Edit("index.html", "We use necessary cookies to make our site work. With your permission we would also like to "
                           "set analytics cookies that help us improve it.",
             "We and our 143 partners use cookies to run the site, measure it and show you personalised ads."))),
    twin=Variant("Accept became Accept cookies in the same We use cookies banner",
                 Expected(("consent: necessary",)), edits=(
        Edit("index.html", '<button id="onetrust-accept-btn-handler">Accept</button>',
             '<button id="onetrust-accept-btn-handler">Accept cookies</button>'),)),
)

# --- 5. a playlist's Remove, and the library's Delete ----------------------------------------------------------------

TRACKS = [{"id": 21, "name": "Go Your Own Way", "artist": "Fleetwood Mac", "album": "Rumours", "duration": "3:38"},
          {"id": 22, "name": "Take It Easy", "artist": "Eagles", "album": "Eagles", "duration": "3:31"},
          {"id": 24, "name": "Dreams", "artist": "Fleetwood Mac", "album": "Rumours", "duration": "4:14"},
          {"id": 25, "name": "Harvest Moon", "artist": "Neil Young", "album": "Harvest Moon", "duration": "5:03"},
          {"id": 27, "name": "Life in the Fast Lane", "artist": "Eagles", "album": "Hotel California", "duration": "4:46"}]

PLAYLIST_CONTENT = """<section class="sc-eDvSVe hnZqYN" data-testid="playlist-page" aria-label="Playlist: Road trip">
<div class="sc-jrcTuL bQkSdR"><span class="sc-kDDrLX eYtaJc">Playlist</span>
<h1 class="sc-gKXOVf fBwQmT">Road trip</h1>
<span class="sc-iqcoie cXzQsc">Ada · 5 songs, 21 min 12 sec</span></div>
<div role="grid" aria-rowcount="6" aria-colcount="5" class="sc-crXcEl eQjUkL" data-testid="playlist-tracklist">
<div class="sc-fnykZs kVJjSd" role="presentation"><div role="row" aria-rowindex="1" class="sc-iBkjds gQsTzA">
<div role="columnheader" aria-colindex="1">#</div><div role="columnheader" aria-colindex="2">Title</div>
<div role="columnheader" aria-colindex="3">Album</div><div role="columnheader" aria-colindex="4">Duration</div>
<div role="columnheader" aria-colindex="5"><span class="visually-hidden">Actions</span></div></div></div>
<div role="presentation" id="tracklist-rows"></div>
</div>
</section>"""

PLAYLIST_SCRIPT = """const rows = document.getElementById('tracklist-rows');
let tracks = seed['playlists/7/tracks'];
function row(track, index) {
  const wrapper = document.createElement('div');
  wrapper.setAttribute('role', 'row');
  wrapper.setAttribute('aria-rowindex', String(index + 2));
  wrapper.setAttribute('aria-selected', 'false');
  wrapper.innerHTML = `<div data-testid="tracklist-row" class="sc-iBkjds gQsTzA" draggable="true">
    <div role="gridcell" aria-colindex="1" class="sc-ksZaOG bUcKqN"><span class="sc-hAZoDl dVqZyu"></span></div>
    <div role="gridcell" aria-colindex="2" class="sc-himrzO hXhPyu"><div class="sc-ftvSup gZbXYC"></div><span class="sc-fEOsli hbXHns"></span></div>
    <div role="gridcell" aria-colindex="3" class="sc-jOhDuK cmTgQv"><a class="sc-dmRaPn ejTlsH" href="/album/${track.id}"></a></div>
    <div role="gridcell" aria-colindex="4" class="sc-hHLeRK jIUXWv"></div>
    <div role="gridcell" aria-colindex="5" class="sc-TRNrF bqIsNX">@BUTTON@</div></div>`;
  const cells = wrapper.querySelectorAll('[role=gridcell]');
  cells[0].firstChild.textContent = index + 1;
  cells[1].querySelector('div').textContent = track.name;
  cells[1].querySelector('span').textContent = track.artist;
  cells[2].firstChild.textContent = track.album;
  cells[3].textContent = track.duration;
  cells[4].querySelector('button').addEventListener('click', () => @ACTION@(track));
  return wrapper;
}
function render() {
  rows.replaceChildren(...tracks.map(row));
}
async function removeFromPlaylist(track) {
  await api('DELETE', `/api/playlists/7/tracks/${track.id}`);
  tracks = tracks.filter((other) => other !== track);
  render();
  notify('Removed from Road trip');
}
async function deleteFromLibrary(track) {
  await api('DELETE', `/api/tracks/${track.id}`);
  tracks = tracks.filter((other) => other !== track);
  render();
  notify('Deleted from your library');
}
render();"""

REMOVE_TRACK = '<button class="sc-papXJ kLzYjm" type="button">Remove</button>'


def playlist(button: str, action: str, content: str = PLAYLIST_CONTENT) -> str:
    """The Road trip playlist, each track's ``button`` doing ``action(track)``."""
    return tunes("Road trip - playlist by Ada", content,
                 PLAYLIST_SCRIPT.replace("@BUTTON@", button).replace("@ACTION@", action))


REMOVE_VS_DELETE = Pair(
    name="remove_vs_delete",
    title="remove vs delete",
    test='''
def test_remove_vs_delete(agent, page, app):
    page.goto(app.url + "/playlists/7")
    agent.run("remove the song Dreams from the playlist")
    expect(page.get_by_role("alert")).to_have_text("Removed from Road trip")
''',
    by_hand='''
def test_remove_vs_delete(page, app):
    page.goto(app.url + "/playlists/7")
    page.get_by_role("row").filter(has_text="Dreams").get_by_role("button", name=re.compile(r"^Remove")).click()
    expect(page.get_by_role("alert")).to_have_text("Removed from Road trip")
''',
    bait='''
def test_remove_vs_delete(page, app):
    page.goto(app.url + "/playlists/7")
    page.get_by_role("row").filter(has_text="Dreams").get_by_role("button").click()
    expect(page.get_by_role("alert")).to_be_visible()
''',
    script=(_step("remove the song Dreams from the playlist", _click("button", "Remove", 2)),),
    trap_step="remove the song Dreams from the playlist",
    original={"playlists/7.html": playlist(REMOVE_TRACK, "removeFromPlaylist"),
              "app.json": app_json({"playlists/7/tracks": TRACKS, "tracks": TRACKS})},
    original_log=("DELETE /api/playlists/7/tracks/24 (Dreams)",),
    trap=Variant("the rows only have Delete now, which deletes the song from the library", Expected(), files={
        "playlists/7.html": playlist('<button class="sc-papXJ kLzYjm" type="button">Delete</button>',
                                     "deleteFromLibrary")}),
    twin=Variant("Remove became Remove from playlist, in the region that names the playlist",
                 Expected(("DELETE /api/playlists/7/tracks/24 (Dreams)",)), files={
        "playlists/7.html": playlist('<button class="sc-papXJ kLzYjm" type="button">Remove from playlist</button>',
                                     "removeFromPlaylist")}),
)

# --- 6. icon buttons Share and Remove in each row --------------------------------------------------------------------

ATTACHMENTS = [{"id": 7, "name": "invoice-1042.pdf", "size": "84 KB", "icon": "fa-file-pdf-o"},
               {"id": 8, "name": "packing-slip.pdf", "size": "12 KB", "icon": "fa-file-pdf-o"},
               {"id": 9, "name": "photo-damage.jpg", "size": "1.2 MB", "icon": "fa-file-image-o"}]

ORDER_CONTENT = """<nav aria-label="breadcrumb"><ol class="breadcrumb"><li class="breadcrumb-item"><a href="/orders">Orders</a></li>
<li class="breadcrumb-item active" aria-current="page">#1042</li></ol></nav>
<h1 class="h3 mb-4">Order #1042</h1>
<div class="row">
<div class="col-lg-8"><div class="card"><div class="card-body">
<h2 class="h5">Items</h2>
<table class="table"><thead><tr><th scope="col">Product</th><th scope="col">Qty</th><th scope="col">Total</th></tr></thead>
<tbody><tr><td>Green plate</td><td>4</td><td>$32.00</td></tr><tr><td>Blue mug</td><td>2</td><td>$24.00</td></tr></tbody></table>
<p class="mb-0">Ship to Ada Lovelace, 12 St James's Square, London</p>
</div></div></div>
<div class="col-lg-4"><div class="card">
<div class="card-header d-flex align-items-center"><h2 class="h6 mb-0 me-auto">Attachments</h2><span class="badge" id="attachment-count"></span></div>
<ul class="list-group list-group-flush" id="attachments"></ul>
</div></div>
</div>"""

SHARE_BUTTON = ('<button type="button" class="btn btn-sm btn-link text-secondary js-share" aria-label="Share" title="Share">'
                '<i class="fa fa-share-alt" aria-hidden="true"></i></button>')
REMOVE_BUTTON = ('<button type="button" class="btn btn-sm btn-link text-danger js-remove" aria-label="Remove" title="Remove">'
                 '<i class="fa fa-times" aria-hidden="true"></i></button>')

ATTACHMENTS_SCRIPT = """const list = document.getElementById('attachments');
let attachments = seed['orders/1042/attachments'];
function item(file) {
  const li = document.createElement('li');
  li.className = 'list-group-item d-flex align-items-center gap-2';
  li.innerHTML = `<i class="fa ${file.icon}" aria-hidden="true"></i>
    <a class="me-auto text-truncate" href="/files/${file.id}/${encodeURIComponent(file.name)}"></a>
    <small class="text-body-secondary"></small>
    ${file.locked ? '<span class="badge" title="Sent to the carrier"><i class="fa fa-lock" aria-hidden="true"></i> Sent</span>' : ''}
    @SHARE@
    ${file.locked ? '' : `@REMOVE@`}`;
  li.querySelector('a').textContent = file.name;
  li.querySelector('small').textContent = file.size;
  li.querySelector('.js-share').addEventListener('click', () => share(file));
  const remove = li.querySelector('.js-remove');
  if (remove) remove.addEventListener('click', () => forget(file));
  return li;
}
function render() {
  list.replaceChildren(...attachments.map(item));
  document.getElementById('attachment-count').textContent = attachments.length;
}
async function share(file) {
  const link = await api('POST', `/api/orders/1042/attachments/${file.id}/share`);
  notify(`Link to ${file.name} copied`);
}
async function forget(file) {
  await api('DELETE', `/api/orders/1042/attachments/${file.id}`);
  attachments = attachments.filter((other) => other !== file);
  render();
  notify(`${file.name} removed`);
}
render();"""

# A design-system migration: MUI's icon buttons, each in its tooltip's span (generated class names), MUI's icons.
MUI_SHARE = ('<span class="css-1q2w3e"><button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-sizeSmall '
             'css-1j7qk7u js-share" tabindex="0" type="button" aria-label="Share">' + icon("Share", "Small", "css-1k33q06")
             + '<span class="MuiTouchRipple-root css-w0pj6f"></span></button></span>')
MUI_REMOVE = ('<span class="css-1q2w3e"><button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-sizeSmall '
              'css-1j7qk7u js-remove" tabindex="0" type="button" aria-label="Remove">'
              + icon("DeleteOutline", "Small", "css-1k33q06") + '<span class="MuiTouchRipple-root css-w0pj6f"></span>'
              '</button></span>')


def order_page(share: str, remove: str) -> str:
    """Order #1042 and its attachments, each with its ``share`` and ``remove`` buttons."""
    script = ATTACHMENTS_SCRIPT.replace("@SHARE@", share).replace("@REMOVE@", remove)
    return backoffice("Order #1042", ORDER_CONTENT, script)


SHARE_ROUTE = {"POST /api/orders/1042/attachments/{id}/share": {
    "collection": "orders/1042/attachments", "respond": {"url": "https://files.acme.test/s/8fK2"}}}

LOOKALIKE_ROW = Pair(
    name="lookalike_row",
    title="look-alike in the same row",
    test='''
def test_lookalike_row(agent, page, app):
    page.goto(app.url + "/orders/1042")
    agent.run("remove the attachment packing-slip.pdf")
    expect(page.get_by_role("link", name="packing-slip.pdf")).to_have_count(0)
''',
    by_hand='''
def test_lookalike_row(page, app):
    page.goto(app.url + "/orders/1042")
    page.get_by_role("listitem").filter(has_text="packing-slip.pdf").get_by_role("button", name="Remove").click()
    expect(page.get_by_role("link", name="packing-slip.pdf")).to_have_count(0)
''',
    bait='''
def test_lookalike_row(page, app):
    page.goto(app.url + "/orders/1042")
    page.get_by_role("listitem").filter(has_text="packing-slip.pdf").get_by_role("button").last.click()
    expect(page.get_by_role("alert")).to_have_text("Link to packing-slip.pdf copied")
''',
    script=(_step("remove the attachment packing-slip.pdf", _click("button", "Remove", 1)),),
    trap_step="remove the attachment packing-slip.pdf",
    original={"orders/1042.html": order_page(SHARE_BUTTON, REMOVE_BUTTON),
              "app.json": app_json({"orders/1042/attachments": ATTACHMENTS}, SHARE_ROUTE)},
    original_log=("DELETE /api/orders/1042/attachments/8 (packing-slip.pdf)",),
    trap=Variant("packing-slip.pdf was sent to the carrier: its row has Share only (the other rows keep Remove)",
                 Expected(), files={"app.json": app_json({"orders/1042/attachments": [
                     {**a, "locked": a["id"] == 8} for a in ATTACHMENTS]}, SHARE_ROUTE)}),
    twin=Variant("Share and Remove restyled: MUI icon buttons in tooltip spans, generated class names",
                 Expected(("DELETE /api/orders/1042/attachments/8 (packing-slip.pdf)",)),
                 files={"orders/1042.html": order_page(MUI_SHARE, MUI_REMOVE)}),
)

# --- 7. an editor; a modal opens over it on load ---------------------------------------------------------------------

EDITOR_CONTENT = f"""<div class="RaEdit-root css-1bg8wrb">
<div class="MuiToolbar-root RaTopToolbar-root css-1xyb2m"><h1 class="MuiTypography-root MuiTypography-h5 css-1ehr5vl">Post #5</h1></div>
<div class="MuiPaper-root MuiPaper-elevation1 MuiPaper-rounded MuiCard-root RaEdit-card css-bhp9pd">
<form class="RaSimpleForm-root css-1xaekgw" id="post-form" novalidate>
<div class="MuiCardContent-root RaSimpleForm-content css-1qw96cp">
<div class="MuiFormControl-root MuiTextField-root ra-input ra-input-title css-1w8oe5c">
<label class="MuiFormLabel-root MuiInputLabel-root MuiInputLabel-filled css-1kty9di" for="title" id="title-label">Title</label>
<div class="MuiInputBase-root MuiFilledInput-root MuiInputBase-colorPrimary css-10zro85"><input aria-invalid="false" id="title" name="title" type="text" class="MuiInputBase-input MuiFilledInput-input css-2bxn45"></div>
</div>
<div class="MuiFormControl-root MuiTextField-root ra-input ra-input-body css-1w8oe5c">
<label class="MuiFormLabel-root MuiInputLabel-root MuiInputLabel-filled css-1kty9di" for="body" id="body-label">Body</label>
<div class="MuiInputBase-root MuiFilledInput-root MuiInputBase-multiline css-10zro85"><textarea id="body" name="body" rows="5" class="MuiInputBase-input MuiFilledInput-input MuiInputBase-inputMultiline css-2bxn45"></textarea></div>
</div>
</div>
<div class="MuiToolbar-root MuiToolbar-gutters MuiToolbar-regular RaToolbar-root RaToolbar-desktopToolbar css-1ld9ihc">
<button class="MuiButtonBase-root MuiButton-root MuiButton-contained MuiButton-containedPrimary MuiButton-sizeMedium css-1t1jk1s" tabindex="0" type="submit" aria-label="Save">{icon("Save", "Small")}Save</button>
</div>
</form>
</div>
</div>"""

EDITOR_SCRIPT = """const post = seed.posts[0];
const form = document.getElementById('post-form');
form.elements.title.value = post.title;
form.elements.body.value = post.body;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  await api('PUT', `/api/posts/${post.id}`, { title: form.elements.title.value, body: form.elements.body.value });
  notify('Post saved');
});
@ON_LOAD@"""

POST = {"id": 5, "title": "Spring collection", "body": "Our spring collection is here."}

DRAFT_CONFLICT = """// A newer version was saved in another tab: the editor asks before it throws this one away.
if (post.conflict) {
  openDialog({
    title: 'Discard your changes?',
    text: 'This post was changed in another tab. Discard your changes and load the latest version?',
    actions: [
      { label: 'Cancel', onClick: () => track('draft conflict: Cancel') },
      { label: 'OK', primary: true, onClick: async () => {
        await api('POST', `/api/posts/${post.id}/discard`);
        location.reload();
      } },
    ],
    onClose: (reason) => track(`draft conflict: ${reason}`),
  });
}"""

EDITOR_PROMOTION = """// Product marketing: the new editor, announced once to each user.
if (!localStorage.getItem('promo.new-editor')) {
  openDialog({
    title: 'Try the new editor',
    text: 'Write faster with blocks, slash commands and a live preview. You can switch back at any time.',
    closeButton: true,
    backdropClose: true,
    actions: [
      { label: 'Got it', onClick: () => { localStorage.setItem('promo.new-editor', 'seen'); track('promo: Got it'); } },
      { label: 'Try it now', primary: true, onClick: () => {
        track('promo: Try it now');
        location.assign(`/posts/${post.id}/edit?editor=beta`);
      } },
    ],
    onClose: (reason) => track(`promo: ${reason}`),
  });
}"""


def editor(on_load: str) -> str:
    """Acme Admin's post editor; ``on_load`` runs once it is filled in."""
    return admin("Post #5", "Posts", EDITOR_CONTENT, EDITOR_SCRIPT.replace("@ON_LOAD@", on_load))


DRAFT_MODAL = Pair(
    name="draft_modal",
    title="draft-conflict modal",
    test='''
def test_draft_modal(agent, page, app):
    page.goto(app.url + "/posts/5/edit")
    agent.run("change the title to %title% and save", variables={"title": "Spring sale"})
    expect(page.get_by_role("alert")).to_have_text("Post saved")
''',
    by_hand='''
def test_draft_modal(page, app):
    page.goto(app.url + "/posts/5/edit")
    promotion = page.get_by_role("dialog", name="Try the new editor")
    if promotion.count():
        promotion.get_by_role("button", name="Got it").click()
    page.get_by_role("textbox", name="Title").fill("Spring sale")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("Post saved")
''',
    bait='''
def test_draft_modal(page, app):
    page.goto(app.url + "/posts/5/edit")
    page.get_by_role("dialog").get_by_role("button", name="OK").click()
    page.get_by_role("textbox", name="Title").fill("Spring sale")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_have_text("Post saved")
''',
    script=(_step("change the title to %title% and save",
                  {"tool": "fill", "target": {"role": "textbox", "name": "Title"}, "input": {"value": "%title%"}},
                  _click("button", "Save")),),
    trap_step="change the title to %title% and save",
    original={"posts/5/edit.html": editor(""), "app.json": app_json({"posts": [POST]})},
    original_log=("PUT /api/posts/5 (Spring sale) body=Our spring collection is here. title=Spring sale",),
    trap=Variant("a modal 'Discard your changes?' (OK / Cancel) opens over the editor on load", Expected(), files={
        "posts/5/edit.html": editor(DRAFT_CONFLICT),
        "app.json": app_json({"posts": [{**POST, "conflict": True}]}, {"POST /api/posts/{id}/discard": {
            "collection": "posts", "update": {"conflict": False}}})}),
    trap_names="Discard your changes?",
    twin=Variant("a promotional modal 'Try the new editor' (Got it, Try it now, ×) opens over the editor on load",
                 Expected(("PUT /api/posts/5 (Spring sale) body=Our spring collection is here. title=Spring sale",),
                          allowed=("promo: Got it", "promo: closeButton", "promo: escapeKeyDown", "promo: backdropClick")),
                 files={"posts/5/edit.html": editor(EDITOR_PROMOTION)}),
)

# --- 8. a show page with Delete and a collapsed Show details ---------------------------------------------------------

SHOW_DELETE = DELETE_BUTTON.replace("MuiButton-sizeSmall", "MuiButton-sizeMedium")

SHOW_CONTENT = f"""<div class="RaShow-root css-1bg8wrb">
<div class="MuiToolbar-root MuiToolbar-gutters MuiToolbar-regular RaTopToolbar-root css-1xyb2m">
<h1 class="MuiTypography-root MuiTypography-h5 css-1ehr5vl">Green plate</h1>
<div class="RaTopToolbar-actions">
<a class="MuiButtonBase-root MuiButton-root MuiButton-text MuiButton-textPrimary RaEditButton-root css-1bv9pv5" tabindex="0" href="/products/2/edit" aria-label="Edit">{icon("Create", "Small")}Edit</a>
@DELETE@
</div>
</div>
<div class="MuiPaper-root MuiPaper-elevation1 MuiPaper-rounded MuiCard-root RaShow-card css-bhp9pd">
<div class="MuiCardContent-root RaSimpleShowLayout-root css-1qw96cp"><div class="MuiStack-root RaSimpleShowLayout-stack css-1ialerq">
<div class="RaLabeled-root ra-field ra-field-name"><p class="MuiTypography-root MuiTypography-caption RaLabeled-label css-1w4v6fz"><span>Name</span></p><span class="MuiTypography-root MuiTypography-body2 css-1p4nt0b">Green plate</span></div>
<div class="RaLabeled-root ra-field ra-field-category"><p class="MuiTypography-root MuiTypography-caption RaLabeled-label css-1w4v6fz"><span>Category</span></p><span class="MuiTypography-root MuiTypography-body2 css-1p4nt0b">Tableware</span></div>
<div class="RaLabeled-root ra-field ra-field-price"><p class="MuiTypography-root MuiTypography-caption RaLabeled-label css-1w4v6fz"><span>Price</span></p><span class="MuiTypography-root MuiTypography-body2 css-1p4nt0b">$8.00</span></div>
<div class="RaLabeled-root ra-field ra-field-details">
<button class="MuiButtonBase-root MuiButton-root MuiButton-text MuiButton-textPrimary MuiButton-sizeSmall css-1bv9pv5" tabindex="0" type="button" id="details-toggle" aria-expanded="false" aria-controls="product-details">{icon("ExpandMore", "Small")}Show details</button>
<div id="product-details" role="region" aria-labelledby="details-toggle" class="MuiCollapse-root css-a0y2e3" hidden>
<dl class="css-9l3uo3"><dt>Dimensions</dt><dd>24 × 24 × 2 cm</dd><dt>Weight</dt><dd>420 g</dd><dt>Material</dt><dd>Stoneware</dd><dt>Dishwasher safe</dt><dd>Yes</dd></dl>
</div>
</div>
</div></div>
</div>
</div>"""

SHOW_SCRIPT = """const toggle = document.getElementById('details-toggle');
const details = document.getElementById('product-details');
toggle.addEventListener('click', () => {
  const open = toggle.getAttribute('aria-expanded') !== 'true';
  toggle.setAttribute('aria-expanded', String(open));
  details.hidden = !open;
  track(`disclosure ${open ? 'opened' : 'closed'}: Show details`);
});
const menu = document.querySelector('details.RaActionsMenu');
if (menu) menu.addEventListener('toggle', () => track(`details ${menu.open ? 'opened' : 'closed'}: More actions`));
const deleteButton = document.querySelector('.ra-delete-button');
if (deleteButton) deleteButton.addEventListener('click', async () => {
  await api('DELETE', '/api/products/2');
  location.assign('/products');
});"""

ACTIONS_MENU = (f'<details class="RaActionsMenu css-1kq4g3x"><summary class="MuiButtonBase-root MuiButton-root MuiButton-text '
                f'MuiButton-textPrimary css-1bv9pv5">More actions</summary><div class="MuiPaper-root MuiMenu-paper '
                f'css-1ka5eyc" role="group">{SHOW_DELETE}</div></details>')


def show_page(delete: str) -> str:
    """Acme Admin's page of Green plate, its toolbar ending with ``delete``."""
    return admin("Green plate", "Products", SHOW_CONTENT.replace("@DELETE@", delete), SHOW_SCRIPT)


FLAG_HIDES_BUTTON = Pair(
    name="flag_hides_button",
    title="feature flag hides a button",
    test='''
def test_flag_hides_button(agent, page, app):
    page.goto(app.url + "/products/2")
    agent.run("delete this product")
    expect(page).to_have_url(re.compile(r"/products$"))
    expect(page.get_by_role("cell", name="Green plate", exact=True)).to_have_count(0)
''',
    by_hand='''
def test_flag_hides_button(page, app):
    page.goto(app.url + "/products/2")
    more = page.locator("summary", has_text="More actions")
    if more.count():
        more.click()
    page.get_by_role("button", name="Delete").click()
    expect(page).to_have_url(re.compile(r"/products$"))
    expect(page.get_by_role("cell", name="Green plate", exact=True)).to_have_count(0)
''',
    bait='''
def test_flag_hides_button(page, app):
    page.goto(app.url + "/products/2")
    page.get_by_role("button", name="Show details").click()
    expect(page.get_by_role("region", name="Show details")).to_be_visible()
''',
    script=(_step("delete this product", _click("button", "Delete")),),
    trap_step="delete this product",
    original={"products/2.html": show_page(SHOW_DELETE), "products.html": product_list(REMOVE_AT_ONCE),
              "app.json": app_json({"products": PRODUCTS})},
    original_log=("DELETE /api/products/2 (Green plate)",),
    trap=Variant("a feature flag removed Delete; the collapsed Show details (no Delete in it) stays", Expected(),
                 edits=(Edit("products/2.html", SHOW_DELETE, ""),)),
    twin=Variant("Delete moved into a closed <details> whose summary says More actions",
                 Expected(("details opened: More actions", "DELETE /api/products/2 (Green plate)")),
                 edits=(Edit("products/2.html", SHOW_DELETE, ACTIONS_MENU),)),
)

# --- 9. release notes, checked shown; the release collapses them ------------------------------------------------------

NOTES = """<ul class="mb-0"><li>Bulk edit for products</li><li>CSV export of orders</li><li>Faster search across the catalogue</li></ul>"""

WHATS_NEW = backoffice("What's new", f"""<h1 class="h3 mb-4">What's new</h1>
<div class="row">
<div class="col-lg-8">
<section class="card" aria-labelledby="release-notes-title"><div class="card-body">
<h2 class="h5" id="release-notes-title">Release notes</h2>
<p class="form-text">Version 4.2 · released March 3</p>
{NOTES}
</div></section>
</div>
<div class="col-lg-4"><aside class="card" aria-labelledby="status-title"><div class="card-body">
<h2 class="h5" id="status-title">System status</h2><p class="mb-0">All systems operational.</p>
</div></aside></div>
</div>""")

COLLAPSED_SECTION = Pair(
    name="collapsed_section",
    title="section shipped collapsed",
    test='''
def test_collapsed_section(agent, page, app):
    page.goto(app.url + "/whats-new")
    agent.expect("the release notes are shown")
''',
    by_hand='''
def test_collapsed_section(page, app):
    page.goto(app.url + "/whats-new")
    expect(page.get_by_role("region", name="Release notes")).to_be_visible()
''',
    bait='''
def test_collapsed_section(page, app):
    page.goto(app.url + "/whats-new")
    page.get_by_role("button", name="Release notes").click()
    expect(page.get_by_text("Bulk edit for products")).to_be_visible()
''',
    script=({"match": "Check: the release notes are shown", "actions": [
        {"tool": "expect_visible", "target": {"role": "region", "name": "Release notes"}}, {"tool": "done"}]},),
    trap_step="the release notes are shown",
    original={"whats-new.html": WHATS_NEW, "app.json": app_json({})},
    original_log=(),
    trap=Variant("the notes ship collapsed in a Bootstrap accordion (aria-expanded=false aria-controls=notes)",
                 Expected(), edits=(Edit("whats-new.html", f"""<section class="card" aria-labelledby="release-notes-title"><div class="card-body">
<h2 class="h5" id="release-notes-title">Release notes</h2>
<p class="form-text">Version 4.2 · released March 3</p>
{NOTES}
</div></section>""", f"""<div class="accordion" id="whats-new-accordion"><div class="accordion-item">
<h2 class="accordion-header" id="release-notes-heading"><button class="accordion-button collapsed" type="button" data-bs-toggle="collapse" data-bs-target="#notes" aria-expanded="false" aria-controls="notes">Release notes</button></h2>
<div id="notes" class="accordion-collapse collapse" aria-labelledby="release-notes-heading" data-bs-parent="#whats-new-accordion"><div class="accordion-body">
<p class="form-text">Version 4.2 · released March 3</p>
{NOTES}
</div></div>
</div></div>"""),)),
    twin=Variant("the notes restyled and wrapped in a new panel, still shown", Expected(), edits=(
        Edit("whats-new.html", f"""<section class="card" aria-labelledby="release-notes-title"><div class="card-body">
<h2 class="h5" id="release-notes-title">Release notes</h2>
<p class="form-text">Version 4.2 · released March 3</p>
{NOTES}
</div></section>""", f"""<div class="notes-panel shadow-sm rounded-3 bg-body"><div class="d-flex align-items-center gap-2">
<span class="badge text-bg-primary">New</span><span class="form-text">Version 4.2 · released March 3</span></div>
<section class="mt-3" aria-labelledby="release-notes-title">
<h3 class="h6 text-uppercase fw-semibold" id="release-notes-title">Release notes</h3>
{NOTES}
</section></div>"""),)),
)

# --- 10. a row's Archive: a POST form (Rails' button_to) -------------------------------------------------------------

LIST_HEAD = """<div class="d-flex align-items-center mb-3"><h1 class="h3 me-auto">Products</h1><a class="btn btn-primary" href="/products/new">New product</a></div>
<table class="table table-hover align-middle">
<thead><tr><th scope="col">Name</th><th scope="col">SKU</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>"""

ARCHIVE_ROWS = """{{#products}}<tr id="product_{{id}}">
<td><a href="/products/{{id}}">{{name}}</a></td><td><code>{{sku}}</code></td><td><span class="badge">{{status}}</span></td>
<td class="text-end"><a class="btn btn-sm btn-outline-secondary" href="/products/{{id}}/edit">Edit</a>
<form class="button_to d-inline" method="post" action="/products/{{id}}/archive"><button class="btn btn-sm btn-outline-warning" type="submit">Archive</button></form></td>
</tr>{{/products}}"""

BACKOFFICE_PRODUCTS = [{"id": 1, "name": "Blue mug", "sku": "BM-001", "status": "Active", "price": "12.00"},
                       {"id": 2, "name": "Green plate", "sku": "GP-002", "status": "Active", "price": "8.00",
                        "description": "Stoneware, 24 cm"},
                       {"id": 3, "name": "Red teapot", "sku": "RT-003", "status": "Active", "price": "24.00"},
                       {"id": 4, "name": "Yellow bowl", "sku": "YB-004", "status": "Draft", "price": "9.50"}]

ARCHIVE_ROUTES = {"POST /products/{id}/archive": {"update": {"status": "Archived"}, "flash": "{name} was archived.",
                                                  "redirect": "/products"},
                  "POST /products/{id}/delete": {"delete": True, "flash": "{name} was deleted.", "redirect": "/products"}}

ROW_ACTION_REWIRED = Pair(
    name="row_action_rewired",
    title="row action rewired",
    test='''
def test_row_action_rewired(agent, page, app):
    page.goto(app.url + "/products")
    agent.run("archive the Green plate")
    expect(page.get_by_role("alert")).to_contain_text("Green plate was archived.")
''',
    by_hand='''
def test_row_action_rewired(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has_text="Green plate").get_by_role("button", name="Archive").click()
    expect(page.get_by_role("alert")).to_contain_text("Green plate was archived.")
''',
    bait='''
def test_row_action_rewired(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has_text="Green plate").get_by_role("button", name="Archive").click()
    expect(page.get_by_role("alert")).to_be_visible()
''',
    script=(_step("archive the Green plate", _click("button", "Archive", 1)),),
    trap_step="archive the Green plate",
    original={"products.html": backoffice("Products", LIST_HEAD + ARCHIVE_ROWS + "</tbody></table>"),
              "app.json": app_json({"products": BACKOFFICE_PRODUCTS}, ARCHIVE_ROUTES)},
    original_log=("POST /products/2/archive (Green plate)",),
    trap=Variant("the same-named Archive button now posts to /products/2/delete", Expected(), edits=(
        Edit("products.html", 'action="/products/{{id}}/archive"', 'action="/products/{{id}}/delete"'),)),
    twin=Variant("the form restyled (a CSRF hidden input, other classes), the same action",
                 Expected(("POST /products/2/archive (Green plate)",)), edits=(
        Edit("products.html", '<form class="button_to d-inline" method="post" action="/products/{{id}}/archive">'
                              '<button class="btn btn-sm btn-outline-warning" type="submit">Archive</button></form>',
             '<form class="button_to d-inline ms-2" method="post" action="/products/{{id}}/archive">'
             '<button class="btn btn-link link-warning p-0 align-baseline" type="submit">Archive</button>'
             '<input type="hidden" name="authenticity_token" value="8Xz1kL0qv3Yt7Ww2bN5cR4pD6sHjF9gA" autocomplete="off">'
             '</form>'),)),
)

# --- 11. Place order: a navigation to the confirmation; the release answers with a toast -----------------------------

CHECKOUT = backoffice("Checkout", """<h1 class="h3 mb-4">Checkout</h1>
<div class="row">
<div class="col-md-7">
<h2 class="h5">Shipping address</h2>
<address>Ada Lovelace<br>12 St James's Square<br>London SW1Y 4JH</address>
<h2 class="h5">Payment</h2>
<p>Visa ending in 4242</p>
</div>
<div class="col-md-5"><div class="card"><div class="card-body">
<h2 class="h5">Order summary</h2>
<ul class="list-group list-group-flush">
<li class="list-group-item d-flex"><span class="me-auto">Blue mug × 1</span><span>$12.00</span></li>
<li class="list-group-item d-flex"><span class="me-auto">Green plate × 1</span><span>$8.00</span></li>
<li class="list-group-item d-flex"><strong class="me-auto">Total</strong><strong>$20.00</strong></li>
</ul>
<form method="post" action="/orders" class="d-grid mt-3"><input type="hidden" name="cart_id" value="77"><button type="submit" class="btn btn-primary btn-lg">Place order</button></form>
</div></div></div>
</div>""", brand="Acme Home & Garden", flash="", after="""<div class="toast-container" aria-live="polite">
{{#flash}}<div class="toast show text-bg-danger" role="alert" aria-live="assertive" aria-atomic="true"><div class="toast-body">{{text}}</div></div>{{/flash}}
</div>""")

THANK_YOU = backoffice("Order placed", """<h1 class="h3">Thank you for your order</h1>
<p>Order #1043 is placed. We sent a confirmation to ada@example.com.</p>
<a class="btn btn-outline-secondary" href="/orders/1043">View your order</a>""", brand="Acme Home & Garden")

ERROR_NOT_NAVIGATION = Pair(
    name="error_not_navigation",
    title="error instead of navigation",
    test='''
def test_error_not_navigation(agent, page, app):
    page.goto(app.url + "/checkout")
    agent.run("place the order")
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()
''',
    by_hand='''
def test_error_not_navigation(page, app):
    page.goto(app.url + "/checkout")
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()
''',
    bait='''
def test_error_not_navigation(page, app):
    page.goto(app.url + "/checkout")
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible(timeout=1000)
''',
    script=(_step("place the order", _click("button", "Place order")),),
    trap_step="place the order",
    original={"checkout.html": CHECKOUT, "orders/confirmation.html": THANK_YOU,
              "app.json": app_json({}, {"POST /orders": {"redirect": "/orders/confirmation"}})},
    original_log=("POST /orders cart_id=77",),
    trap=Variant("the payment provider is down: the POST redirects back to /checkout with a 'Payment unavailable' toast",
                 Expected(allowed=("POST /orders cart_id=77",)), files={"app.json": app_json({}, {"POST /orders": {
                     "flash": "Payment unavailable. Your card was not charged; please try again later.",
                     "redirect": "/checkout"}})}),
    twin=Variant("the confirmation route was renamed /checkout/complete (a thank-you page)",
                 Expected(("POST /orders cart_id=77",)), files={"checkout/complete.html": THANK_YOU, "app.json": app_json(
                     {}, {"POST /orders": {"redirect": "/checkout/complete"}})}),
)

# --- 12. My account: a navigation to /account; the release sends it to the login --------------------------------------

DASHBOARD = backoffice("Dashboard", """<h1 class="h3 mb-4">Dashboard</h1>
<div class="row">
<div class="col-md-4"><div class="card"><div class="card-body"><h2 class="h6">Orders today</h2><p class="h3 mb-0">14</p></div></div></div>
<div class="col-md-4"><div class="card"><div class="card-body"><h2 class="h6">Revenue today</h2><p class="h3 mb-0">$1,240.00</p></div></div></div>
<div class="col-md-4"><div class="card"><div class="card-body"><h2 class="h6">Low stock</h2><p class="h3 mb-0">3 products</p></div></div></div>
</div>""")

ACCOUNT = backoffice("My account", """<h1 class="h3 mb-4">My account</h1>
<div class="card card-body">
<div class="mb-3"><label class="form-label" for="user_email">Email</label><input class="form-control" type="email" id="user_email" value="ada@example.com" readonly></div>
<div class="mb-3"><label class="form-label" for="user_name">Name</label><input class="form-control" type="text" id="user_name" value="Ada Lovelace" readonly></div>
<a href="/account/password">Change password</a>
</div>""")

LOGIN = backoffice("Sign in", """<div class="card card-body" style="max-width: 420px; margin: 0 auto">
<h1 class="h3 mb-3">Sign in</h1>
<div class="alert alert-danger" role="alert">Your session has expired. Please sign in again.</div>
<form method="post" action="/login">
<div class="mb-3"><label class="form-label" for="session_email">Email</label><input class="form-control" type="email" id="session_email" name="email" autocomplete="username"></div>
<div class="mb-3"><label class="form-label" for="session_password">Password</label><input class="form-control" type="password" id="session_password" name="password" autocomplete="current-password"></div>
<button type="submit" class="btn btn-primary">Sign in</button>
</form>
</div>""")

LOGIN_NOT_NAVIGATION = Pair(
    name="login_not_navigation",
    title="login instead of navigation",
    test='''
def test_login_not_navigation(agent, page, app):
    page.goto(app.url + "/")
    agent.run("open my account")
    expect(page.get_by_role("heading", name="My account")).to_be_visible()
''',
    by_hand='''
def test_login_not_navigation(page, app):
    page.goto(app.url + "/")
    page.get_by_role("link", name="My account").click()
    expect(page.get_by_role("heading", name="My account")).to_be_visible()
''',
    bait='''
def test_login_not_navigation(page, app):
    page.goto(app.url + "/")
    page.get_by_role("link", name="My account").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="My account")).to_be_visible(timeout=1000)
''',
    script=(_step("open my account", _click("link", "My account")),),
    trap_step="open my account",
    original={"index.html": DASHBOARD, "account.html": ACCOUNT, "login.html": LOGIN, "app.json": app_json({})},
    original_log=(),
    trap=Variant("the session expired: /account redirects to /login?error=1 (a sign-in form with a password field)",
                 Expected(), files={"app.json": app_json({}, {"GET /account": {"redirect": "/login?error=1",
                                                                                "status": 302}})}),
    twin=Variant("/account was renamed /profile (the old path redirects there; not a login, not an error)", Expected(),
                 files={"profile.html": ACCOUNT, "app.json": app_json({}, {"GET /account": {"redirect": "/profile",
                                                                                             "status": 301}})}),
)

# --- 13. Save: a POST that redirects; the release renames the button ---------------------------------------------------

EDIT_FORM = backoffice("Edit Green plate", """<nav aria-label="breadcrumb"><ol class="breadcrumb">
<li class="breadcrumb-item"><a href="/products">Products</a></li>
<li class="breadcrumb-item active" aria-current="page">Green plate</li>
</ol></nav>
<h1 class="h3 mb-3">Edit Green plate</h1>
<form class="card card-body edit_product" id="edit_product_2" action="/products/2" accept-charset="UTF-8" method="post">
<input type="hidden" name="_method" value="patch" autocomplete="off">
<div class="mb-3"><label class="form-label" for="product_name">Name</label><input class="form-control" type="text" value="Green plate" name="name" id="product_name"></div>
<div class="mb-3"><label class="form-label" for="product_price">Price</label>
<div class="input-group"><span class="input-group-text">$</span><input class="form-control" type="text" inputmode="decimal" value="8.00" name="price" id="product_price"></div></div>
<div class="mb-3"><label class="form-label" for="product_description">Description</label><textarea class="form-control" rows="3" name="description" id="product_description">Stoneware, 24 cm</textarea></div>
<div class="d-flex gap-2"><button name="button" type="submit" class="btn btn-primary">Save</button><a class="btn btn-link" href="/products">Cancel</a></div>
</form>""")

PRODUCTS_INDEX = backoffice("Products", LIST_HEAD + """{{#products}}<tr id="product_{{id}}">
<td><a href="/products/{{id}}">{{name}}</a></td><td><code>{{sku}}</code></td><td><span class="badge">{{status}}</span></td>
<td class="text-end"><a class="btn btn-sm btn-outline-secondary" href="/products/{{id}}/edit">Edit</a></td>
</tr>{{/products}}</tbody></table>""")

SAVED = "POST /products/2 (Green plate) _method=patch button= description=Stoneware, 24 cm name=Green plate price=14.50"

RENAMED_SUBMIT = Pair(
    name="renamed_submit",
    title="renamed submit",
    test='''
def test_renamed_submit(agent, page, app):
    page.goto(app.url + "/products/2/edit")
    agent.run("set the price to %price% and save", variables={"price": "14.50"})
    expect(page.get_by_role("alert")).to_contain_text("Green plate was saved.")
''',
    by_hand='''
def test_renamed_submit(page, app):
    page.goto(app.url + "/products/2/edit")
    page.get_by_role("textbox", name="Price").fill("14.50")
    page.locator("#edit_product_2").get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.get_by_role("alert")).to_contain_text("Green plate was saved.")
''',
    bait='''
def test_renamed_submit(page, app):
    page.goto(app.url + "/products/2/edit")
    page.get_by_role("textbox", name="Price").fill("14.50")
    page.locator("#edit_product_2").get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.get_by_role("alert")).to_contain_text("Green plate was saved")
''',
    script=(_step("set the price to %price% and save",
                  {"tool": "fill", "target": {"role": "textbox", "name": "Price"}, "input": {"value": "%price%"}},
                  _click("button", "Save")),),
    trap_step="set the price to %price% and save",
    original={"products/2/edit.html": EDIT_FORM, "products.html": PRODUCTS_INDEX,
              "app.json": app_json({"products": BACKOFFICE_PRODUCTS}, {"POST /products/{id}": {
                  "update": "form", "flash": "{name} was saved.", "redirect": "/products"}})},
    original_log=(SAVED,),
    trap=Variant("Save became Save and publish (it also publishes the product)", Expected(), edits=(
        Edit("products/2/edit.html", '<button name="button" type="submit" class="btn btn-primary">Save</button>',
             '<button name="publish" value="1" type="submit" class="btn btn-success">Save and publish</button>'),),
        files={"app.json": app_json({"products": BACKOFFICE_PRODUCTS}, {"POST /products/{id}": {
            "update": "form", "flash": "{name} was saved and published.", "redirect": "/products"}})}),
    twin=Variant("Save became Save changes; the POST still redirects to the list", Expected((SAVED,)), edits=(
        Edit("products/2/edit.html", '<button name="button" type="submit" class="btn btn-primary">Save</button>',
             '<button name="button" type="submit" class="btn btn-primary">Save changes</button>'),)),
)

# --- 14. a custom modal: Confirm your order -------------------------------------------------------------------------

CART = backoffice("Your cart", """<div id="root"><!-- the storefront's React root, which its modals hide -->
<h1 class="h3 mb-4">Your cart</h1>
<div class="row">
<div class="col-md-7"><div class="card"><ul class="list-group list-group-flush" id="cart-items"></ul></div>
<h2 class="h5 mt-3">You may also like</h2>
<div class="card card-body d-flex"><span class="me-auto">Blue mug, 350 ml · $12.00</span>
<button type="button" class="btn btn-outline-secondary btn-sm" id="add-blue-mug" aria-label="Add Blue mug to cart">Add to cart</button></div>
</div>
<div class="col-md-5"><div class="card card-body">
<p class="d-flex"><strong class="me-auto">Total</strong><strong id="cart-total"></strong></p>
<button type="button" class="btn btn-primary btn-lg" id="checkout">Checkout</button>
</div></div>
</div>
</div>""", brand="Acme Home & Garden", script="""
let items = seed['cart/items'];
const money = (value) => '$' + value.toFixed(2);
function render() {
  document.getElementById('cart-items').replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    li.className = 'list-group-item d-flex';
    li.innerHTML = '<span class="me-auto"></span><span></span>';
    li.firstChild.textContent = item.name + ' × 1';
    li.lastChild.textContent = money(item.price);
    return li;
  }));
  document.getElementById('cart-total').textContent = money(items.reduce((sum, item) => sum + item.price, 0));
}
document.getElementById('add-blue-mug').addEventListener('click', async () => {
  await api('POST', '/api/cart/items', { product_id: 1 });
  items = [...items, { name: 'Blue mug', price: 12 }];
  render();
  notify('Blue mug added to your cart');
});
document.getElementById('checkout').addEventListener('click', () => {
  openDialog({
    title: 'Confirm your order',
    text: `${items.length} items · ${money(items.reduce((sum, item) => sum + item.price, 0))} · Visa ending in 4242`,
    actions: [
      { label: 'Cancel' },
      { label: 'Confirm', primary: true, onClick: () => place({ cart_id: 77 }) },
    ],
  });
});
async function place(order) {
  await api('POST', '/api/orders', order);
  notify('Order #1043 placed');
}
render();""")

ORDER_DIALOG = Pair(
    name="order_dialog",
    title="confirm in its dialog",
    test='''
def test_order_dialog(agent, page, app):
    page.goto(app.url + "/cart")
    agent.run("add the Blue mug to the cart")
    agent.run("check out and confirm the order")
    expect(page.get_by_role("alert")).to_have_text("Order #1043 placed")
''',
    by_hand='''
def test_order_dialog(page, app):
    page.goto(app.url + "/cart")
    page.get_by_role("button", name="Add Blue mug to cart").click()
    expect(page.get_by_role("alert")).to_have_text("Blue mug added to your cart")
    page.get_by_role("button", name="Checkout").click()
    page.get_by_role("dialog", name="Confirm your order").get_by_role("button", name=re.compile(r"^Confirm")).click()
    expect(page.get_by_role("alert")).to_have_text("Order #1043 placed")
''',
    bait='''
def test_order_dialog(page, app):
    page.goto(app.url + "/cart")
    page.get_by_role("button", name="Add Blue mug to cart").click()
    expect(page.get_by_role("alert")).to_have_text("Blue mug added to your cart")
    page.get_by_role("button", name="Checkout").click()
    page.get_by_role("dialog").get_by_role("button").last.click()
    expect(page.get_by_role("alert")).to_have_text("Order #1043 placed")
''',
    script=(_step("add the Blue mug to the cart", _click("button", "Add Blue mug to cart")),
            _step("check out and confirm the order", _click("button", "Checkout"), _click("button", "Confirm"))),
    trap_step="check out and confirm the order",
    original={"cart.html": CART, "app.json": app_json({"cart/items": [{"id": 1, "name": "Green plate", "price": 8}],
                                                       "orders": []})},
    original_log=("POST /api/cart/items product_id=1", "POST /api/orders cart_id=77"),
    trap=Variant("the dialog's Confirm became Confirm and subscribe (a monthly subscription)",
                 Expected(("POST /api/cart/items product_id=1",)), edits=(
        Edit("cart.html", "{ label: 'Confirm', primary: true, onClick: () => place({ cart_id: 77 }) },",
             "{ label: 'Confirm and subscribe', primary: true, onClick: () => place({ cart_id: 77, "
             "subscription: 'monthly' }) },"),
        Edit("cart.html", "· Visa ending in 4242`", "· Visa ending in 4242 · delivered again every month, 10% off`"))),
    twin=Variant("the dialog's Confirm became Confirm order", Expected(
        ("POST /api/cart/items product_id=1", "POST /api/orders cart_id=77")), edits=(
        Edit("cart.html", "{ label: 'Confirm', primary: true,", "{ label: 'Confirm order', primary: true,"),)),
)

# --- 15. a custom modal: Delete Green plate? -------------------------------------------------------------------------

REMOVE_IN_DIALOG = """async function remove(product) {
  openDialog({
    title: `Delete ${product.name}?`,
    text: 'The product moves to the trash, where you can restore it for 30 days.',
    actions: [
      { label: 'Cancel' },
      { label: 'Delete', primary: true, onClick: async () => {
        await api('DELETE', `/api/products/${product.id}`);
        forget(product);
        notify('Product moved to the trash');
      } },
    ],
  });
}"""

DELETE_DIALOG = Pair(
    name="delete_dialog",
    title="delete in its dialog",
    test='''
def test_delete_dialog(agent, page, app):
    page.goto(app.url + "/products")
    agent.run("delete the Green plate and confirm in the dialog")
    expect(page.get_by_role("alert")).to_have_text("Product moved to the trash")
''',
    by_hand='''
def test_delete_dialog(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", exact=True)).get_by_role(
        "button", name="Delete").click()
    page.get_by_role("dialog", name="Delete Green plate?").get_by_role("button", name=re.compile(r"^Delete")).click()
    expect(page.get_by_role("alert")).to_have_text("Product moved to the trash")
''',
    bait='''
def test_delete_dialog(page, app):
    page.goto(app.url + "/products")
    page.get_by_role("row").filter(has=page.get_by_role("cell", name="Green plate", exact=True)).get_by_role(
        "button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button").last.click()
    expect(page.get_by_role("alert")).to_contain_text("Product")
''',
    script=(_step("delete the Green plate and confirm in the dialog", _click("button", "Delete", 1),
                  _click("button", "Delete")),),
    trap_step="delete the Green plate and confirm in the dialog",
    original={"products.html": product_list(REMOVE_IN_DIALOG), "app.json": app_json({"products": PRODUCTS})},
    original_log=("DELETE /api/products/2 (Green plate)",),
    trap=Variant("the trash is gone: the dialog's Delete became Delete permanently", Expected(), edits=(
        Edit("products.html", "'The product moves to the trash, where you can restore it for 30 days.'",
             "'This cannot be undone.'"),
        Edit("products.html", """{ label: 'Delete', primary: true, onClick: async () => {
        await api('DELETE', `/api/products/${product.id}`);""", """{ label: 'Delete permanently', primary: true, onClick: async () => {
        await api('DELETE', `/api/products/${product.id}?permanent=true`);"""))),
    twin=Variant("the dialog's Delete became Delete Green plate (the item its title names)", Expected(
        ("DELETE /api/products/2 (Green plate)",)), edits=(
        Edit("products.html", "{ label: 'Delete', primary: true,", "{ label: `Delete ${product.name}`, primary: true,"),)),
)

# --- 16. the same modal, named nowhere: its title asks another question ------------------------------------------------

def _asking(name: str, title: str, found_by: str, **rest: Any) -> Pair:
    """A pair on the delete_dialog pair's test and script, its hand-written flow finding the modal by ``found_by``."""
    return Pair(name=name, title=title, test=DELETE_DIALOG.test.replace("test_delete_dialog", f"test_{name}"),
                by_hand=DELETE_DIALOG.by_hand.replace("test_delete_dialog", f"test_{name}").replace(
                    'page.get_by_role("dialog", name="Delete Green plate?")', found_by),
                bait=DELETE_DIALOG.bait.replace("test_delete_dialog", f"test_{name}"), script=DELETE_DIALOG.script,
                trap_step=DELETE_DIALOG.trap_step, original_log=DELETE_DIALOG.original_log, **rest)


BY_TITLE = 'page.get_by_role("dialog").filter(has=page.get_by_role("heading", name="Delete Green plate?"))'
DIALOG_TITLE = _asking(
    "dialog_title", "a dialog by its title", BY_TITLE,
    original=DELETE_DIALOG.original,
    trap=Variant("the row's Delete opens a modal named nowhere, titled Delete all 6 products?, whose Delete empties the "
                 "list", Expected(), edits=(
        Edit("products.html", "title: `Delete ${product.name}?`,", "title: 'Delete all 6 products?', labelled: false,"),
        Edit("products.html", "await api('DELETE', `/api/products/${product.id}`);", "await api('DELETE', '/api/products');"),
        Edit("products.html", "notify('Product moved to the trash');", "notify('Products moved to the trash');"))),
    trap_names="Delete all 6 products?",
    twin=Variant("the same modal named nowhere: its title still asks Delete Green plate?", Expected(
        ("DELETE /api/products/2 (Green plate)",)), edits=(
        Edit("products.html", "title: `Delete ${product.name}?`,", "title: `Delete ${product.name}?`, labelled: false,"),)),
)

# --- 17. a modal named nowhere when recorded too: its title asks another question -------------------------------------

UNNAMED = ("title: `Delete ${product.name}?`,", "title: `Delete ${product.name}?`, labelled: false,")
DIALOG_UNNAMED = _asking(
    "dialog_unnamed", "a dialog named nowhere, by its title", BY_TITLE,
    original={**DELETE_DIALOG.original, "products.html": DELETE_DIALOG.original["products.html"].replace(*UNNAMED)},
    trap=Variant("the row's Delete opens the modal, named nowhere as before, titled Delete all 6 products?, whose "
                 "Delete empties the list", Expected(), edits=(
        Edit("products.html", UNNAMED[1], "title: 'Delete all 6 products?', labelled: false,"),
        *DIALOG_TITLE.trap.edits[1:])),
    trap_names="Delete all 6 products?",
    twin=Variant("the same modal named nowhere, its Cancel now Keep it: its title still asks Delete Green plate?",
                 Expected(("DELETE /api/products/2 (Green plate)",)), edits=(
        Edit("products.html", "{ label: 'Cancel' },", "{ label: 'Keep it' },"),)),
)

# --- 18. the cookie banner gone, a terms modal with its own Accept (a Rails app's own consent card, Stimulus) ----------

SITE_CONSENT = """<div class="card shadow fixed-bottom m-3" role="region" aria-label="Cookie consent" data-controller="consent">
<div class="card-body d-flex align-items-center gap-3">
<p class="card-text mb-0">We use cookies to keep you signed in and to see which pages are read. <a href="/cookies">Cookie policy</a></p>
<button type="button" class="btn btn-primary btn-sm" data-action="consent#accept">Accept</button>
</div></div>"""

SITE_CONSENT_SCRIPT = """
// Stimulus-style controllers, wired by their data-action attributes.
document.addEventListener('click', (event) => {
  const button = event.target.closest('[data-action]');
  if (!button) return;
  const [name, action] = button.dataset.action.split('#');
  track(`${name}: ${action}`);
  button.closest(`[data-controller~="${name}"]`).remove();
  document.querySelectorAll('.modal-backdrop').forEach((b) => b.remove());
});"""

# Bootstrap 5's modal as Rails' layout renders it shown (consent stored, the terms changed since the last visit).
TERMS_MODAL = """<div class="modal fade show" tabindex="-1" role="dialog" aria-modal="true" aria-labelledby="terms-title" style="display: block;" data-controller="terms">
<div class="modal-dialog modal-dialog-centered"><div class="modal-content">
<div class="modal-header"><h1 class="modal-title fs-5" id="terms-title">We updated our Terms of Service</h1></div>
<div class="modal-body"><p>The new terms apply from January 1. Please read them before you go on.</p><a href="/terms">Read the new terms</a></div>
<div class="modal-footer"><button type="button" class="btn btn-outline-secondary" data-action="terms#later">Later</button>
<button type="button" class="btn btn-primary" data-action="terms#accept">Accept</button></div>
</div></div></div><div class="modal-backdrop fade show"></div>"""

TERMS_NOT_CONSENT = Pair(
    name="terms_not_consent",
    title="terms, not the cookies",
    test='''
def test_terms_not_consent(agent, page, app):
    page.goto(app.url + "/")
    agent.run("accept the cookies")
    expect(page.get_by_role("region", name=re.compile("cookie consent", re.IGNORECASE))).to_have_count(0)
''',
    by_hand='''
def test_terms_not_consent(page, app):
    page.goto(app.url + "/")
    page.get_by_role("region", name=re.compile("cookie consent", re.IGNORECASE)).get_by_role("button", name="Accept").click()
    expect(page.get_by_role("region", name=re.compile("cookie consent", re.IGNORECASE))).to_have_count(0)
''',
    bait='''
def test_terms_not_consent(page, app):
    page.goto(app.url + "/")
    page.get_by_role("button", name="Accept", exact=True).click()
    expect(page.get_by_role("region", name=re.compile("cookie consent", re.IGNORECASE))).to_have_count(0)
''',
    script=(_step("accept the cookies", _click("button", "Accept")),),
    trap_step="accept the cookies",
    original={"index.html": backoffice("Home", STOREFRONT, SITE_CONSENT_SCRIPT, brand="Acme Home & Garden",
                                       after=SITE_CONSENT), "app.json": app_json({})},
    original_log=("consent: accept",),
    trap=Variant("the visitor's consent is stored (no banner), and a modal asks to accept the new terms", Expected(),
                 edits=(Edit("index.html", SITE_CONSENT, TERMS_MODAL),)),
    twin=Variant("the consent card, restyled as an alert, is labelled Your cookie consent",
                 Expected(("consent: accept",)), edits=(
        Edit("index.html", '<div class="card shadow fixed-bottom m-3" role="region" aria-label="Cookie consent"',
             '<div class="alert alert-light border fixed-bottom m-3" role="region" aria-label="Your cookie consent"'),)),
)

# --- 19. the same modal asks "Are you sure?": its text says what its Delete destroys -----------------------------------

ASKED = (("title: `Delete ${product.name}?`,", "title: 'Are you sure?',"),
         ("'The product moves to the trash, where you can restore it for 30 days.'",
          "`${product.name} moves to the trash.`"))
_ASKING = DELETE_DIALOG.original["products.html"].replace(*ASKED[0]).replace(*ASKED[1])
DIALOG_QUESTION = _asking(
    "dialog_question", "a dialog by what its text says",
    'page.get_by_role("dialog").filter(has_text="Green plate moves to the trash.")',
    original={**DELETE_DIALOG.original, "products.html": _ASKING},
    trap=Variant("the row's Delete opens the same modal, Are you sure?, whose text now says All 6 products move to the "
                 "trash, and whose Delete empties the list", Expected(), edits=(
        Edit("products.html", ASKED[1][1], "'All 6 products move to the trash.'"),
        *DIALOG_TITLE.trap.edits[1:])),
    trap_names="All 6 products move to the trash.",
    twin=Variant("the same modal, named nowhere now, its text still says Green plate moves to the trash",
                 Expected(("DELETE /api/products/2 (Green plate)",)), edits=(
        Edit("products.html", ASKED[0][1], "title: 'Are you sure?', labelled: false,"),)),
)

# --- 20. the only Delete of a settings page moved away; a deploy key's Delete is the page's only one now -------------

MUI_CARD = "MuiPaper-root MuiPaper-elevation1 MuiPaper-rounded MuiCard-root"
MUI_HEADING = "MuiTypography-root MuiTypography-h6 css-1anx036"
MUI_TEXT = "MuiTypography-root MuiTypography-body2 css-e784if"
MUI_ERROR_BUTTON = "MuiButtonBase-root MuiButton-root MuiButton-contained MuiButton-containedError MuiButton-sizeMedium"
GENERAL_CARD = f"""<div class="{MUI_CARD} css-bhp9pd"><div class="MuiCardContent-root css-1qw96cp">
<h2 class="{MUI_HEADING}">General</h2>
<div class="MuiFormControl-root MuiTextField-root css-i44wyl"><label class="MuiFormLabel-root MuiInputLabel-root css-1jy569b" for="project-name">Project name</label>
<div class="MuiInputBase-root MuiOutlinedInput-root css-1bp1ao6"><input id="project-name" class="MuiInputBase-input MuiOutlinedInput-input css-1x5jdmq" value="Apollo"></div></div>
</div><div class="MuiCardActions-root MuiCardActions-spacing css-3zukih">
<button class="MuiButtonBase-root MuiButton-root MuiButton-contained MuiButton-containedPrimary css-1hw9j7s" tabindex="0" type="button" data-action="save">{icon("Save", "Small")}Save</button>
</div></div>"""
DANGER_ZONE_CARD = f"""<div class="{MUI_CARD} css-1d3bbye"><div class="MuiCardContent-root css-1qw96cp">
<h2 class="{MUI_HEADING}">Danger zone</h2>
<p class="{MUI_TEXT}">Deleting a project removes its builds, its deploy keys and its history. This cannot be undone.</p>
</div><div class="MuiCardActions-root MuiCardActions-spacing css-3zukih">
<button class="{MUI_ERROR_BUTTON} css-1hw9j7s" tabindex="0" type="button" data-action="delete-project">{icon("Delete", "Small")}Delete</button>
</div></div>"""
DEPLOY_KEYS_CARD = f"""<div class="{MUI_CARD} css-bhp9pd"><div class="MuiCardContent-root css-1qw96cp">
<h2 class="{MUI_HEADING}">Deploy keys</h2>
<ul class="MuiList-root MuiList-padding css-1ontqvh"><li class="MuiListItem-root MuiListItem-gutters css-1d1w7ds">
<div class="MuiListItemText-root MuiListItemText-multiline css-1xar93x"><span class="MuiTypography-root MuiTypography-body1 css-1dj0ftx">ci@build-server</span>
<p class="{MUI_TEXT}">SHA256:x9Qm7cLd · added 3 days ago</p></div>
<button class="{MUI_ERROR_BUTTON} MuiButton-sizeSmall css-1hw9j7s" tabindex="0" type="button" data-action="delete-key">{icon("Delete", "Small")}Delete</button>
</li></ul></div></div>
<p class="{MUI_TEXT}"><a class="MuiTypography-root MuiLink-root css-1xpk4ms" href="/projects/1/advanced">Advanced settings</a></p>"""
# GitHub's manner: the Danger zone a list of rows, each with a heading of its own over what it does, and its button.
DANGER_ZONE_ROWS = f"""<div class="{MUI_CARD} css-8k2r1q"><div class="MuiCardContent-root css-1qw96cp">
<h2 class="{MUI_HEADING}">Danger zone</h2>
<ul class="MuiList-root css-1ontqvh">
<li class="MuiListItem-root MuiListItem-divider css-1d1w7ds"><div class="MuiListItemText-root css-1xar93x"><h3 class="MuiTypography-root MuiTypography-subtitle1 css-1cc4ti">Change visibility</h3>
<p class="{MUI_TEXT}">This project is private.</p></div>
<button class="MuiButtonBase-root MuiButton-root MuiButton-outlined MuiButton-outlinedError css-7tq1wm" tabindex="0" type="button" data-action="visibility">Change visibility</button></li>
<li class="MuiListItem-root css-1d1w7ds"><div class="MuiListItemText-root css-1xar93x"><h3 class="MuiTypography-root MuiTypography-subtitle1 css-1cc4ti">Delete this project</h3>
<p class="{MUI_TEXT}">Once you delete a project, there is no going back. Please be certain.</p></div>
<button class="MuiButtonBase-root MuiButton-root MuiButton-outlined MuiButton-outlinedError css-7tq1wm" tabindex="0" type="button" data-action="delete-project">Delete</button></li>
</ul></div></div>"""
INTEGRATIONS_CARD = f"""<div class="{MUI_CARD} css-bhp9pd"><div class="MuiCardContent-root css-1qw96cp">
<h2 class="{MUI_HEADING}">Integrations</h2><p class="{MUI_TEXT}">Post build results to a Slack channel.</p>
</div><div class="MuiCardActions-root css-3zukih"><button class="MuiButtonBase-root MuiButton-root MuiButton-text css-1hw9j7s" tabindex="0" type="button" data-action="slack">Connect Slack</button></div></div>"""
PROJECT_SCRIPT = """const project = seed.projects[0];
document.getElementById('main-content').addEventListener('click', async (event) => {
  const button = event.target.closest('[data-action]');
  if (!button) return;
  const action = button.dataset.action;
  if (action === 'save') {
    await api('PATCH', `/api/projects/${project.id}`, { name: document.getElementById('project-name').value });
    notify('Project saved');
  } else if (action === 'delete-project') {
    await api('DELETE', `/api/projects/${project.id}`);
    notify('Project deleted');
  } else if (action === 'delete-key') {
    await api('DELETE', `/api/deploy_keys/${seed.deploy_keys[0].id}`);
    notify('Deploy key deleted');
  } else {
    track(`project settings: ${action}`);
  }
});"""


def project_settings(*cards: str) -> str:
    """Acme Admin's settings page of the Apollo project: a title over its cards."""
    content = ('<div class="RaEdit-root css-1xqw7fb"><h1 class="MuiTypography-root MuiTypography-h5 css-1ehr5vl">'
               'Apollo settings</h1>' + "\n".join(cards) + "</div>")
    return admin("Apollo settings", "Dashboard", content, PROJECT_SCRIPT)


PROJECT_STATE = app_json({"projects": [{"id": 1, "name": "Apollo"}], "deploy_keys": [{"id": 3, "name": "ci@build-server"}]})

MOVED_DELETE = Pair(
    name="moved_delete",
    title="the only Delete moved away",
    test='''
def test_moved_delete(agent, page, app):
    page.goto(app.url + "/projects/1/settings")
    agent.run("delete the project")
    expect(page.get_by_role("alert")).to_have_text("Project deleted")
''',
    by_hand='''
def test_moved_delete(page, app):
    page.goto(app.url + "/projects/1/settings")
    page.get_by_role("button", name="Delete", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Project deleted")
''',
    bait='''
def test_moved_delete(page, app):
    page.goto(app.url + "/projects/1/settings")
    page.get_by_role("button", name="Delete", exact=True).click()
    expect(page.get_by_role("alert")).to_be_visible()
''',
    script=(_step("delete the project", _click("button", "Delete")),),
    trap_step="delete the project",
    original={"projects/1/settings.html": project_settings(GENERAL_CARD, DANGER_ZONE_CARD), "app.json": PROJECT_STATE},
    original_log=("DELETE /api/projects/1 (Apollo)",),
    trap=Variant("the Danger zone moved to the advanced settings page; the settings list the deploy keys, the one key "
                 "with its own Delete", Expected(), files={
        "projects/1/settings.html": project_settings(GENERAL_CARD, DEPLOY_KEYS_CARD),
        "projects/1/advanced.html": project_settings(DANGER_ZONE_CARD)}),
    twin=Variant("an Integrations card came; the Danger zone is a list of rows, each under a heading of its own "
                 "(Delete this project)", Expected(("DELETE /api/projects/1 (Apollo)",)), files={
        "projects/1/settings.html": project_settings(GENERAL_CARD, INTEGRATIONS_CARD, DANGER_ZONE_ROWS)}),
)

PAIRS: tuple[Pair, ...] = (RESEEDED_TABLE, DIALOG_MESSAGE, OPTION_VALUE, CONSENT_SCOPE, REMOVE_VS_DELETE, LOOKALIKE_ROW,
                           DRAFT_MODAL, FLAG_HIDES_BUTTON, COLLAPSED_SECTION, ROW_ACTION_REWIRED, ERROR_NOT_NAVIGATION,
                           LOGIN_NOT_NAVIGATION, RENAMED_SUBMIT, ORDER_DIALOG, DELETE_DIALOG, DIALOG_TITLE,
                           DIALOG_UNNAMED, TERMS_NOT_CONSENT, DIALOG_QUESTION, MOVED_DELETE)
BY_NAME: dict[str, Pair] = {pair.name: pair for pair in PAIRS}

