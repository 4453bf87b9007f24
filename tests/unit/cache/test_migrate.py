"""Older cache files read as the current version writes them."""

from __future__ import annotations

from typing import Any

from pytest_lumen.cache.migrate import upgrade


def _file(href: str, step_url: str = "/admin/product/list", version: int = 2) -> dict[str, Any]:
    fp = {"version": version, "tag": "a", "role": "link", "name": "Edit", "href": href}
    action = {"kind": "click", "target": {"locator": {"kind": "title", "value": "Edit"}, "fingerprint": fp}}
    return {"schema_version": 2, "steps": [{"url": step_url, "actions": [action]}]}


def _href(data: dict[str, Any]) -> str:
    return str(data["steps"][0]["actions"][0]["target"]["fingerprint"]["href"])


def test_an_older_fingerprint_reads_a_link_to_its_own_site_origin_relative() -> None:
    assert _href(upgrade(_file("http://127.0.0.1:40657/admin/product/edit/3?x=1#a"))) == "/admin/product/edit/3?x=1#a"
    assert _href(upgrade(_file("https://shop.example/p/2", "https://shop.example/list"))) == "/p/2"


def test_a_link_to_another_site_a_relative_one_and_a_current_fingerprint_are_left_as_they_are() -> None:
    assert _href(upgrade(_file("https://example.org/docs", "https://shop.example/list"))) == "https://example.org/docs"
    assert _href(upgrade(_file("edit/3"))) == "edit/3"
    assert _href(upgrade(_file("http://127.0.0.1:40657/x", version=3))) == "http://127.0.0.1:40657/x"


def test_a_file_the_current_version_wrote_is_read_as_it_is_and_an_older_fingerprint_in_it_still_upgraded() -> None:
    current = {**_file("http://127.0.0.1:40657/x", version=4), "schema_version": 3}
    assert upgrade(current) is current  # nothing to do: no copy of the file's data
    mixed = {**current, "steps": [*current["steps"], *_file("http://127.0.0.1:40657/y", version=2)["steps"]]}
    assert [a["target"]["fingerprint"]["href"] for s in upgrade(mixed)["steps"] for a in s["actions"]] == [
        "http://127.0.0.1:40657/x", "/y"]
    unversioned = {**current, "steps": [{"actions": [{"kind": "click", "target": {"fingerprint": {"tag": "a"}}}]}]}
    assert upgrade(unversioned)["steps"][0]["actions"][0]["target"]["fingerprint"]["version"] == 1
