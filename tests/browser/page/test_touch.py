"""Touch on a touch screen (pytest_lumen.page.touch, page/perform.py): a tap and a swipe reach the page as touch input.

The carousels are written as carousel libraries listen: one to touch events (touchstart/move/end), one to pointer
events of a touch pointer (as Swiper and Embla do).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pytest_lumen.cache.model import LocatorSpec, Swipe, Tap, Target
from pytest_lumen.page.device import profile_of
from pytest_lumen.page.perform import On, perform

CAROUSEL = """<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><section aria-label="Deals" class="crsl-3f" style="touch-action: pan-y; width: 300px; height: 160px">
<p id="slide">Slide 1</p></section><button id="more" onclick="this.textContent = event.pointerType || 'tapped'">More
</button><script>
  const deck = document.querySelector('section'), slide = document.getElementById('slide'); let start = null, n = 1;
  const show = (dx) => { if (Math.abs(dx) > 40) { n += dx < 0 ? 1 : -1; slide.textContent = 'Slide ' + n; } };
  if (window.USE_POINTER) {
    deck.addEventListener('pointerdown', (e) => { if (e.pointerType === 'touch') start = e.clientX; });
    deck.addEventListener('pointerup', (e) => { if (start !== null) show(e.clientX - start); start = null; });
  } else {
    deck.addEventListener('touchstart', (e) => { start = e.touches[0].clientX; });
    deck.addEventListener('touchmove', (e) => { deck.dataset.x = e.touches[0].clientX; });
    deck.addEventListener('touchend', () => { show(Number(deck.dataset.x) - start); });
  }
</script></body></html>"""
DECK = Target(locator=LocatorSpec(kind="role", value="region", name="Deals"))
MORE = Target(locator=LocatorSpec(kind="role", value="button", name="More"))


@pytest.fixture
def phone(browser: Any, playwright: Any) -> Iterator[Any]:
    context = browser.new_context(**playwright.devices["Pixel 7"])
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("pointer", [False, True], ids=["touch-events", "pointer-events"])
def test_a_swipe_turns_a_carousel_as_a_finger_does(phone: Any, pointer: bool) -> None:
    phone.set_content(CAROUSEL.replace("<script>", f"<script>window.USE_POINTER = {str(pointer).lower()};"))
    deck = DECK.locator.build(phone)
    perform(Swipe(target=DECK, direction="left"), On(phone, deck, {}, 5000))
    assert phone.locator("#slide").text_content() == "Slide 2"
    perform(Swipe(target=DECK, direction="right"), On(phone, deck, {}, 5000))
    assert phone.locator("#slide").text_content() == "Slide 1"


def test_a_tap_is_a_touch_pointers_click(phone: Any) -> None:
    phone.set_content(CAROUSEL)
    more = MORE.locator.build(phone)
    perform(Tap(target=MORE), On(phone, more, {}, 5000))
    assert phone.locator("#more").text_content() == "touch"


def test_a_pages_profile_is_read_from_its_context(phone: Any, page: Any) -> None:
    assert profile_of(phone).key == "narrow-touch-mobile"
    assert profile_of(page).key == "wide"  # pytest-playwright's default 1280x720
