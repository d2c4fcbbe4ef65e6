# Two commands on a fresh machine: `make run` (the bot, or the offline demo without a token)
# and `make test` (every test). Both create .venv and install what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-whole bench lint demo clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

# The Discord Activity's page (bot/web/activity.py): npm bundles Discord's Embedded App SDK
# with esbuild. Without npm (or when it fails) the bot still runs and offers no Activity.
ACTIVITY := bot/web/static/activity
ACTIVITY_JS := $(ACTIVITY)/dist/activity.js

$(ACTIVITY_JS): $(ACTIVITY)/package.json $(ACTIVITY)/package-lock.json $(wildcard $(ACTIVITY)/src/*.js)
	@if command -v npm >/dev/null 2>&1; then \
		(cd $(ACTIVITY) && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build) \
			|| echo "npm failed: the Discord Activity's page is not built (the bot runs without it)"; \
	else \
		echo "npm not found: the Discord Activity's page is not built (the bot runs without it)"; \
	fi

run: $(STAMP) $(ACTIVITY_JS)
	$(BIN)/python -m bot

demo: $(STAMP) $(ACTIVITY_JS)
	$(BIN)/python -m bot demo

# One worker more than cores: a third of the suite's time is spent waiting (bot processes
# starting, sockets, PostgreSQL), which a third worker fills (5:06 against 6:07 on 2 cores).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))

test: $(STAMP) $(ACTIVITY_JS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS)

# The browser tests' two longest whole matches (Paris, Moscow-Paris: about two minutes each),
# which `make test` plays only the first turns of; .ci/run runs this after `make test`.
test-whole: $(STAMP) $(ACTIVITY_JS)
	LUTECE_WHOLE_MATCHES=1 $(BIN)/python -m pytest -q -n 2 \
		tests/browser/test_board_matches.py::test_a_long_match_clicked_on_the_board

bench: $(STAMP)
	$(BIN)/python -m bot bench

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info $(ACTIVITY)/node_modules $(ACTIVITY)/dist
