"""Cache keys: a step is found by its normalized URL, instruction template and variable names."""

from __future__ import annotations

import hashlib
import ipaddress
import json
from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit

KEY_LENGTH = 16  # hex characters of sha256: 64 bits, short enough to read in a diff


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


def step_key(normalized_url: str, instruction: str, variable_names: Iterable[str]) -> str:
    """sha256 over the normalized URL, the instruction template and the sorted variable names."""
    payload = json.dumps([normalized_url, instruction, sorted(variable_names)], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:KEY_LENGTH]
