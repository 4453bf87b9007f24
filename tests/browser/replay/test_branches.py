"""Which recorded branch a conditional step takes: a page that closes while replay waits for a branch's sign takes
no branch (not even "nothing to do"); the wait ends saying the page closed."""

from __future__ import annotations

from typing import Any

import pytest

from pytest_lumen.cache.model import WaitFor
from pytest_lumen.page.changes import ENGINE, PageClosed
from pytest_lumen.replay.branches import choose_branch


def test_a_page_that_closes_while_a_branch_is_awaited_takes_no_branch(page: Any) -> None:
    closing = page.context.new_page()
    closing.set_content("<main><h1>Shop</h1></main>")
    closing.locator(f"{ENGINE}=0").count()  # the engine is injected, as replay does before it acts
    closing.on("console", lambda message: closing.close())  # the page says so once it waits: no mutation
    closing.evaluate("setTimeout(() => console.log('closing'), 50)")
    with pytest.raises(PageClosed):  # without: "nothing to do" (branch 1) after a second, as if the page showed no banner
        choose_branch(closing, [[WaitFor(text="We use cookies.")], []], {}, 20_000)
