# Two commands: `make run` serves the web app; `make test` installs what tests need and runs them.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test install lint typecheck system-deps bench bench-compare bench-adapters memory train audit clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[web,rl,sim,dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/dicehall serve --host 127.0.0.1 --port 8000

# Debian's chromium (browser tests, driven by Playwright via executable_path) and postgresql
# (the store tests start a private server of their own).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
system-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium postgresql >/dev/null; fi

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: install
	$(BIN)/mypy

test: install system-deps lint typecheck
	$(BIN)/pytest -n 2 --timeout 600

bench: install
	$(BIN)/dicehall bench

# This checkout against REV (default: the previous commit), interleaved, in CPU seconds.
REV ?= HEAD~1
bench-compare: install
	$(BIN)/dicehall bench --compare $(REV) --runs 5

# The RL adapters' player actions/s next to the raw rules and PettingZoo's connect_four_v3
# (with ADAPTERS_REV=rev: that revision's too, interleaved).
bench-adapters: install
	$(BIN)/dicehall bench --adapters --runs 3 $(if $(ADAPTERS_REV),--compare $(ADAPTERS_REV))

# MaskablePPO on Puru Puru Solo (about 25 CPU minutes on one core): the curve goes to
# docs/rl-ppo-puru-solo.{json,png}. A separate venv keeps torch out of the main one; torch
# comes from its CPU-only index when that is reachable (PyPI's wheel pulls the CUDA libraries).
TRAIN_VENV ?= .venv-train
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
TRAIN_STEPS ?= 800000
train:
	test -x $(TRAIN_VENV)/bin/python || $(PYTHON) -m venv $(TRAIN_VENV)
	-$(TRAIN_VENV)/bin/pip install --quiet torch --index-url $(TORCH_INDEX)
	$(TRAIN_VENV)/bin/pip install --quiet -e '.[rl,train]'
	nice $(TRAIN_VENV)/bin/python -m dicehall.rl.train_ppo --steps $(TRAIN_STEPS) --out docs/rl-ppo-puru-solo

# Resident memory after 1,000 and 10,000 random games of each game (takes a while).
memory: install
	$(BIN)/python -m dicehall.sim.memory

# Known vulnerabilities in the installed dependencies (needs PyPI's advisory service, so it is
# not part of `make test`); findings and their explanations: docs/security.md.
audit: install
	$(BIN)/pip-audit --skip-editable --strict

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
