"""The suite has teeth: each wrong engine is caught on the rule it breaks; the reference is not.

Each wrong engine (``tests/adapters/wrong_*.py``) is the reference engine with one known mistake
of other implementations patched in. Run through the real subprocess protocol against the
cases that cite the broken rule, it must fail, and a case written to test that rule (its
``focus``) must catch it, so the rule is reported nonconformant.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.registry import spec_dir

SUITE = spec_dir() / "vectors"
REPO = Path(__file__).parent.parent

WRONG_ENGINES = [
    ("wrong_runs_monotonic", "SC-SET-03"),
    ("wrong_equal_beats", "SC-SET-05"),
    ("wrong_chip_to_scout", "SC-SCOUT-03"),
    ("wrong_no_exemption", "SC-SCORE-04"),
    ("wrong_chain_resets", "SC-END-02"),
    ("wrong_sns_original_set", "SC-SNS-02"),
    ("wrong_rotation_keeps_order", "SC-ORIENT-02"),
    ("wrong_free_two_player_scout", "SC-VAR2-03"),
    ("wrong_fixed_start_player", "SC-GAME-02"),
    ("wrong_leaks_a_card", "SC-INFO-01"),
    ("wrong_forgets_scouted_place", "SC-INFO-04"),
]

pytestmark = pytest.mark.rule(*(rule for _, rule in WRONG_ENGINES))


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def verdicts(report_dir: Path) -> dict[str, dict[str, object]]:
    report = json.loads((report_dir / "report.json").read_text("utf-8"))
    return {r["id"]: r for r in report["rules"]}


@pytest.mark.parametrize(("engine", "rule"), WRONG_ENGINES)
def test_wrong_engine_is_nonconformant_on_its_rule(
    engine: str, rule: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = f"{sys.executable} -m tests.adapters.{engine}"
    status = main(
        [
            "conform",
            "--vectors",
            str(SUITE),
            "--adapter",
            adapter,
            "--rule",
            rule,
            "--report",
            str(tmp_path),
            "--save",
            str(tmp_path / "found"),
        ]
    )
    assert status == 1
    row = verdicts(tmp_path)[rule]
    assert row["verdict"] == "nonconformant"
    assert row["failed"] != 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1].endswith(f"{row['failed']} failed")


def test_reference_is_conformant_on_every_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole suite through the subprocess protocol: this is ``make demo``."""
    assert main(["conform", "--vectors", str(SUITE), "--report", str(tmp_path)]) == 0
    rows = verdicts(tmp_path)
    assert {r["verdict"] for r in rows.values()} <= {"conformant", "not_applicable"}
    normative = [r for r in rows.values() if r["status"] == "normative"]
    assert all(r["verdict"] == "conformant" for r in normative), [
        r["id"] for r in normative if r["verdict"] != "conformant"
    ]
    assert capsys.readouterr().out.rstrip().splitlines()[-1].endswith(" passed, 0 failed")
