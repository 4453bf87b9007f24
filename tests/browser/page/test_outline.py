"""The observation's plan (pytest_lumen.page.outline): a small page whole, a large one as its viewport, its
landmarks and its long lists summarised, with refs that resolve wherever they were shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pytest_lumen.page import outline, scripts
from pytest_lumen.page.outline import View
from tests.support.large_pages import ROWS, inventory

# A web component: its items are slotted into a list in its shadow root.
COMPONENT = """<!doctype html><html lang='en'><head><title>Catalog</title></head><body>
<h1>Catalog</h1><x-catalog>{items}</x-catalog>
<script>
customElements.define('x-catalog', class extends HTMLElement {{
  constructor() {{
    super();
    this.attachShadow({{mode: 'open'}}).innerHTML =
      '<section aria-label="Products"><h2>Products</h2><ul><slot></slot></ul></section>';
  }}
}});
</script></body></html>"""


@pytest.fixture
def big_page(page: Any, site_factory: Callable[[dict[str, str]], Any]) -> Any:
    site = site_factory({"index.html": inventory(), "small.html": inventory(5)})
    page.goto(site.url + "/index.html")
    return page


def test_a_small_page_is_snapshotted_whole_as_playwright_does(big_page: Any) -> None:
    big_page.goto(big_page.url.replace("index.html", "small.html"))
    taken = outline.take(big_page)
    assert not taken.planned and taken.text == big_page.aria_snapshot(mode="ai") and taken.title == "Inventory"


def test_a_large_page_shows_its_landmarks_the_lists_count_and_the_rows_in_view(big_page: Any) -> None:
    big_page.locator("tr", has_text="SKU-01200").scroll_into_view_if_needed()
    taken = outline.take(big_page)

    assert taken.planned and taken.elements > 5 * outline.BUDGET
    assert len(taken.text) < len(big_page.aria_snapshot(mode="ai")) // 20
    assert 'navigation "Main"' in taken.text and 'heading "Inventory"' in taken.text and "Shop admin" in taken.text
    assert "[list=L1]: 2,500 rows" in taken.text and taken.lists["L1"]
    shown = [n for n in range(1, ROWS + 1) if f'"SKU-{n:05d}"' in taken.text]
    boxes = big_page.evaluate("[...document.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect())"
                              ".map((r) => [r.top, r.bottom])")
    height = big_page.viewport_size["height"]
    assert shown[:outline.FIRST] == [1, 2, 3]  # the first rows, then the ones in view
    assert 1200 in shown and len(shown) <= outline.SHOWN
    assert all(boxes[n - 1][1] > 0 and boxes[n - 1][0] < height for n in shown[outline.FIRST:])
    assert "(rows 4-" in taken.text and f"{ROWS:,} not shown" in taken.text


def test_a_ref_resolves_whichever_piece_showed_it(big_page: Any) -> None:
    taken = outline.take(big_page)
    for name in ("Orders", "SKU-00002"):  # the navigation was snapshotted first, the rows later
        line = next(line for line in taken.text.splitlines() if f'"{name}"' in line)
        ref = outline._REF.search(line).group(1)  # type: ignore[union-attr]
        assert outline.locate(big_page, ref, taken.refs).inner_text() == name


def test_the_model_sees_the_items_it_asked_for(big_page: Any) -> None:
    taken = outline.take(big_page)
    asked = outline.take(big_page, View(big_page.url, taken.lists["L1"], containing="sku-02345"))
    assert "1 asked for, 1 shown" in asked.text and '"SKU-02345"' in asked.text and '"SKU-00001"' not in asked.text
    ref = outline._REF.search(next(line for line in asked.text.splitlines() if "SKU-02345" in line)).group(1)  # type: ignore[union-attr]
    outline.locate(big_page, ref, asked.refs).click()
    assert big_page.locator("#status").inner_text() == "Opened SKU-02345"

    later = outline.take(big_page, View(big_page.url, taken.lists["L1"], start=2000))
    assert '"SKU-02000"' in later.text and '"SKU-02019"' in later.text and '"SKU-02020"' not in later.text


def test_a_list_in_a_web_components_shadow_root_is_summarised_and_its_items_resolve(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    items = "".join(f"<li><a href='#p{i}'>Product {i}</a></li>" for i in range(1, 1201))
    page.goto(site_factory({"index.html": COMPONENT.format(items=items)}).url + "/index.html")
    taken = outline.take(page)

    assert taken.planned and 'region "Products"' in taken.text and 'heading "Products"' in taken.text
    assert "1,200 items" in taken.text and '"Product 1"' in taken.text and '"Product 900"' not in taken.text
    asked = outline.take(page, View(page.url, taken.lists["L1"], containing="Product 900"))
    ref = outline._REF.search(next(line for line in asked.text.splitlines() if '"Product 900"' in line)).group(1)  # type: ignore[union-attr]
    assert outline.locate(page, ref, asked.refs).get_attribute("href") == "#p900"


def test_the_largest_parts_out_of_view_are_left_out_when_the_pieces_hold_too_much(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    sections = "".join(
        f"<section aria-label='Chapter {c}'><h2>Chapter {c}</h2>"
        + "".join(f"<div><p>Paragraph {c}.{p} with <a href='#c{c}p{p}'>a link</a> and <b>bold</b> text</p></div>"
                  for p in range(1, 100 + 10 * c))
        + "</section>" for c in range(1, 9))
    page.goto(site_factory({"index.html": f"<!doctype html><title>Book</title><main>{sections}</main>"}).url
              + "/index.html")
    taken = outline.take(page)

    hidden = [line for line in taken.text.splitlines() if "out of view" in line]
    assert taken.planned and taken.elements > outline.TOTAL and 'region "Chapter 1" [ref=' in taken.text
    # ~4,600 elements in pieces: the largest chapter out of view (the last) is left out, and that is enough
    assert [h.split(" [list=")[0].strip() for h in hidden] == ['- region "Chapter 8"']
    assert all("[list=L" in line and "elements not shown" in line for line in hidden)
    name = hidden[0].split("[list=")[1].split("]")[0]
    asked = outline.take(page, View(page.url, taken.lists[name]))
    assert hidden[0] not in asked.text and hidden[0].split(" [list=")[0].strip() + " [ref=" in asked.text


def test_a_ref_still_resolves_after_the_page_moved_its_piece(big_page: Any) -> None:
    taken = outline.take(big_page)
    ref = outline._REF.search(next(line for line in taken.text.splitlines() if '"SKU-00002"' in line)).group(1)  # type: ignore[union-attr]
    big_page.evaluate("document.querySelector('main').prepend(document.createElement('div'))")  # every path shifts
    assert outline.locate(big_page, ref, taken.refs).inner_text() == "SKU-00002"


# Shadow hosts open and closed, a slot with assigned elements and text, a slot showing its fallback, nested hosts.
SLOTS = """<!doctype html><html lang='en'><head><title>Slots</title></head><body>
<div id="open"><span slot="head">Head</span><p>One</p>text<p>Two</p></div>
<div id="closed"><p>Light</p></div>
<div id="fallback"><p>Kept out of the slot</p></div>
<ul id="plain"><li>1</li><!-- a comment --><li>2</li> <li>3</li></ul>
<script>
document.getElementById('open').attachShadow({mode: 'open'}).innerHTML =
  '<header><slot name="head"></slot></header><main><slot></slot></main><div id="inner"><b>x</b></div>';
