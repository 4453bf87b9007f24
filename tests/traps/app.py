"""The trap suite's app server: a small admin backend on 127.0.0.1 that logs every mutation and every client effect.

Each inner test gets a server of its own, seeded from its site's ``app.json`` (``state``: collections of items;
``routes``: what a form POST or a GET redirect does), so a test starts on fresh data as a re-seeded database
gives it. What the server logs is what the app was made to do, whoever did it:

* every request that changes data, as ``METHOD /path (item name) field=value ...`` (an item the path names, the
  fields a form or a JSON body sent, CSRF tokens left out): a JSON API (``DELETE``, ``PUT``, ``PATCH``, ``POST``
  under ``/api/``) and HTML form posts (answered as ``routes`` says: a 303 to the list, a flash message);
* every client-side effect the pages report (``POST /__log``, sent with ``navigator.sendBeacon`` by the pages'
  ``track()``): a toggle opened, a dialog answered, a modal's button, a consent choice.

The pages count what their scripts sent (beacons, API calls) in ``sessionStorage`` (``acme.sent``) and the server
what it received, so the inner conftest waits for the count (a condition, not a sleep) before it writes the log.
Pages are files named by their path (``/products/2/edit`` is ``products/2/edit.html``), rendered with
``{{#collection}}...{{/collection}}`` sections, ``{{#flash}}{{text}}{{/flash}}`` and ``{{state}}`` (the data as
JSON, for a page that renders it in the browser). Copied into each inner project as ``trap_app.py``: it imports
only the standard library.
"""

from __future__ import annotations

import html
import http.server
import json
import re
import threading
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

Item = dict[str, Any]

TOKEN_FIELDS = frozenset({"authenticity_token", "csrfmiddlewaretoken", "_token"})  # never part of a log entry
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml"}
POLL_INTERVAL = 0.02  # seconds between the serving thread's looks for a shutdown request (tests/support/servers.py)
SECTION = re.compile(r"\{\{#([\w/]+)\}\}(.*?)\{\{/\1\}\}", re.S)
FIELD = re.compile(r"\{\{(\w+)\}\}")


def entry(method: str, path: str, item: Item | None = None, fields: dict[str, Any] | None = None) -> str:
    """A log entry: ``POST /products/2/archive (Green plate)``, ``PUT /api/products/2 (Green plate) category_id=3``."""
    text = f"{method} {path}"
    if item is not None:
        text += f" ({item.get('name') or item.get('title') or item.get('id')})"
    shown = {k: v for k, v in sorted((fields or {}).items()) if k not in TOKEN_FIELDS}
    if shown:
        text += " " + " ".join(f"{k}={v}" for k, v in shown.items())
    return text


