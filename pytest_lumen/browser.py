"""Which Chromium runs the tests: Playwright's own when installed, else a system Chromium.

``python -m pytest_lumen.browser`` prints the choice and exits 1 when there is none
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


@dataclass(frozen=True)
class BrowserChoice:
    """The executable to launch (None: Playwright's own) and how to say it in the run header."""

    executable: str | None
    label: str


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


def choose_browser() -> BrowserChoice | None:
    """Playwright's own Chromium first, then a system one; None when neither exists."""
    bundled = bundled_chromium()
    if bundled is not None and not os.environ.get("LUMEN_CHROMIUM"):
        return BrowserChoice(None, f"Playwright's bundled Chromium ({bundled.name})")
    system = system_chromium()
    if system is not None:
        return BrowserChoice(system, f"system Chromium {system}")
    if bundled is not None:
        return BrowserChoice(None, f"Playwright's bundled Chromium ({bundled.name})")
    return None


def main() -> int:
    choice = choose_browser()
    if choice is None:
        print("no Chromium found: neither Playwright's (playwright install chromium) nor a system one "
              f"({', '.join(SYSTEM_NAMES)} on PATH, or LUMEN_CHROMIUM)", file=sys.stderr)
        return 1
    print(f"browser: {choice.label}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
