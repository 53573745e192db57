# MazeRace: `make run` starts the game on http://localhost:8080, `make test` runs every check,
# `make bench` prints the benchmark tables, `make cluster` runs PROCS processes behind nginx on PORT.
# Each creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8080
PROCS ?= 3
CHROMIUM ?= /usr/bin/chromium
REDIS_SERVER ?= /usr/bin/redis-server
REDIS_SENTINEL ?= /usr/bin/redis-sentinel
NGINX ?= /usr/sbin/nginx
NFT ?= /usr/sbin/nft
TEST_WORKERS ?= 2
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run cluster test lint bench clean postgresql

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

# Redis and nginx in front of PROCS processes; `python -m server cluster` installs them when missing.
cluster: $(VENV)/.run-installed
	$(BIN)/python -m server cluster --procs $(PROCS) --port $(PORT) $(ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The web client's checkers (eslint, TypeScript's tsc), at the versions package-lock.json locks.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The browser tests drive Debian's Chromium (Playwright cannot download browsers here).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium

# Debian's Chromium draws no emoji and no Chinese without these: the reactions would show their short
# words and the Chinese pages' geometry would be measured in fallback boxes.
EMOJI_FONT := /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
CJK_FONT := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

$(EMOJI_FONT) $(CJK_FONT) &:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq fonts-noto-color-emoji fonts-noto-cjk

# The PostgreSQL store's tests start Debian's postgresql themselves (initdb + pg_ctl on a free port).
PG_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))

postgresql:
	@[ -n "$(PG_INITDB)" ] || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql; }


# The cluster tests start their own redis-server (with redis-cli) and nginx on free loopback ports.
$(REDIS_SERVER):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-server

# ...and, for Redis that survives losing a node, its Sentinels.
$(REDIS_SENTINEL):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-sentinel

$(NGINX):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nginx-light

# The simulated machines' tests cut a process off with an nft rule in its network namespace.
$(NFT):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nftables

# Two workers, one a core; an idle one takes tests queued for the other (`worksteal`): a few browser and
# cluster tests take 20-60 s, and a fixed share per worker left one running alone for minutes at the end.
# Three were no faster (full runs 760-1059 s against 918 s), and the soak's rooms ran out of time.
test: lint node_modules/.package-lock.json $(CHROMIUM) $(EMOJI_FONT) $(CJK_FONT) postgresql $(REDIS_SERVER) $(REDIS_SENTINEL) $(NGINX) $(NFT)
	npx eslint web/js tests/js eslint.config.js
	npx tsc -p jsconfig.json
	node --import ./tests/js/fixtures/english-page.mjs --test tests/js/
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

bench: $(VENV)/.test-installed
	$(BIN)/python -m tests.bench $(ARGS)

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis artefacts cluster-data
