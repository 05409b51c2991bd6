# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   creates .venv, installs, runs the conformance suite against the reference engine
#   make test   installs and runs every check
# `make compiled` builds the engine with mypyc into .venv-compiled (needs a C compiler);
# `make install` makes both environments, so a run can time the checks apart from the install.
PYTHON ?= python3
# Every Python process make starts compiles its sources to bytecode once for all (__pycache__,
# ignored by git) even where the environment says not to: make test starts hundreds of them
# (adapters, CLI runs, workers), and without the cache each compiled the engine again, about
# 0.2 CPU s per process and 1.3 per pytest worker, a quarter of the CPU of the conformance
# tests (measured on this machine, where PYTHONDONTWRITEBYTECODE=1 is set).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed-stamp
SOURCES := $(shell find scout_ref spec -name '*.py' -o -name '*.json' -o -name '*.md')

.PHONY: demo install test quick lint typecheck pytest test-compiled compiled-tests conform-compiled \
	docs docs-en docs-check docs-onepage docs-onepage-en locales docs-pdf docs-sheet vectors vectors-check \
	verify verify-compiled verify-deep sweep compiled referee bench bench-browser bench-cluster bench-jobs zoo mutation clean

# Test processes: pytest-xdist starts one worker per core. --dist loadgroup spreads the tests
# one by one, except those of an xdist_group (a module whose costly fixture, such as the docs
# build of tests/test_docs.py, must be made once), which stay together on one worker.
PYTEST_JOBS ?= auto
XDIST := -n $(PYTEST_JOBS) --dist loadgroup

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable '.[ai]' --group dev
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/scout-ref conform

install: $(STAMP) $(CSTAMP) referee

# The referee's runtime for the rulebook's pages (issue 30): Pyodide from the npm registry, the
# pure wheels the engine imports and the package's own wheel, checked, compiled to bytecode by
# that Pyodide under Node.js (docs/_ext/scoutdocs/bytecode.py) and kept in .cache/referee/
# (docs/_ext/scoutdocs/referee_assets.py), which every docs build then copies into its site.
referee: $(STAMP)
	PYTHONPATH=docs/_ext $(BIN)/python -c 'from scoutdocs.referee_assets import main; main()'

# Every check, within 5 minutes of wall time on a 2-core machine once installed: 3 min 46 s
# (6 min 14 s user CPU) on a fresh clone of 51dea98 (CI=true .ci/run), 3,673 tests plus the
# compiled side; 4 min 2 s locally at a slower moment of the same kind of machine (verify's
# nodes per CPU second, printed below, tell the machine's speed: 2,102 and 1,662). Before
# jsonschema-rs checked the documents first (issue 30), the same checks took 6 min 0 s locally
# (10 min 55 s user CPU). What make test ran before issue 22 (21 minutes) and where each part
# went:
# - pytest: on every core (XDIST), printing its 25 slowest tests so the budget stays visible.
#   Tests marked `sweep` moved to `make sweep`: the whole wrong-engine zoo (one conform run per
#   engine; four engines from different chapters and the reference still run here) and the
#   reachability tree three moves deep from a 5-player deal (30 CPU seconds; the 2-, 3- and
#   4-player trees and the depth-2 trees of 2 and 5 players still run here).
# - Hypothesis: the `ci` profile keeps the local budget of examples (100, derandomised; it was
#   300) and slow/test_random_games.py plays 256 whole games (it was 1,024); `make sweep` runs
#   the old budget with the `sweep` profile.
# - docs-check is not run apart: tests/test_docs.py builds the English rulebook once per run
#   exactly as docs-check does (-W -n --keep-going -E, every worked example played) and checks
#   the pages it makes; the editions' builds are docs-check's alone (see docs-check for why and
#   the figures).
# - vectors-check is not run apart: tests/test_vectors.py runs the same check (test_files_are_
#   fresh) and the whole lint (test_lint_finds_nothing_in_the_committed_files).
# - test-compiled runs a focused differential set instead of every engine test again (below).
# - verify: depth 1 from every vector and example state, as before, on the compiled build (see
#   verify below); verify-deep, in make sweep, goes a move further on the pure build.
# - Scheduling: after ruff, the parts run two at a time (make -j2, each one's output kept
#   together): pytest, the longest, from the start on its two workers, while mypy, the compiled
#   adapter's conform run, the compiled tests and verify follow one another beside it. The
#   cores never wait for a part's last, longest test (pytest starts its longest tests first:
#   LONGEST_FIRST in tests/conftest.py); the price is some switching between 3 or 4 processes.
# CPU seconds per part at the third round of issue 22 (a machine shared by 7 sessions at load
# 6-11, where the same work costs up to 1.5x the CPU seconds of a quiet one): mypy 11-12 from
# no cache, the compiled adapter's conform run about 12, compiled-tests about 35, verify-compiled
# 40-78, pytest about 300 before this round; it then saved about 15 (one rulebook build, not
# one per worker), 25 (one Dask cluster, and 7 start positions), 20 (wrong_set_ends_equal for
# wrong_runs_monotonic), 6 (no random deals for engines that deal right), 8 (perft answers),
# 5-15 (no case built at collection, one vector build) and a quarter of every subprocess-heavy
# module's (bytecode kept).
test: lint
	$(MAKE) --no-print-directory -j2 --output-sync=target pytest typecheck conform-compiled \
		compiled-tests verify-compiled

