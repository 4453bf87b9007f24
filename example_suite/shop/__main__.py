"""Serve the demo shop by hand: ``python -m example_suite.shop --version 2 --port 8000``."""

from __future__ import annotations

import argparse
import time

from . import VERSIONS, serve_shop


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m example_suite.shop", description=__doc__)
    parser.add_argument("--version", type=int, default=1, choices=sorted(VERSIONS))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with serve_shop(args.version, args.host, args.port) as shop:
        print(f"Demo shop v{shop.version} at {shop.url}  (Ctrl+C to stop)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
