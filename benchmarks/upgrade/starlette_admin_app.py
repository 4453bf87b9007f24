"""A small starlette-admin app on a SQLite file, served by uvicorn on 127.0.0.1.

``python starlette_admin_app.py DB_PATH PORT SWITCH_JSON``: the products table of ``shop_tables.py`` with a
ModelView whose options come from SWITCH_JSON (``can_create``, ``can_delete``, ``searchable_fields`` ...; a
``can_`` option answers every request): the regressions switch features off there. Until 1.0 its list is a
DataTables table the page fills from the admin's JSON API. ``POST /__reset`` and ``GET /__state`` as
``shop_tables.py`` says.
"""

from __future__ import annotations

import sys
from typing import Any

from shop_tables import Product, seeded, serve
from starlette.applications import Starlette
from starlette_admin.contrib.sqla import Admin, ModelView


def build(db: str, switch: dict[str, Any]) -> Starlette:
    engine, routes = seeded(db)
    options: dict[str, Any] = {"fields": ["id", "name", "category", "price", "in_stock"], "searchable_fields": ["name"]}
    for name, value in switch.items():  # can_create, can_edit, can_delete are methods of a request
        options[name] = (lambda self, request, allowed=value: allowed) if name.startswith("can_") else value
    view = type("ProductView", (ModelView,), options)
    app = Starlette(routes=routes)
    admin = Admin(engine, title="Shop admin")
    admin.add_view(view(Product, icon="fa fa-box"))
    admin.mount_to(app)
    return app


if __name__ == "__main__":
    raise SystemExit(serve(build, sys.argv[1:]))