class App(http.server.ThreadingHTTPServer):
    """One test's app: its data, its routes, its flash messages and its log."""

    daemon_threads = True

    def __init__(self, folder: Path) -> None:
        spec = json.loads((folder / "app.json").read_text(encoding="utf-8"))
        self.folder = folder.resolve()
        self.state: dict[str, list[Item]] = spec.get("state", {})
        self.routes: dict[str, dict[str, Any]] = spec.get("routes", {})
        self.flash: list[str] = []
        self.log: list[str] = []
        self.received = 0  # what a page's script sent (beacons and API calls) that came

        self.changed = threading.Condition()
        super().__init__(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> App:
        """Serve on a daemon thread; returns self."""
        threading.Thread(target=self.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.shutdown()
        self.server_close()

    def note(self, text: str | None) -> None:
        """Log ``text`` (None: nothing changed) and wake whoever waits on the log."""
        with self.changed:
            if text is not None:
                self.log.append(text)
            self.changed.notify_all()

    def came(self) -> None:
        """A request that a page's script sent (a beacon, an API call) came: count it."""
        with self.changed:
            self.received += 1
            self.changed.notify_all()

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) until ``condition()``, checked whenever something is logged."""
        with self.changed:
            return self.changed.wait_for(condition, timeout)

    def collection(self, parts: list[str]) -> tuple[str, Item | None] | None:
        """The collection and item an API path names (``products/2``: products, item 2; ``products``: the
        collection); None when the state has no such collection."""
        whole = "/".join(parts)
        if whole in self.state:
            return whole, None
        key, _, wanted = whole.rpartition("/")
        if key in self.state:
            return key, next((i for i in self.state[key] if str(i.get("id")) == wanted), None)
        return None

    def route(self, method: str, path: str) -> tuple[dict[str, Any], Item | None] | None:
        """The route ``METHOD /path`` matches (``{id}`` names an item of the route's collection) and that item."""
        for key, spec in self.routes.items():
            verb, _, pattern = key.partition(" ")
            regex = "^" + re.escape(pattern).replace(r"\{id\}", r"(?P<id>[^/]+)") + "$"
            found = re.match(regex, path) if verb == method else None
            if found is None:
                continue
            item = None
            if "id" in found.groupdict():
                name = spec.get("collection", pattern.strip("/").split("/")[0])
                item = next((i for i in self.state.get(name, []) if str(i.get("id")) == found["id"]), None)
            return spec, item
        return None

    def render(self, text: str) -> str:
        """A page's template filled in with the data (and the flash messages, which it then consumes)."""
        def section(found: re.Match[str]) -> str:
            name, body = found.group(1), found.group(2)
            if name == "flash":
                items: list[Item] = [{"text": t} for t in self.flash]
                self.flash.clear()
            else:
                items = self.state.get(name, [])
            return "".join(fill(body, item) for item in items)
        text = SECTION.sub(section, text)
        return text.replace("{{state}}", json.dumps(self.state).replace("<", "\\u003c"))


def fill(body: str, item: Item) -> str:
    """A section's body for one item: each ``{{field}}`` its value, HTML-escaped."""
    return FIELD.sub(lambda f: html.escape(str(item.get(f.group(1), ""))), body)


class Handler(http.server.BaseHTTPRequestHandler):
    """Files, the JSON API, form posts and the client log of one ``App``."""

    server: App
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    # -- answers ------------------------------------------------------------

    def send(self, status: int, body: bytes = b"", content_type: str = "text/plain", location: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        if body:
            self.send_header("Content-Type", content_type)
        if location is not None:
            self.send_header("Location", location)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status: int, value: Any) -> None:
        self.send(status, json.dumps(value).encode(), "application/json")

    def not_found(self) -> None:
        self.send(404, b"<!doctype html><title>Not found</title><h1>Not found</h1>", CONTENT_TYPES[".html"])

    def body(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    # -- requests -----------------------------------------------------------

    def do_GET(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        if url.path.startswith("/api/"):
            found = self.server.collection(url.path[5:].strip("/").split("/"))
            try:
                if found is None:
                    return self.send_json(404, {"error": "not found"})
                return self.send_json(200, found[1] if found[1] is not None else self.server.state[found[0]])
            finally:
                self.server.came()
        routed = self.server.route("GET", url.path)
        if routed is not None:
            return self.send(routed[0].get("status", 302), location=routed[0]["redirect"])
        file = self.file(url.path)
        if file is None:
            return self.not_found()
        data = file.read_text(encoding="utf-8")
        if file.suffix == ".html":
            with self.server.changed:  # the flash is consumed once
                data = self.server.render(data)
        self.send(200, data.encode(), CONTENT_TYPES.get(file.suffix, "application/octet-stream"))

    def file(self, path: str) -> Path | None:
        """The site's file for a path: itself when it names one with a suffix, else ``<path>.html``."""
        name = path.strip("/") or "index"
        candidate = (self.server.folder / (name if Path(name).suffix else name + ".html")).resolve()
        if not candidate.is_relative_to(self.server.folder) or not candidate.is_file():
            return None
        return candidate

    def do_POST(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        raw = self.body()
        if url.path == "/__log":
            self.server.note(str(json.loads(raw or b"{}").get("entry", "?")))
            self.server.came()
            return self.send(204)
        if url.path.startswith("/api/"):
            return self.api("POST", url, json.loads(raw or b"{}"))
        fields = {k: v[-1] for k, v in urllib.parse.parse_qs(raw.decode(), keep_blank_values=True).items()}
        routed = self.server.route("POST", url.path)
        if routed is None:
            self.server.note(entry("POST", self.path, None, fields) + " -> 404")
            return self.not_found()
        spec, item = routed
        with self.server.changed:
            self.apply(spec, item, fields)
        self.server.note(entry("POST", self.path, item, fields))
        target = spec.get("redirect", url.path).replace("{id}", str(item.get("id")) if item else "")
        self.send(spec.get("status", 303), location=target)

    def apply(self, spec: dict[str, Any], item: Item | None, fields: dict[str, Any]) -> None:
        """What a route does to its item: update it (with fixed values or the form's fields), delete it, flash."""
        if item is not None:
            update = spec.get("update")
            if update == "form":
                item.update({k: v for k, v in fields.items() if k not in TOKEN_FIELDS})
            elif isinstance(update, dict):
                item.update(update)
            if spec.get("delete"):
                for items in self.server.state.values():
                    if item in items:
                        items.remove(item)
        if "flash" in spec:
            self.server.flash.append(spec["flash"].format(**(item or {})))

    def do_DELETE(self) -> None:
        self.api("DELETE", urllib.parse.urlsplit(self.path), {})

    def do_PUT(self) -> None:
        self.api("PUT", urllib.parse.urlsplit(self.path), json.loads(self.body() or b"{}"))

    def do_PATCH(self) -> None:
        self.api("PATCH", urllib.parse.urlsplit(self.path), json.loads(self.body() or b"{}"))

    def api(self, method: str, url: urllib.parse.SplitResult, fields: dict[str, Any]) -> None:
        """The JSON API: every call that changes data is logged (then counted as come); a route may say what it answers."""
        try:
            self.change(method, url, fields)
        finally:
            self.server.came()

    def change(self, method: str, url: urllib.parse.SplitResult, fields: dict[str, Any]) -> None:
        """An API call: what it does to the data, logged, and its answer."""
        where = url.path + (f"?{url.query}" if url.query else "")
        routed = self.server.route(method, url.path)
        if routed is not None:
            spec, item = routed
            with self.server.changed:
                self.apply(spec, item, fields)
            self.server.note(entry(method, where, item, fields))
            return self.send_json(spec.get("status", 200), spec.get("respond", {}))
        found = self.server.collection(url.path[5:].strip("/").split("/"))
        if found is None:
            self.server.note(entry(method, where, None, fields) + " -> 404")
            return self.send_json(404, {"error": "not found"})
        name, item = found
        with self.server.changed:
            items = self.server.state[name]
            if method == "DELETE" and item is None:
                self.server.note(f"DELETE {where} (all {len(items)})")
                items.clear()
                return self.send(204)
            if item is None and method == "POST":
                created = {"id": max((int(i["id"]) for i in items), default=0) + 1, **fields}
                items.append(created)
                self.server.note(entry(method, where, None, fields))
                return self.send_json(201, created)
            if item is None:
                self.server.note(entry(method, where, None, fields) + " -> 404")
                return self.send_json(404, {"error": "not found"})
            if method == "DELETE":
                items.remove(item)
                self.server.note(entry(method, where, item))
                return self.send(204)
            item.update(fields)
            self.server.note(entry(method, where, item, fields))
            return self.send_json(200, item)
