"""URLs as the plugin reads them: normalized for the cache, origins, loopback hosts, two URLs that are one place."""

from __future__ import annotations

import functools
import ipaddress
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit


@functools.lru_cache(maxsize=256)
def is_loopback_host(host: str | None) -> bool:
    """True for localhost, 127.0.0.0/8 and ::1."""
    if not host:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower-cased."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


@functools.lru_cache(maxsize=1024)  # asked of the same few URLs around every action
def normalize_url(url: str, base_url: str | None = None) -> str:
    """The URL as the cache sees it.

    The origin is dropped when it is loopback (a local test server's random port must
    not change the key) or the configured base URL; the path is kept, the query is
    sorted and the fragment kept (single-page apps route with it).
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        return url  # about:blank, data:, file: stay as they are
    keep_origin = not (
        is_loopback_host(parts.hostname)
        or (base_url is not None and origin_of(url) == origin_of(base_url))
    )
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    out = f"{parts.scheme}://{parts.netloc.lower()}" if keep_origin else ""
    out += parts.path or "/"
    if query:
        out += "?" + query
    if parts.fragment:
        out += "#" + parts.fragment
    return out


def absolute_url(stored: str, current: str) -> str:
    """A cached URL made absolute: loopback URLs are stored without their origin."""
    if stored.startswith("/"):
        return urljoin(current, stored)
    return stored


def normalize_host(value: str | None) -> str:
    """A host for domain matching: lower-cased, no scheme, port, trailing dot or ``www.``.

    Accepts a bare host (``www.Shop.example``) or a URL (``https://shop.example:8443/x``).
    """
    if not value:
        return ""
    text = value.strip().lower()
    if "://" in text:
        try:
            text = urlsplit(text).hostname or ""
        except ValueError:
            return ""
    elif "/" in text:
        text = text.split("/", 1)[0]
    if text.startswith("[") and "]" in text:  # [::1]:8080
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # host:port (a bare IPv6 address has several colons)
        text = text.split(":", 1)[0]
    text = text.strip(".")
    if text.startswith("www."):
        text = text[4:]
    return text


def host_matches(host: str, domain: str) -> bool:
    """True when ``host`` is ``domain`` or one of its subdomains (not merely ending the same)."""
    host, domain = normalize_host(host), normalize_host(domain)
    if not host or not domain:
        return False
    return host == domain or host.endswith("." + domain)


def without_fragment(url: str) -> str:
    """A normalized URL without its ``#fragment``."""
    return url.split("#", 1)[0]


def routes_by_fragment(url: str) -> bool:
    """Whether the fragment is a single-page app's route (``#/cart``, ``#!/cart``): then it is the page, not a place on it."""
    fragment = url.partition("#")[2]
    return fragment.startswith(("/", "!"))


def same_place(now: str, expected: str, strict: bool = False) -> bool:
    """Whether two normalized URLs are the same place: equal, or (not ``strict``) equal but for a fragment that is
    no route in either (``/list#done`` against ``/list``)."""
    if now == expected:
        return True
    return (not strict and not routes_by_fragment(expected) and not routes_by_fragment(now)
            and without_fragment(now) == without_fragment(expected))


RETURN = "\x00return"  # a return address's value once set aside: no value of a real URL


def _agree(one: dict[str, str], other: dict[str, str]) -> bool:
    """Whether two queries give each key they share the same value."""
    return all(one[key] == other[key] for key in one.keys() & other.keys())


def _both_return(one: str, other: str, here: str) -> bool:
    """Whether two values of a query parameter are both an address of the page at ``here``: relative (no scheme,
    no host), on its path, with one fragment, and their queries and its own agreeing on every key they share
    (one may add ``page_size=20``; ``id=41`` is never ``id=42``, nor ``route=checkout`` the page at
    ``route=home``)."""
    if not (one.startswith("/") and other.startswith("/")):
        return False
    x, y, at = urlsplit(one), urlsplit(other), urlsplit(here)
    if x.scheme or x.netloc or y.scheme or y.netloc or not x.path == y.path == (at.path or "/") \
            or x.fragment != y.fragment:
        return False
    qx, qy, qat = (dict(parse_qsl(q, keep_blank_values=True)) for q in (x.query, y.query, at.query))
    return _agree(qx, qy) and _agree(qx, qat) and _agree(qy, qat)


def same_page(now: str, expected: str, here: str | None, strict: bool = False) -> bool:
    """Whether two normalized URLs are the same page, reached from the page at ``here`` (normalized; None: unknown):
    the same place (``same_place``), or the same but for where each sends the user back when done. A query
    parameter whose values are addresses of the page the action was taken on (``_both_return``: Flask-Admin's
    ``url=/admin/product/``, which its 2.0 writes ``/admin/product/?page_size=20``; starlette-admin 1.0's
    ``_origin=/admin/product/list``, which 0.x did not write) is a return address, not what names the page, whether
    both carry it or one only. Every other parameter must be in both, in the same order, with the same value
    (``id=3`` is never ``id=4``, nor a file's ``path=/a`` another file's), whatever the page at ``here`` carries: on
    ``/item/view/?id=3``, its "Edit item" (``/item/edit/?id=3``) is never the "Add item" that led to ``/item/edit/``."""
    if same_place(now, expected, strict):
        return True
    if here is None:
        return False
    a, b = urlsplit(now), urlsplit(expected)
    qa, qb = parse_qsl(a.query, keep_blank_values=True), parse_qsl(b.query, keep_blank_values=True)
    keys_a, keys_b = {k for k, _ in qa}, {k for k, _ in qb}
    shared_a, shared_b = [(k, v) for k, v in qa if k in keys_b], [(k, v) for k, v in qb if k in keys_a]
    added = [v for k, v in qa if k not in keys_b] + [v for k, v in qb if k not in keys_a]
    if [k for k, _ in shared_a] != [k for k, _ in shared_b] or not all(_both_return(v, v, here) for v in added):
        return False
    returns = [va != vb and _both_return(va, vb, here) for (_, va), (_, vb) in zip(shared_a, shared_b, strict=True)]
    if not added and not any(returns):
        return False

    def set_aside(query: list[tuple[str, str]]) -> str:
        return urlencode([(k, RETURN if aside else v) for (k, v), aside in zip(query, returns, strict=True)])
    return same_place(a._replace(query=set_aside(shared_a)).geturl(), b._replace(query=set_aside(shared_b)).geturl(), strict)


def _place_and_query(url: str) -> tuple[tuple[str, str, str], list[tuple[str, str]]]:
    """An address's scheme, host and path, and its query's parameters in order (its fragment aside)."""
    parts = urlsplit(without_fragment(url))
    return (parts.scheme, parts.netloc, parts.path), parse_qsl(parts.query, keep_blank_values=True)


def same_address(one: str, other: str) -> bool:
    """Whether two addresses (relative ones too, which ``normalize_url`` leaves as they are) are one: the same scheme,
    host and path, and the same query in any order; their fragments aside."""
    (place, query), (other_place, other_query) = _place_and_query(one), _place_and_query(other)
    return place == other_place and sorted(query) == sorted(other_query)


def with_return_addresses(now: str, recorded: str) -> bool:
    """Whether the address ``now`` is ``recorded`` (both normalized, their fragments aside) with query parameters
    added, and only ones whose values are addresses on the site, where the page returns to (starlette-admin 1.0's
    ``_origin=/admin/product/list``): every parameter ``recorded`` has is there with its value (``id=3`` is never
    ``id=all``), and none that names something else is added (``id=5``). A fragment that is a route must match."""
    if (routes_by_fragment(now) or routes_by_fragment(recorded)) and now.partition("#")[2] != recorded.partition("#")[2]:
        return False
    (place, added), (recorded_place, recorded_query) = _place_and_query(now), _place_and_query(recorded)
    if place != recorded_place:
        return False
    for pair in recorded_query:
        if pair not in added:
            return False
        added.remove(pair)
    return all(value.startswith("/") and not value.startswith("//") for _, value in added)
