"""The released apps of the upgrade suite: how each version is installed, started and broken on purpose.

Every version is installed by name from its package registry (pip or npm) into a cache folder
reused across runs and clones (``~/.cache/pytest-lumen/upgrade-apps/<app>-<version>/``, or under
``XDG_CACHE_HOME``; ``LUMEN_UPGRADE_APPS`` moves it), and runs as its own server process on 127.0.0.1
on a free port. A regression is a configuration switch of the app that removes a feature a test
uses; it must make that test red at its own step.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from filelock import FileLock

HERE = Path(__file__).resolve().parent
_CACHE_HOME = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
# outside the clone: a fresh clone (as CI makes) reuses the releases installed before
APPS_DIR = Path(os.environ.get("LUMEN_UPGRADE_APPS") or _CACHE_HOME / "pytest-lumen" / "upgrade-apps")
START_TIMEOUT_S = 60.0  # an app that does not answer by then is reported broken (a loaded machine is slow)


@dataclass(frozen=True)
class Regression:
    """A switch of the app's configuration that breaks the feature one test uses."""

    name: str
    summary: str
    test: str  # the test that must go red
    fails_at: str  # a piece of the source line of the step where it must go red
    switch: dict[str, Any] = field(default_factory=dict)  # the app's own configuration


@dataclass(frozen=True)
class App:
    """A released app: its versions (oldest first, the one recorded on), how to install and start one."""

    name: str
    stack: str
    registry: str  # "pip" or "npm"
    package: str
    versions: tuple[str, ...]
    suite: str  # the test file (under suites/), copied into the inner project as test_<name>.py
    regressions: tuple[Regression, ...]
    command: Callable[[Path, int, Path, dict[str, Any]], list[str]]  # (install folder, port, data folder, switch)
    env: Callable[[Path], dict[str, str]] = lambda folder: {}
    ready_path: str = "/"
    pip_extra: tuple[str, ...] = ()  # more requirements installed with it
    # per release: requirements of its own time, where the newest releases of what it needs no longer run it
    pins: dict[str, tuple[str, ...]] = field(default_factory=dict)
    state_path: str = ""  # where the app tells what a test did to it (``POST /__reset`` clears it); "" when none
    # query parameters of its addresses that say where a page returns to (a name) or how it lays out a list (a
    # name=value), not which page it is: a page opened is compared across releases without them (``harness.page``)
    bookkeeping: tuple[str, ...] = ()
    # per release: the values its create form starts with where the recorded release's form started otherwise (a
    # column's default that a release began to show): a row a test creates on that release holds them (``harness.created_with``)
    form_defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    # an address as the harness compares it across releases, where releases write one page's address differently (a
    # row's key encoded, a sort by a column's number instead of its name); None: as the app writes it
    addresses: Callable[[str], str] | None = None

    @property
    def oldest(self) -> str:
        return self.versions[0]

    def folder(self, version: str) -> Path:
        return APPS_DIR / f"{self.name}-{version}"

    def regression(self, name: str) -> Regression:
        return next(r for r in self.regressions if r.name == name)


# --- installing ---------------------------------------------------------------------------------


def _pip_install(package: str, version: str, target: Path, extra: tuple[str, ...]) -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--ignore-installed",
                    "--target", str(target), f"{package}=={version}", *extra], check=True, capture_output=True, text=True)


def _npm_install(package: str, version: str, target: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed to install {package}@{version}: install Node.js (apt-get install npm)")
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "pack", "--silent", f"{package}@{version}"], cwd=target, check=True,
                          capture_output=True, text=True)
    tarball = target / done.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="data")
    tarball.unlink()


def install(app: App, version: str) -> Path:
    """The version's install folder, installed from the registry on first use (under a file lock)."""
    folder = app.folder(version)
    stamp = folder / ".installed"
    APPS_DIR.mkdir(parents=True, exist_ok=True)
    with FileLock(str(APPS_DIR / f"{app.name}-{version}.lock")):
        if not stamp.exists():
            shutil.rmtree(folder, ignore_errors=True)
            if app.registry == "pip":
                _pip_install(app.package, version, folder, (*app.pip_extra, *app.pins.get(version, ())))
            else:
                _npm_install(app.package, version, folder)
            stamp.write_text(f"{app.package} {version}\n", encoding="utf-8")
    return folder


