"""Faulty adapters never break the runner: each fault is reported case by case.

Every adapter here is the reference engine except that ``legal`` requests trigger one fault
(see ``tests/adapters/faulty.py``); the other cases must still pass, the legal cases must be
errored with the fault named, and the run must say that the adapter, not the rules, is broken.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent
LEGAL_CASES = {"legal-runs-monotonic-not-run", "legal-sns-reduced-set", "legal-ties-equal-run"}

TIMEOUT = 3.0  # seconds: the reference answers a perft request in about 1 s on a loaded machine

pytestmark = pytest.mark.rule("SC-TURN-02")


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def run_faulty(mode: str, tmp_path: Path) -> tuple[int, dict[str, dict[str, str]], str, dict]:  # type: ignore[type-arg]
    adapter = f"{sys.executable} -m tests.adapters.faulty {mode}"
    status = main(
        [
            "conform",
            "--vectors",
            str(DATA),
            "--adapter",
            adapter,
            "--timeout",
            str(TIMEOUT),
            "--report",
            str(tmp_path),
        ]
    )
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    cases = {c["id"]: c for c in report["cases"]}
    return status, cases, report["adapter_problem"] or "", report


@pytest.mark.parametrize(
    ("mode", "fault", "detail"),
    [
        ("crash", "crash", "engine exploded"),  # the stderr tail is reported
        ("hang", "hang", f"no reply within {TIMEOUT}s"),
        ("garbage", "not_json", "legal moves are"),
        ("wrong_id", "wrong_id", "carries id 999"),
        ("wrong_shape", "wrong_shape", "/moves"),
        ("flood", "flood", "more than"),
    ],
)
def test_fault_on_legal_requests(
    mode: str, fault: str, detail: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, cases, problem, report = run_faulty(mode, tmp_path)
    assert status == 1
    for case_id, case in cases.items():
        if case_id in LEGAL_CASES:
            assert case["outcome"] == "errored"
            assert case["fault"] == fault
            assert detail in case["message"]
        else:
            assert case["outcome"] == "passed", case_id
    assert problem.startswith("the adapter, not the rules, is broken")
    assert report["summary"]["restarts"] == len(LEGAL_CASES)
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == f"12 passed, {len(LEGAL_CASES)} failed"


def test_adapter_dying_at_hello_is_given_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, cases, problem, report = run_faulty("die_at_hello", tmp_path)
    assert status == 1
    assert {c["outcome"] for c in cases.values()} == {"errored"}
    faults = [c["fault"] for c in cases.values()]
    assert faults[0] == "hello"
    assert faults[-1] == "broken"  # given up: the remaining cases are not attempted
    assert "could not be loaded" in next(iter(cases.values()))["message"]
    assert "given up" in problem
    assert report["adapter"]["hello"] is None
    assert capsys.readouterr().out.rstrip().endswith("0 passed, 15 failed")


def test_missing_adapter_program_is_reported(tmp_path: Path) -> None:
    status = main(
        [
            "conform",
            "--vectors",
            str(DATA),
            "--adapter",
            str(tmp_path / "nowhere"),
            "--report",
            str(tmp_path),
        ]
    )
    assert status == 1
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert "cannot start" in report["cases"][0]["message"]
