"""Faulty adapters never break the runner: each fault is reported case by case.

Every adapter here is the reference engine except that ``legal`` requests trigger one fault
(see ``tests/adapters/faulty.py``); the other cases must still pass, the legal cases must be
errored with the fault named, and the run must say that the adapter, not the rules, is broken.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from scout_ref import new_game, state_to_json
from scout_ref.cli import main
from scout_ref.conformance.process import tree
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.protocol.messages import ProtocolError

DATA = Path(__file__).parent / "data" / "vectors"
REPO = Path(__file__).parent.parent
LEGAL_CASES = {"legal-runs-monotonic-not-run", "legal-sns-reduced-set", "legal-ties-equal-run"}

TIMEOUT = 3.0  # seconds: the reference answers a perft request in about 1 s on a loaded machine

pytestmark = pytest.mark.rule("SC-TURN-02")


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def run_faulty(
    mode: str, tmp_path: Path, *options: str
) -> tuple[int, dict[str, dict[str, str]], str, dict]:  # type: ignore[type-arg]
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
            *options,
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
    if fault == "hang":  # a time-out is that case's own, not a broken adapter
        assert problem == ""
    else:
        assert problem.startswith("the adapter, not the rules, is broken")
    assert report["summary"]["restarts"] == len(LEGAL_CASES)
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == f"12 passed, {len(LEGAL_CASES)} failed"


def test_adapter_dying_at_hello_stops_the_run_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adapter = f"{sys.executable} -m tests.adapters.faulty die_at_hello"
    status = main(["conform", "--vectors-dir", str(DATA), "--adapter", adapter])
    assert status == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: the adapter did not start: at hello: the adapter exited")
    assert "its stderr ends: fatal: the engine library could not be loaded" in err
    assert "by hand" in err  # what to try


def test_missing_adapter_program_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["conform", "--vectors-dir", str(DATA), "--adapter", str(tmp_path / "nowhere")])
    assert status == 2
    err = capsys.readouterr().err
    assert "cannot start" in err
    assert "check the program's name and path" in err


FAST = ("--kind", "legal", "--kind", "deal", "--timeout", "1")  # 3 legal cases, 4 quick others


@pytest.mark.parametrize(
    ("mode", "fault", "detail"),
    [
        ("nested", "wrong_shape", "nested 200000 deep; the limit is 32"),
        ("float_id", "wrong_shape", "numbers are integers"),
        ("surrogate", "wrong_shape", "unpaired surrogate"),
        ("string_id", "wrong_id", "carries id '"),
        ("exit0", "crash", "exited with status 0"),
        ("slow", "hang", "no reply within"),
    ],
)
def test_more_faults_on_legal_requests(mode: str, fault: str, detail: str, tmp_path: Path) -> None:
    status, cases, problem, _ = run_faulty(mode, tmp_path, *FAST)
    assert status == 1
    assert {c["outcome"] for i, c in cases.items() if i not in LEGAL_CASES} == {"passed"}
    for case_id in LEGAL_CASES:
        assert (cases[case_id]["outcome"], cases[case_id]["fault"]) == ("errored", fault)
        assert detail in cases[case_id]["message"]
    assert problem.startswith("the adapter, not the rules, is broken") == (fault != "hang")


def test_a_giant_move_list_is_judged(tmp_path: Path) -> None:
    status, cases, problem, _ = run_faulty("giant", tmp_path, *FAST)
    assert status == 1
    for case_id in LEGAL_CASES:
        assert cases[case_id]["outcome"] == "failed"
        assert "listed twice 1: keep" in cases[case_id]["message"]
    assert problem == ""


def test_an_adapters_words_are_printed_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, cases, _, report = run_faulty("markup", tmp_path, *FAST)
    assert status == 1
    assert report["adapter"]["hello"]["name"] == "[/]\\x1b[2J"  # the escape made visible
    assert {cases[c]["message"] for c in LEGAL_CASES} == {"the adapter answered errored: [/] [bold"}
    out = capsys.readouterr().out
    assert "adapter: [/]\\x1b[2J" in out
    assert "\x1b" not in out


def is_running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_grandchild_that_left_the_session_is_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = tmp_path / "pids"
    monkeypatch.setenv("FAULTY_MARK", str(mark))
    status, _, _, _ = run_faulty("setsid", tmp_path, "--kind", "legal", "--timeout", "1")
    assert status == 1
    pids = [int(p) for p in mark.read_text().split()]
    assert len(pids) == 2  # the adapter and its setsid grandchild
    assert not any(is_running(pid) for pid in pids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the child subreaper is Linux's")
def test_ending_an_adapter_leaves_no_process_and_no_zombie() -> None:
    """Ending kills the leader, a helper in a session of its own and an orphan, and reaps them
    with an orphan that had already died (spec/INTERPRETING.md, Ending an adapter)."""
    script = (
        "sleep 3600 & setsid sleep 3600 & (sleep 3600 &); (true &); sleep 0.2; echo ready; wait"
    )
    proc = tree.spawn(["sh", "-c", script])
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"ready\n"
    token = tree._started[proc]
    marked = [
        p
        for p in psutil.process_iter(["environ"])
        if (p.info["environ"] or {}).get(tree.MARKER) == token
    ]
    assert len(marked) == 4  # sh, its sleeping child, the setsid one and the orphan
    tree.end(proc)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        assert stream is not None
        stream.close()
    assert not any(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in marked)
    children = psutil.Process().children()
    assert not [c for c in children if c.status() == psutil.STATUS_ZOMBIE]
    assert proc not in tree._started


def start_runner(tmp_path: Path) -> tuple[subprocess.Popen[bytes], Path]:
    """``scout-ref conform`` in its own process, adapter hanging on legal requests (setsid
    mode, so a grandchild outside its session must be ended too); returns once it hangs."""
    mark = tmp_path / "pids"
    env = os.environ | {"FAULTY_MARK": str(mark), "PYTHONPATH": str(REPO)}
    adapter = f"{sys.executable} -m tests.adapters.faulty setsid"
    argv = [sys.executable, "-m", "scout_ref", "conform", "--vectors", str(DATA)]
    argv += ["--adapter", adapter, "--timeout", "600", "--report", str(tmp_path)]
    argv += ["--junit", str(tmp_path / "junit.xml")]
    runner = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not mark.exists():
        if runner.poll() is not None or time.monotonic() > deadline:
            runner.kill()
            pytest.fail(f"the runner never reached the legal cases: {runner.communicate()}")
        time.sleep(0.05)
    return runner, mark


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGHUP, 129)]
)
def test_a_signal_ends_the_run_with_a_partial_report(
    signum: signal.Signals, status: int, tmp_path: Path
) -> None:
    runner, mark = start_runner(tmp_path)
    runner.send_signal(signum)
    out, err = runner.communicate(timeout=120)
    assert runner.returncode == status, err
    assert err == b""
    assert out.decode().rstrip().splitlines()[-1] == "2 passed, 0 failed"
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert report["interrupted"] == signum.name
    assert report["partial"] == f"interrupted by {signum.name}"
    assert report["conformant"] is False
    judged = [(c["kind"], c["outcome"]) for c in report["cases"]]  # the kind before legal
    assert sorted(set(judged)) == [("deal", "passed")]
    assert len(judged) == report["summary"]["passed"] == 2
    assert "<testsuites>" in (tmp_path / "junit.xml").read_text("utf-8")
    assert not any(is_running(int(pid)) for pid in mark.read_text().split())


def test_half_a_reply_and_silence_counts_towards_giving_up_the_adapter() -> None:
    """A plain time-out never counts against the adapter; a reply that broke off does, so an
    adapter that writes half a line and waits is given up after five, not waited on for every
    case (a run went on past a minute)."""
    adapter = Adapter(
        [sys.executable, "-m", "tests.adapters.faulty", "half_line"],
        Limits(timeout=0.3, backoff=0.01, max_backoff=0.01),
    )
    state = state_to_json(new_game(3, seed=1))
    faults = []
    try:
        for _ in range(Limits().max_failures + 1):
            try:
                adapter.request("legal", state=state)
            except ProtocolError as exc:
                faults.append((exc.fault, "no line end" in str(exc)))
    finally:
        adapter.close()
    assert faults[:-1] == [("hang", True)] * Limits().max_failures
    assert faults[-1][0] == "broken"


def test_a_hello_that_changes_on_restart_is_a_hello_fault() -> None:
    """A run judges one engine: an adapter that introduces itself as another after a restart
    (another version, name or capabilities) is caught at that hello."""
    adapter = Adapter(
        [sys.executable, "-m", "tests.adapters.faulty", "changing_hello"],
        Limits(timeout=5, backoff=0.01, max_backoff=0.01),
    )
    state = state_to_json(new_game(3, seed=1))
    faults = []
    try:
        for _ in range(2):
            try:
                adapter.request("legal", state=state)
            except ProtocolError as exc:
                faults.append((exc.fault, str(exc)))
    finally:
        adapter.close()
    assert faults[0][0] == "crash"
    assert faults[1][0] == "hello"
    assert "the hello changed on restart: version was" in faults[1][1]


@pytest.mark.rule("SC-SETUP-02")
def test_a_kind_whose_requests_are_alike_is_given_up_at_its_first_time_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every deal_random request asks the same work: an adapter that never answers one is
    waited on once, not five times at each player count, and the other kinds go on (their
    cases pass); the report names the kind given up and why, the adapter's fault."""
    monkeypatch.setenv("FAULTY_KIND", "deal_random")
    started = time.monotonic()
    status, cases, problem, _ = run_faulty(
        "hang", tmp_path, "--kind", "legal", "--kind", "random", "--random-deals", "20"
    )
    took = time.monotonic() - started
    assert status == 1
    random_cases = [c for c in cases.values() if c["id"].startswith("random-")]
    assert len(random_cases) > 1
    assert {c["outcome"] for c in random_cases} == {"errored"}
    assert {c["outcome"] for i, c in cases.items() if i in LEGAL_CASES} == {"passed"}
    assert "since deal_random requests were given up: it timed out" in random_cases[-1]["message"]
    assert "its deal_random requests were given up (it timed out: no reply within" in problem
    assert took < 3 * TIMEOUT + 10  # one time-out and the adapter's starts (about 1 s each)
    capsys.readouterr()