# --- running ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One app version running on 127.0.0.1 in its own process."""

    def __init__(self, app: App, version: str, data: Path, switch: dict[str, Any] | None = None) -> None:
        self.app, self.version = app, version
        folder = install(app, version)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, **app.env(folder)}
        self.log = data / f"server-{app.name}-{version}-{self.port}.log"
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(app.command(folder, self.port, data, switch or {}), env=env, cwd=data,
                                            stdout=out, stderr=subprocess.STDOUT)
        self._wait_ready()

    def _wait_ready(self) -> None:
        """Wait until the app answers (or its process ends, or START_TIMEOUT_S passes)."""
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(self.url + self.app.ready_path, timeout=5):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{self.app.name} {self.version} did not start: " + self.log.read_text(errors="replace")[-2000:])

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as reply:
            return json.loads(reply.read())

    def post(self, path: str) -> None:
        urllib.request.urlopen(urllib.request.Request(self.url + path, data=b"", method="POST"), timeout=10).close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# --- Datasette (Python, server-rendered HTML) ---------------------------------------------------


def write_shop_db(path: Path) -> None:
    """A tiny SQLite database: six products, three orders."""
    if path.exists():
        return
    db = sqlite3.connect(path)
    db.executescript("""
        create table products(id integer primary key, name text, category text, price real, stock integer);
        insert into products(name, category, price, stock) values
          ('Blue mug', 'Kitchen', 8.5, 12), ('Green plate', 'Kitchen', 11.5, 0), ('Desk lamp', 'Office', 24.0, 5),
          ('Notebook', 'Office', 3.25, 40), ('Garden hose', 'Garden', 19.99, 3), ('Watering can', 'Garden', 14.0, 7);
        create table orders(id integer primary key, product_id integer references products(id), quantity integer,
                            customer text);
        insert into orders(product_id, quantity, customer) values (1, 2, 'Ada'), (3, 1, 'Grace'), (4, 5, 'Alan');
    """)
    db.commit()
    db.close()


def _datasette_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    write_shop_db(data / "shop.db")
    command = [sys.executable, "-S", "-m", "datasette", "serve", str(data / "shop.db"), "-h", "127.0.0.1",
               "-p", str(port)]
    for name, value in switch.get("settings", {}).items():
        command += ["--setting", name, str(value)]
    if "tables" in switch:  # table options: metadata in 0.x, datasette.yaml (-c) in 1.0
        tables = {"databases": {"shop": {"tables": switch["tables"]}}}
        path = data / f"datasette-{port}.json"
        path.write_text(json.dumps(tables), encoding="utf-8")
        command += ["-c" if _is_1x(folder) else "-m", str(path)]
    return command


def _is_1x(folder: Path) -> bool:
    return (folder / ".installed").read_text(encoding="utf-8").split()[1].startswith("1.")


DATASETTE = App(
    name="datasette", stack="Python (ASGI), server-rendered HTML", registry="pip", package="datasette",
    versions=("0.61.1", "0.65.1", "1.0a19"),
    suite="suite_datasette.py",
    regressions=(
        Regression("no-facets", "facets switched off (--setting allow_facet off): the suggested facet link is gone, "
                   "the column's sort link of the same name stays", "test_facet_by_category", "facet the products",
                   {"settings": {"allow_facet": "off"}}),
        Regression("price-unsortable", "sortable_columns leaves price out: its header is text, the other headers stay "
                   "links", "test_sort_products_by_price", "sort the products by price",
                   {"tables": {"products": {"sortable_columns": ["name", "category", "stock"]}}}),
        Regression("orders-hidden", "the orders table is hidden (hidden: true): its link on the database page is "
                   "gone, the products link stays", "test_browse_orders", "open the orders table",
                   {"tables": {"orders": {"hidden": True}}}),
    ),
    command=_datasette_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/shop.json",
    pip_extra=("setuptools<70",),  # old releases import pkg_resources, which newer setuptools no longer ship
)


