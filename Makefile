# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
# `make compiled` builds the engine with mypyc into .venv-compiled (needs a C compiler);
# `make install` makes both environments, so a run can time the checks apart from the install.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed-stamp
SOURCES := $(shell find scout_ref spec -name '*.py' -o -name '*.json' -o -name '*.md')

.PHONY: demo install test quick lint typecheck pytest test-compiled docs docs-check docs-onepage \
	docs-pdf vectors vectors-check verify verify-deep sweep compiled bench bench-cluster bench-jobs zoo \
	mutation clean

# Test processes: pytest-xdist starts one worker per core. --dist loadgroup spreads the tests
# one by one, except those of an xdist_group (a module whose costly fixture, such as the docs
# build of tests/test_docs.py, must be made once), which stay together on one worker.
PYTEST_JOBS ?= auto
XDIST := -n $(PYTEST_JOBS) --dist loadgroup

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/scout-ref conform

install: $(STAMP) $(CSTAMP)

# Every check, within 5 minutes of wall time on a 2-core machine once installed. What make test
# ran before issue 22 (21 minutes) and where each part went:
# - pytest: on every core (XDIST), printing its 25 slowest tests so the budget stays visible.
#   Tests marked `sweep` (the whole wrong-engine zoo, one conform run per engine) moved to
#   `make sweep`; four engines from different chapters and the reference still run here.
# - Hypothesis: the `ci` profile keeps the local budget of examples (100, derandomised; it was
#   300) and slow/test_random_games.py plays 256 whole games (it was 1,024); `make sweep` runs
#   the old budget with the `sweep` profile.
# - docs-check is not run apart: tests/test_docs.py builds the rulebook exactly as docs-check
#   does (-W -n --keep-going -E, every worked example played) and checks the pages it makes.
# - vectors-check is not run apart: tests/test_vectors.py runs the same check (test_files_are_
#   fresh) and the whole lint (test_lint_finds_nothing_in_the_committed_files).
# - test-compiled runs a focused differential set instead of every engine test again (below).
# - verify is unchanged (depth 1 from every vector and example state); verify-deep goes further.
test: lint typecheck pytest test-compiled verify

# What make test leaves out: the whole zoo, three times the Hypothesis examples, 1,024 random
# games (the `sweep` profile), and the depth-2 verify. CI may run it on a schedule.
sweep: $(STAMP) verify-deep
	HYPOTHESIS_PROFILE=sweep $(BIN)/pytest -q $(XDIST) --durations=25

quick: $(STAMP)
	$(BIN)/pytest -q $(XDIST) -m "not slow and not sweep"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q $(XDIST) --durations=25 -m "not sweep"

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

# Both builds must agree. The compiled engine is checked against the pure source, not by every
# engine test again (before issue 22 make test ran each module's tests, the properties and the
# vectors a second time here): tests/test_builds.py checks which modules are compiled and replays
# random games of the compiled engine on the pure one step by step; the properties hold the
# compiled engine to the pure invariants and naive oracle; the loaders' tests cover the error
# paths that vectors never take. Then the pure runner judges the compiled adapter on every
# vector (each rule, each rejection reason) and on 40 random games against the pure engine.
# --import-mode=append, so the installed build wins over the source tree.
COMPILED_TESTS := tests/test_builds.py tests/test_properties.py tests/test_serialize.py \
	tests/test_state.py tests/test_notation.py tests/test_jsonread.py
test-compiled: $(STAMP) $(CSTAMP)
	SCOUT_REF_BUILD=compiled $(CBIN)/pytest -q -p no:cacheprovider --import-mode=append \
		$(XDIST) --durations=10 $(COMPILED_TESTS)
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
# state files carry (11,711 nodes; about 40 CPU seconds since issue 22 sampled the costliest
# checks, 2.5 CPU minutes before). A deeper run's cost: make bench.
verify: $(STAMP)
	$(BIN)/scout-ref verify --depth 1 --jobs 2 --from-vectors $(addprefix --from ,$(wildcard docs/examples/*.json))

# The same two moves deep: part of make sweep.
verify-deep: $(STAMP)
	$(BIN)/scout-ref verify --depth 2 --jobs 2 --from-vectors $(addprefix --from ,$(wildcard docs/examples/*.json))

# The figures of both builds, then both against commit aaba41a (before issue 22) in one run:
# random-play moves and verify nodes per CPU second (benchmarks/baseline.py builds the old
# commit into .bench/ once).
bench: $(STAMP) $(CSTAMP)
	$(BIN)/python benchmarks/run.py --compiled $(CBIN)/python
	$(BIN)/python benchmarks/baseline.py --rev aaba41a --compiled $(CBIN)/python

# What a local Dask cluster of one and two workers gains on a depth-2 verify.
bench-cluster: $(STAMP)
	$(BIN)/python benchmarks/cluster.py --depth 2

bench-jobs: $(STAMP)
	$(BIN)/python benchmarks/conform_jobs.py

# How exactly conform names the rule each wrong engine of tests/adapters breaks (a few minutes).
zoo: $(STAMP)
	$(BIN)/python benchmarks/zoo.py

# Mutation adequacy of the vectors (slow: about 50 minutes for all 1,122 mutants of the rule
# modules on 2 busy cores; MUTATION_ARGS="--sample 40" runs a reproducible sample). --jobs runs
# that many shards at once; a run resumes the sessions under build/mutation (--fresh discards
# them). Writes mutation/report.json; fails if a survivor is neither killed nor listed in
# mutation/equivalent.json.
MUTATION_JOBS ?= 2
MUTATION_ARGS ?= --jobs $(MUTATION_JOBS)
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet --group mutation
	$(BIN)/python mutation/campaign.py $(MUTATION_ARGS)

clean:
	rm -rf $(VENV) $(CVENV) build docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
