"""What a failed combobox choice says it was offered: what it offers now first, whatever the load."""

from pytest_lumen.heal.widgets import _offering
from pytest_lumen.page.options import Offered

LOADING = [Offered("", "Loading…", disabled=True)]
LOADED = [Offered("", "France"), Offered("", "Spain")]


def test_a_search_as_typed_names_what_it_offers_for_the_text_whether_or_not_its_first_list_had_loaded() -> None:
    slow, fast = _offering([], LOADING, "Germany"), _offering([], LOADED, "Germany")
    assert slow == "the options now offered for 'Germany' typed: none"
    assert fast == "the options now offered for 'Germany' typed: none (when it opened: 'France', 'Spain')"


def test_a_list_opened_without_typing_names_what_it_offers_and_never_a_loading_row() -> None:
    assert _offering(LOADED, LOADING, "") == "the options now offered: 'France', 'Spain'"
    assert _offering(LOADING, LOADING, "") == "the options now offered: none"
