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
# Debian packages the toolchain needs: libharfbuzz-subset0 makes WeasyPrint's
# font subsetting fast; poppler-utils (pdftotext, pdftoppm) is used by tests;
# chromium (headless) loads the review gallery in its test.
SYSTEM_PACKAGES := libharfbuzz-subset0 poppler-utils chromium

.PHONY: FORCE all bench bench-engine build setup system-packages check test lint clean

all: build

build: check
	$(BIN)/publish build

setup: system-packages $(STAMP)

$(STAMP): pyproject.toml $(OTHER_PYTHON)
	@if [ -d $(VENV) ] && [ "$$(cat $(MADE_WITH) 2>/dev/null)" != '$(PYTHON)' ]; then \
	  echo "Making $(VENV) again with $(PYTHON)"; rm -rf $(VENV); fi
	$(PYTHON) -m venv $(VENV)
	echo '$(PYTHON)' > $(MADE_WITH)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

system-packages:
	@if ! command -v dpkg-query >/dev/null; then \
	  echo "Not a Debian system: install the equivalents of: $(SYSTEM_PACKAGES)"; exit 0; fi; \
	missing=$$(for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	missing=$$(echo $$missing); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing system packages: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing system packages: $$missing"; \
	    echo "Run: sudo apt-get install -y $$missing"; exit 1; \
	  fi; \
	fi

check: setup
	$(BIN)/publish check

lint: setup
	$(BIN)/ruff check publish tests

test: setup lint
	$(BIN)/pytest

bench: setup
	$(BIN)/python -m publish.bench

bench-engine: setup
	$(BIN)/python -m publish.bench engine

clean:
	rm -rf build $(VENV)
