"""A released swagger-ui-dist served as static files, with a small pets API behind it, on 127.0.0.1.

``python swagger_server.py DIST_FOLDER PORT CONFIG_JSON``: serves the package's files, an
``index.html`` that starts Swagger UI on ``/openapi.json`` with the options in CONFIG_JSON
(never a remote validator or spec), the API under ``/api/``, and the log of the requests the API
received at ``/__log`` (what a test checks to see which operation it really called).
"""

from __future__ import annotations

import http.server
import json
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

PETS = [{"id": 1, "name": "Rex", "status": "available"}, {"id": 2, "name": "Whiskers", "status": "sold"},
        {"id": 3, "name": "Bubbles", "status": "pending"}]

PET = {"type": "object", "required": ["name"], "properties": {
    "id": {"type": "integer", "example": 10}, "name": {"type": "string", "example": "Nemo"},
    "status": {"type": "string", "enum": ["available", "pending", "sold"], "description": "pet status in the store"}}}


def spec() -> dict[str, Any]:
    """The OpenAPI 3.0 document of the pets API."""
    pet_id = {"name": "petId", "in": "path", "required": True, "description": "ID of the pet", "schema": {"type": "integer"}}
    pet = {"schema": {"$ref": "#/components/schemas/Pet"}}
    ok = {"description": "successful operation", "content": {"application/json": pet}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Pets API", "version": "1.0.0", "description": "A tiny pet store."},
        "servers": [{"url": "/api"}],
        "tags": [{"name": "pets", "description": "Everything about your pets"},
                 {"name": "store", "description": "Access to the store"}],
        "paths": {
            "/pets": {
                "get": {"tags": ["pets"], "summary": "Finds pets by status", "operationId": "findPets",
                        "parameters": [{"name": "status", "in": "query", "description": "Status value to filter by",
                                        "schema": {"type": "string", "enum": ["available", "pending", "sold"],
                                                   "default": "available"}}],
                        "responses": {"200": {"description": "successful operation", "content": {"application/json": {
                            "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
                "post": {"tags": ["pets"], "summary": "Add a new pet to the store", "operationId": "addPet",
                         "requestBody": {"required": True, "content": {"application/json": {
                             "schema": {"$ref": "#/components/schemas/Pet"}}}},
                         "responses": {"200": ok}}},
            "/pets/{petId}": {
                "get": {"tags": ["pets"], "summary": "Find pet by ID", "operationId": "getPetById",
                        "parameters": [pet_id], "responses": {"200": ok, "404": {"description": "Pet not found"}}},
                "delete": {"tags": ["pets"], "summary": "Deletes a pet", "operationId": "deletePet",
                           "parameters": [pet_id], "responses": {"200": {"description": "pet deleted"}}}},
            "/store/inventory": {
                "get": {"tags": ["store"], "summary": "Returns pet inventories by status", "operationId": "getInventory",
                        "responses": {"200": {"description": "successful operation", "content": {"application/json": {
                            "schema": {"type": "object", "additionalProperties": {"type": "integer"}}}}}}}},
        },
        "components": {"schemas": {"Pet": PET}},
    }


INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>Pets API</title>
<link rel="stylesheet" type="text/css" href="./swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle(Object.assign({url: "/openapi.json", dom_id: "#swagger-ui", validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout"}, CONFIG));</script>
</body></html>
"""


class Api:
    """The pets, and every request the API received."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pets = [dict(p) for p in PETS]
        self.log: list[dict[str, Any]] = []

    def reset(self) -> None:
        """The three pets again, and an empty log (before each test)."""
        with self.lock:
            self.pets = [dict(p) for p in PETS]
            self.log = []

    def handle(self, method: str, path: str, query: dict[str, list[str]], body: Any) -> tuple[int, Any]:
        with self.lock:
            self.log.append({"method": method, "path": path, "query": {k: v[0] for k, v in query.items()}, "body": body})
            parts = path.strip("/").split("/")[1:]  # after "api"
            if parts == ["pets"] and method == "GET":
                status = query.get("status", ["available"])[0]
                return 200, [p for p in self.pets if p["status"] == status]
            if parts == ["pets"] and method == "POST" and isinstance(body, dict) and body.get("name"):
                pet = {"id": max(p["id"] for p in self.pets) + 1, "name": body["name"], "status": body.get("status", "available")}
                self.pets.append(pet)
                return 200, pet
            if len(parts) == 2 and parts[0] == "pets" and parts[1].isdigit():
                found = [p for p in self.pets if p["id"] == int(parts[1])]
                if not found:
                    return 404, {"message": "Pet not found"}
                if method == "DELETE":
                    self.pets.remove(found[0])
                    return 200, {"message": "pet deleted"}
                return 200, found[0]
            if parts == ["store", "inventory"]:
                counts: dict[str, int] = {}
                for p in self.pets:
                    counts[p["status"]] = counts.get(p["status"], 0) + 1
                return 200, counts
            return 400, {"message": "bad request"}


def handler(dist: Path, config: dict[str, Any], api: Api) -> type[http.server.SimpleHTTPRequestHandler]:
    index = INDEX.replace("CONFIG", json.dumps(config)).encode()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(dist), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _json(self, status: int, data: Any) -> None:
            raw = json.dumps(data).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def _api(self, method: str) -> None:
            url = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode(errors="replace")
            self._json(*api.handle(method, url.path, parse_qs(url.query), body))

        def do_GET(self) -> None:
            path = urlsplit(self.path).path
            if path in ("/", "/index.html"):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(index)))
                self.end_headers()
                self.wfile.write(index)
            elif path == "/openapi.json":
                self._json(200, spec())
            elif path == "/__log":
                with api.lock:
                    self._json(200, {"log": api.log, "pets": api.pets})
            elif path.startswith("/api/"):
                self._api("GET")
            else:
                super().do_GET()

        def do_POST(self) -> None:
            if urlsplit(self.path).path == "/__reset":
                api.reset()
                self._json(200, {"reset": True})
            else:
                self._api("POST")

        def do_DELETE(self) -> None:
            self._api("DELETE")

        def do_PUT(self) -> None:
            self._api("PUT")

    return Handler


def main(argv: list[str]) -> int:
    dist, port, config = Path(argv[0]), int(argv[1]), json.loads(argv[2]) if len(argv) > 2 else {}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler(dist, config, Api()))
    server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