# What make test leaves out: the whole zoo, the deepest reachability tree, three times the
# Hypothesis examples, 1,024 random games (the `sweep` profile), and the depth-2 verify. CI may
# run it on a schedule.
sweep: $(STAMP) verify-deep
	HYPOTHESIS_PROFILE=sweep $(BIN)/pytest -q $(XDIST) --durations=25

quick: $(STAMP)
	$(BIN)/pytest -q $(XDIST) -m "not slow and not sweep"

# ruff, then the package's layers and the absence of import circles ([tool.importlinter] in
# pyproject.toml), then dead code ([tool.vulture]).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/vulture

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
	$(CBIN)/python -m pip install --quiet '.[ai]' --group compiled
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
# paths that vectors never take; test_args, the Python API's entrance (scout_ref.boundary), refusing
# the same objects in the same words. Then the pure runner judges the compiled adapter on every
# vector (each rule, each rejection reason) and on 40 random games against the pure engine.
# --import-mode=append, so the installed build wins over the source tree.
COMPILED_TESTS := tests/test_builds.py tests/test_properties.py tests/test_serialize.py \
	tests/test_state.py tests/test_notation.py tests/test_jsonread.py tests/test_args.py
test-compiled: compiled-tests conform-compiled

compiled-tests: $(STAMP) $(CSTAMP)
	SCOUT_REF_BUILD=compiled $(CBIN)/pytest -q -p no:cacheprovider --import-mode=append \
		$(XDIST) --durations=10 $(COMPILED_TESTS)

conform-compiled: $(STAMP) $(CSTAMP)
	$(BIN)/scout-ref conform --adapter "$(CBIN)/scout-ref adapter" --fuzz 40 --seed 14

# The rulebook and its editions (issue 23): English, the source, at docs/_build/html/ and each
# edition at docs/_build/html/<lang>/ (make docs-ru builds one). The editions are listed once, in
# spec/locales/editions.json. Warnings are errors, -n checks every internal reference, and
# building plays every worked example through the engine; the round statistics and the vectors'
# coverage are computed once and shared by every edition's build (ENGINE_CACHE).
EDITIONS := $(shell $(PYTHON) -c "import json; print(' '.join(e['lang'] for e in json.load(open('spec/locales/editions.json', encoding='utf-8'))['editions']))")
SPHINX := $(BIN)/sphinx-build -W -n --keep-going
ENGINE_CACHE := -D scout_engine_cache=$(CURDIR)/docs/_build/engine-cache
DOCTREES := docs/_build/doctrees
MESSAGES := $(CURDIR)/docs/_build/messages

