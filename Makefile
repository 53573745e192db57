# MazeRace: `make run` starts the game on http://localhost:8080, `make test` runs every check,
# `make bench` prints the benchmark tables. Each creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8080
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint bench clean postgresql

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.run-installed
	$(BIN)/python -m server --host 127.0.0.1 --port $(PORT)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The browser tests drive Debian's Chromium (Playwright cannot download browsers here).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium

# The PostgreSQL store's tests start Debian's postgresql themselves (initdb + pg_ctl on a free port).
PG_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))

postgresql:
	@[ -n "$(PG_INITDB)" ] || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql; }

test: lint $(CHROMIUM) postgresql
	node --test tests/js/
	$(BIN)/python -m pytest

bench: $(VENV)/.test-installed
	$(BIN)/python -m tests.bench $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis artefacts
