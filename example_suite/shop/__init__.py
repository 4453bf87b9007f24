"""A small, deterministic demo shop that the example suite tests.

``serve_shop(version)`` starts a standard-library HTTP server on 127.0.0.1 in a
daemon thread and serves one version of the same shop:

* version 1 -- the original site (``v1/``);
* version 2 -- the same features after a redesign (``v2/``): renamed ids and
  classes, reworded buttons, moved elements, a new promo overlay;
* version 3 -- version 1 with a real regression: ``v3/`` holds only the files
  that differ from ``v1/`` (the cart total ignores quantities).

Both the product list and the search/autocomplete endpoint
(``GET /api/products?q=...``) are served from :data:`PRODUCTS`, shared by every
version. See ``README.md`` next to this file for what changed between versions.
"""

from __future__ import annotations

import json
import mimetypes
import posixpath
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from urllib.parse import parse_qs, unquote, urlsplit

__all__ = ["PRODUCTS", "VERSIONS", "ShopServer", "search_products", "serve_shop"]

HERE = Path(__file__).resolve().parent

#: The product catalogue, shared by every version of the shop. Prices are in
#: US dollars. ``bundle`` marks multi-piece sets; ``swatch`` is the colour of
#: the drawn product picture.
PRODUCTS: list[dict] = [
    {"id": "blue-mug", "name": "Blue Mug", "price": 12.50, "colour": "blue",
     "swatch": "#3565a8", "bundle": False, "description": "Stoneware mug, 350 ml."},
    {"id": "red-mug", "name": "Red Mug", "price": 11.00, "colour": "red",
     "swatch": "#b8413a", "bundle": False, "description": "Stoneware mug, 300 ml."},
    {"id": "green-teapot", "name": "Green Teapot", "price": 34.00, "colour": "green",
     "swatch": "#4f8a5b", "bundle": False, "description": "Glazed teapot with infuser, 1 litre."},
    {"id": "espresso-cups", "name": "Espresso Cups (set of 2)", "price": 18.00, "colour": "white",
     "swatch": "#e8e4dc", "bundle": True, "description": "Porcelain cups with saucers, 90 ml."},
    {"id": "linen-tea-towel", "name": "Linen Tea Towel", "price": 12.00, "colour": "grey",
     "swatch": "#8d9199", "bundle": False, "description": "Washed linen, 50 x 70 cm."},
    {"id": "glass-milk-jug", "name": "Glass Milk Jug", "price": 9.50, "colour": "clear",
     "swatch": "#bfd9de", "bundle": False, "description": "Borosilicate glass, 250 ml."},
    {"id": "coffee-grinder", "name": "Black Coffee Grinder", "price": 45.00, "colour": "black",
     "swatch": "#2b2b2b", "bundle": False, "description": "Hand grinder with ceramic burrs."},
    {"id": "cork-coasters", "name": "Cork Coasters (set of 4)", "price": 7.50, "colour": "brown",
     "swatch": "#a9784f", "bundle": True, "description": "Natural cork, 10 cm across."},
]

#: version -> directories searched in order for a static file.
VERSIONS: dict[int, tuple[Path, ...]] = {
    1: (HERE / "v1",),
    2: (HERE / "v2",),
    3: (HERE / "v3", HERE / "v1"),
}

_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


def search_products(query: str = "") -> list[dict]:
    """Products whose name or colour contains *query* (case-insensitive), in catalogue order."""
    q = query.strip().casefold()
    if not q:
        return [dict(p) for p in PRODUCTS]
    return [dict(p) for p in PRODUCTS if q in p["name"].casefold() or q in p["colour"].casefold()]


def _make_handler(roots: tuple[Path, ...]) -> type[BaseHTTPRequestHandler]:
    class ShopHandler(BaseHTTPRequestHandler):
        server_version = "LumenDemoShop/1.0"

        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

        def do_HEAD(self) -> None:
            self._handle(send_body=False)

        def do_GET(self) -> None:
            self._handle(send_body=True)

        # -- helpers -----------------------------------------------------
        def _handle(self, send_body: bool) -> None:
            parts = urlsplit(self.path)
            path = unquote(parts.path)
            if path == "/api/products":
                query = parse_qs(parts.query).get("q", [""])[0]
                body = json.dumps({"query": query, "products": search_products(query)}).encode()
                self._send(HTTPStatus.OK, "application/json", body, send_body)
                return
            if path == "/favicon.ico":
                self._send(HTTPStatus.NO_CONTENT, "image/x-icon", b"", send_body)
                return
            file = self._resolve(path)
            if file is None:
                body = (b"<!doctype html><html lang=en><title>Not found</title>"
                        b"<h1>Page not found</h1><p><a href=\"/\">Back to the shop</a></p></html>")
                self._send(HTTPStatus.NOT_FOUND, _CONTENT_TYPES[".html"], body, send_body)
                return
            ctype = _CONTENT_TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            self._send(HTTPStatus.OK, ctype, file.read_bytes(), send_body)

        def _resolve(self, path: str) -> Path | None:
            norm = posixpath.normpath("/" + path.lstrip("/"))
            if norm == "/" or path.endswith("/"):
                norm = posixpath.join(norm, "index.html")
            rel = norm.lstrip("/")
            candidates = [rel] if posixpath.splitext(rel)[1] else [rel + ".html", rel]
            for root in roots:
                for cand in candidates:
                    file = (root / cand).resolve()
                    if file.is_file() and file.is_relative_to(root.resolve()):
                        return file
            return None

        def _send(self, status: HTTPStatus, ctype: str, body: bytes, send_body: bool) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if send_body and body:
                self.wfile.write(body)

    return ShopHandler


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser closing a connection mid-response is not worth a traceback.
        pass


class ShopServer:
    """A running demo shop. Use as a context manager or call :meth:`stop`."""

    def __init__(self, version: int, host: str, port: int) -> None:
        if version not in VERSIONS:
            raise ValueError(f"unknown shop version {version!r}; expected one of {sorted(VERSIONS)}")
        self.version = version
        self._httpd = _QuietServer((host, port), _make_handler(VERSIONS[version]))
        self.host, self.port = self._httpd.server_address[:2]
        self.url = f"http://{self.host}:{self.port}"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.1},
            name=f"shop-v{version}-{self.port}", daemon=True,
        )
        self._thread.start()
        self._stopped = False

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> ShopServer:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "stopped" if self._stopped else "running"
        return f"<ShopServer v{self.version} {self.url} {state}>"


def serve_shop(version: int = 1, host: str = "127.0.0.1", port: int = 0) -> ShopServer:
    """Start the demo shop *version* (1, 2 or 3) and return the running server.

    ``port=0`` picks a free port; read it back from ``.url`` / ``.port``.
    """
    return ShopServer(version, host, port)
