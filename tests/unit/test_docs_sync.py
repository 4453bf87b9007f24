"""The user docs stay true to the code: the cache schema, the options, the errors, the summary and the links."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_lumen import config, errors
from pytest_lumen.cache import SCHEMA_VERSION, dumps, loads
from pytest_lumen.cache.keys import step_key
from pytest_lumen.cache.schema import cache_schema, render
from pytest_lumen.run.session import LumenSession
from pytest_lumen.run.summary import figures
from tests.support import inner

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
REGENERATE = "python -m pytest_lumen.cache.schema > docs/cache-schema.json"
FENCE = re.compile(r"^(```|~~~)")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
NONE = "—"


# --- helpers ------------------------------------------------------------------------------


def doc(name: str) -> str:
    """The text of a file under docs/."""
    return (DOCS / name).read_text(encoding="utf-8")


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks."""
    out, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            out.append(line)
    return out


def code_blocks(text: str, lang: str) -> list[str]:
    """The bodies of the fenced blocks tagged ``lang`` (``""``: untagged), each ending with a newline."""
    blocks: list[str] = []
    body: list[str] | None = None
    tag = ""
    for line in text.splitlines():
        if body is None and line.startswith("```"):
            body, tag = [], line[3:].strip()
        elif body is not None and line.strip() == "```":
            if tag == lang:
                blocks.append("".join(f"{b}\n" for b in body))
            body = None
        elif body is not None:
            body.append(line)
    return blocks


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of the headings of a Markdown file."""
    heads = [re.sub(r"^#+\s*", "", line) for line in prose_lines(path.read_text(encoding="utf-8")) if line.startswith("#")]
    return {slug(h) for h in heads}


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first table after the ``heading`` line, as lists of cells."""
    lines = text.splitlines()
    rows: list[list[str]] = []
    for line in lines[lines.index(heading) + 1:]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows or line.startswith("#"):
            break
    return rows[2:]  # without the header and the |---| line


def code_value(cell: str) -> str | None:
    """The first `backticked` value of a table cell."""
    m = re.search(r"`([^`]*)`", cell)
    return m.group(1) if m else None


def flag_of(cell: str) -> str | None:
    """``--lumen-mode`` from a cell like `` `--lumen-mode` `` (None for the dash)."""
    value = code_value(cell)
    return value.split("=")[0] if value else None


# --- the cache schema ---------------------------------------------------------------------


def test_published_schema_matches_the_cache_models() -> None:
    published = json.loads(doc("cache-schema.json"))
    assert published == cache_schema(), f"docs/cache-schema.json is out of date; regenerate it: {REGENERATE}"


def test_schema_command_prints_the_schema() -> None:
    result = subprocess.run([sys.executable, "-m", "pytest_lumen.cache.schema"], capture_output=True, text=True, check=True)
    assert result.stdout == render()
    assert json.loads(result.stdout)["properties"]["schema_version"]["default"] == SCHEMA_VERSION == 3


def test_example_cache_file_is_valid_canonical_and_correctly_keyed() -> None:
    text = doc("cache-format.md")
    example = code_blocks(text, "json")[0]
    cache = loads(example, Path("docs/cache-format.md"))
    assert dumps(cache) == example, "the example is not in the form the plugin writes (sorted keys, 2-space indent)"
    for step in cache.steps:
        assert step.key == step_key(step.instruction, step.variables), step.instruction


# --- the options --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def help_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """``pytest --help`` as a user sees it, run in an empty folder (in this process: ``inner.run_session``)."""
    env = {**os.environ, "COLUMNS": "120"}
    env.pop("PYTEST_ADDOPTS", None)
    result = inner.run_session(["--help"], tmp_path_factory.mktemp("help"), env, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def help_flags(help_text: str) -> set[str]:
    """The flags of the "pytest-lumen" group of ``pytest --help``."""
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("pytest-lumen"))
    flags = set()
    for line in lines[start + 1:]:
        if not line.strip():
            break
        if m := re.match(r" {2}(--[a-z][a-z-]*)", line):
            flags.add(m.group(1))
    return flags


def help_ini_keys(help_text: str) -> set[str]:
    """The ``lumen_*`` ini keys that ``pytest --help`` lists."""
    return set(re.findall(r"^ {2}(lumen_[a-z_]+) \(", help_text, re.M))


def documented_options() -> list[list[str]]:
    """The rows of the Options table: flag, ini key, env var, default, meaning."""
    return table_rows(doc("configuration.md"), "## Options")


def test_help_and_configuration_doc_list_the_same_flags(help_text: str) -> None:
    flags = help_flags(help_text)
    assert "--lumen-mode" in flags, "could not find the pytest-lumen group in pytest --help"
    documented = {flag_of(row[0]) for row in documented_options()} - {None}
    assert flags - documented == set(), "flags missing from docs/configuration.md"
    assert documented - flags == set(), "docs/configuration.md documents flags that pytest --help does not list"


