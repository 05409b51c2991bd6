"""``conform --jobs``, ``--fail-fast``, ``--list``, per-kind timeouts and the progress bar."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from rich.console import Console

from scout_ref.cli import main
from scout_ref.conformance.judge.pool import Timeouts, parse_timeouts
from scout_ref.conformance.model.kinds import CaseKind
from scout_ref.conformance.model.outcomes import Case, CaseResult, Outcome
from scout_ref.conformance.report.progress import RunProgress
from scout_ref.errors import MalformedInputError

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent
WRONG = f"{sys.executable} -m tests.adapters.wrong_equal_beats"

pytestmark = pytest.mark.rule


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def conform(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["conform", "--vectors-dir", str(DATA), *args])
    return status, capsys.readouterr().out


def test_report_is_identical_for_any_number_of_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for jobs in ("1", "3"):
        folder = tmp_path / f"jobs-{jobs}"
        args = ["--adapter", WRONG, "--jobs", jobs, "--report", str(folder)]
        status, out = conform(capsys, *args, "--save", str(tmp_path / "found"))
        runs.append((status, out, (folder / "report.json").read_text("utf-8")))
    assert runs[0] == runs[1]
    status, out, report = runs[0]
    assert status == 1
    assert json.loads(report)["summary"]["failed"] > 0
    assert out.rstrip().splitlines()[-1].endswith("failed")


def test_fail_fast_stops_after_the_first_failure(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = conform(capsys, "--adapter", WRONG, "--fail-fast", "--json")
    report = json.loads(out)
    assert status == 1
    assert report["cases"][-1]["outcome"] == "failed"
    assert [c["outcome"] for c in report["cases"]].count("failed") == 1
    assert len(report["cases"]) < 15


def test_list_shows_the_selection_without_starting_the_adapter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = conform(capsys, "--list", "--kind", "legal", "--adapter", "no-such-engine")
    assert status == 0
    lines = out.splitlines()
    assert lines[-1] == "3 cases selected"
    assert all(line.startswith("legal-") for line in lines[:-1])


def test_a_timed_out_request_suggests_a_longer_timeout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = f"{sys.executable} -m tests.adapters.faulty hang"
    status, out = conform(capsys, "--adapter", adapter, "--kind", "legal", "--timeout", "legal=0.5")
    assert status == 1
    assert "legal requests get 0.5s; a slow engine may need --timeout legal=S" in out


def test_timeouts_by_kind() -> None:
    assert Timeouts().of("perft") > Timeouts().of("legal")
    timeouts = parse_timeouts(["20", "perft=300"], ["legal", "perft"])
    assert (timeouts.of("legal"), timeouts.of("perft")) == (20.0, 300.0)
    assert parse_timeouts(["5"], ["perft"]).of("perft") == 60.0
    for bad in ("0", "fast", "move=3"):
        with pytest.raises(MalformedInputError, match="--timeout"):
            parse_timeouts([bad], ["legal", "perft"])


def test_timeouts_give_the_options_that_give_them() -> None:
    kinds: list[CaseKind] = ["legal", "perft"]
    for given in (["20", "perft=300"], ["legal=0.5"], ["perft=60", "10"], ["12.3456789"]):
        timeouts = parse_timeouts(given, kinds)
        assert parse_timeouts(timeouts.options()[1::2], kinds) == timeouts
    assert parse_timeouts(["legal=0.5", "5"], kinds).options() == [
        "--timeout",
        "5",
        "--timeout",
        "legal=0.5",
    ]
    assert Timeouts().options() == []
    assert Timeouts(20, {}).options() == ["--timeout", "20", "--timeout", "perft=20"]


def test_progress_shows_the_rule_and_the_count_on_a_terminal() -> None:
    screen = io.StringIO()
    case = Case("legal-x", "legal", "", ("SC-SHOW-03",), {"focus": "SC-SHOW-03"}, "legal/x.json")
    with RunProgress(1, Console(file=screen, force_terminal=True, width=100), enabled=True) as bar:
        bar.started(case)
        bar.done(CaseResult(case, Outcome.PASSED))
    assert "SC-SHOW-03" in screen.getvalue()
    assert "1/1" in screen.getvalue()


def test_no_progress_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = conform(capsys, "--kind", "legal")
    assert status == 0
    assert "\x1b" not in out
    assert out.startswith("adapter: ")  # the report comes first: no bar was drawn


def test_rule_patterns_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    upper = conform(capsys, "--list", "--rule", "SC-SET-0*")[1]
    assert conform(capsys, "--list", "--rule", "sc-set-0*")[1] == upper
    assert upper.splitlines()[-1] != "0 cases selected"


def test_color_is_forced_on_and_plain_off(capsys: pytest.CaptureFixture[str]) -> None:
    assert "\x1b[" in conform(capsys, "--kind", "score", "--color")[1]
    assert "\x1b[" not in conform(capsys, "--kind", "score", "--plain")[1]