docs: docs-en $(addprefix docs-,$(EDITIONS))

docs-en: $(STAMP)
	$(SPHINX) -b html $(ENGINE_CACHE) -d $(DOCTREES)/en docs docs/_build/html

$(addprefix docs-,$(EDITIONS)): docs-%: $(STAMP)
	$(SPHINX) -b html $(ENGINE_CACHE) -D language=$* -d $(DOCTREES)/$* docs docs/_build/html/$*

# Every rule on one printable page: docs/_build/onepage/print.html (docs/print.rst), and each
# edition's at docs/_build/onepage/<lang>/print.html (make docs-onepage-ru builds one).
docs-onepage: docs-onepage-en $(addprefix docs-onepage-,$(EDITIONS))

docs-onepage-en: $(STAMP)
	$(SPHINX) -q -b singlehtml -t onepage $(ENGINE_CACHE) -d $(DOCTREES)/onepage-en \
		docs docs/_build/onepage

$(addprefix docs-onepage-,$(EDITIONS)): docs-onepage-%: $(STAMP)
	$(SPHINX) -q -b singlehtml -t onepage $(ENGINE_CACHE) -D language=$* \
		-d $(DOCTREES)/onepage-$* docs docs/_build/onepage/$*

# The catalogs from the English as it is now (docs/_ext/scoutdocs/catalogs.py): the page
# templates of exactly the translated pages (scoutdocs.editions.PAGES) merged into every
# edition's page catalogs by sphinx-intl, the extension's own words (scoutdocs.po) and the
# registry's texts (spec/locales/<lang>/rules.po). Translations are kept; a message whose English
# changed becomes fuzzy; a catalog whose messages did not change is left as it is.
locales: $(STAMP)
	PYTHONPATH=docs/_ext $(BIN)/python -m scoutdocs.catalogs update

# Everything from a fresh environment, each build strict, and then the catalogs: fails on a
# warning in any build (English and every edition, the site and the print view), on any
# untranslated, fuzzy or obsolete message, on a catalog that is stale against the English (the
# English builds write each page's messages; a message no catalog has is named with its page),
# on an edition's terms.json (schema; chosen terms used, rejected ones not), and on an English
# word in an edition's engine pictures (scoutdocs.picture_words, issue 31). Every step runs,
# so one report shows every problem.
#
# What make test runs of this, and why (measured on this 2-core machine, shared, at issue 23):
# one build of the rulebook costs about 15-17 CPU seconds whatever the language (16.6 with the
# dummy builder, 16.9 writing HTML; 4.5 of them the round statistics and the coverage, which
# ENGINE_CACHE shares between the editions). The four editions' builds would add some 60 CPU
# seconds (30 s on two cores) to a make test already at 4.5 to 5.3 minutes, past its 5-minute
# budget. So make test builds no edition of the rulebook. It runs tests/test_editions.py (every
# catalog complete, placeholders kept, the registry's and the extension's catalogs current,
# terms.json, rules --lang: 3.4 CPU seconds), tests/test_editions_build.py (the machinery in a
# pseudo-translated edition of a one-chapter project, built in English and pseudo-Russian: 9.8
# CPU seconds), and tests/test_docs.py's English build also collects each page's messages, so
# the page catalogs are checked against the English without a gettext build of their own. The
# strict builds of the four editions and of the print views are make docs-check's (10 builds,
# about 160 CPU seconds), which CI runs beside make test. While the translators are at work the
# completeness checks fail in both: that is the point.
docs-check: $(STAMP)
	@status=0; \
	$(SPHINX) -q -E -b html $(ENGINE_CACHE) -D scout_messages_out=$(MESSAGES)/pages.json \
		-d $(DOCTREES)/en docs docs/_build/html || status=1; \
	$(SPHINX) -q -E -b singlehtml -t onepage $(ENGINE_CACHE) \
		-D scout_messages_out=$(MESSAGES)/print.json -d $(DOCTREES)/onepage-en \
		docs docs/_build/onepage || status=1; \
	for lang in $(EDITIONS); do \
		echo "edition $$lang"; \
		$(SPHINX) -q -E -b html $(ENGINE_CACHE) -D language=$$lang -d $(DOCTREES)/$$lang \
			docs docs/_build/html/$$lang || status=1; \
		$(SPHINX) -q -E -b singlehtml -t onepage $(ENGINE_CACHE) -D language=$$lang \
			-d $(DOCTREES)/onepage-$$lang docs docs/_build/onepage/$$lang || status=1; \
	done; \
	PYTHONPATH=docs/_ext $(BIN)/python -m scoutdocs.catalog_check \
		--messages $(MESSAGES)/pages.json --messages $(MESSAGES)/print.json || status=1; \
	PYTHONPATH=docs/_ext $(BIN)/python -m scoutdocs.picture_words docs/_build/html $(EDITIONS) \
		|| status=1; \
	exit $$status

