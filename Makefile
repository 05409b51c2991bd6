# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test quick lint typecheck pytest docs docs-check vectors vectors-check bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/scout-ref simulate --players 4 --games 1 --seed 2021 --log

test: lint typecheck pytest docs-check vectors-check

quick: $(STAMP)
	$(BIN)/pytest -q -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

docs: $(STAMP)
	@echo "docs: not built yet"

docs-check: $(STAMP)
	@echo "docs-check: not built yet"

vectors: $(STAMP)
	$(BIN)/scout-ref vectors generate

vectors-check: $(STAMP)
	$(BIN)/scout-ref vectors check && $(BIN)/scout-ref vectors lint

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
