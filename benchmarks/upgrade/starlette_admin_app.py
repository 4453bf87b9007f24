"""A small starlette-admin app on a SQLite file, served by uvicorn on 127.0.0.1.

``python starlette_admin_app.py DB_PATH PORT SWITCH_JSON``: one ``Product`` model (name, category as an
enum, price, in stock) with a ModelView whose options come from SWITCH_JSON (``can_create``,
``can_delete``, ``searchable_fields`` ...; a ``can_`` option answers every request): the regressions switch
features off there. Its list is a
DataTables table the page fills from the admin's JSON API. ``POST /__reset`` puts the four products back
(before each test); ``GET /__state`` gives the rows (what a test checks to see what it really changed).
"""

from __future__ import annotations

import enum
import json
import sys
from typing import Any

import uvicorn
from sqlalchemy import Boolean, Column, Enum, Float, Integer, String, create_engine
from sqlalchemy.orm import declarative_base, sessionmaker
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette_admin.contrib.sqla import Admin, ModelView

Base = declarative_base()


class Category(enum.Enum):
    kitchen = "kitchen"
    office = "office"
    garden = "garden"


class Product(Base):  # type: ignore[valid-type,misc]
    __tablename__ = "products"
    id = Column(Integer, primary_key=True)
    name = Column(String(100), nullable=False)
    category = Column(Enum(Category), nullable=False)
    price = Column(Float, nullable=False)
    in_stock = Column(Boolean, default=True)


ROWS = [("Blue mug", Category.kitchen, 8.5, True), ("Green plate", Category.kitchen, 11.5, False),
        ("Desk lamp", Category.office, 24.0, True), ("Notebook", Category.office, 3.25, True)]


def build(db: str, switch: dict[str, Any]) -> Starlette:
    engine = create_engine(f"sqlite:///{db}", connect_args={"check_same_thread": False})
    make_session = sessionmaker(engine)

    def seed() -> None:
        Base.metadata.drop_all(engine)
        Base.metadata.create_all(engine)
        with make_session() as session:
            session.add_all(Product(name=n, category=c, price=p, in_stock=s) for n, c, p, s in ROWS)
            session.commit()

    async def reset(request: Request) -> JSONResponse:
        seed()
        return JSONResponse({"reset": True})

    async def state(request: Request) -> JSONResponse:
        with make_session() as session:
            rows = [{"id": p.id, "name": p.name, "category": p.category.value, "price": p.price, "in_stock": p.in_stock}
                    for p in session.query(Product).order_by(Product.id)]
        return JSONResponse({"rows": rows})

    seed()
    options: dict[str, Any] = {"fields": ["id", "name", "category", "price", "in_stock"], "searchable_fields": ["name"]}
    for name, value in switch.items():  # can_create, can_edit, can_delete are methods of a request
        options[name] = (lambda self, request, allowed=value: allowed) if name.startswith("can_") else value
    view = type("ProductView", (ModelView,), options)
    app = Starlette(routes=[Route("/__reset", reset, methods=["POST"]), Route("/__state", state)])
    admin = Admin(engine, title="Shop admin")
    admin.add_view(view(Product, icon="fa fa-box"))
    admin.mount_to(app)
    return app


def main(argv: list[str]) -> int:
    db, port = argv[0], int(argv[1])
    switch = json.loads(argv[2]) if len(argv) > 2 else {}
    uvicorn.run(build(db, switch), host="127.0.0.1", port=port, log_level="warning")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
