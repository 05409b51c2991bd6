# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test quick lint typecheck pytest docs docs-check docs-onepage docs-pdf vectors vectors-check verify bench bench-jobs zoo clean

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

# Every rule on one printable page: docs/_build/onepage/print.html (docs/print.rst).
docs-onepage: $(STAMP)
	$(BIN)/sphinx-build -b singlehtml -t onepage -W -n --keep-going -q docs docs/_build/onepage

# The same page as a PDF, printed by headless Chromium (a system package: apt-get install
# chromium). Optional: nothing else needs it, and without Chromium this target says so.
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)
docs-pdf: docs-onepage
	@test -n "$(CHROMIUM)" || { echo "docs-pdf needs Chromium (apt-get install chromium)" >&2; exit 2; }
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --no-first-run --no-pdf-header-footer \
	  --user-data-dir=$$(mktemp -d) --print-to-pdf=docs/_build/scout-rules.pdf \
	  file://$(CURDIR)/docs/_build/onepage/print.html
	@echo "docs/_build/scout-rules.pdf"

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

bench-jobs: $(STAMP)
	$(BIN)/python benchmarks/conform_jobs.py

# How exactly conform names the rule each wrong engine of tests/adapters breaks (a few minutes).
zoo: $(STAMP)
	$(BIN)/python benchmarks/zoo.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