# --- swagger-ui-dist (JavaScript, a React single-page app, from npm) ----------------------------


def _swagger_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    config = {"filter": True, **switch.get("config", {})}
    return [sys.executable, str(HERE / "swagger_server.py"), str(folder / "package"), str(port), json.dumps(config)]


SWAGGER_UI = App(
    name="swagger-ui", stack="JavaScript (React single-page app), static files from npm", registry="npm",
    package="swagger-ui-dist", versions=("3.52.5", "4.19.1", "5.24.2"),
    suite="suite_swagger_ui.py",
    regressions=(
        Regression("get-only", "supportedSubmitMethods: ['get']: POST has no \"Try it out\"; GET operations keep "
                   "theirs", "test_add_a_pet", "add a pet named", {"config": {"supportedSubmitMethods": ["get"]}}),
        Regression("no-filter", "filter: false: the tag filter box is gone", "test_filter_by_tag",
                   "filter the operations", {"config": {"filter": False}}),
        Regression("no-models", "defaultModelsExpandDepth: -1: the Schemas section is gone", "test_pet_schema",
                   "open the Pet schema", {"config": {"defaultModelsExpandDepth": -1}}),
    ),
    command=_swagger_command,
    state_path="/__log",
)


# --- sqladmin (Python, Starlette + SQLAlchemy admin, Tabler/Bootstrap templates) ----------------


def _sqladmin_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    return [sys.executable, "-S", str(HERE / "sqladmin_app.py"), str(data / f"sqladmin-{port}.db"), str(port),
            json.dumps(switch.get("view", {}))]


SQLADMIN = App(
    name="sqladmin", stack="Python (Starlette, SQLAlchemy), server-rendered admin (Tabler)", registry="pip",
    package="sqladmin", versions=("0.16.1", "0.19.0", "0.22.0"),
    suite="suite_sqladmin.py",
    regressions=(
        Regression("no-delete", "can_delete = False: the row's delete button is gone, its View and Edit links stay",
                   "test_delete_product", "delete the Green plate", {"view": {"can_delete": False}}),
        Regression("no-edit", "can_edit = False: the row's Edit link is gone, its View link stays",
                   "test_edit_product_price", "edit the Desk lamp", {"view": {"can_edit": False}}),
        Regression("no-search", "column_searchable_list = []: the search box is gone", "test_search_products",
                   "search the products for lamp", {"view": {"column_searchable_list": []}}),
    ),
    command=_sqladmin_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/admin/product/list",
    pip_extra=("uvicorn", "sqlalchemy<2.1"),
    state_path="/__state",
)


# --- starlette-admin (Python, Starlette + SQLAlchemy admin, Tabler; a DataTables list until 0.x) ---------------


def _starlette_admin_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    return [sys.executable, "-S", str(HERE / "starlette_admin_app.py"), str(data / f"starlette-admin-{port}.db"),
            str(port), json.dumps(switch.get("view", {}))]


STARLETTE_ADMIN = App(
    name="starlette-admin", stack="Python (Starlette, SQLAlchemy), admin (Tabler): a DataTables list, server-rendered "
                               "from 1.0", registry="pip",
    package="starlette-admin", versions=("0.11.2", "0.14.1", "1.0.3"),
    suite="suite_starlette_admin.py",
    regressions=(
        Regression("no-delete", "can_delete = False: the Delete button is gone from the product's page, its Edit "
                   "button stays", "test_delete_product", "delete it", {"view": {"can_delete": False}}),
        Regression("no-edit", "can_edit = False: the rows keep their edit links, and the edit page answers 403 "
                   "Forbidden", "test_edit_product_price", "change its price", {"view": {"can_edit": False}}),
        Regression("no-create", "can_create = False: the New Product link is gone", "test_create_product",
                   "open the form for a new product", {"view": {"can_create": False}}),
    ),
    command=_starlette_admin_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/admin/product/list",
    pip_extra=("uvicorn", "sqlalchemy<2.1", "starlette<1"),  # its 0.x releases pass Jinja2Templates an argument 1.0 dropped
    state_path="/__state",
    bookkeeping=("_origin",),  # 1.0 writes the page a link was on into the address it opens (its return address)
    form_defaults={"1.0.3": {"in_stock": True}},  # 1.0's create form checks "In stock", the column's default (0.x's did not)
)



