"""Which Chromium runs the tests: Playwright's own when installed, else a system Chromium.

A headless run prefers a system headless shell (Debian's ``chromium-headless-shell``), as Playwright itself
runs headless Chromium in its headless shell: the same engine without the browser's user interface, and
a fraction of its CPU (a suite on a 2-core CI machine is bound by it). A headed run (``--headed``) uses the
full browser.

``python -m pytest_lumen.browser`` (``__main__.py``) prints the choice and exits 1 when there is none
(the Makefile then installs Debian's ``chromium``).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

SYSTEM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
HEADLESS_SHELL_NAMES = ("chromium-headless-shell", "chrome-headless-shell")


@dataclass(frozen=True)
class BrowserChoice:
    """The executable to launch (None: Playwright's own) and how to say it in the run header; ``headless``:
    the one a headless run launches, a headless shell when there is one."""

    executable: str | None
    label: str
    headless: str | None = None

    def for_run(self, headless: bool) -> str | None:
        """The executable a run launches: the headless shell when headless and there is one."""
        return self.headless if headless and self.headless is not None else self.executable


def _registry_dir() -> Path:
    env = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if env == "0":
        import playwright

        return Path(playwright.__file__).parent / "driver" / "package" / ".local-browsers"
    if env:
        return Path(env)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "ms-playwright"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "ms-playwright"
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ms-playwright"


def bundled_chromium() -> Path | None:
    """The folder of Playwright's installed Chromium (headless shell or full), if any."""
    try:
        import playwright

        browsers = Path(playwright.__file__).parent / "driver" / "package" / "browsers.json"
        revisions = {b["name"]: b["revision"] for b in json.loads(browsers.read_text())["browsers"]}
    except (OSError, ValueError, KeyError):
        return None
    root = _registry_dir()
    for name, folder in (("chromium-headless-shell", "chromium_headless_shell"), ("chromium", "chromium")):
        path = root / f"{folder}-{revisions.get(name, '')}"
        if (path / "INSTALLATION_COMPLETE").exists():
            return path
    return None


def system_chromium() -> str | None:
    """``LUMEN_CHROMIUM`` if set, else the first Chromium-like browser on PATH."""
    explicit = os.environ.get("LUMEN_CHROMIUM")
    if explicit:
        found = shutil.which(explicit) or (explicit if os.path.exists(explicit) else None)
        return found
    for name in SYSTEM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def system_headless_shell() -> str | None:
    """A system Chromium headless shell on PATH (never when ``LUMEN_CHROMIUM`` names the browser to run)."""
    if os.environ.get("LUMEN_CHROMIUM"):
        return None
    return next((found for found in map(shutil.which, HEADLESS_SHELL_NAMES) if found), None)


def choose_browser() -> BrowserChoice | None:
    """Playwright's own Chromium first, then a system one (its headless shell for headless runs, when there is
    one); None when neither exists."""
    bundled = bundled_chromium()
    if bundled is not None and not os.environ.get("LUMEN_CHROMIUM"):
        return BrowserChoice(None, f"Playwright's bundled Chromium ({bundled.name})")
    system = system_chromium()
    if system is not None:
        shell = system_headless_shell()
        label = f"system Chromium {system}" + (f" (headless: {shell})" if shell else "")
        return BrowserChoice(system, label, shell)
    if bundled is not None:
        return BrowserChoice(None, f"Playwright's bundled Chromium ({bundled.name})")
    return None


def main(argv: list[str] | None = None) -> int:
    """Print the browser a run launches (exit 1: none); with ``--missing-headless-shell``, exit 0 only when a
    system Chromium runs headless tests without a headless shell (the Makefile then installs one)."""
    args = sys.argv[1:] if argv is None else argv
    choice = choose_browser()
    if args == ["--missing-headless-shell"]:
        return 0 if choice is not None and choice.executable is not None and choice.headless is None \
            and not os.environ.get("LUMEN_CHROMIUM") else 1
    if choice is None:
        print("no Chromium found: neither Playwright's (playwright install chromium) nor a system one "
              f"({', '.join(SYSTEM_NAMES)} on PATH, or LUMEN_CHROMIUM)", file=sys.stderr)
        return 1
    print(f"browser: {choice.label}")
    return 0