def test_help_and_configuration_doc_list_the_same_ini_keys(help_text: str) -> None:
    keys = help_ini_keys(help_text)
    assert "lumen_mode" in keys, "could not find the lumen ini keys in pytest --help"
    documented = {code_value(row[1]) for row in documented_options()} - {None}
    assert keys - documented == set(), "ini keys missing from docs/configuration.md"
    assert documented - keys == set(), "docs/configuration.md documents ini keys that pytest --help does not list"


def option_cells(opt: config.Option) -> list[str]:
    """The first five cells of an option's row in docs/configuration.md, as ``config.OPTIONS`` says them."""
    code = lambda value: f"`{value}`" if value else NONE  # noqa: E731
    return [code(opt.flag), code(opt.ini), code(opt.env), opt.values, opt.shown_default]


def test_configuration_doc_options_table_is_config_options() -> None:
    expected = [option_cells(opt) for opt in config.OPTIONS]
    documented = [row[:5] for row in documented_options()]
    table = "\n".join(f"| {' | '.join(cells)} | ... |" for cells in expected)
    assert documented == expected, f"the Options table of docs/configuration.md should begin, row by row:\n{table}"


def test_configuration_doc_says_which_options_have_an_environment_variable() -> None:
    with_env = [opt.env for opt in config.OPTIONS if opt.env]
    assert with_env == ["LUMEN_MODEL"]
    assert "`LUMEN_MODEL` is the only option read from the environment" in " ".join(doc("configuration.md").split())


def test_every_flag_named_in_the_docs_exists(help_text: str) -> None:
    flags = help_flags(help_text)
    files = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    named = {(f.name, flag) for f in files for flag in re.findall(r"--lumen-[a-z]+(?:-[a-z]+)*", f.read_text(encoding="utf-8"))}
    assert {(name, flag) for name, flag in named if flag not in flags} == set()


# --- the errors ---------------------------------------------------------------------------


def lumen_errors() -> set[str]:
    """The names of ``LumenError`` and its subclasses defined in ``pytest_lumen.errors``."""
    return {obj.__name__ for obj in vars(errors).values()
            if isinstance(obj, type) and issubclass(obj, errors.LumenError) and obj.__module__ == errors.__name__}


def test_every_lumen_error_is_documented_in_troubleshooting() -> None:
    headings = set(re.findall(r"^#{2,3} `(\w+)`$", doc("troubleshooting.md"), re.M))
    assert lumen_errors() - headings == set(), "LumenError subclasses missing from docs/troubleshooting.md"
    assert headings - lumen_errors() == set(), "docs/troubleshooting.md documents errors that do not exist"


def test_troubleshooting_hierarchy_matches_the_classes() -> None:
    tree = next(b for b in code_blocks(doc("troubleshooting.md"), "") if b.startswith("LumenError\n"))
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in tree.splitlines():
        m = re.match(r"^([\s│├└─]*)(\w+)", line)
        assert m, line
        depth = len(m.group(1))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parents[m.group(2)] = stack[-1][1] if stack else None
        stack.append((depth, m.group(2)))
    actual = {name: (None if name == "LumenError" else getattr(errors, name).__bases__[0].__name__)
              for name in lumen_errors()}
    assert parents == actual


# --- the summary --------------------------------------------------------------------------


@pytest.fixture
def summary_labels(tmp_path: Path) -> list[str]:
    """The labels of the run figures, in the order the summary prints them."""
    settings = config.Settings(mode=config.Mode.REPLAY, rootdir=tmp_path, cache_dir=tmp_path / ".lumen-cache", model="m")
    return [label for label, _ in figures(LumenSession(settings).finish_run(tmp_path / "out", exitstatus=0))]


def test_quickstart_summary_shows_every_figure(summary_labels: list[str]) -> None:
    block = next(b for b in code_blocks(doc("quickstart.md"), "") if "= lumen =" in b)
    shown = [line.split(":")[0] for line in block.splitlines()[1:] if line.strip()]
    assert shown == summary_labels


def test_ci_step_summary_table_shows_every_figure(summary_labels: list[str]) -> None:
    rows = table_rows(doc("ci.md"), "### pytest-lumen")
    assert [row[0] for row in rows] == summary_labels


# --- the links ----------------------------------------------------------------------------


def markdown_links(path: Path) -> list[str]:
    """The relative link targets of a Markdown file (code blocks and URLs left out)."""
    return [link for line in prose_lines(path.read_text(encoding="utf-8")) for link in LINK.findall(line)
            if not re.match(r"[a-z]+:", link)]


def test_every_doc_linked_from_the_readme_exists() -> None:
    links = markdown_links(ROOT / "README.md")
    assert any(link.startswith("docs/") for link in links), "README.md links no docs"
    missing = [link for link in links if not (ROOT / link.split("#")[0]).exists()]
    assert missing == []


@pytest.mark.parametrize("name", sorted(p.name for p in DOCS.glob("*.md")))
def test_links_between_docs_resolve(name: str) -> None:
    broken = []
    for link in markdown_links(DOCS / name):
        target, _, anchor = link.partition("#")
        path = (DOCS / target).resolve() if target else DOCS / name
        if not path.exists() or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
            broken.append(link)
    assert broken == []


# --- the public API -----------------------------------------------------------------------


