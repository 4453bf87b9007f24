"""How the upgrade benchmark judges a run (benchmarks/upgrade/harness.py), without a browser or an app."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

from upgrade import apps as A  # noqa: E402
from upgrade import harness as H  # noqa: E402

BEFORE = {"rows": [{"id": 1, "name": "Blue mug"}, {"id": 2, "name": "Green plate"}]}


def test_effects_are_pages_opened_calls_made_and_rows_changed() -> None:
    entry = {"opened": ["/admin/product/list", "/admin/product/edit/2"], "before": BEFORE,
             "state": {"log": [{"method": "GET", "path": "/api/pets/3", "query": {}, "body": None}],
                       "rows": [{"id": 1, "name": "Blue mug"}, {"id": 2, "name": "Green bowl"}]}}
    assert H.effects(entry) == [
        "open /admin/product/list", "open /admin/product/edit/2", "GET /api/pets/3 {} null",
        '+rows {"id": 2, "name": "Green bowl"}', '-rows {"id": 2, "name": "Green plate"}']


def test_a_page_is_compared_without_the_apps_bookkeeping_but_with_what_names_it() -> None:
    kept = ("url", "page_size=20")
    recorded = H.effects({"opened": ["/admin/product/edit/?id=3&url=%2Fadmin%2Fproduct%2F", "/admin/product/"]}, kept)
    newer = H.effects({"opened": ["/admin/product/edit/?url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20&id=3",
                                  "/admin/product/?page_size=20"]}, kept)
    other = H.effects({"opened": ["/admin/product/edit/?id=2&url=%2Fadmin%2Fproduct%2F", "/admin/product/?page_size=50"]},
                      kept)
    assert recorded == newer == ["open /admin/product/edit/?id=3", "open /admin/product/"]
    assert other == ["open /admin/product/edit/?id=2", "open /admin/product/?page_size=50"]  # another page size: a click
    assert H.effects({"opened": ["/a?url=x"]}) == ["open /a?url=x"]  # an app without bookkeeping: as opened


def test_a_page_whose_address_a_release_writes_otherwise_is_that_page_and_another_row_or_column_is_not() -> None:
    web = A.APPS["sqlite-web"]

    def opened(*urls: str) -> list[str]:
        return H.effects({"opened": list(urls)}, web.bookkeeping, web.addresses)
    recorded = opened("/products/update/3/", "/products/content/?ordering=price", "/products/delete/2/")
    assert opened("/products/update/Mw==/", "/products/content/?ordering=price", "/products/delete/Mg==/") == recorded  # 0.6
    assert opened("/products/update/WzNd/", "/products/content/?ordering=4", "/products/delete/WzJd/") == recorded  # 0.8
    assert opened("/products/update/NA==/", "/products/content/?ordering=-4", "/products/delete/WzFd/") == [
        "open /products/update/4/", "open /products/content/?ordering=-price", "open /products/delete/1/"]
    assert opened("/products/row/not base64/", "/products/row/W10=/", "/products/content/?ordering=0",
                  "/products/content/?ordering=9") == [  # as opened: not a key ([] here), no sort, no such column
        "open /products/row/not base64/", "open /products/row/W10=/", "open /products/content/?ordering=0",
        "open /products/content/?ordering=9"]


def test_a_route_in_the_fragment_that_a_release_writes_with_a_slash_is_that_route() -> None:
    piccolo = A.APPS["piccolo-admin"]

    def opened(*urls: str) -> list[str]:
        return H.effects({"opened": list(urls)}, piccolo.bookkeeping, piccolo.addresses)
    recorded = opened("/#/login?nextURL=%2F", "/#/product", "/#/product/3", "/#/")
    assert opened("/#/login/?nextURL=/", "/#/product/", "/#/product/3/", "/#/") == recorded  # 1.0 and later
    assert opened("/#/product/4/", "/#/login/?nextURL=/product/") == ["open /#/product/4", "open /#/login?nextURL=%2Fproduct%2F"]


def test_a_row_created_on_a_release_whose_form_starts_from_a_default_holds_it_and_an_edited_row_does_not() -> None:
    created = H.effects({"before": BEFORE, "state": {"rows": [*BEFORE["rows"], {"id": 9, "in_stock": False}]}})
    edited = H.effects({"before": BEFORE, "state": {"rows": [{**BEFORE["rows"][0], "in_stock": False}, *BEFORE["rows"][1:]]}})
    assert H.created_with(created, {"in_stock": True}) == ['+rows {"id": 9, "in_stock": true}']
    assert H.created_with(edited, {"in_stock": True}) == edited  # an edit form shows the row's values, not defaults
    assert H.created_with(created, {}) == created


def test_a_run_that_stops_early_did_nothing_unintended_but_another_row_deleted_is() -> None:
    recorded = H.effects({"opened": ["/list"], "before": BEFORE, "state": {"rows": BEFORE["rows"][:1]}})
    stopped = H.effects({"opened": ["/list"], "before": BEFORE, "state": BEFORE})
    other = H.effects({"opened": ["/list"], "before": BEFORE, "state": {"rows": BEFORE["rows"][1:]}})
    assert [e for e in stopped if e not in recorded] == []
    assert [e for e in other if e not in recorded] == ['-rows {"id": 1, "name": "Blue mug"}']
    run = H.TestRun("test_delete_product", "0.22.0", passed=True, unintended=[e for e in other if e not in recorded])
    assert run.wrong_element


def test_a_failed_plain_check_alone_is_not_counted_as_a_wrong_element() -> None:
    run = H.TestRun("test_x", "1.0", passed=False, failed_line="assert x == 1", heals=Counter(),
                    plain_check_failed=True)
    assert not run.wrong_element


def test_a_regression_is_caught_only_at_its_own_step() -> None:
    app = A.SQLADMIN
    at_step = H.TestRun("test_delete_product", "0.16.1~no-delete", passed=False,
                        failed_line='agent.run("delete the Green plate")')
    later = H.TestRun("test_delete_product", "0.16.1~no-delete", passed=False,
                      failed_line='agent.expect("3 products are left")')
    assert H.regression_caught_at_own_step(app, at_step)
    assert not H.regression_caught_at_own_step(app, later)


def test_every_regression_names_a_test_and_a_step_of_its_suite() -> None:
    for app in A.APPS.values():
        source = (Path(H.__file__).parent / app.suite).read_text(encoding="utf-8")
        assert len(app.versions) >= 3 and len(app.regressions) >= 3
        for regression in app.regressions:
            assert regression.test in H.test_names(app)
            assert f'agent.run("{regression.fails_at}' in source, regression.name
