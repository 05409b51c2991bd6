# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
# `make compiled` builds the engine with mypyc into .venv-compiled (needs a C compiler).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed-stamp
SOURCES := $(shell find scout_ref spec -name '*.py' -o -name '*.json' -o -name '*.md')

.PHONY: demo test quick lint typecheck pytest test-compiled docs docs-check docs-onepage \
	docs-pdf vectors vectors-check verify compiled bench bench-jobs zoo mutation clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/scout-ref conform

test: lint typecheck pytest test-compiled docs-check vectors-check verify

quick: $(STAMP)
	$(BIN)/pytest -q -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

# The same source compiled with mypyc (setup.py), installed (not editable) into its own
# environment: first the pure package, for its dependencies, then the compiled one over it.
# build/ is cleared before and after, so no compiled file reaches a pure build.
compiled: $(CSTAMP)

$(CSTAMP): pyproject.toml setup.py $(SOURCES)
	$(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	$(CBIN)/python -m pip install --quiet . --group compiled
	rm -rf build
	SCOUT_REF_MYPYC=1 $(CBIN)/python -m pip install --quiet --no-build-isolation --no-deps \
		--force-reinstall .
	rm -rf build
	touch $(CSTAMP)

# Both builds must agree: the engine, property and build tests run on the compiled engine
# (--import-mode=append, so the installed build wins over the source tree), then the pure
# runner judges the compiled adapter on every vector and on random games.
# The tests of every top-level module (tests/test_<stem>.py), the properties and the vectors;
# not verify's, whose worked-example check needs the docs toolchain.
COMPILED_TESTS := $(filter-out tests/test_verify.py,$(sort $(wildcard $(patsubst \
	scout_ref/%.py,tests/test_%.py,$(wildcard scout_ref/*.py))) tests/test_serialize.py \
	tests/test_properties.py tests/test_vectors.py tests/test_builds.py))
test-compiled: $(STAMP) $(CSTAMP)
	SCOUT_REF_BUILD=compiled $(CBIN)/pytest -q -p no:cacheprovider --import-mode=append \
		$(COMPILED_TESTS)
	$(BIN)/scout-ref conform --adapter "$(CBIN)/scout-ref adapter" --fuzz 40 --seed 14

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

bench: $(STAMP) $(CSTAMP)
	$(BIN)/python benchmarks/run.py --compiled $(CBIN)/python

bench-jobs: $(STAMP)
	$(BIN)/python benchmarks/conform_jobs.py

# How exactly conform names the rule each wrong engine of tests/adapters breaks (a few minutes).
zoo: $(STAMP)
	$(BIN)/python benchmarks/zoo.py

# Mutation adequacy of the vectors (slow: hours for every mutant of every rule module on 2 cores;
# MUTATION_ARGS="--sample 40" runs a reproducible sample). Writes mutation/report.json; fails
# if a survivor is neither killed nor listed in mutation/equivalent.json.
MUTATION_ARGS ?=
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet --group mutation
	$(BIN)/python mutation/campaign.py $(MUTATION_ARGS)

clean:
	rm -rf $(VENV) $(CVENV) build docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
