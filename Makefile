# Two commands: `make run` serves the web app; `make test` installs what tests need and runs them.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test install lint typecheck browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[web,rl,sim,dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/dicehall serve --host 127.0.0.1 --port 8000

# Debian's chromium for the browser tests (Playwright drives it via executable_path).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: install
	$(BIN)/mypy

test: install browser lint typecheck
	$(BIN)/pytest -n 2 --timeout 600

bench: install
	$(BIN)/dicehall bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
