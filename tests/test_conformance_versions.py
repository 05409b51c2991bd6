"""SCP versions and fault isolation per request kind.

An adapter written for SCP 1 (its hello says protocol 1; its observations have no ``earlier``,
``unseen`` or ``deduced``) is still read: its observations are judged on the keys they have,
and the cases that need SCP 2 say so. An adapter whose replies of one kind keep breaking the
protocol loses that kind only: its remaining cases are errored, named as the adapter's fault,
the report says which kind was given up and why, and every other kind is judged.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.conformance.oracle.server import HELLO, answer
from scout_ref.conformance.process.adapter import Adapter, KindGivenUp, Limits
from scout_ref.conformance.protocol.messages import (
    PROTOCOL_VERSION,
    ProtocolError,
    Result,
    hello_request,
    read_hello,
    read_reply,
)
from scout_ref.engine.setup import new_game
from scout_ref.formats.state_json import state_to_json

REPO = Path(__file__).parent.parent
SCP1 = f"{sys.executable} -m tests.adapters.scp1"

pytestmark = pytest.mark.rule("SC-TURN-02")


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def _observe_request() -> dict[str, object]:
    return {
        "id": 1,
        "type": "observe",
        "state": state_to_json(new_game(3, seed=1)),
        "moves": [],
        "seat": 0,
    }


def test_the_runner_speaks_scp2_and_reads_an_scp1_hello() -> None:
    assert hello_request() == {"type": "hello", "protocol": 2}
    assert PROTOCOL_VERSION == 2
    assert read_hello(HELLO).protocol == 2
    assert read_hello({**HELLO, "protocol": 1}).protocol == 1


def test_an_scp1_observation_may_leave_out_the_keys_scp2_added() -> None:
    request = _observe_request()
    reply = answer(request)
    old = {
        k: v for k, v in reply["observation"].items() if k not in ("earlier", "unseen", "deduced")
    }
    message = {**reply, "observation": old}
    assert isinstance(read_reply(message, request, protocol=1), Result)
    with pytest.raises(ProtocolError, match="'earlier' is a required property"):
        read_reply(message, request)
    assert isinstance(read_reply(reply, request, protocol=1), Result)  # all keys: still read


def _conform(tmp_path: Path, adapter: str, *options: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    status = main(["conform", "--adapter", adapter, "--report", str(tmp_path), "--quiet", *options])
    return status, json.loads((tmp_path / "report.json").read_text("utf-8"))


@pytest.mark.rule("SC-INFO-05", "SC-INFO-08")
def test_an_scp1_adapter_is_judged_on_what_its_observations_have(tmp_path: Path) -> None:
    status, report = _conform(tmp_path, SCP1, "--kind", "observe")
    assert status == 0
    assert report["protocol"] == 1
    outcomes = {c["outcome"] for c in report["cases"]}
    assert outcomes == {"passed", "not_applicable"}
    for case in report["cases"]:
        if case["outcome"] == "not_applicable":
            assert "SCP 2" in case["message"], case["id"]
            assert "earlier" in case["message"] or "SC-INFO-08" in case["message"]
        else:
            assert "not compared: earlier, unseen, deduced" in case["message"]


def test_a_kind_that_keeps_breaking_the_protocol_is_given_up_alone(tmp_path: Path) -> None:
    """An adapter that says SCP 2 but answers observe as SCP 1 did: 5 malformed replies in a
    row give up its observe requests; the legal cases are all judged."""
    status, report = _conform(tmp_path, f"{SCP1} claims2", "--kind", "observe", "--kind", "legal")
    assert status == 1
    by_kind: dict[str, set[str]] = {}
    for case in report["cases"]:
        by_kind.setdefault(case["kind"], set()).add(case["outcome"])
    assert by_kind == {"legal": {"passed"}, "observe": {"errored"}}
    faults = [c["fault"] for c in report["cases"] if c["kind"] == "observe"]
    assert faults[:5] == ["wrong_shape"] * 5
    assert set(faults[5:]) == {"broken"}
    given_up = [c["message"] for c in report["cases"] if c["fault"] == "broken"]
    assert all("observe requests were given up" in m for m in given_up)
    problem = report["adapter_problem"]
    assert (
        "its observe requests were given up (5 failures in a row, the last wrong_shape" in problem
    )
    assert "given up after failing repeatedly" not in problem  # the adapter itself was not


GARBAGE = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    r = json.loads(line)\n"
    "    if r['type'] == 'bye': break\n"
    f"    print(json.dumps({HELLO!r}) if r['type'] == 'hello' else 'nonsense', flush=True)\n"
)


def test_failures_in_a_row_of_several_kinds_give_the_adapter_up() -> None:
    adapter = Adapter([sys.executable, "-c", GARBAGE], Limits(max_failures=3, backoff=0.01))
    request = _observe_request()
    fields = {k: v for k, v in request.items() if k not in ("id", "type")}
    try:
        for _ in range(2):
            with pytest.raises(ProtocolError):
                adapter.request("observe", **fields)
        before = adapter.broken
        with pytest.raises(ProtocolError):
            adapter.request("legal", state=fields["state"])
        assert (before, adapter.broken) == (False, True)
        assert not adapter.given_up
    finally:
        adapter.close()


def test_failures_of_one_kind_give_up_that_kind_and_not_the_adapter() -> None:
    adapter = Adapter([sys.executable, "-c", GARBAGE], Limits(max_failures=3, backoff=0.01))
    fields = {k: v for k, v in _observe_request().items() if k not in ("id", "type")}
    try:
        for _ in range(3):
            with pytest.raises(ProtocolError) as info:
                adapter.request("observe", **fields)
            assert info.value.fault == "not_json"
        assert not adapter.broken
        assert list(adapter.given_up) == ["observe"]
        with pytest.raises(KindGivenUp, match="observe requests were given up") as given:
            adapter.request("observe", **fields)
        assert given.value.fault == "broken"
    finally:
        adapter.close()
