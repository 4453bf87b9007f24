"""A small Flask-Admin app on a SQLite file, served by Werkzeug on 127.0.0.1.

``python flask_admin_app.py DB_PATH PORT SWITCH_JSON``: the products table of ``shop_tables.py`` with a ModelView
whose options come from SWITCH_JSON (``can_create``, ``can_delete``, ``column_searchable_list`` ...): the
regressions switch features off there. Its 1.x releases render the Bootstrap 3 templates (what a team chose then:
their default was Bootstrap 2), its 2.x releases the Bootstrap 4 ones (the only ones they ship). ``POST /__reset``
and ``GET /__state`` as ``shop_tables.py`` says.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from flask import Flask, jsonify
from flask.typing import ResponseReturnValue
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from shop_tables import Product, Shop
from sqlalchemy.orm import scoped_session
from werkzeug.serving import run_simple


def build(db: str, switch: dict[str, Any]) -> Flask:
    shop = Shop(db)
    app = Flask(__name__)
    app.config["SECRET_KEY"] = "upgrade-bench"  # flashed messages live in the session
    options = {"column_list": ["id", "name", "category", "price", "in_stock"], "column_searchable_list": ["name"],
               **switch}
    view = type("ProductView", (ModelView,), options)
    try:  # 2.x: a theme object, Bootstrap 4 only
        from flask_admin.theme import Bootstrap4Theme
        admin = Admin(app, name="Shop admin", theme=Bootstrap4Theme())
    except ImportError:  # 1.x
        admin = Admin(app, name="Shop admin", template_mode="bootstrap3")
    session = scoped_session(shop.session)
    admin.add_view(view(Product, session))
    app.teardown_appcontext(lambda error: session.remove())  # each request's session ends with it

    @app.post("/__reset")
    def reset() -> ResponseReturnValue:
        shop.seed()
        return jsonify({"reset": True})

    @app.get("/__state")
    def state() -> ResponseReturnValue:
        return jsonify(shop.state())

    return app


if __name__ == "__main__":
    db, port = sys.argv[1], int(sys.argv[2])
    run_simple("127.0.0.1", port, build(db, json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}), threaded=True)
