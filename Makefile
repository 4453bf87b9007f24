# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PYTEST_ARGS ?=
# How `make test` spreads the suite (and `make suite-cpu`, which measures it so): eight xdist workers, see docs/architecture.md.
XDIST := -n 8 --dist load --maxschedchunk 1
# Python caches what it compiles (and pytest what it rewrites) under __pycache__: with PYTHONDONTWRITEBYTECODE set,
# every pytest process (eight workers, each inner session's subprocess) compiles every test module again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test dist suite-cpu lint lock bench browser record-demo clean

# The environment: uv installs the pinned dependencies (seconds, where pip takes most of a minute); uv itself, pinned in
# requirements.lock too, comes from PyPI through the interpreter's pip, else through a pip of the environment's own.
# uv reads no pip configuration (an index, a certificate): where it cannot install, the environment's pip does.
UV := $(VENV)/uv/bin/uv
PIP_INSTALL := --quiet --disable-pip-version-check
$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip install $(PIP_INSTALL) --upgrade --target $(VENV)/uv -c requirements.lock uv || \
	  { $(PYTHON) -m venv $(VENV) && $(PY) -m pip install $(PIP_INSTALL) --upgrade --target $(VENV)/uv -c requirements.lock uv; }
	$(UV) pip install --quiet --link-mode=copy --python $(PY) -c requirements.lock -e ".[dev]" pip || \
	  { $(PYTHON) -m venv $(VENV) && $(PY) -m pip install $(PIP_INSTALL) -c requirements.lock -e ".[dev]"; }
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
	@$(PY) example_suite/run_demo.py

# ruff first; mypy (half a minute of CPU on a fresh clone) beside the tests, whose workers leave a core idle while
# they wait on pages; its report follows theirs, and either failing fails the target.
test: browser
	$(RUFF)
	@echo "$(MYPY) (beside the tests; its report follows theirs)"
	@$(MYPY) > $(VENV)/mypy.out 2>&1 & types=$$!; trap 'kill $$types 2>/dev/null; exit 130' INT TERM; \
	$(PY) -m pytest $(XDIST) --durations=10 $(PYTEST_ARGS); tests=$$?; \
	wait $$types; typed=$$?; echo "$(MYPY):"; cat $(VENV)/mypy.out; \
	[ $$tests -eq 0 ] || echo "make test: pytest failed (exit status $$tests)"; \
	[ $$typed -eq 0 ] || echo "make test: mypy failed (exit status $$typed)"; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]

# Lint and types (configured in pyproject.toml); `make test` runs them too.
RUFF := $(VENV)/bin/ruff check pytest_lumen tests benchmarks example_suite conftest.py
MYPY := $(VENV)/bin/mypy
lint: $(STAMP)
	$(RUFF)
	$(MYPY)

# Rewrite requirements.lock from the environment as it is (after a deliberate upgrade in it): its header, every
# installed distribution but pip and the package itself (--all keeps setuptools, which tests/integration/test_package.py
# builds with), and uv's pin, which is not in the environment (uv lives in .venv/uv).
lock: $(STAMP)
	$(PY) -m pip freeze --all --exclude-editable > $(VENV)/lock.freeze
	$(UV) --version > $(VENV)/lock.uv
	{ sed -n '/^#/p' requirements.lock; grep -v '^pip==' $(VENV)/lock.freeze; sed 's/^uv \([^ ]*\).*/uv==\1/' $(VENV)/lock.uv; } \
	  > $(VENV)/lock.new
	cmp -s $(VENV)/lock.new requirements.lock || mv $(VENV)/lock.new requirements.lock

# The sdist and the wheel in dist/ (pip install dist/pytest_lumen-*.whl), built offline: no build isolation, the
# environment's pinned build and setuptools (requirements.lock). dist/ and the egg-info are made afresh, so that dist/
# holds one wheel and the sdist lists today's files, not those an older egg-info remembers.
dist: $(STAMP)
	rm -rf dist pytest_lumen.egg-info
	$(PY) -m build --quiet --no-isolation --outdir dist .
	@ls dist

# Re-record the example suite's caches through the plugin's record path (scripted fake model): the desktop, then the
# phone (its recording written beside the desktop's, in the same files).
record-demo: browser
	$(PY) example_suite/record.py
	$(PY) example_suite/record.py --device "Pixel 7"

# Where the suite's CPU goes, per test, folder and file (benchmarks/suite_cpu.py); PYTEST_ARGS as for `make test`.
suite-cpu: browser
	$(PY) benchmarks/suite_cpu.py $(XDIST) $(PYTEST_ARGS)

bench: browser
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) dist test-results example_suite/test-results .pytest_cache
