"""Piccolo Admin, the released Vue single-page admin of the Piccolo ORM, on a seeded SQLite file, on 127.0.0.1.

``python piccolo_admin_app.py DB_PATH PORT SWITCH_JSON``: the products table (name, category, price, in stock) with
its four products and the user alice, whose password is ``PASSWORD`` (every page asks to sign in first), served by
``create_admin`` with the table's ``visible_columns`` and ``visible_filters`` from SWITCH_JSON's ``columns`` and
``filters`` (column names), and ``fillers`` more products before the four (the list shows 15 a page): the
regressions. ``POST /__reset`` puts the products back, ``GET /__state`` gives the rows; both stand in front of the
admin's own ASGI app (and of its sign-in).

This file is also the app's Piccolo configuration (``PICCOLO_CONF``): ``DB`` and ``APP_REGISTRY`` below.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable
from typing import Any

os.environ.setdefault("PICCOLO_CONF", "piccolo_admin_app")

from piccolo.apps.user.tables import BaseUser
from piccolo.columns import Boolean, Float, Varchar
from piccolo.conf.apps import AppRegistry
from piccolo.engine.sqlite import SQLiteEngine
from piccolo.table import Table
from piccolo_api.session_auth.tables import SessionsBase

PASSWORD = "alice-in-the-admin"  # the suite's too (suite_piccolo_admin.py)
DB = SQLiteEngine(path=os.environ.get("PICCOLO_SHOP_DB", "shop.db"))
APP_REGISTRY = AppRegistry(apps=["piccolo.apps.user.piccolo_app", "piccolo_api.session_auth.piccolo_app"])

ROWS = [("Blue mug", "kitchen", 8.5, True), ("Green plate", "kitchen", 11.5, False), ("Desk lamp", "office", 24.0, True),
        ("Notebook", "office", 3.25, True)]

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class Product(Table):
    name = Varchar(length=100, required=True)
    category = Varchar(length=20)
    price = Float()
    in_stock = Boolean(default=True)


FILLERS = [0]  # how many products come before the four (SWITCH_JSON's ``fillers``)


async def seed() -> None:
    """The four products, as they were before any test (ids from 1, after the fillers), and the user alice."""
    for table in (Product, BaseUser, SessionsBase):
        await table.create_table(if_not_exists=True)
    await Product.alter().drop_table()
    await Product.create_table()
    fillers = [(f"Filler {n:02d}", "misc", 1.0, True) for n in range(1, FILLERS[0] + 1)]
    await Product.insert(*[Product(name=n, category=c, price=p, in_stock=s) for n, c, p, s in fillers + ROWS])
    if not await BaseUser.exists().where(BaseUser.username == "alice"):
        await BaseUser(username="alice", password=PASSWORD, email="alice@example.com", active=True, admin=True,
                       superuser=True).save()


async def state() -> dict[str, Any]:
    """What ``GET /__state`` answers: every row."""
    rows = await Product.select().order_by(Product.id)
    return {"rows": [{**row, "in_stock": bool(row["in_stock"])} for row in rows]}


def bench(admin: Callable[[Scope, Receive, Send], Awaitable[None]]) -> Callable[[Scope, Receive, Send], Awaitable[None]]:
    """``POST /__reset`` and ``GET /__state`` in front of the admin."""
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        route = (scope.get("method"), scope.get("path")) if scope["type"] == "http" else None
        if route == ("POST", "/__reset"):
            await seed()
            answer: dict[str, Any] = {"reset": True}
        elif route == ("GET", "/__state"):
            answer = await state()
        else:
            await admin(scope, receive, send)
            return
        body = json.dumps(answer).encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
    return app


def main(argv: list[str]) -> int:
    import uvicorn
    from piccolo_admin.endpoints import TableConfig, create_admin

    port, switch = int(argv[2]), json.loads(argv[3]) if len(argv) > 3 else {}
    FILLERS[0] = int(switch.pop("fillers", 0))
    asyncio.run(seed())
    shown = {f"visible_{what}": [getattr(Product, name) for name in switch.pop(what)]
             for what in ("columns", "filters") if what in switch}
    table = TableConfig(Product, **shown) if shown else Product
    admin = create_admin(tables=[table], site_name="Shop admin", allowed_hosts=["127.0.0.1"], production=False, **switch)
    uvicorn.run(bench(admin), host="127.0.0.1", port=port, log_level="warning")
    return 0


if __name__ == "__main__":
    os.environ["PICCOLO_SHOP_DB"] = sys.argv[1]
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    raise SystemExit(main(sys.argv))
