"""A heal's picture: taken with the element highlighted (or of the plain page), withheld when the page shows a value
the test passed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytest_lumen.page.evidence import heal_picture, shows_secret
from pytest_lumen.secrets import Secrets

PAGE = """<!doctype html><html lang="en"><body><main>
<label>Card number <input id="card"></label><button>Pay</button>
<iframe srcdoc="<p>Signed in as someone</p><input id='inner'>"></iframe>
<card-field></card-field>
<script>customElements.define('card-field', class extends HTMLElement {
  constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<input id="shadowed">'; } });</script>
</main></body></html>"""


def test_the_picture_is_withheld_while_any_frame_shows_a_value_the_test_passed(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    site = site_factory({"index.html": PAGE})
    page.goto(site.url + "/index.html")
    secrets = Secrets()
    secrets.add_variables({"card": "4242424242424242"})
    button = page.get_by_role("button", name="Pay")

    assert heal_picture(page, button, tmp_path / "a.png", secrets.redact) == "a.png"
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    assert heal_picture(page, None, tmp_path / "plain.png", secrets.redact) == "plain.png"  # no element: the page
    assert (tmp_path / "plain.png").read_bytes() != (tmp_path / "a.png").read_bytes()  # the button not highlighted

    page.locator("#card").fill("4242424242424242")  # typed into the page: no picture
    assert shows_secret(page, secrets.redact)
    assert heal_picture(page, button, tmp_path / "b.png", secrets.redact) is None and not (tmp_path / "b.png").exists()
    assert heal_picture(page, None, tmp_path / "b2.png", secrets.redact) is None  # the plain page alike

    page.locator("#card").fill("")
    page.frame_locator("iframe").locator("#inner").fill("4242 4242 4242 4242")  # in a frame, spaced: still
    # (redact replaces a value standing as a whole token; the values themselves, as the replayer passes every one,
    # are found with the separators taken out)
    assert heal_picture(page, button, tmp_path / "c.png", secrets.redact, secrets.variables.values()) is None
    page.frame_locator("iframe").locator("#inner").fill("")
    page.locator("#shadowed").fill("4242424242424242")  # in a web component's shadow root
    assert shows_secret(page, secrets.redact)
    page.locator("#shadowed").fill("4242424242424242")
    spaced = Secrets()
    spaced.add_variables({"card": "4242 4242 4242 4242"})  # the value had separators, the page shows none
    assert shows_secret(page, spaced.redact, ["4242 4242 4242 4242"])
    page.locator("#shadowed").fill("")
    assert not shows_secret(page, spaced.redact, ["4242 4242 4242 4242"])


MOVING = """<!doctype html><html lang="en"><head><style>
@keyframes nudge { from { transform: translateX(0); } to { transform: translateX(40px); } }
.cta { animation: nudge 0.4s ease-in-out infinite alternate; }
</style></head><body><main><p>Spring sale</p><div class="hero" style="height: 2400px"></div>
<button class="cta css-9x2k1f">Shop now</button></main></body></html>"""


def test_an_element_that_never_holds_still_is_brought_into_view_and_pictured(
        page: Any, site_factory: Callable[[dict[str, str]], Any], tmp_path: Path) -> None:
    # Playwright's scroll to the element waits for it to stand still: one that does not within the scroll's second
    # (here a call to action below the fold on a looping animation, which never does; on a busy machine one not
    # painted in time) is brought into view at once and pictured, highlighted.
    site = site_factory({"index.html": MOVING})
    page.goto(site.url + "/index.html")
    button = page.get_by_role("button", name="Shop now")
    assert heal_picture(page, button, tmp_path / "moving.png", Secrets().redact) == "moving.png"
    assert 0 <= button.evaluate("e => e.getBoundingClientRect().top") < page.viewport_size["height"]  # in the picture
    assert (tmp_path / "moving.png").read_bytes().startswith(b"\x89PNG")
