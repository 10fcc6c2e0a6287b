# `make` sets up and builds the default game; `make test` sets up and runs the tests.
SHELL := /bin/bash
# The virtualenv's Python: the system's own python3 when it is 3.11 or newer and can make a
# virtualenv, because distributions build it with PGO and LTO and link it statically (on
# Debian 12 the engine plays about a tenth more jogadas a second than on pyenv's default
# build; README, "Performance"); else python3 from PATH. `make PYTHON=python3.12` chooses.
SYSTEM_PYTHON := /usr/bin/python3
ifeq ($(origin PYTHON),undefined)
  PYTHON := $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' \
    >/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
endif
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.setup-done
MADE_WITH := $(VENV)/.made-with
# a virtualenv made with another Python than PYTHON is made again
ifneq ($(shell cat $(MADE_WITH) 2>/dev/null),$(PYTHON))
  OTHER_PYTHON := FORCE
endif
# Every Python package installed, direct and transitive, pinned with its hashes: made from
# pyproject.toml's ranges by `make lock` (README, "Dependencies").
LOCK := requirements.lock
UV_COMPILE := $(BIN)/uv pip compile pyproject.toml - --extra dev --universal \
  --generate-hashes --custom-compile-command 'make lock' --quiet --output-file $(LOCK)

.PHONY: FORCE all bench bench-engine bench-profile bench-variant build setup system-packages check-lock check \
  test lint lock lock-upgrade clean browser-deps

all: build

build: check
	$(BIN)/publish build

setup: system-packages $(STAMP) check-lock

# the lock as it is, then the project itself without dependencies and without a build
# environment of its own (its build requirements are in the lock too)
$(STAMP): $(LOCK) pyproject.toml $(OTHER_PYTHON)
	@if [ -d $(VENV) ] && [ "$$(cat $(MADE_WITH) 2>/dev/null)" != '$(PYTHON)' ]; then \
	  echo "Making $(VENV) again with $(PYTHON)"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	echo '$(PYTHON)' > $(MADE_WITH)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

# pyproject.toml's requirements changed without `make lock`: stop, saying so
check-lock: $(STAMP)
	@$(BIN)/python tools/lock.py check $(LOCK)

# the lock again after a change of pyproject.toml's requirements, moving no other pin;
# `make lock-upgrade` takes the newest releases the ranges allow
lock: $(STAMP)
	$(BIN)/python tools/lock.py tools | $(UV_COMPILE) $(UPGRADE)
	$(BIN)/python tools/lock.py stamp $(LOCK)

lock-upgrade:
	$(MAKE) lock UPGRADE=--upgrade

system-packages:
	@tools/system-packages

check: setup
	$(BIN)/publish check

# ruff, then mypy (configured in pyproject.toml, [tool.mypy]): both must find nothing
lint: setup
	$(BIN)/ruff check publish tests tools
	$(BIN)/mypy publish

# what the website's browser tests load into the page: axe-core, at the version
# tests/browser/package-lock.json pins (with its integrity hash), from the npm registry
AXE := tests/browser/node_modules/axe-core/axe.min.js
browser-deps: $(AXE)

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# on every core (pytest-xdist), a module's tests kept together so that its fixtures are made
# once, and the modules reading a whole-game build together (tests/conftest.py)
test: setup lint browser-deps
	$(BIN)/pytest -n auto --dist loadscope

bench: setup
	$(BIN)/python -m publish.app.bench

bench-engine: setup
	$(BIN)/python -m publish.app.bench engine

bench-profile: setup
	$(BIN)/python -m publish.app.bench profile

bench-variant: setup
	$(BIN)/python -m publish.app.bench variant

clean:
	rm -rf build $(VENV)