# --- Flask-Admin (Python, Flask + SQLAlchemy admin: Bootstrap 3 in 1.x, Bootstrap 4 from 2.0) -------------------


def _flask_admin_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    view = {"can_view_details": True, **switch.get("view", {})}
    return [sys.executable, "-S", str(HERE / "flask_admin_app.py"), str(data / f"flask-admin-{port}.db"), str(port),
            json.dumps(view)]


FLASK_ADMIN = App(
    name="flask-admin", stack="Python (Flask, SQLAlchemy), server-rendered admin: Bootstrap 3 and glyphicons in 1.x, "
                           "Bootstrap 4 and Font Awesome from 2.0", registry="pip",
    package="flask-admin", versions=("1.6.1", "2.0.2", "2.2.1"),
    suite="suite_flask_admin.py",
    regressions=(
        Regression("no-delete", "can_delete = False: the row's delete button is gone, its view and edit links stay",
                   "test_delete_product", "delete the Green plate", {"view": {"can_delete": False}}),
        Regression("no-edit", "can_edit = False: the row's edit link is gone, its view link stays",
                   "test_edit_product_price", "edit the Desk lamp", {"view": {"can_edit": False}}),
        Regression("no-search", "column_searchable_list = []: the search box is gone", "test_search_products",
                   "search the products for lamp", {"view": {"column_searchable_list": []}}),
    ),
    command=_flask_admin_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/admin/product/",
    # 2.x imports Flask-SQLAlchemy's types (its sqlalchemy extra); Flask 2.2 and WTForms 3.0 serve 1.6 and 2.x alike
    pip_extra=("flask<2.3", "werkzeug<2.3", "wtforms<3.1", "sqlalchemy<2.1", "flask-sqlalchemy<3.2"),
    state_path="/__state",
    bookkeeping=("url", "page_size=20"),  # 2.0 writes its default page size into every list address
)


# --- sqlite-web (Python, Flask + Peewee: a SQLite browser, server-rendered; Bootstrap 4, icons from 0.7) ------


def _sqlite_web_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    folder = data / f"sqlite-web-{port}"  # the file's name is on every page: shop.db, whatever the port
    folder.mkdir(parents=True, exist_ok=True)
    return [sys.executable, "-S", str(HERE / "sqlite_web_app.py"), str(folder / "shop.db"), str(port), json.dumps(switch)]


SQLITE_WEB_COLUMNS = ("id", "name", "category", "price", "stock")  # its products table's, in order


