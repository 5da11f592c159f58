# Two commands: `make run` serves the web app; `make test` installs what tests need and runs them.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
EXTRAS := .[web,rl,sim,dev]
# The versions the tests pass with (pytest turns warnings into errors, so a newer or much older
# release can fail them); `make constraints` refreshes it.
CONSTRAINTS := constraints.txt
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml $(CONSTRAINTS) | cksum | cut -d' ' -f1)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test install lint typecheck system-python system-deps constraints bench bench-compare \
	bench-mcts-batch \
	bench-adapters memory memory-batch train audit clean

# Debian ships `venv` and `ensurepip` apart from python3, in python3-venv: install them first,
# so that a fresh machine never gets a half-made .venv.
system-python:
	@if ! $(PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1; then \
	  echo "installing python3 and python3-venv (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 python3-venv >/dev/null; fi

$(BIN)/python: | system-python
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml $(CONSTRAINTS)
	$(BIN)/pip install --quiet -c $(CONSTRAINTS) -e '$(EXTRAS)'
	$(BIN)/pip install --quiet --no-deps -e examples/plugins/dicehall-pig  # the plugin example the tests check
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/dicehall serve --host 127.0.0.1 --port 8000

# Debian's chromium (browser tests, driven by Playwright via executable_path), postgresql
# (the store tests start a private server of their own) and nginx (the reverse-proxy test
# starts one in front of the server); openssl makes that test's certificate.
system-deps: system-python
	@if ! command -v chromium >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	  || ! [ -x /usr/sbin/nginx ] || ! command -v openssl >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium postgresql nginx openssl >/dev/null; fi

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: install
	$(BIN)/mypy

# PYTHONDONTWRITEBYTECODE (set on some machines) would make every test worker rewrite and
# compile all 660 test modules again: 10 s of collection each instead of 6.
test: system-deps install lint typecheck
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n 3 --dist worksteal --timeout 600 --durations=25

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

# MaskablePPO on Puru Puru Solo (about 20 CPU minutes on one core, plus the evaluations): the
# curve goes to docs/rl-ppo-puru-solo.{json,png}. A separate venv keeps torch out of the main
# one. torch comes from its CPU-only index when that is reachable (PyPI's wheel pulls the CUDA
# libraries); offline, name a CPU build your package indexes hold, e.g.
# `make train TORCH='torch==2.13.0+cpu'`, or plain `torch` comes from them.
TRAIN_VENV ?= .venv-train
TORCH ?= torch
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu
TRAIN_STEPS ?= 4000000
train:
	test -x $(TRAIN_VENV)/bin/python || $(PYTHON) -m venv $(TRAIN_VENV)
	-$(TRAIN_VENV)/bin/pip install --quiet --retries 1 '$(TORCH)' --index-url $(TORCH_INDEX)
	$(TRAIN_VENV)/bin/pip install --quiet '$(TORCH)'
	$(TRAIN_VENV)/bin/pip install --quiet -c $(CONSTRAINTS) -e '.[rl,train]'
	nice $(TRAIN_VENV)/bin/python scripts/train_ppo.py --steps $(TRAIN_STEPS) --out docs/rl-ppo-puru-solo

# Resident memory after 1,000 and 10,000 random games of each game (takes a while).
memory: install
	$(BIN)/python -m dicehall.sim.memory

# Resident memory of the batched engines after 1 and 10 million batched actions (a minute).
memory-batch: install
	$(BIN)/python -m dicehall.sim.memory_batch

# MCTS with batched playouts against the plain MCTS on Pig: iterations per CPU-second, then
# 200 games at 20 CPU ms a decision (several minutes; docs/performance.md).
bench-mcts-batch: install
	$(BIN)/python -m dicehall.sim.mcts_batch pig --arena 200 --leaves 32 --ms 20

# Known vulnerabilities in the installed dependencies (needs PyPI's advisory service, so it is
# not part of `make test`); findings and their explanations: docs/security.md.
audit: install
	$(BIN)/pip-audit --skip-editable --strict

# Refresh constraints.txt: the newest releases pyproject.toml allows, resolved in a scratch
# venv. Then run `make test` (it reinstalls from the new file) and commit the file if it passes.
SCRATCH := .venv-constraints
constraints: system-python
	rm -rf $(SCRATCH)
	$(PYTHON) -m venv $(SCRATCH)
	$(SCRATCH)/bin/python -m pip install --quiet --upgrade pip
	$(SCRATCH)/bin/pip install --quiet -e '$(EXTRAS)'
	{ echo "# Versions the tests pass with; make installs with -c $(CONSTRAINTS)."; \
	  echo "# Regenerate with make constraints (then make test)."; \
	  $(SCRATCH)/bin/pip freeze --exclude-editable; } > $(CONSTRAINTS)
	rm -rf $(SCRATCH)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
