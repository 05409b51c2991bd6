"""``scout_ref.conformance.run``: the conformance run as a Python API, which ``conform`` calls.

A run against the reference adapter and against wrong ones, the selection, the checked
arguments, what the caller is told as the run goes, and that the command line and the API give
the same report for the same run.
"""

from __future__ import annotations

import doctest
import json
import os
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.conformance import Campaign, Case, CaseResult, Outcome, Run, Timeouts, Watch, run
from scout_ref.conformance.api import job_count
from scout_ref.conformance.report.documents import to_json
from scout_ref.conformance.report.verdicts import RuleVerdict
from scout_ref.errors import MalformedInputError

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent
WRONG = [sys.executable, "-m", "tests.adapters.wrong_equal_beats"]
LEGAL_CASES = ["legal-runs-monotonic-not-run", "legal-sns-reduced-set", "legal-ties-equal-run"]

pytestmark = pytest.mark.rule


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def test_the_reference_passes_and_nothing_is_printed_or_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    done = run(Campaign(vectors_dir=DATA))
    assert capsys.readouterr() == ("", "")
    assert list(tmp_path.iterdir()) == []
    assert done.conformant
    assert done.interrupted is None
    assert done.selected == len(done.results) == done.count(Outcome.PASSED) == 15
    assert done.hello is not None
    assert done.hello.name == "scout-ref"
    verdicts = {row.id: row.verdict for row in done.rules}
    assert verdicts["SC-SET-05"] is RuleVerdict.CONFORMANT
    assert set(verdicts.values()) <= {RuleVerdict.CONFORMANT, RuleVerdict.NOT_APPLICABLE}


def test_a_wrong_engine_is_judged_case_by_case() -> None:
    done = run(Campaign(adapter=WRONG, vectors_dir=DATA))
    assert not done.conformant
    failed = [r.case.id for r in done.results if r.outcome is Outcome.FAILED]
    assert failed
    assert all(r.blame for r in done.results if r.outcome is Outcome.FAILED)
    verdicts = {row.id: row.verdict for row in done.rules}
    assert RuleVerdict.NONCONFORMANT in verdicts.values()
    assert done.summary_line == f"{15 - len(failed)} passed, {len(failed)} failed"


def test_a_crashing_adapter_errs_its_cases_and_is_named_broken() -> None:
    adapter = f"{sys.executable} -m tests.adapters.faulty crash"
    done = run(Campaign(adapter=adapter, kinds=["legal", "deal"], vectors_dir=DATA))
    errored = sorted(r.case.id for r in done.results if r.outcome is Outcome.ERRORED)
    assert errored == LEGAL_CASES
    assert done.faults["crash"] == len(LEGAL_CASES)
    assert done.adapter_problem is not None
    assert done.count(Outcome.PASSED) > 0


def test_selection_by_kind_case_and_rule() -> None:
    assert {c.kind for c in Campaign(kinds=["legal"], vectors_dir=DATA).selected()} == {"legal"}
    by_id = Campaign(cases=["legal-*"], vectors_dir=DATA).selected()
    assert sorted(c.id for c in by_id) == LEGAL_CASES
    by_rule = Campaign(rules=["sc-set-05"], vectors_dir=DATA).selected()
    assert by_rule
    assert all("SC-SET-05" in c.rules for c in by_rule)
    kinds = [c.kind for c in Campaign(vectors_dir=DATA).selected()]
    assert kinds.index("perft") > kinds.index("legal")  # the dear kinds last
    done = run(Campaign(rules=["SC-SET-05"], kinds=["legal"], vectors_dir=DATA))
    assert [r.case.id for r in done.results] == ["legal-ties-equal-run"]
    assert [row.id for row in done.rules] == ["SC-SET-05"]


