"""A small sqladmin app on a SQLite file, served by uvicorn on 127.0.0.1.

``python sqladmin_app.py DB_PATH PORT SWITCH_JSON``: the products table of ``shop_tables.py`` with a ModelView
whose options come from SWITCH_JSON (``can_create``, ``can_delete``, ``column_searchable_list`` ...): the
regressions switch features off there. ``POST /__reset`` and ``GET /__state`` as ``shop_tables.py`` says.
"""

from __future__ import annotations

import sys
from typing import Any

from shop_tables import Product, seeded, serve
from sqladmin import Admin, ModelView
from starlette.applications import Starlette


def build(db: str, switch: dict[str, Any]) -> Starlette:
    engine, routes = seeded(db)
    options = {"column_list": ["id", "name", "category", "price", "in_stock"], "column_searchable_list": ["name"],
               **switch}
    view = type("ProductAdmin", (ModelView,), dict(options), model=Product)
    app = Starlette(routes=routes)
    admin = Admin(app, engine)
    admin.add_view(view)
    return app


if __name__ == "__main__":
    raise SystemExit(serve(build, sys.argv[1:]))