# The same page as a PDF, printed by headless Chromium (a system package: apt-get install
# chromium). Optional: nothing else needs it, and without Chromium this target says so.
CHROMIUM ?= $(shell command -v chromium || command -v chromium-browser || command -v google-chrome)
docs-pdf: docs-onepage-en
	@test -n "$(CHROMIUM)" || { echo "docs-pdf needs Chromium (apt-get install chromium)" >&2; exit 2; }
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --no-first-run --no-pdf-header-footer \
	  --user-data-dir=$$(mktemp -d) --print-to-pdf=docs/_build/scout-rules.pdf \
	  file://$(CURDIR)/docs/_build/onepage/print.html
	@echo "docs/_build/scout-rules.pdf"

# The table sheet (issue 31): every edition's print view (the rules of play and the flow charts,
# docs/print.rst) printed by headless Chromium to docs/_build/sheet/<lang>.pdf, then checked to
# fit on at most two pages (scoutdocs.sheet counts them). Each print view is built afresh (-E).
# Needs Chromium, like docs-pdf.
SHEET_LANGS := en $(EDITIONS)
PRINT_PDF = $(CHROMIUM) --headless --no-sandbox --disable-gpu --no-first-run --no-pdf-header-footer \
	--user-data-dir=$$(mktemp -d)
docs-sheet: $(STAMP)
	@test -n "$(CHROMIUM)" || { echo "docs-sheet needs Chromium (apt-get install chromium)" >&2; exit 2; }
	@mkdir -p docs/_build/sheet
	@for lang in $(SHEET_LANGS); do \
		out=docs/_build/onepage/$$lang; test $$lang = en && out=docs/_build/onepage; \
		$(SPHINX) -q -E -b singlehtml -t onepage $(ENGINE_CACHE) -D language=$$lang \
			-d $(DOCTREES)/onepage-$$lang docs $$out || exit 1; \
		$(PRINT_PDF) --print-to-pdf=docs/_build/sheet/$$lang.pdf file://$(CURDIR)/$$out/print.html \
			2>/dev/null || exit 1; \
	done
	PYTHONPATH=docs/_ext $(BIN)/python -m scoutdocs.sheet docs/_build/sheet $(SHEET_LANGS)

vectors: $(STAMP)
	$(BIN)/scout-ref vectors generate

vectors-check: $(STAMP)
	$(BIN)/scout-ref vectors check && $(BIN)/scout-ref vectors lint

