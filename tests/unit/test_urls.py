"""URL normalization and loopback hosts (pytest_lumen.urls)."""

from pytest_lumen.urls import is_loopback_host, normalize_url


def test_loopback_origin_is_dropped_so_the_port_does_not_matter():
    assert normalize_url("http://127.0.0.1:51234/cart?b=2&a=1") == "/cart?a=1&b=2"
    assert normalize_url("http://localhost:8000/") == "/"
    assert normalize_url("http://[::1]:9/x") == "/x"


def test_remote_origin_is_kept_and_query_sorted():
    assert normalize_url("https://Shop.Example/p?z=1&a=2#top") == "https://shop.example/p?a=2&z=1#top"


def test_base_url_origin_is_dropped():
    assert normalize_url("https://staging.example/login", base_url="https://staging.example") == "/login"


def test_non_http_urls_stay():
    assert normalize_url("about:blank") == "about:blank"


def test_loopback_hosts():
    assert is_loopback_host("127.0.0.5") and is_loopback_host("localhost") and is_loopback_host("::1")
    assert not is_loopback_host("10.0.0.1") and not is_loopback_host("example.com") and not is_loopback_host(None)
