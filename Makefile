# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test quick lint typecheck pytest docs docs-check vectors vectors-check verify bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/scout-ref conform

test: lint typecheck pytest docs-check vectors-check verify

quick: $(STAMP)
	$(BIN)/pytest -q -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

# The rulebook: warnings are errors, -n checks every internal reference (rules, terms, API),
# and building plays every worked example through the engine.
docs: $(STAMP)
	$(BIN)/sphinx-build -b html -W -n --keep-going docs docs/_build/html

# The same from a fresh environment, so nothing cached hides a broken link or example.
docs-check: $(STAMP)
	$(BIN)/sphinx-build -b html -W -n --keep-going -E -q docs docs/_build/html

vectors: $(STAMP)
	$(BIN)/scout-ref vectors generate

vectors-check: $(STAMP)
	$(BIN)/scout-ref vectors check && $(BIN)/scout-ref vectors lint

# Every invariant at every position within one move of every state the vectors and the example
# state files carry: about a minute on 2 cores. A deeper run's cost: make bench.
verify: $(STAMP)
	$(BIN)/scout-ref verify --depth 1 --jobs 2 --vectors $(addprefix --from ,$(wildcard docs/examples/*.json))

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