# Every invariant at every position within one move of every state the vectors and the example
# state files carry (42,653 nodes from 756 positions: 63 CPU seconds on the pure build and 30 on
# the compiled one, at a load average of about 8 on 2 cores; each root is walked on its own, so
# few of a depth-1 tree's situations repeat).
# make test runs it on the compiled build (verify-compiled): the same source, which
# test-compiled holds to the pure one; make sweep's depth-2 run on the pure build passes through
# every node of this one. A deeper run's cost: make bench.
VERIFY ?= $(BIN)
VERIFY_FROM := --from-vectors $(addprefix --from ,$(wildcard docs/examples/*.json))
verify: $(STAMP)
	$(VERIFY)/scout-ref verify --depth 1 --jobs 2 $(VERIFY_FROM)

verify-compiled: $(STAMP) $(CSTAMP)
	$(CBIN)/scout-ref verify --depth 1 --jobs 2 $(VERIFY_FROM)

# The same two moves deep: part of make sweep.
verify-deep: $(STAMP)
	$(BIN)/scout-ref verify --depth 2 --jobs 2 $(VERIFY_FROM)

# The figures of both builds, then both against commit aaba41a (before issue 22) in one run:
# random-play moves and verify nodes per CPU second (benchmarks/baseline.py builds the old
# commit into .bench/ once). Verify is timed from the fixed positions of
# benchmarks/verify_positions.py, reached by seeded play, the same trees for both commits (the
# run stops if their node counts differ). Our smoke test, load average 4.9 to 9.7 on 2 shared
# cores, three runs against aaba41a: pure 27.1x, 30.7x, 28.2x; compiled 40.1x, 39.9x, 42.4x
# (figures in docs/how-to/run-on-a-cluster.rst). One run on a quiet machine (load below 1,
# 67bc846): verify pure 39.0x, compiled 53.3x; random play pure 1.77x, compiled 2.54x.
bench: $(STAMP) $(CSTAMP)
	$(BIN)/python benchmarks/run.py --compiled $(CBIN)/python
	$(BIN)/python benchmarks/baseline.py --rev aaba41a --compiled $(CBIN)/python

# What a local Dask cluster of one and two workers gains on a depth-2 verify.
# The referee in Chromium (issue 30): Pyodide's start, the packages, the first and later
# verdicts, from the English site that docs-en builds (benchmarks/browser.py says what each is).
# On this 2-core machine, shared: the engine ready 7.1 s after first use at a moderate load; the
# first verdict 32-36 s (12 CPU s, mostly Pyodide's start) at a load of 10-17; later verdicts
# 0.02-0.04 s (median). At a load of 5-10 after the slimmer wheel: the first verdict 7.7-12 s
# (5-6.5 CPU s, Pyodide's start 5-12 of it), the wheels' unpacking 0.3-0.6 s instead of 0.6-0.8
# (benchmarks/browser.md).
bench-browser: docs-en
	$(BIN)/python benchmarks/browser.py

bench-cluster: $(STAMP)
	$(BIN)/python benchmarks/cluster.py --depth 2

bench-jobs: $(STAMP)
	$(BIN)/python benchmarks/conform_jobs.py

# How exactly conform names the rule each wrong engine of tests/adapters breaks (a few minutes).
zoo: $(STAMP)
	$(BIN)/python benchmarks/zoo.py

# Mutation adequacy of the vectors (slow: about 25 minutes for all 1,197 mutants of the rule
# modules on 2 cores; MUTATION_ARGS="--sample 40" runs a reproducible sample). Cosmic Ray's own
# operators filter chooses the operators and its http distributor runs --jobs workers at once,
# each in its own copy under build/mutation; a run takes over what the last session found (a
# kill stands, a survivor until the vectors change; --fresh takes nothing over). Writes
# mutation/report.json; fails if a survivor is neither killed nor listed in
# mutation/equivalent.json.
MUTATION_JOBS ?= 2
MUTATION_ARGS ?= --jobs $(MUTATION_JOBS)
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet --group mutation
	$(BIN)/python mutation/campaign.py $(MUTATION_ARGS)

clean:
	rm -rf $(VENV) $(CVENV) build docs/_build .mypy_cache .pytest_cache .ruff_cache .hypothesis
