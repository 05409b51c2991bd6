"""Campaigns on a Dask cluster (``scout_ref.analysis.distribute``): the same results as one process.

A scheduler and two workers are started as processes on the loopback address, as on a real
cluster (:func:`scout_ref.analysis.distribute.local_cluster`), once for the module.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from scout_ref.analysis.distribute import ClusterError, _start, local_cluster, map_jobs
from scout_ref.checks.verify import vector_states, verify
from scout_ref.cli import main
from scout_ref.conformance import api
from scout_ref.conformance.fuzz.games import fuzz
from scout_ref.rulebook.registry import spec_dir

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
def test_an_unreachable_scheduler_is_one_line_within_the_time_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("scout_ref.analysis.distribute.SCHEDULER_TIMEOUT", 2.0)
    with pytest.raises(ClusterError, match="no Dask scheduler answered"):
        list(map_jobs(abs, [1], scheduler="tcp://127.0.0.1:9"))


@pytest.fixture
def silent_peer() -> Iterator[str]:
    """The address of a peer that accepts connections and never says a word."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(0.2)
        accepted: list[socket.socket] = []
        stop = threading.Event()

        def accept() -> None:
            while not stop.is_set():
                with contextlib.suppress(OSError):
                    accepted.append(server.accept()[0])

        thread = threading.Thread(target=accept, daemon=True)
        thread.start()
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()


@pytest.mark.rule
def test_a_silent_scheduler_ends_the_run_within_the_time_out(
    silent_peer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scout_ref.analysis.distribute.SCHEDULER_TIMEOUT", 2.0)
    started = time.monotonic()
    with pytest.raises(ClusterError, match=r"time-out 2 s"):
        list(map_jobs(abs, [1], scheduler=silent_peer))
    assert time.monotonic() - started < 10


@pytest.mark.rule
@pytest.mark.parametrize(
    "address",
    [
        "",
        " ",
        "garbage",
        "tcp://host:port",
        "tcp://host:99999",
        "inproc://x",
        "tls://h:8786",
        "ucx://h:1",
        "file:///tmp/s",
        "tcp://",
        "h:1 ; rm -rf /",
        "tcp://h:8786/x",
    ],
)
@pytest.mark.parametrize("command", ["verify", "conform"])
def test_an_address_that_is_no_tcp_address_is_refused_at_once(
    address: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = (
        ["--depth", "0", "--from", "3p hands 3/1 | 2/1 | 4/1"]
        if command == "verify"
        else ["--fuzz", "1"]
    )
    started = time.monotonic()
    assert main([command, "--scheduler", address, *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: invalid --scheduler"), err
    assert len(err.splitlines()) == 1, err
    assert time.monotonic() - started < 5


@pytest.fixture
def doomed_scheduler(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A scheduler of its own with one worker, for a test to kill: its address and process."""
    where = tmp_path / "scheduler.json"
    at = ("--host", "127.0.0.1")
    scheduler = _start("dask_scheduler", *at, "--port", "0", "--scheduler-file", str(where))
    worker = _start("dask_worker", "--scheduler-file", str(where), "--nthreads", "1", *at)
    try:
        deadline = time.monotonic() + 120
        while not where.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        yield str(json.loads(where.read_text("utf-8"))["address"]), scheduler
    finally:
        for process in (worker, scheduler):
            process.kill()
            process.wait()


@pytest.mark.rule
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_a_scheduler_that_dies_mid_run_is_one_error_without_a_traceback(
    doomed_scheduler: tuple[str, subprocess.Popen[bytes]],
    signum: signal.Signals,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Killed (no goodbye) or stopped (it closes its connections): the wait for the next task
    ends with one ClusterError, and nothing of Dask's reaches stderr."""
    address, scheduler = doomed_scheduler
    results = map_jobs(time.sleep, [0.2] * 200, scheduler=address)
    assert next(results) is None  # the run has started: a task came back
    scheduler.send_signal(signum)
    started = time.monotonic()
    with pytest.raises(ClusterError, match="was lost"):
        list(results)
    assert time.monotonic() - started < 60
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.rule
def test_a_cluster_that_fails_mid_run_leaves_a_partial_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The games played before the cluster failed are reported, the report says it is
    partial (report.json's ``partial``, the text's "partial report"), and the run ends in one
    error line with status 2. (The cluster is stood in for: one game is played here, then the
    cluster fails as ``map_jobs`` says it does.)"""

    def cluster_that_fails(
        ctx: object,
        games: int,
        seed: int,
        scheduler: str,
        out: list[object],
        *,
        ids: object = (),
        own_deal: bool = False,
    ) -> None:
        fuzz(ctx, 1, seed, out)  # type: ignore[arg-type]
        raise ClusterError(f"the connection to the scheduler at {scheduler} was lost")

    monkeypatch.setattr(api, "fuzz_on_cluster", cluster_that_fails)
    command = ["conform", "--kind", "fuzz", "--fuzz", "8", "--seed", "2"]
    junit = tmp_path / "junit.xml"
    status = main(
        [
            *command,
            "--scheduler",
            "tcp://127.0.0.1:9",
            "--report",
            str(tmp_path),
            "--junit",
            str(junit),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 2
    assert err.splitlines() == [
        "error: the connection to the scheduler at tcp://127.0.0.1:9 was lost; the report is"
        " partial"
    ]
    assert "partial report: the connection to the scheduler" in out
    again = next(x for x in out.splitlines() if x.endswith("# the whole run again"))
    words = shlex.split(again.split("  # ")[0])
    assert words[words.index("conform") :] == [*command, "--scheduler", "tcp://127.0.0.1:9"]
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    schema = json.loads((spec_dir() / "schema" / "report.schema.json").read_text("utf-8"))
    jsonschema.validate(report, schema)
    assert report["partial"].startswith("the connection to the scheduler")
    assert report["interrupted"] is None
    assert report["conformant"] is False
    assert [c["outcome"] for c in report["cases"]] == ["passed"]
    suite = ET.parse(junit).getroot()[0]
    assert suite.find("properties/property[@name='partial']").get("value") == report["partial"]  # type: ignore[union-attr]


@pytest.mark.rule
def test_verify_says_what_it_verified_before_the_cluster_failed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The counterexamples found are printed as they come; a cluster that fails then gets a
    ``partial:`` line of what was verified, and one error line (the cluster stood in for)."""
    import scout_ref.cli.commands.verify as command  # noqa: PLC0415 - the module patched

    def fails_after_one(roots: object, depth: int, *rest: object) -> Iterator[object]:
        yield next(iter(verify(roots, depth)))  # type: ignore[arg-type]
        raise ClusterError("the connection to the scheduler at tcp://h:1 was lost")

    monkeypatch.setattr(command, "verify", fails_after_one)
    assert main(["verify", "--depth", "0", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("partial: depth 0 from 1 of "), out
    assert err == "error: the connection to the scheduler at tcp://h:1 was lost\n"
