"""Shared pytest setup: Hypothesis profiles and a guard on the rule IDs that tests cite.

Profiles: ``default`` for local runs, ``ci`` (as many examples, derandomised so a CI failure
reproduces) and ``sweep`` (three times the examples and four times the random games, derandomised:
``make sweep``); pick one with ``HYPOTHESIS_PROFILE``, else ``ci`` when ``CI`` is set. ``make
test`` must finish within 5 minutes on 2 cores, so ``ci`` keeps the local budget and the long
sweep has its own target. Wall-clock deadlines and the too-slow health check are off: the suite
asserts behaviour, never speed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from scout_ref.rulebook.registry import RULE_ID, rules
from tests.rulebook_build import build_rulebook

pytest_plugins = ["tests.rule_coverage"]

# Random walks to reachable states are slow to draw by design; speed is never a verdict here.
settings.register_profile(
    "default", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", settings.get_profile("default"), derandomize=True)
settings.register_profile("sweep", settings.get_profile("ci"), max_examples=300)


def hypothesis_profile() -> str:
    """The profile this run uses."""
    return os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "default")


settings.load_profile(hypothesis_profile())


def pytest_report_header() -> str:
    """Say which Hypothesis profile is in force, so a failure report can be reproduced."""
    return f"hypothesis profile: {hypothesis_profile()}"


LONGEST_FIRST = (
    "tests/test_conformance_teeth.py::",
    "tests/test_properties.py::",
    "tests/test_reachability.py::test_the_public_strategy_states_are_reachable",
    "tests/test_benchmarks.py::",
    "tests/test_verify.py::",
    "tests/test_conformance_faults.py::",
)
"""Tests of 5 to 40 CPU (or waiting) seconds each, from make test's --durations list, longest
first. They start first, so that no pytest-xdist worker is left alone with a long one at the
end (--dist loadgroup hands out the tests in this order, each xdist_group as a whole ahead of
them). A test missing here only starts later; the order changes no verdict."""


def _start_rank(item: pytest.Item) -> int:
    """The place of the item's entry in LONGEST_FIRST; then the other slow tests; the rest."""
    for rank, prefix in enumerate(LONGEST_FIRST):
        if item.nodeid.startswith(prefix):
            return rank
    return len(LONGEST_FIRST) + (0 if item.get_closest_marker("slow") else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the longest tests first (see LONGEST_FIRST), and refuse to run a test whose
    ``rule`` marker names an ID missing from the registry.

    A typo in a marker would otherwise make a rule look tested when it is not.
    """
    items.sort(key=_start_rank)  # stable: the collection order within each rank
    known = rules()
    bad = sorted(
        f"{item.nodeid}: {rule_id!r}"
        for item in items
        for marker in item.iter_markers("rule")
        for rule_id in marker.args
        if not (isinstance(rule_id, str) and RULE_ID.fullmatch(rule_id) and rule_id in known)
    )
    if bad:
        raise pytest.UsageError("unknown rule IDs in rule markers: " + "; ".join(bad))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """On a pytest-xdist worker under ``--dist loadgroup``, fail a test of an ``xdist_group``
    whose node ID does not end with its group.

    That suffix is how pytest-xdist keeps a group on one worker. pytest 9.2 made it a no-op
    without a word (pytest-dev/pytest-xdist#1386): each worker then built the rulebook and
    started a Dask cluster of its own, some 40 CPU seconds more per run.
    """
    if not getattr(item.config.option, "loadgroup", False):
        return  # not an xdist worker, or another --dist mode
    if item.get_closest_marker("xdist_group") and item.nodeid.rfind("@") <= item.nodeid.rfind("]"):
        pytest.fail(
            "pytest-xdist did not keep this test in its xdist_group: is this pytest newer than "
            "the pytest-xdist installed supports? (see the pin in pyproject.toml)",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook built as ``make docs`` builds it (its ``html`` folder); fails on any
    warning. Built once per worker for the tests of the ``docs-build`` xdist group
    (``tests.rulebook_build.ONE_BUILD``): test_docs.py's and the browser tests."""
    return build_rulebook(tmp_path_factory.mktemp("docs"))
