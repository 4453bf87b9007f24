"""An exported module's imports are placed as isort (and ruff's ``I`` rules) place them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pytest_lumen.export.imports import fix_imports

MODULE = '"""A test module."""\n\n{imports}\n\n\ndef test_it() -> None:\n    pass\n'


@pytest.mark.parametrize("imports", [
    "from playwright.sync_api import Page, expect",
    "import re\nfrom pathlib import Path\n\nfrom playwright.sync_api import Page, expect",
    "from pathlib import Path\n\nimport attr\nfrom playwright.sync_api import Page",
])
def test_added_imports_are_sorted_as_a_linter_wants_them(imports: str, tmp_path: Path) -> None:
    text = fix_imports(MODULE.format(imports=imports), {"import pytest", "import re", "from playwright.sync_api import expect"})
    module = tmp_path / "test_module.py"
    module.write_text(text, encoding="utf-8")

    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "I,F401",
                           "--ignore", "F401", str(module)], capture_output=True, text=True)

    assert lint.returncode == 0, text + lint.stdout
    assert text.count("import pytest\n") == 1 and text.count("import re\n") == 1