def test_a_selection_of_nothing_says_what_is_close() -> None:
    with pytest.raises(MalformedInputError, match="did you mean legal-ties-equal-run"):
        run(Campaign(cases=["legal-ties-equal-runs"], vectors_dir=DATA))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rules": "SC-SHOW-*"}, r"Campaign.rules is a list of strings such as \['SC-SHOW-\*'\]"),
        ({"kinds": ["legal", 3]}, "an item of Campaign.kinds is a string, not int 3"),
        ({"jobs": "2"}, "Campaign.jobs is a number of adapter processes"),
        ({"fuzz": True}, "Campaign.fuzz is a number of games such as 10, not bool"),
        ({"vectors_dir": "spec/vectors"}, "Campaign.vectors_dir is a pathlib.Path"),
        ({"adapter": ["python", None]}, "an item of Campaign.adapter is a string"),
        ({"timeouts": 20}, r"Campaign.timeouts is a Timeouts such as Timeouts\(20"),
        ({"timeouts": Timeouts(20, {"perft": "5"})}, "a timeout is seconds"),  # type: ignore[dict-item]
    ],
)
def test_an_argument_of_the_wrong_type_is_a_type_error(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        Campaign(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"jobs": 0}, "--jobs >= 1"),
        ({"fuzz": -1}, "--fuzz must be >= 0"),
        ({"random_deals": -1}, "--random-deals must be >= 0"),
        ({"kinds": ["nonsense"]}, "invalid --kind: 'nonsense' is not one of deal, legal"),
        ({"strictness": "loose"}, "invalid --strictness: 'loose' is not one of legality, reason"),
        ({"timeouts": Timeouts(0)}, "invalid --timeout: '0': give seconds from 0.01 to 3600"),
        (
            {"timeouts": Timeouts(10, {"perfect": 5})},  # type: ignore[dict-item]
            "'perfect' is not a case kind",
        ),
    ],
)
def test_a_bad_value_is_the_command_lines_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(MalformedInputError, match=message):
        Campaign(**options)  # type: ignore[arg-type]


def test_the_run_checks_its_own_arguments(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="the campaign is a Campaign"):
        run({"kinds": ["legal"]})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"report is a pathlib\.Path"):
        run(Campaign(vectors_dir=DATA), report=str(tmp_path))  # type: ignore[arg-type]
    with pytest.raises(MalformedInputError, match="cannot be split"):
        run(Campaign(adapter='"unbalanced', vectors_dir=DATA))
    (tmp_path / "file").write_text("")
    with pytest.raises(MalformedInputError, match="invalid --report"):
        run(Campaign(vectors_dir=DATA), report=tmp_path / "file")


class Recorder(Watch):
    """Every call a run makes to its watch, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def planned(self, cases: int, jobs: int) -> None:
        self.calls.append(f"planned {cases} on {jobs}")

    def started(self, case: Case) -> None:
        self.calls.append(f"started {case.id}")

    def done(self, result: CaseResult) -> None:
        self.calls.append(f"done {result.case.id}")

    def finished(self, run: Run) -> None:
        self.calls.append(f"finished {run.summary_line}")


def test_the_watch_is_told_of_every_case() -> None:
    watch = Recorder()
    run(Campaign(kinds=["legal"], vectors_dir=DATA), watch=watch)
    assert watch.calls[0] == "planned 3 on 1"
    assert watch.calls[1:-1] == [f"{what} {c}" for c in LEGAL_CASES for what in ("started", "done")]
    assert watch.calls[-1] == "finished 3 passed, 0 failed"


def test_the_files_asked_for_are_written(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    done = run(Campaign(adapter=WRONG, vectors_dir=DATA), report=tmp_path / "r", junit=junit)
    assert json.loads((tmp_path / "r" / "report.json").read_text("utf-8")) == to_json(done)
    assert junit.read_text("utf-8").startswith("<?xml")


def test_the_command_line_and_the_api_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = [
        "--vectors-dir",
        str(DATA),
        "--kind",
        "legal",
        "--kind",
        "reject",
        "--rule",
        "SC-SET-*",
    ]
    argv = ["conform", "--adapter", " ".join(WRONG), *options, "--timeout", "20", "--json"]
    status = main([*argv, "--report", str(tmp_path), "--save", str(tmp_path / "found")])
    printed = json.loads(capsys.readouterr().out)
    campaign = Campaign(
        adapter=" ".join(WRONG),
        vectors_dir=DATA,
        kinds=["legal", "reject"],
        rules=["SC-SET-*"],
        timeouts=Timeouts(20),
        findings=tmp_path / "found",
    )
    done = run(campaign)
    assert status == 1
    assert not done.conformant
    assert printed == to_json(done) == json.loads((tmp_path / "report.json").read_text("utf-8"))
    rerun = ["--adapter", " ".join(WRONG), "--vectors-dir", str(DATA), "--timeout", "20"]
    assert done.rerun_options == rerun


def test_list_is_the_selection_of_the_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["conform", "--list", "--json", "--vectors-dir", str(DATA), "--rule", "SC-SET-*"]) == 0
    )
    listed = [c["id"] for c in json.loads(capsys.readouterr().out)["cases"]]
    assert listed == [c.id for c in Campaign(vectors_dir=DATA, rules=["SC-SET-*"]).selected()]


def test_jobs_are_capped_by_cpus_and_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1}, raising=False)
    assert job_count(1000, 36) == 2
    assert job_count(1000, 1) == 1
    assert job_count(1, 36) == 1


def test_the_how_to_example_runs_as_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    page = REPO / "docs" / "how-to" / "validate-an-engine.rst"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
