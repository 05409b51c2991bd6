"""The reference adapter answers every line, hostile or not, and never dies.

Whatever line it gets, ``scout-ref adapter`` prints one reply valid against the protocol
schema (``errored`` when it cannot handle the line, with the request's id when it can be read)
and goes on reading; the runner's decoder likewise refuses hostile replies only with a
:class:`~scout_ref.conformance.protocol.messages.ProtocolError`.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref.conformance.oracle.server import reply_to
from scout_ref.conformance.protocol.messages import ProtocolError, decode, shape_problem
from scout_ref.util.jsonread import MAX_LINE_BYTES
from tests.hostile import fragments, hostile_texts, states_with_hostile_fields
from tests.sources import defined, importers, trees

pytestmark = pytest.mark.rule("SC-TURN-02")

KINDS = ["deal", "legal", "apply", "score", "perft", "hello", "nonsense"]


def test_the_reference_answers_come_from_one_oracle() -> None:
    """Perft, scores and observations are computed in ``oracle/answers.py`` alone, for the
    server, the vectors' builder, blame and fuzzing; the server only frames the answers."""
    oracle = "scout_ref/conformance/oracle/answers.py"
    for name in ("divide", "score_to_json", "observation_to_json"):
        assert importers(name, "scout_ref/conformance") == [oracle], name
    for name in ("REQUESTS", "expectation", "history_of", "perft_answer"):
        assert defined(name, "scout_ref/conformance") == [oracle], name
    server = trees()["scout_ref/conformance/oracle/server.py"]
    imported = {n.module for n in ast.walk(server) if isinstance(n, ast.ImportFrom)}
    assert not {m for m in imported if m and m.startswith(FRAMED_OFF)}, imported


FRAMED_OFF = ("scout_ref.engine", "scout_ref.analysis", "scout_ref.formats")
"""What the server does not import: the answers are the oracle's."""


def request_line(kind: str, field: str, fragment: str, request_id: str) -> bytes:
    """A request whose ``field`` holds ``fragment`` (text, possibly hostile)."""
    text = f'{{"id":{request_id},"type":"{kind}","{field}":{fragment},"move":"keep","depth":1}}'
    return text.encode("utf-8", errors="surrogatepass")


def check_reply(reply: dict[str, object] | None) -> None:
    assert reply is not None
    if reply["type"] != "hello":
        assert shape_problem(reply, "reply") is None, reply
    assert len(json.dumps(reply)) < 5_000 or reply["type"] == "result"


@given(st.one_of(hostile_texts(), states_with_hostile_fields()))
def test_any_line_gets_a_reply(text: str) -> None:
    check_reply(reply_to(text.encode("utf-8", errors="surrogatepass")))


@given(
    kind=st.sampled_from(KINDS),
    field=st.sampled_from(["state", "input"]),
    fragment=st.one_of(fragments(), states_with_hostile_fields()),
    request_id=st.sampled_from(["1", "7.0", '"7"', "-1", "true", "null", "99999999999999999999"]),
)
def test_any_request_gets_a_reply(kind: str, field: str, fragment: str, request_id: str) -> None:
    check_reply(reply_to(request_line(kind, field, fragment, request_id)))


def test_the_request_id_is_kept_when_it_can_be_read() -> None:
    reply = reply_to(b'{"id": 4, "type": "legal", "state": {"players": 7}}')
    assert reply is not None
    assert (reply["id"], reply["type"]) == (4, "errored")
    assert reply_to(b'{"id": 4.0, "type": "legal"}') == {
        "id": None,
        "type": "errored",
        "message": "invalid JSON: the request: 4.0: numbers are integers, with no fraction "
        "or exponent",
    }


def test_the_adapter_process_survives_hostile_lines() -> None:
    lines = [
        b"[" * 100_000 + b"]" * 100_000,
        b"x" * (MAX_LINE_BYTES + 10),
        b'{"id": 1, "type": ["x"]}',
        b'{"id": 2, "type": "perft", "state": {}, "depth": "x"}',
        b"\xff\xfe",
        b'{"type": "hello", "protocol": 1}',
    ]
    done = subprocess.run(
        [sys.executable, "-m", "scout_ref", "adapter"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert done.stderr == b""
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    kinds = ["errored", "errored", "skipped", "errored", "errored", "hello"]
    assert [r["type"] for r in replies] == kinds
    assert [r["id"] for r in replies[:5]] == [None, None, 1, 2, None]


@given(st.one_of(hostile_texts(), states_with_hostile_fields()))
def test_the_runner_refuses_hostile_replies_as_protocol_errors(text: str) -> None:
    fault, message = "not_json", ""
    try:
        decode(text.encode("utf-8", errors="surrogatepass"))
    except ProtocolError as exc:
        fault, message = exc.fault, str(exc)
    assert fault in ("not_json", "wrong_shape")
    assert len(message) < 1_000
