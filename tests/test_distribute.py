"""Campaigns on a Dask cluster (``scout_ref.analysis.distribute``): the same results as one process.

A scheduler and two workers are started as processes on the loopback address, as on a real
cluster (:func:`scout_ref.analysis.distribute.local_cluster`), once for the module.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scout_ref.analysis.distribute import local_cluster, map_jobs
from scout_ref.checks.verify import vector_states, verify
from scout_ref.cli import main
from scout_ref.errors import MalformedInputError

REPO = Path(__file__).resolve().parent.parent
WRONG = f"{sys.executable} -m tests.adapters.wrong_no_exemption"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("dask-cluster")]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a scheduler on 127.0.0.1 with two single-threaded workers, started in
    this checkout (the workers start the tests' adapters from it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO)
        with local_cluster(2) as address:
            yield address


@pytest.mark.rule
def test_results_come_back_in_order_from_the_cluster(scheduler: str) -> None:
    items = list(range(-20, 20))
    assert list(map_jobs(abs, items, scheduler=scheduler)) == [abs(k) for k in items]


@pytest.mark.rule("SC-TURN-02", "SC-TURN-04")
def test_verify_on_two_workers_finds_what_one_process_finds(scheduler: str) -> None:
    # Seven start positions (every 120th vector state), each a task of its own size: more tasks
    # than workers, finishing out of order, which is what the same tallies in the same order
    # must survive. Each more costs a depth-1 verify twice (every 60th cost 9 CPU s more).
    roots = vector_states()[::120]
    alone = [(t.nodes, t.counterexamples) for t in verify(roots, 1)]
    spread = [(t.nodes, t.counterexamples) for t in verify(roots, 1, scheduler=scheduler)]
    assert spread == alone
    assert sum(nodes for nodes, _ in alone) > len(roots)


def _fuzz_report(tmp_path: Path, name: str, *extra: str) -> list[dict[str, object]]:
    """The fuzz cases of a report on a wrong engine (the findings saved in one folder)."""
    out = tmp_path / name
    command = ["conform", "--kind", "fuzz", "--fuzz", "6", "--seed", "5", "--adapter", WRONG]
    assert main([*command, "--report", str(out), "--save", str(tmp_path / "f"), *extra]) == 1
    cases: list[dict[str, object]] = json.loads((out / "report.json").read_text("utf-8"))["cases"]
    return cases


@pytest.mark.rule("SC-SCORE-04")
def test_fuzz_games_on_the_cluster_make_the_same_report(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(REPO))  # the adapters of tests/adapters
    alone = _fuzz_report(tmp_path, "alone")
    spread = _fuzz_report(tmp_path, "spread", "--scheduler", scheduler)
    assert spread == alone
    assert "failed" in {c["outcome"] for c in alone}


@pytest.mark.rule
def test_an_unreachable_scheduler_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scout_ref.analysis.distribute.CONNECT_TIMEOUT", 1.0)
    with pytest.raises(MalformedInputError, match="cannot reach"):
        list(map_jobs(abs, [1], scheduler="tcp://127.0.0.1:9"))
