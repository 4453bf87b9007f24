"""Large pages for the observation tests: a framework-rendered admin table of thousands of rows."""

from __future__ import annotations

ROWS = 2500


def inventory(rows: int = ROWS) -> str:
    """An admin page as frameworks render one: a header with navigation, wrappers with generated class
    names, a search field and a table with a button in every row."""
    body = "".join(
        f"<tr class='r_x9f'><td>Row {i}</td><td><button type='button' onclick=\"document.getElementById('status')"
        f".textContent = 'Opened ' + this.textContent\">SKU-{i:05d}</button></td><td>{(i * 37) % 1000}</td></tr>"
        for i in range(1, rows + 1))
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Inventory</title>"
            "<style>td { padding: 2px 8px }</style></head><body><div id='root'><div class='App_a1b2'>"
            "<header><nav aria-label='Main'><a href='/'>Home</a> <a href='/orders'>Orders</a></nav></header>"
            "<main><h1>Inventory</h1><p id='status' role='status'></p><label>Search <input type='search'></label>"
            "<div class='TableWrap_q7'><table><thead><tr><th>Item</th><th>SKU</th><th>Price</th></tr></thead>"
            f"<tbody>{body}</tbody></table></div></main><footer>Shop admin</footer></div></div>"
            "<script>window.appReady = true</script></body></html>")
