"""What pytest-lumen's selector engines cost each page: the first query on a new document, with them and without.

Playwright builds its injected script (the selector engines registered with it inside) in each document the first time
a query runs there. This loads the demo app's order form again and again in a Chromium whose Playwright has the
plugin's engines registered (as the ``agent`` fixture's has) and in one whose Playwright has none
(``B.PlainChromium``), alternated, and times the page load and the first and second queries of each load
(``locator("input").count()``: Playwright's own engine, so the difference is what the engines' presence costs).
Run by hand (``python benchmarks/document_cost.py``); ``make bench`` does not. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import benchlib as B

PAGE = "/form.html"


def loads(chromium: Any, url: str, count: int) -> dict[str, list[float]]:
    """Seconds of ``count`` loads of ``url`` on one page: the load, the first query, the second."""
    page = chromium.new_page()
    try:
        times: dict[str, list[float]] = {"load": [], "first query": [], "second query": []}
        for _ in range(count):
            began = time.perf_counter()
            page.goto(url)
            loaded = time.perf_counter()
            page.locator("input").count()
            first = time.perf_counter()
            page.locator("input").count()
            times["load"].append(loaded - began)
            times["first query"].append(first - loaded)
            times["second query"].append(time.perf_counter() - first)
        return times
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    """Time the loads in alternation (``--rounds`` of ``--loads`` each side) and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="alternations of the two browsers (default 6)")
    parser.add_argument("--loads", type=int, default=15, help="page loads per browser per round (default 15)")
    args = parser.parse_args(argv)
    sides: dict[str, dict[str, list[float]]] = {"with the engines": {}, "without": {}}
    with B.serve(B.APP_DIR) as url, B.browser() as chromium, B.PlainChromium() as plain:
        for _ in range(args.rounds):
            for side, run in (("with the engines", lambda: loads(chromium, url + PAGE, args.loads)),
                              ("without", lambda: plain.call(lambda bare: loads(bare, url + PAGE, args.loads)))):
                for what, seconds in run().items():
                    sides[side].setdefault(what, []).extend(seconds)
    medians = {side: {what: B.ms(statistics.median(s)) for what, s in times.items()} for side, times in sides.items()}
    rows = [[what, medians["with the engines"][what], medians["without"][what],
             round(medians["with the engines"][what] - medians["without"][what], 2)] for what in medians["without"]]
    B.print_table(f"A new document's first query, {args.rounds * args.loads} loads each (median ms)",
                  ["", "with pytest-lumen's engines", "without (plain Playwright)", "difference"], rows)
    B.write_result("document_cost", {"rounds": args.rounds, "loads": args.loads, "median_ms": medians})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
