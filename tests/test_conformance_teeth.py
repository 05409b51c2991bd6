"""The suite has teeth and names the right rule: the zoo of wrong engines, and the reference.

Each wrong engine (``tests/adapters/wrong_*.py``) is the reference engine with one known
mistake patched in, and declares the rules it breaks (``BREAKS``). Run through the real
subprocess protocol against the whole suite, it must fail, and the rules reported
nonconformant must be a non-empty subset of those it breaks: the report names the broken rule
and no other. The full zoo is a long sweep, marked ``sweep``: ``make sweep`` runs it and ``make
test`` does not; a few engines from different chapters run always. ``benchmarks/zoo.py`` (``make
zoo``) prints the share named exactly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.rulebook.registry import spec_dir
from tests.adapters import zoo

SUITE = spec_dir() / "vectors"
REPO = Path(__file__).parent.parent
FAST = (
    "wrong_set_ends_equal",
    "wrong_chip_to_scout",
    "wrong_no_exemption",
    "wrong_deal_round_robin",
)
"""Engines judged in every run: combinations, scouting, scoring and dealing. A wrong
combination rule fails many perft cases, each bisected with divide; wrong_set_ends_equal costs
about 15 CPU seconds to judge where wrong_runs_monotonic, also of chapter SET, cost 30 to 48
(bisection itself is tested in tests/test_conformance_runner.py), so it stands for the
chapter here and the other runs in make sweep."""

DEALING = frozenset(("SC-SETUP-02", "SC-SETUP-03", "SC-VAR2-01"))
"""The rules conform's test of an adapter's own random deals can name
(scout_ref.conformance.judge.randomness). A wrong engine that breaks none of them deals as the
reference does, whose deals test_reference_is_conformant_on_every_rule judges, so its run skips
that test (1,200 deals, about 2 CPU seconds)."""

ZOO = zoo()
pytestmark = pytest.mark.rule(*sorted({rule for _, breaks in ZOO for rule in breaks}))


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def verdicts(report_dir: Path) -> dict[str, dict[str, object]]:
    report = json.loads((report_dir / "report.json").read_text("utf-8"))
    return {r["id"]: r for r in report["rules"]}


def _engines(fast: bool) -> list[object]:
    return [
        pytest.param(name, breaks, id=name, marks=() if name in FAST else pytest.mark.sweep)
        for name, breaks in ZOO
        if (name in FAST) == fast
    ]


def _judge(
    engine: str, breaks: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> list[str]:
    """Run the whole suite against ``engine``; the rules reported nonconformant."""
    adapter = f"{sys.executable} -m tests.adapters.{engine}"
    found = str(tmp_path / "found")
    command = ["conform", "--vectors", str(SUITE), "--adapter", adapter, "--save", found]
    if not DEALING & set(breaks):
        command += ["--random-deals", "0"]
    assert main([*command, "--report", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "rules to fix" in out
    return [r for r, row in verdicts(tmp_path).items() if row["verdict"] == "nonconformant"]


@pytest.mark.parametrize(("engine", "breaks"), [*_engines(True), *_engines(False)])
def test_wrong_engine_is_named_exactly(
    engine: str, breaks: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = _judge(engine, breaks, tmp_path, capsys)
    assert named, f"{engine} breaks {breaks}, but no rule is reported nonconformant"
    assert set(named) <= set(breaks), f"{engine} breaks {breaks}, reported {named}"


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