def _sqlite_web_address(url: str) -> str:
    """An address of sqlite-web as 0.5 writes it: a row's key as it is (0.6 writes it in base64, ``Mw==`` for 3, and
    0.8 a JSON list in base64, ``WzNd`` for ``[3]``), a sort by its column's name (0.8: by its number from 1, ``-4``
    descending)."""
    parts = urlsplit(url)
    segments = parts.path.split("/")  # "", table, view, key, ""
    if len(segments) == 5 and segments[2] in ("update", "delete", "row") and not segments[3].isdigit():
        with contextlib.suppress(ValueError):
            key = json.loads(base64.urlsafe_b64decode(segments[3] + "=" * (-len(segments[3]) % 4)))
            key = key[0] if isinstance(key, list) and len(key) == 1 else key
            segments[3] = str(key) if isinstance(key, (int, str)) else segments[3]

    def column(value: str) -> str:  # 0 and numbers past the last column are left as written (0.8: no sort)
        sign, number = ("-", value[1:]) if value.startswith("-") else ("", value)
        known = number.isdigit() and 1 <= int(number) <= len(SQLITE_WEB_COLUMNS)
        return sign + SQLITE_WEB_COLUMNS[int(number) - 1] if known else value
    query = [(k, column(v) if k == "ordering" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    return parts._replace(path="/".join(segments), query=urlencode(query)).geturl()


SQLITE_WEB = App(
    name="sqlite-web", stack="Python (Flask, Peewee), a SQLite browser: server-rendered, a row's key in its links "
                          "base64-encoded from 0.6, a navigation bar and icon links from 0.7", registry="pip",
    package="sqlite-web", versions=("0.5.2", "0.6.8", "0.8.2"),
    suite="suite_sqlite_web.py",
    regressions=(
        Regression("read-only", "--read-only: the rows' Edit and Delete links and the Insert tab are gone",
                   "test_delete_row", "delete the Green plate", {"options": ["--read-only"]}),
        Regression("two-per-page", "--rows-per-page 2: the Desk lamp is on the second page", "test_edit_row_price",
                   "edit the Desk lamp", {"options": ["--rows-per-page", "2"]}),
        Regression("password", "--password: every page asks for the password first", "test_sort_by_price",
                   "sort the products by price", {"password": "upgrade-bench"}),
    ),
    command=_sqlite_web_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/products/content/",
    pip_extra=("flask<2.3", "werkzeug<2.3"),  # 0.5 imports flask.escape, which Flask 2.3 dropped
    state_path="/__state",
    addresses=_sqlite_web_address,
)

# --- Piccolo Admin (Python, a Vue single-page admin over an ASGI API; routes in the address's fragment) ----------


def _piccolo_admin_command(folder: Path, port: int, data: Path, switch: dict[str, Any]) -> list[str]:
    return [sys.executable, "-S", str(HERE / "piccolo_admin_app.py"), str(data / f"piccolo-admin-{port}.db"), str(port),
            json.dumps(switch)]


def _piccolo_admin_address(url: str) -> str:
    """An address of Piccolo Admin as 0.50 writes it: its route (in the fragment) without the trailing slash 1.0 gives
    it, the route's query escaped (``#/login/?nextURL=/`` is ``#/login?nextURL=%2F``)."""
    parts = urlsplit(url)
    route, _, query = parts.fragment.partition("?")
    route = route.rstrip("/") or route
    query = urlencode(parse_qsl(query, keep_blank_values=True))
    return parts._replace(fragment=route + (f"?{query}" if query else "")).geturl()


PICCOLO_ADMIN = App(
    name="piccolo-admin", stack="Python (ASGI, Piccolo ORM), a Vue single-page admin routed in the address's fragment "
                             "(a trailing slash from 1.0), sign-in first", registry="pip",
    package="piccolo-admin", versions=("0.50.0", "1.5.0", "1.14.0"),  # 1.0.0's filter applies nothing, by hand too
    suite="suite_piccolo_admin.py",
    regressions=(
        Regression("no-name-column", "visible_columns: the list no longer shows the products' names",
                   "test_delete_product", "delete the Green plate", {"columns": ["id", "category", "price", "in_stock"]}),
        Regression("second-page", "15 more products before the four: the Desk lamp is on the second page",
                   "test_edit_product_price", "edit the Desk lamp", {"fillers": 15}),
        Regression("no-name-filter", "visible_filters: the name's filter is gone, the category's (its field named "
                   "\"All\" too) comes first", "test_filter_products", "show only the products whose name",
                   {"filters": ["category", "price", "in_stock"]}),
    ),
    command=_piccolo_admin_command,
    env=lambda folder: {"PYTHONPATH": str(folder)},
    ready_path="/__state",
    pip_extra=("aiosqlite",),
    # 0.50 (pydantic 1) runs on the Piccolo, Piccolo API and FastAPI of its day; their newest releases render its
    # tables without their columns
    pins={"0.50.0": ("piccolo==0.106.0", "piccolo-api==0.54.0", "fastapi==0.95.2", "pydantic<2")},
    state_path="/__state",
    addresses=_piccolo_admin_address,
)

APPS: dict[str, App] = {a.name: a for a in (DATASETTE, SWAGGER_UI, SQLADMIN, STARLETTE_ADMIN, FLASK_ADMIN, SQLITE_WEB,
                                            PICCOLO_ADMIN)}
