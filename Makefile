# `make` sets up and builds the default game; `make test` sets up and runs the tests.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.setup-done
# Debian packages the toolchain needs: libharfbuzz-subset0 makes WeasyPrint's
# font subsetting fast; poppler-utils (pdftotext, pdftoppm) is used by tests;
# chromium (headless) loads the review gallery in its test.
SYSTEM_PACKAGES := libharfbuzz-subset0 poppler-utils chromium

.PHONY: all bench bench-engine build setup system-packages check test lint clean

all: build

build: check
	$(BIN)/publish build

setup: system-packages $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
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
