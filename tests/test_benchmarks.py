"""The benchmark script must keep working; its figures are never asserted (speed is measured)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


@pytest.mark.rule("SC-TURN-02", "SC-NOTE-06")
def test_benchmark_script_runs_and_checks_its_position() -> None:
    """``--quick`` runs every benchmark at tiny sizes; the script itself asserts that the
    listing position still has 734 moves and that the fast and naive listings agree."""
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "734 moves" in done.stdout


@pytest.mark.rule
def test_jobs_benchmark_runs_and_finds_identical_reports() -> None:
    """The script exits 1 if ``--jobs 1`` and ``--jobs 4`` give different reports."""
    script = BENCH.parent / "conform_jobs.py"
    done = subprocess.run(
        [sys.executable, str(script), "--quick"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "reports identical: yes" in done.stdout
