"""Whatever an adapter sends, the runner judges the case, keeps the report and escapes its words.

The property test drives the runner in process through one small case of every vector kind
(so every reply kind: deal and apply states, legal lists, scores, perft counts, observations,
skipped and errored), with an adapter that answers like the reference except that one reply is
turned into a near miss: a boolean or a string where an integer belongs, null, a number where a
card belongs, a huge array, a missing or extra key, hostile text. Whatever it sends, the case
gets a verdict (never a Python exception, never "invalid vectors"); a reply the protocol
schema refuses is never passed; and the report, the JUnit file and the terminal output are
written, well formed and free of the adapter's control characters.
"""

from __future__ import annotations

import copy
import io
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, cast

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.judge.runner import load_cases, run_case
from scout_ref.conformance.model import untrusted
from scout_ref.conformance.model.kinds import VECTOR_KINDS
from scout_ref.conformance.model.outcomes import Case, CaseResult, Message, Outcome
from scout_ref.conformance.oracle.server import HELLO, answer
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import (
    ProtocolError,
    Reply,
    decode,
    encode,
    read_hello,
    read_reply,
    shape_problem,
)
from scout_ref.conformance.report.documents import Run, to_json, write_junit
from scout_ref.conformance.report.text import print_report
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.rulebook.registry import spec_dir

pytestmark = pytest.mark.rule

HOSTILE_TEXT = [
    "\x1b[2J\x1b]0;owned\x07",  # clear the screen, retitle the terminal
    "\x1b[31mFAIL\x1b[0m",  # fake colours
    "ok\u202e)desrever(",  # a bidirectional override
    "]]><x/>\x00\x0b\ufffe",  # the end of a CDATA section, characters XML cannot hold
    "<failure message='fake'/>&amp;",
    "\u0662/7",  # an Arabic-Indic digit in a card
    "6/4\n",
    "x" * 30_000,
]
NEAR_MISSES: list[object] = [
    True,
    False,
    None,
    -1,
    0,
    2**53 - 1,
    "7",
    "",
    6,
    [],
    {},
    [None],
    *HOSTILE_TEXT,
]
"""Values put in place of one value of a correct reply."""

_SHAPES = {
    "deal": "state_result",
    "apply": "state_result",
    "legal": "legal_result",
    "score": "score_result",
    "perft": "perft_result",
    "observe": "observe_result",
}


@cache
def sample_cases() -> dict[str, Case]:
    """The smallest shipped case of every kind."""
    smallest: dict[str, Case] = {}
    for case in load_cases(vectors_dir()):
        size = len(json.dumps(case.data))
        if case.kind not in smallest or size < len(json.dumps(smallest[case.kind].data)):
            smallest[case.kind] = case
    return smallest


