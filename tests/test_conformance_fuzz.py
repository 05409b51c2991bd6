"""Differential fuzzing: the reference agrees with itself; a wrong engine is found and shrunk."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scout_ref import parse_position, state_from_json
from scout_ref.cli import main
from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.model.outcomes import OFFICIAL_RULES, Case, CaseResult, Outcome
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.report.documents import Run, write_junit

REPO = Path(__file__).parent.parent


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


@pytest.mark.rule("SC-TURN-02")
def test_reference_agrees_with_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["conform", "--kind", "fuzz", "--fuzz", "2", "--seed", "7", "--report", str(tmp_path)]
    )
    assert status == 0
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert [c["id"] for c in report["cases"]] == ["fuzz-2p-7-0", "fuzz-3p-7-1"]
    assert capsys.readouterr().out.rstrip().endswith("2 passed, 0 failed")


def fuzz_and_save(tmp_path: Path, wrong: str) -> tuple[str, Path]:
    """Two fuzz games of seed 1 against ``tests.adapters.<wrong>``, saving what they find; the
    adapter's command and the findings folder."""
    engine = f"{sys.executable} -m tests.adapters.{wrong}"
    found = tmp_path / "found"
    fuzz = ["conform", "--kind", "fuzz", "--fuzz", "2", "--seed", "1", "--adapter", engine]
    assert main([*fuzz, "--save", str(found)]) == 1
    return engine, found


@pytest.mark.rule("SC-SCOUT-03")
def test_wrong_engine_is_shrunk_to_a_saved_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The chip-to-the-scout engine departs at the first Scout & Show of a 3-player game."""
    engine, found = fuzz_and_save(tmp_path, "wrong_chip_to_scout")
    out = capsys.readouterr().out
    assert "the adapter departs at step 5 (apply 'scout L @5 + show 10-11')" in out
    assert "scout_chips[0]: expected 1, got 0" in out
    assert "scout_chips[1]: expected 0, got 1" in out
    assert "it points at SC-SCOUT-03" in out
    saved = json.loads((found / "trace" / "fuzz-3p-1-1.json").read_text("utf-8"))
    (case,) = saved["cases"]
    assert case["rules"] == ["SC-SCOUT-03", "SC-SNS-03"]
    assert len(case["steps"]) == 6
    assert case["steps"][-1]["move"] == "scout L @5 + show 10-11"
    last = case["steps"][-1]  # every state a finding holds has its position line, as shipped
    assert parse_position(last["position"]) == state_from_json(last["state"])
    # a ready vector: the reference replays it, the wrong engine fails it
    assert main(["conform", "--vectors", str(found)]) == 0
    assert main(["conform", "--vectors", str(found), "--adapter", engine]) == 1


@pytest.mark.rule("SC-SETUP-03")
def test_a_game_that_departs_at_its_first_deal_is_saved_as_a_deal_vector_that_reruns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A minimal trace of one deal is not a trace (the schema wants a move after it), so the
    finding is a deal vector: the rerun command printed under it runs and fails the engine on
    the same rule, and the reference passes it."""
    engine, found = fuzz_and_save(tmp_path, "wrong_hand_sizes")
    out = capsys.readouterr().out
    assert "the adapter departs at step 0 (deal)" in out
    assert f"saved as a deal vector: {found / 'deal' / 'fuzz-3p-1-1.json'}" in out
    assert not (found / "trace").exists()
    (case,) = json.loads((found / "deal" / "fuzz-3p-1-1.json").read_text("utf-8"))["cases"]
    assert (case["focus"], case["input"]["players"]) == ("SC-SETUP-03", 3)
    assert main(["conform", "--vectors-dir", str(found)]) == 0
    capsys.readouterr()
    rerun = ["conform", "--vectors-dir", str(found), "--case", "fuzz-3p-1-1", "--adapter", engine]
    assert main(rerun) == 1
    assert "FAIL fuzz-3p-1-1 [deal; points at SC-SETUP-03 nonconformant]" in capsys.readouterr().out


@pytest.mark.rule("SC-SCORE-04")
def test_disagreement_in_a_later_round_drops_the_earlier_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without the owner exemption the 4-player game of seed 3 departs in a later round only."""
    engine = f"{sys.executable} -m tests.adapters.wrong_no_exemption"
    found = tmp_path / "found"
    ctx = Context(Adapter(engine.split()), findings_dir=found)
    try:
        result = fuzz_game(ctx, 4, "3:2")
    finally:
        ctx.adapter.close()
    assert "departs at step 344" in result.message
    (case,) = json.loads((found / "trace" / "fuzz-4p-3-2.json").read_text("utf-8"))["cases"]
    assert case["rules"] == ["SC-SCORE-04"]
    deals = [s for s in case["steps"] if "deal" in s]
    assert len(deals) == 1
    assert len(case["steps"]) < 344
    assert main(["conform", "--vectors", str(found), "--adapter", engine]) == 1


@pytest.mark.slow  # three whole games against a wrong engine
@pytest.mark.rule("SC-SCORE-04")
def test_games_that_break_a_rule_alike_are_one_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The games of seed 3 all depart on SC-SCORE-04 at an apply: one finding, the first."""
    engine = f"{sys.executable} -m tests.adapters.wrong_no_exemption"
    found = tmp_path / "found"
    fuzz = ["conform", "--kind", "fuzz", "--fuzz", "3", "--seed", "3", "--adapter", engine]
    assert main([*fuzz, "--save", str(found)]) == 1
    out = capsys.readouterr().out
    assert "departs at step 344 (apply 'scout L @1') as in fuzz-2p-3-0" in out
    assert (found / "trace" / "fuzz-2p-3-0.json").exists()
    assert not (found / "trace" / "fuzz-4p-3-2.json").exists()
    repeat = out[out.index("FAIL fuzz-4p-3-2") :].splitlines()[1:4]
    assert repeat[1].startswith("    position: 4p ")
    assert repeat[2].startswith("    reference: scout-ref explain '4p ")


@pytest.mark.rule
def test_a_repeated_finding_with_no_command_to_show_still_goes_into_junit(tmp_path: Path) -> None:
    """A game that departs as an earlier one did keeps its position and the reference's command
    only; at a deal the reference has none, and the JUnit XML is written all the same."""
    data = {"players": 3, "game_rules": OFFICIAL_RULES, "steps": []}
    case = Case("fuzz-3p-0-1", "fuzz", "random 3-player game, seed '0:1'", (), data, "fuzz")
    why = "the adapter departs at step 90 (deal) as in fuzz-3p-0-0"
    result = CaseResult(case, Outcome.FAILED, why, blame=("SC-COMP-04",), step="next_round")
    write_junit(Run(["x"], None, "reason", [result], [], 0, False), tmp_path / "junit.xml")
    (testcase,) = ET.parse(tmp_path / "junit.xml").iter("testcase")
    assert [p.get("name") for p in testcase.iter("property")] == ["blame", "position"]
