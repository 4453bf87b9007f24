"""A fixed piece of the kind of work the test suite does, to tell a slow machine from a slow suite.

The same commit's ``make test`` has taken 1,014 CPU-seconds on one day and 425 on the next on the "same" two-core
machine (a shared host runs faster or slower by the hour). ``make suite-cpu`` runs this before and after the suite and
prints the suite's CPU in units of it: a figure that moves with what the suite does, not with the host.

The work never changes (change it and the units change): start Python with Playwright, launch the headless
Chromium the tests use, and on 20 new contexts load a form, fill it and click through it.

    .venv/bin/python benchmarks/reference_work.py     # prints its CPU-seconds (the process and all under it)
"""

from __future__ import annotations

import os
import subprocess
import sys

from suite_cpu import tree_cpu

ROUNDS = 20
FORM = """<!doctype html><html lang="en"><body><main><form onsubmit="event.preventDefault(); done.hidden = false">
<label>Email <input name="email" type="email"></label><label>Name <input name="name"></label>
<select name="country"><option>France</option><option>Spain</option></select>
<button>Save</button></form><p id="done" hidden>Saved</p></main></body></html>"""


def work() -> float:
    """Do the reference work in this process; its CPU-seconds (read before the browser closes: a Chromium process
    that ends is not always counted in its parent's)."""
    from playwright.sync_api import sync_playwright

    from pytest_lumen.browser import choose_browser

    choice = choose_browser()
    if choice is None:
        raise SystemExit("no Chromium found: run `make browser` first")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(headless=True, executable_path=choice.for_run(headless=True))
        for _ in range(ROUNDS):
            context = browser.new_context()
            page = context.new_page()
            page.set_content(FORM)
            page.get_by_label("Email").fill("someone@example.com")
            page.get_by_label("Name").fill("Someone")
            page.locator("select").select_option("Spain")
            page.get_by_role("button", name="Save").click()
            page.get_by_text("Saved").wait_for()
            context.close()
        cpu = tree_cpu(os.getpid())
        browser.close()
    return cpu


def cpu_seconds() -> float:
    """The CPU-seconds of the reference work, done in a new process (Python's start and imports included)."""
    done = subprocess.run([sys.executable, __file__, "--work"], check=True, capture_output=True, text=True)
    return float(done.stdout)


if __name__ == "__main__":
    if sys.argv[1:] == ["--work"]:
        print(work())
    else:
        print(f"reference work: {cpu_seconds():.2f} CPU-s")
