"""The identity hash's field order (pytest_lumen.page.identity); the gate on a real page is in
tests/browser/page/test_identity.py."""

from __future__ import annotations

import pytest

from pytest_lumen.page import identity
from pytest_lumen.page.fingerprint import page_fields


def test_hash_order_holds_fields_the_page_reads() -> None:
    assert all(set(names) <= set(identity.FIELDS) for names in identity.SKIPS.values())
    with pytest.raises(ValueError, match="look_alikes"):
        page_fields("role", "look_alikes")  # counted apart, not read from the element
