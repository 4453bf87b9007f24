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


def _returns_aside(url: str, here: str) -> str:
    """``url`` (normalized) with the value of each query parameter that returns to ``here`` set aside: a value that
    is an address of the app whose path is ``here``'s path (``url=/admin/product/``, ``next=/cart?page=2``)."""
    parts = urlsplit(url)
    if not parts.query:
        return url
    path = urlsplit(here).path or "/"
    query = [(key, "" if value.startswith("/") and urlsplit(value).path == path else value)
             for key, value in parse_qsl(parts.query, keep_blank_values=True)]
    return parts._replace(query=urlencode(query)).geturl()


def same_page(now: str, expected: str, here: str | None, strict: bool = False) -> bool:
    """Whether two normalized URLs are the same page, reached from the page at ``here`` (normalized; None: unknown):
    the same place (``same_place``), or the same but for where each sends the user back when done. A query
    parameter whose value is an address of the page the action was taken on (Flask-Admin's ``url=/admin/product/``,
    which its 2.0 writes ``/admin/product/?page_size=20``) is a return address, not what names the page: the two
    must carry the same parameters, each other one with the same value (``id=3`` is never ``id=4``, nor a file's
    ``path=/a`` another file's)."""
    if same_place(now, expected, strict):
        return True
    if here is None:
        return False
    return same_place(_returns_aside(now, here), _returns_aside(expected, here), strict)
