"""sqlite-web, the released SQLite browser (Flask and Peewee), on a seeded SQLite file, on 127.0.0.1.

``python sqlite_web_app.py DB_PATH PORT SWITCH_JSON``: writes the products table with its four products, adds
``POST /__reset`` (the four products again) and ``GET /__state`` (every row) in front of sqlite-web's own app, then
starts it as its command line does (``sqlite_web DB -H 127.0.0.1 -p PORT -x``) with the options SWITCH_JSON lists
(``{"options": ["-r"]}``: read-only), which the regressions use. A ``password`` in SWITCH_JSON turns its sign-in on
(``-P``, the password read from ``SQLITE_WEB_PASSWORD`` as the command does).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable
from typing import Any

from sqlite_web import sqlite_web

ROWS = [("Blue mug", "Kitchen", 8.5, 12), ("Green plate", "Kitchen", 11.5, 0), ("Desk lamp", "Office", 24.0, 5),
        ("Notebook", "Office", 3.25, 40)]


def seed(db: str) -> None:
    """The products table with the four products, as they were before any test (ids from 1)."""
    with sqlite3.connect(db) as connection:
        connection.executescript("drop table if exists products; create table products(id integer primary key, "
                                 "name text, category text, price real, stock integer);")
        connection.executemany("insert into products(name, category, price, stock) values (?, ?, ?, ?)", ROWS)
    connection.close()


def state(db: str) -> dict[str, Any]:
    """What ``GET /__state`` answers: every row."""
    with sqlite3.connect(db) as connection:
        connection.row_factory = sqlite3.Row
        rows = [dict(row) for row in connection.execute("select * from products order by id")]
    connection.close()
    return {"rows": rows}


class Bench:
    """``POST /__reset`` and ``GET /__state`` in front of sqlite-web's own app (and of its sign-in, when it has one)."""

    def __init__(self, db: str, app: Callable[..., Iterable[bytes]]) -> None:
        self.db, self.app = db, app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        route = (environ["REQUEST_METHOD"], environ["PATH_INFO"])
        if route == ("POST", "/__reset"):
            seed(self.db)
            answer: dict[str, Any] = {"reset": True}
        elif route == ("GET", "/__state"):
            answer = state(self.db)
        else:
            return self.app(environ, start_response)
        start_response("200 OK", [("Content-Type", "application/json")])
        return [json.dumps(answer).encode()]


def main(db: str, port: str, switch: dict[str, Any]) -> None:
    seed(db)
    sqlite_web.app.wsgi_app = Bench(db, sqlite_web.app.wsgi_app)
    options = list(switch.get("options", []))
    if "password" in switch:
        os.environ["SQLITE_WEB_PASSWORD"] = switch["password"]
        options.append("-P")
    sys.argv = ["sqlite_web", db, "-H", "127.0.0.1", "-p", port, "-x", *options]
    sqlite_web.main()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]) if len(sys.argv) > 3 else {})
