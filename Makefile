# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PYTEST_ARGS ?=
# Python caches what it compiles (and pytest what it rewrites) under __pycache__: with PYTHONDONTWRITEBYTECODE set,
# every pytest process (four workers, each inner session's subprocess) compiles every test module again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test lint bench browser record-demo clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c requirements.lock -e ".[dev]"
	touch $(STAMP)

# A browser: Playwright's own if installed, else a system Chromium, else Debian's chromium (as root); with a system
# Chromium, Debian's chromium-headless-shell too (as root, when apt can get it), which headless runs launch.
browser: $(STAMP)
	@$(PY) -m pytest_lumen.browser || { \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium package..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && \
	    $(PY) -m pytest_lumen.browser; \
	  else \
	    echo "No Chromium: run '$(PY) -m playwright install chromium', or install your distribution's chromium, or set LUMEN_CHROMIUM=/path/to/chrome" >&2; \
	    exit 1; \
	  fi; }
	@if $(PY) -m pytest_lumen.browser --missing-headless-shell && [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	  echo "installing Debian's chromium-headless-shell (what headless runs launch: a fraction of the full browser's CPU)..."; \
	  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; }; } || \
	    echo "could not install chromium-headless-shell: headless runs use the full Chromium"; \
	  $(PY) -m pytest_lumen.browser; \
	fi

demo: browser
	$(PY) example_suite/run_demo.py

test: browser lint
	$(PY) -m pytest -n 4 --dist load --maxschedchunk 1 --durations=10 $(PYTEST_ARGS)

# Lint and types (configured in pyproject.toml); `make test` runs them first.
lint: $(STAMP)
	$(VENV)/bin/ruff check pytest_lumen tests benchmarks example_suite conftest.py
	$(VENV)/bin/mypy

# Re-record the example suite's caches through the plugin's record path (scripted fake model).
record-demo: browser
	$(PY) example_suite/record.py

bench: browser
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) test-results example_suite/test-results .pytest_cache