def test_architecture_doc_lists_exactly_the_public_api() -> None:
    import pytest_lumen

    text = doc("architecture.md")
    block = text.split("<!-- public-api -->", 1)[1].split("<!-- /public-api -->", 1)[0]
    documented = set(re.findall(r"`([A-Za-z_]+)`", block))
    assert documented == set(pytest_lumen.__all__)
    assert all(hasattr(pytest_lumen, name) for name in pytest_lumen.__all__)
    assert pytest_lumen.__version__ and pytest_lumen.__version__ != "0+unknown"


# --- the architecture -----------------------------------------------------------------------

PACKAGE = ROOT / "pytest_lumen"
SUBGRAPH = re.compile(r'^\s*subgraph\s+\w+\["([^"]*)"\]')
NODE = re.compile(r'^\s*\w+\["([^"]*)"\]\s*$')
# A module path in backticks: `run/session.py`, `page/js/items.js`, `heal/`, or a name in a module:
# `run/session.LumenSession.context_for` (the module's file, then each attribute in turn).
MODULE_PATH = re.compile(r"^((?:[a-z_]+/)*)([a-z_]+\.(?:py|js)|[a-z_]+((?:\.[A-Za-z_]+)+))?$")
OUTSIDE = ("tests/", "benchmarks/", "docs/", "test-results/", ".lumen-cache/")


def diagram_layers() -> list[list[tuple[str, set[str]]]]:
    """The mermaid diagram of docs/architecture.md: per layer (a subgraph, top to bottom), each box's entry (``run``
    for ``run/``, ``agent`` for ``agent.py``) and the modules the box lists after its first line."""
    block = code_blocks(doc("architecture.md"), "mermaid")[0]
    layers: list[list[tuple[str, set[str]]]] = []
    for line in block.splitlines():
        if SUBGRAPH.match(line):
            layers.append([])
        elif (m := NODE.match(line)) and layers:
            head, *rest = m.group(1).split("<br/>")
            modules = {name.strip() for part in rest for name in part.split("·") if name.strip()}
            layers[-1].append((head.removesuffix("/").removesuffix(".py"), modules))
    return layers


def package_modules(name: str) -> set[str]:
    """The modules of a sub-package (``__init__`` left out) and its folders of other files (``js/``)."""
    folder = PACKAGE / name
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return modules | {f"{p.name}/" for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"}


def test_architecture_diagram_is_the_layers_of_the_layout_test() -> None:
    from tests.unit.test_layout import LAYERS

    drawn = [tuple(entry for entry, _ in layer) for layer in diagram_layers()]
    assert drawn == list(LAYERS), "docs/architecture.md's diagram should have one subgraph per entry of LAYERS " \
                                  "(tests/unit/test_layout.py), top to bottom, its boxes in the same order"


@pytest.mark.parametrize("entry", sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()))
def test_architecture_diagram_lists_each_package_module(entry: str) -> None:
    boxes = {name: modules for layer in diagram_layers() for name, modules in layer}
    assert entry in boxes, f"the package pytest_lumen/{entry}/ has no box in docs/architecture.md's diagram"
    actual = package_modules(entry)
    line = " · ".join(sorted(actual))
    assert boxes[entry] == actual, f"the {entry}/ box of docs/architecture.md's diagram should list: {line}"


def module_paths(text: str) -> list[str]:
    """The module paths in backticks of a Markdown text (``run/session.py``, ``run/session.LumenSession``)."""
    codes = [code.removeprefix("pytest_lumen/") for code in re.findall(r"`([^`\s]+)`", text)
             if "/" in code and not code.startswith(OUTSIDE)]
    return [code for code in codes if MODULE_PATH.match(code)]


def resolves(path: str) -> bool:
    """Whether a module path names a folder, a file or a module's attribute that exists in the package."""
    m = MODULE_PATH.match(path)
    assert m
    folder, last, attrs = PACKAGE / m.group(1), m.group(2), m.group(3)
    if last is None:
        return folder.is_dir()
    if attrs is None:
        return (folder / last).is_file()
    module = last.removesuffix(attrs)
    if not (folder / f"{module}.py").is_file():
        return False
    obj: object = importlib.import_module("pytest_lumen." + (m.group(1) + module).replace("/", "."))
    for name in attrs.strip(".").split("."):
        if not hasattr(obj, name):
            return False
        obj = getattr(obj, name)
    return True


def test_module_paths_are_found_in_backticks() -> None:
    text = "`run/session.py`, `heal/strategy.STRATEGIES`, `page/js/items.js`, `heal/`, `tests/unit/x.py`, `a.b`"
    assert module_paths(text) == ["run/session.py", "heal/strategy.STRATEGIES", "page/js/items.js", "heal/"]
    assert not resolves("heal/strategy.NO_SUCH_NAME") and not resolves("heal/no_such_module.py")


@pytest.mark.parametrize("name", ["architecture.md", "step-internals.md", "heal-strategies.md", "heal-contract.md"])
def test_module_paths_in_the_contributor_docs_exist(name: str) -> None:
    missing = [p for p in module_paths(doc(name)) if not resolves(p)]
    assert missing == [], f"docs/{name} names modules or names that do not exist in pytest_lumen/"