document.getElementById('closed').attachShadow({mode: 'closed'}).innerHTML = '<i>hidden</i><slot></slot>';
document.getElementById('fallback').attachShadow({mode: 'open'}).innerHTML =
  '<slot name="none"><em>fallback</em><strong>too</strong></slot><slot></slot>';
</script></body></html>"""


def test_the_composed_children_of_every_element_are_those_of_the_slot_aware_walk(
        page: Any, site_factory: Callable[[dict[str, str]], Any]) -> None:
    # composedKids walks an element's own children when no slot can be involved (no shadow root, not a slot):
    # for every element of the page and of its open shadow roots, the same elements as composedNodes gives
    page.goto(site_factory({"index.html": SLOTS}).url + "/index.html")
    script = "(() => {\n" + scripts.source("composed") + """\nreturn () => {
      const all = [];
      const visit = (root) => root.querySelectorAll('*').forEach((e) => { all.push(e); if (e.shadowRoot) visit(e.shadowRoot); });
      visit(document);
      const wrong = all.filter((e) => {
        const want = composedNodes(e).filter((n) => n.nodeType === 1), got = composedKids(e);
        return got.length !== want.length || got.some((k, i) => k !== want[i] || composedKid(e, i) !== k)
          || composedKid(e, want.length) !== undefined;
      });
      return [all.length, wrong.map((e) => e.outerHTML.slice(0, 60))];
    };\n})()"""
    checked, wrong = page.evaluate(script)
    assert checked > 20 and wrong == []
