"""A slow engine is judged case by case: cheap kinds first, a time-out is that case's own, and
the give-up rule counts only crashes and malformed replies. Every failure can be reproduced
from its lines alone: a position, the vector file and a command."""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scout_ref import parse_position
from scout_ref.cli import main
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.process.startup import advice
from scout_ref.conformance.protocol.messages import ProtocolError

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent

pytestmark = pytest.mark.rule("SC-TURN-02")


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def vectors_with_perft_first(tmp_path: Path) -> Path:
    """The test vectors, with two perft cases, listed in a folder that sorts perft early."""
    folder = tmp_path / "vectors"
    for source in DATA.glob("*/*.json"):
        target = folder / source.parent.name / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source.read_text("utf-8"), "utf-8")
    perft = folder / "perft" / "midgame.json"
    document = json.loads(perft.read_text("utf-8"))
    case = document["cases"][0]
    document["cases"] = [case, {**case, "id": case["id"] + "-again"}]
    perft.write_text(json.dumps(document), "utf-8")
    return folder


@pytest.mark.slow  # about 3 s: every case of the test vectors, two of them timing out
def test_a_slow_engine_is_judged_on_everything_but_its_perft(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """90 s per perft request, given 0.3 s: every other case judged, the bug still named."""
    adapter = f"{sys.executable} -m tests.adapters.slow_perft tests.adapters.wrong_equal_beats"
    argv = ["conform", "--vectors-dir", str(vectors_with_perft_first(tmp_path))]
    argv += ["--adapter", adapter, "--timeout", "perft=0.3", "--report", str(tmp_path)]
    assert main(argv) == 1
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    cases = report["cases"]
    assert [c["kind"] for c in cases][-2:] == ["perft", "perft"]  # perft last
    for case in cases:
        if case["kind"] == "perft":
            assert (case["outcome"], case["fault"]) == ("errored", "hang")
            assert "no reply within 0.3s" in case["message"]
        else:
            assert case["outcome"] in ("passed", "failed"), case
    assert report["adapter_problem"] is None  # slow is not broken
    nonconformant = [r["id"] for r in report["rules"] if r["verdict"] == "nonconformant"]
    assert nonconformant == ["SC-SET-05"]
    out = capsys.readouterr().out
    assert "2 cases timed out (perft 2)" in out
    assert "rules to fix (1):\n  SC-SET-05" in out


def test_every_failure_line_carries_a_position_and_a_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = f"{sys.executable} -m tests.adapters.wrong_equal_beats"
    argv = ["conform", "--vectors-dir", str(DATA), "--adapter", adapter, "--save", str(tmp_path)]
    assert main([*argv, "--kind", "legal", "--kind", "reject"]) == 1
    out = capsys.readouterr().out
    blocks = out.split("\nFAIL ")[1:]
    assert len(blocks) == 2  # the listing and the rejection
    for block in blocks:
        case_id = block.split()[0]
        lines = block.splitlines()
        position = next(line for line in lines if line.startswith("    position: "))
        parse_position(position.removeprefix("    position: "))
        assert any(line.startswith("    vector: ") for line in lines)
        rerun = next(line for line in lines if line.startswith("    rerun: "))
        assert shlex.split(rerun)[-2:] == ["--case", case_id]
    explain = next(line for line in out.splitlines() if "reference: scout-ref explain" in line)
    words = shlex.split(explain.split("reference: ", 1)[1])
    assert main(words[1:]) == 1  # the reference finds the move illegal (exit status 1)
    assert "SC-SET-05" in capsys.readouterr().out


def test_the_report_and_junit_carry_the_blame_and_the_command(tmp_path: Path) -> None:
    adapter = f"{sys.executable} -m tests.adapters.wrong_equal_beats"
    argv = ["conform", "--vectors-dir", str(DATA), "--adapter", adapter, "--kind", "reject"]
    assert main([*argv, "--report", str(tmp_path), "--junit", str(tmp_path / "j.xml")]) == 1
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    failed = [c for c in report["cases"] if c["outcome"] == "failed"]
    assert [c["id"] for c in failed] == ["reject-ties-equal-run"]
    assert failed[0]["position"].startswith("3p ")
    assert failed[0]["reproduce"][-1].endswith("--case reject-ties-equal-run")
    assert "position" not in next(c for c in report["cases"] if c["outcome"] == "passed")
    suite = ET.parse(tmp_path / "j.xml").getroot()
    case = suite.find(".//testcase[@name='reject-ties-equal-run']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("[SC-SET-05] ")
    assert "rerun: " in (failure.text or "")
    props = {(p.get("name"), p.get("value")) for p in case.iter("property")}
    assert ("blame", "SC-SET-05") in props
    assert any(name == "command" and "--case" in str(value) for name, value in props)


def test_rerun_by_case_id_runs_only_that_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--vectors-dir", str(DATA), "--case", "reject-*", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "2 cases selected"
    assert main(["conform", "--vectors-dir", str(DATA), "--case", "reject-ties"]) == 2
    assert "did you mean reject-ties-equal-run" in capsys.readouterr().err


def test_time_outs_never_give_the_adapter_up() -> None:
    hang = [sys.executable, "-m", "tests.adapters.faulty", "hang"]
    adapter = Adapter(hang, Limits(timeout=0.05, max_failures=1))
    adapter.start()
    for _ in range(2):  # the second is sent: one time-out did not give the adapter up
        with pytest.raises(ProtocolError) as caught:
            adapter.request("legal", state={})
        assert caught.value.fault == "hang"
    assert not adapter.broken
    adapter.close()


def test_a_missing_module_gets_the_python_to_use() -> None:
    exc = ProtocolError(
        "hello", "at hello: exited", "ModuleNotFoundError: No module named 'rfc8785'"
    )
    text = advice(["python", "my_adapter.py"], exc)
    assert '--adapter ".venv/bin/python my_adapter.py"' in text
