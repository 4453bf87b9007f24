"""Which tests a run selected (pytest_lumen.run.selection): read from pytest's own arguments, in-process runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_lumen.run.selection import Selection
from pytest_lumen.run.session import SESSION

# pytest-playwright nests its soft-assertion scope in ours: the inner runs need no browser, so none of it
INNER = ("-p", "no:cacheprovider", "-p", "no:randomly", "-p", "no:playwright")
TESTS = "def test_one():\n    pass\n\n\ndef test_two():\n    pass\n"


class Seen:
    """A plugin that keeps the run's selection at its end."""

    selection: Selection

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.selection = session.config.stash[SESSION].selection


def selected(pytester: pytest.Pytester, *args: str) -> Selection:
    seen = Seen()
    assert pytester.inline_run(*INNER, *args, plugins=[seen]).countoutcomes()[2] == 0
    return seen.selection


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    pkg = pytester.mkpydir("pkg")
    (pkg / "test_a.py").write_text(TESTS)
    (pkg / "test_b.py").write_text(TESTS)
    return pytester.path


def test_a_folder_is_a_full_run_of_it(pytester: pytest.Pytester, project: Path) -> None:
    sel = selected(pytester, "pkg")
    assert sel.full_run and sel.whole_modules and sel.scope == [(project / "pkg").resolve()]
    assert {p.name for p in sel.files} == {"test_one.json", "test_two.json"} and sel.collected == sel.files


def test_no_argument_is_a_full_run_of_the_invocation_folder(pytester: pytest.Pytester, project: Path) -> None:
    sel = selected(pytester)
    assert sel.full_run and sel.scope == [project.resolve()]


def test_a_node_id_names_tests_so_the_run_looks_nowhere(pytester: pytest.Pytester, project: Path) -> None:
    sel = selected(pytester, "pkg/test_a.py::test_one")
    assert not sel.full_run and not sel.whole_modules and sel.scope == [(project / "pkg" / "test_a.py").resolve()]


def test_a_parametrized_node_id_is_read_up_to_its_path(pytester: pytest.Pytester, project: Path) -> None:
    (project / "pkg" / "test_p.py").write_text(
        "import pytest\n\n@pytest.mark.parametrize('x', ['a::b'])\ndef test_p(x):\n    pass\n")
    sel = selected(pytester, "pkg/test_p.py::test_p[a::b]")
    assert not sel.whole_modules and sel.scope == [(project / "pkg" / "test_p.py").resolve()]


def test_a_keyword_filter_is_a_partial_run_of_whole_modules(pytester: pytest.Pytester, project: Path) -> None:
    sel = selected(pytester, "pkg", "-k", "one")
    assert not sel.full_run and sel.whole_modules
    assert len(sel.collected) == 4 and len(sel.files) == 2 and {p.name for p in sel.files} == {"test_one.json"}


def test_a_module_named_by_pyargs_is_its_file(pytester: pytest.Pytester, project: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(project))
    sel = selected(pytester, "--pyargs", "pkg.test_b")
    assert sel.full_run and sel.scope == [(project / "pkg" / "test_b.py").resolve()]


def test_a_workers_selection_merges_into_the_controllers(tmp_path: Path) -> None:
    controller = Selection(scope=[tmp_path / "a"], files={tmp_path / "x.json"})
    worker = Selection.model_validate(Selection(scope=[tmp_path / "b"], files={tmp_path / "y.json"}, full_run=False)
                                      .model_dump(mode="json"))
    controller.merge(worker)
    assert controller.scope == [tmp_path / "a", tmp_path / "b"] and controller.files == {tmp_path / "x.json", tmp_path / "y.json"}
    assert not controller.full_run and controller.whole_modules