def pointers(value: object, where: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in ``value``, the root first."""
    found = [where]
    if isinstance(value, dict):
        for key in value:
            found += pointers(value[key], (*where, key))
    elif isinstance(value, list):
        for k, item in enumerate(value[:6]):  # a few items of each list are enough
            found += pointers(item, (*where, k))
    return found


def changed(reply: Message, where: tuple[object, ...], how: str, value: object) -> object:
    """``reply`` with the value at ``where`` replaced by ``value``, dropped, doubled into a huge
    list, or given an extra key."""
    if not where:
        return value if how == "replace" else [reply]
    whole: Any = copy.deepcopy(reply)
    parent = whole
    for key in where[:-1]:
        parent = parent[key]
    last = where[-1]
    match how:
        case "replace":
            parent[last] = value
        case "drop" if isinstance(parent, dict):
            del parent[last]
        case "huge":
            parent[last] = [parent[last]] * 1_000
        case _:
            parent[last] = {"extra": value} if isinstance(parent[last], dict) else value
    return whole


class NearMissAdapter:
    """The reference adapter, with the reply to request number ``target`` changed by ``change``
    (it must then be sent as a JSON line and read back, as a real adapter's would)."""

    def __init__(self, target: int, change: Callable[[Message], object]) -> None:
        self.hello = read_hello(HELLO)
        self.target = target
        self.change = change
        self.sent: list[tuple[object, str | None]] = []  # each changed reply, why it is refused
        self.count = 0

    def request(self, kind: str, **fields: object) -> Reply:
        self.count += 1
        request: Message = {"id": self.count, "type": kind, **fields}
        reply: object = answer(request)
        if self.count == self.target:
            reply = self.change(cast(Message, reply))
            self.sent.append((reply, refusal(reply, request)))
        return read_reply(decode(encode(cast(Message, reply))), request)


def refusal(reply: object, request: Message) -> str | None:
    """Why the protocol schema refuses ``reply`` to ``request``, or None."""
    if not isinstance(reply, dict):
        return "not an object"
    if type(reply.get("id")) is not int or reply.get("id") != request["id"]:
        return "wrong id"
    shape = {"result": _SHAPES[request["type"]], "skipped": "skipped", "errored": "errored"}
    kind = reply.get("type")
    return shape_problem(reply, shape.get(kind, "reply") if isinstance(kind, str) else "reply")


@cache
def report_validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((spec_dir() / "schema" / "report.schema.json").read_text("utf-8"))
    return jsonschema.Draft202012Validator(schema)


def assert_reported(result: CaseResult, tmp: Path, *, terminal: bool = True) -> None:
    """The report and the JUnit file are written and well formed, and the terminal output
    (the whole table when ``terminal``, else the failure lines it prints) holds no escape."""
    run = Run(["hostile"], read_hello(HELLO), "reason", [result], [], 0, False)
    report_validator().validate(json.loads(json.dumps(to_json(run))))
    junit = tmp / "junit.xml"
    write_junit(run, junit)
    ET.parse(junit)  # raises on malformed XML
    shown = result.message
    if terminal:
        console = Console(file=io.StringIO(), width=100)
        print_report(run, console)
        shown = cast(io.StringIO, console.file).getvalue()
    assert "\x1b" not in shown
    assert "\u202e" not in shown
    assert len(result.message) < untrusted.MAX_MESSAGE + 100


CHANGES = st.tuples(
    st.sampled_from(["replace", "replace", "drop", "huge", "extra"]),
    st.sampled_from(NEAR_MISSES),
)


@pytest.mark.parametrize("kind", VECTOR_KINDS)
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_reply_crashes_the_runner_or_passes_when_refused(
    kind: str, data: st.DataObject, tmp_path: Path
) -> None:
    case = sample_cases()[kind]
    how, value = data.draw(CHANGES, label="change")
    target = data.draw(st.integers(min_value=1, max_value=3), label="request")

    def change(reply: Message) -> object:
        where = data.draw(st.sampled_from(pointers(reply)), label="where")
        return changed(reply, where, how, value)

    adapter = NearMissAdapter(target, change)
    result = run_case(Context(cast(Adapter, adapter)), case)
    refused = [why for _, why in adapter.sent if why is not None]
    if refused:
        assert result.outcome is Outcome.ERRORED, (refused, result)
        assert result.fault in ("wrong_shape", "wrong_id", "not_json")
    assert_reported(result, tmp_path, terminal=False)


@pytest.mark.parametrize(
    ("kind", "where", "value"),
    [
        ("apply", ("state", "hands", 0, 0), 64),  # a card given as an integer
        ("apply", ("state", "hands", 0, 0), "6-4"),  # a malformed card
        ("apply", ("state", "hands", 0), None),  # null cards
        ("apply", ("state", "scores"), ["0", "0", "0"]),  # string scores
        ("apply", ("state", "turn"), True),  # a boolean for an integer
        ("deal", ("state", "scout_chips", 0), False),
        ("observe", ("observation", "seat"), True),
        ("observe", ("observation", "hand", 0), None),  # a null card in the seat's hand
        ("score", ("totals", 0), True),
        ("perft", ("nodes",), True),
    ],
)
def test_the_issues_replies_are_protocol_errors_of_their_case(
    kind: str, where: tuple[object, ...], value: object, tmp_path: Path
) -> None:
    case = sample_cases()[kind]
    if where[:3] == ("state", "hands", 0) and kind == "apply":
        case = next(c for c in load_cases(vectors_dir()) if c.id == "apply-show-3p-first-of-round")
    adapter = NearMissAdapter(1, lambda reply: changed(reply, where, "replace", value))
    result = run_case(Context(cast(Adapter, adapter)), case)
    assert (result.outcome, result.fault) == (Outcome.ERRORED, "wrong_shape"), result
    assert_reported(result, tmp_path)


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_an_adapters_words_reach_no_output_raw(text: str, tmp_path: Path) -> None:
    hello = read_hello({**HELLO, "name": text, "language": text, "version": text})
    assert "\x1b" not in hello.name
    assert "\x00" not in hello.name
    assert len(hello.name) <= untrusted.MAX_NAME + 40
    case = sample_cases()["legal"]
    replies: list[Message] = [
        {"type": "errored", "message": text},
        {"type": "skipped", "reason": text},
        {"type": "result", "moves": ["keep", text]},
    ]
    results = [
        run_case(Context(cast(Adapter, NearMissAdapter(1, answered(reply)))), case)
        for reply in replies
    ]
    assert [r.outcome for r in results] == [Outcome.ERRORED, Outcome.SKIPPED, Outcome.FAILED]
    run = Run(["x"], hello, "reason", results, [], 0, False)
    report_validator().validate(json.loads(json.dumps(to_json(run))))
    write_junit(run, tmp_path / "junit.xml")
    ET.parse(tmp_path / "junit.xml")
    console = Console(file=io.StringIO(), width=100)
    print_report(run, console)
    shown = cast(io.StringIO, console.file).getvalue()
    assert "\x1b" not in shown
    assert "\x00" not in shown


def answered(reply: Message) -> Callable[[Message], object]:
    """A change that answers ``reply`` (with the request's id) instead."""
    return lambda request: {"id": request["id"], **reply}


def test_visible_escapes_every_hidden_character_and_caps_length() -> None:
    assert untrusted.visible("a\x1b[2J\u202eb\x00", lines=False) == "a\\x1b[2J\\u202eb\\x00"
    assert untrusted.visible("two\nlines") == "two\nlines"
    assert untrusted.visible("two\nlines", lines=False) == "two\\x0alines"
    assert len(untrusted.visible("x" * 100_000, 50)) < 100
    assert untrusted.xml_safe("a\x00\x1b\ud800\ufffe\n") == "a\ufffd\ufffd\ufffd\ufffd\n"


@pytest.mark.parametrize("nulled", ["apply", "legal", "deal", "score"])
def test_a_null_in_a_fuzz_reply_is_a_protocol_error_of_that_game(nulled: str) -> None:
    """Issue 24: a ``null`` card in fuzz was an internal error."""

    def null_first(reply: Message) -> object:
        for key in ("state", "moves", "totals"):
            if key in reply:
                inner = reply[key]
                target = inner["hands"] if key == "state" else inner
                if target:
                    target[0] = None
        return reply

    class OneKind(NearMissAdapter):
        def request(self, kind: str, **fields: object) -> Reply:
            self.target = self.count + 1 if kind == nulled else -1
            return super().request(kind, **fields)

    ctx = Context(cast(Adapter, OneKind(-1, null_first)))
    result = fuzz_game(ctx, 3, "1")
    assert (result.outcome, result.fault) == (Outcome.ERRORED, "wrong_shape"), result


def test_a_rejected_apply_while_bisecting_perft_is_said_so() -> None:
    """The runner's last request of a bisection may be answered by a rejection: it is reported
    as one, with the adapter's reason escaped, not as a state missing every key."""

    def change(reply: Message) -> object:
        if reply.get("divide"):
            first = next(iter(reply["divide"]))
            reply["divide"][first] += 1
            reply["nodes"] += 1
            return reply
        return {"id": reply["id"], "type": "result", "rejection": {"reason": "\x1b[2Jno"}}

    class PerftThenApply(NearMissAdapter):
        def request(self, kind: str, **fields: object) -> Reply:
            self.target = self.count + 1 if kind == "apply" or self.count == 0 else -1
            return super().request(kind, **fields)

    result = run_case(Context(cast(Adapter, PerftThenApply(1, change))), sample_cases()["perft"])
    assert result.outcome is Outcome.FAILED
    assert "was rejected ('\\x1b[2Jno') though it is legal" in result.message
    assert "<missing>" not in result.message


@settings(max_examples=60)
@given(data=st.data())
def test_a_near_miss_hello_is_refused_or_read_never_a_crash(data: st.DataObject) -> None:
    how, value = data.draw(CHANGES, label="change")
    where = data.draw(st.sampled_from(pointers(HELLO)), label="where")
    hello = changed(HELLO, where, how, value)
    refused = not isinstance(hello, dict) or shape_problem(hello, "hello_reply") is not None
    try:
        read = read_hello(decode(encode(cast(Message, hello))))
    except ProtocolError as exc:
        fault = exc.fault
    else:
        assert not refused
        assert "\x1b" not in read.name + read.language + read.version
        return
    assert fault in ("hello", "wrong_shape", "not_json")
