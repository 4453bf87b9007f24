"""The products table the admin apps of the upgrade suite serve (``sqladmin_app.py``, ``starlette_admin_app.py``,
``flask_admin_app.py``).

One ``Product`` model (name, category as an enum, price, in stock) on a SQLite file, seeded with four products
(``Shop``); ``POST /__reset`` puts them back (before each test), ``GET /__state`` gives the rows (what a test checks
to see what it really changed). ``seeded`` and ``serve`` are those routes and the server for an app on Starlette
(imported only there: a Flask app's install folder has no Starlette): ``python <app>.py DB_PATH PORT SWITCH_JSON``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import Boolean, Column, Enum, Float, Integer, String, create_engine
from sqlalchemy.engine import Engine
from sqlalchemy.orm import declarative_base, sessionmaker

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.routing import Route

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


class Shop:
    """The products table on the SQLite file ``db``, seeded with the four products."""

    def __init__(self, db: str) -> None:
        self.engine = create_engine(f"sqlite:///{db}", connect_args={"check_same_thread": False})
        self.session = sessionmaker(self.engine)
        self.seed()

    def seed(self) -> None:
        """The four products, as they were before any test."""
        Base.metadata.drop_all(self.engine)
        Base.metadata.create_all(self.engine)
        with self.session() as session:
            session.add_all(Product(name=n, category=c, price=p, in_stock=s) for n, c, p, s in ROWS)
            session.commit()

    def state(self) -> dict[str, Any]:
        """What ``GET /__state`` answers: every row."""
        with self.session() as session:
            return {"rows": [{"id": p.id, "name": p.name, "category": p.category.value, "price": p.price,
                              "in_stock": p.in_stock} for p in session.query(Product).order_by(Product.id)]}


def seeded(db: str) -> tuple[Engine, list[Route]]:
    """The SQLite file ``db`` with the four products, and the ``/__reset`` and ``/__state`` routes over it."""
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    shop = Shop(db)

    async def reset(request: Request) -> JSONResponse:
        shop.seed()
        return JSONResponse({"reset": True})

    async def state(request: Request) -> JSONResponse:
        return JSONResponse(shop.state())

    return shop.engine, [Route("/__reset", reset, methods=["POST"]), Route("/__state", state)]


def serve(build: Callable[[str, dict[str, Any]], Starlette], argv: list[str]) -> int:
    """Serve ``build(DB_PATH, SWITCH)`` with uvicorn on 127.0.0.1:PORT, from ``argv``: DB_PATH PORT [SWITCH_JSON]."""
    import uvicorn

    db, port = argv[0], int(argv[1])
    switch = json.loads(argv[2]) if len(argv) > 2 else {}
    uvicorn.run(build(db, switch), host="127.0.0.1", port=port, log_level="warning")
    return 0
