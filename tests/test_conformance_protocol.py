"""SCP messages: framing, the hello, and reply validation against the protocol schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from scout_ref import state_to_json
from scout_ref.conformance.oracle.server import HELLO, answer
from scout_ref.conformance.protocol.messages import (
    Errored,
    ProtocolError,
    Result,
    Skipped,
    decode,
    encode,
    read_hello,
    read_reply,
    shape_problem,
)
from scout_ref.formats.position import build_state
from scout_ref.rulebook.registry import spec_dir

pytestmark = pytest.mark.rule("SC-TURN-02")

STATE = build_state(3, ["3/1 4/1 9/1", "2/8", "3/6"], active_set="5/2 6/2 7/2", owner=1)


def test_schemas_are_valid_draft_2020_12() -> None:
    for name in ("protocol", "report"):
        schema = json.loads((spec_dir() / "schema" / f"{name}.schema.json").read_text("utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)


def test_encode_writes_one_line() -> None:
    line = encode({"id": 1, "type": "legal", "state": state_to_json(STATE)})
    assert line.endswith(b"\n")
    assert line.count(b"\n") == 1
    assert decode(line[:-1])["id"] == 1


@pytest.mark.parametrize(
    ("line", "fault"),
    [
        (b"not json", "not_json"),
        (b"[1, 2]", "wrong_shape"),
        (b"\xff", "not_json"),
        (b'{"id": NaN}', "not_json"),
    ],
)
def test_decode_refuses_garbage(line: bytes, fault: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode(line)
    assert info.value.fault == fault


def test_reference_hello_is_valid() -> None:
    hello = read_hello(HELLO)
    assert hello.capabilities.players == {2, 3, 4, 5}
    assert hello.capabilities.variants


@pytest.mark.parametrize(
    "hello",
    [
        {**HELLO, "protocol": 3},
        {**HELLO, "protocol": "2"},
        {k: v for k, v in HELLO.items() if k != "capabilities"},
        {**HELLO, "capabilities": {"kinds": ["dance"], "players": [3], "variants": False}},
    ],
)
def test_bad_hello_is_a_protocol_error(hello: dict[str, object]) -> None:
    with pytest.raises(ProtocolError) as info:
        read_hello(hello)
    assert info.value.fault == "hello"


def test_reference_replies_match_the_schema() -> None:
    requests = [
        {"id": 1, "type": "legal", "state": state_to_json(STATE)},
        {"id": 2, "type": "apply", "state": state_to_json(STATE), "move": "scout L @2 + show 0-2"},
        {"id": 3, "type": "apply", "state": state_to_json(STATE), "move": "show 0-1"},
        {"id": 4, "type": "perft", "state": state_to_json(STATE), "depth": 1},
    ]
    for request in requests:
        assert shape_problem(request, "request") is None
        assert isinstance(read_reply(answer(request), request), Result)


def test_rejection_reply_carries_the_reason() -> None:
    request = {"id": 7, "type": "apply", "state": state_to_json(STATE), "move": "show 0-1"}
    reply = read_reply(answer(request), request)
    assert isinstance(reply, Result)
    assert reply.data["rejection"]["reason"] == "not_stronger"


def test_skipped_and_errored_replies() -> None:
    request = {"id": 5, "type": "score", "state": state_to_json(STATE)}
    errored = read_reply(answer(request), request)  # the round is not over
    assert isinstance(errored, Errored)
    skipped = read_reply({"id": 5, "type": "skipped", "reason": "no scoring yet"}, request)
    assert skipped == Skipped("no scoring yet")


@pytest.mark.parametrize(
    ("reply", "fault"),
    [
        ({"id": 2, "type": "result", "moves": []}, "wrong_id"),
        ({"id": 1, "type": "result", "moves": "keep"}, "wrong_shape"),
        ({"id": 1, "type": "result", "state": {}}, "wrong_shape"),
        ({"id": 1, "type": "done"}, "wrong_shape"),
    ],
)
def test_wrong_replies_are_protocol_errors(reply: dict[str, object], fault: str) -> None:
    request = {"id": 1, "type": "legal", "state": state_to_json(STATE)}
    with pytest.raises(ProtocolError) as info:
        read_reply(reply, request)
    assert info.value.fault == fault


def _with_card(where: str, text: str) -> tuple[dict[str, object], dict[str, object]]:
    """An apply request and the reference's reply, one card of the state's ``where`` (a hand,
    the active set, a captured pile) written as ``text``."""
    move = "scout L @2 + show 0-2"
    request = {"id": 2, "type": "apply", "state": state_to_json(STATE), "move": move}
    reply = answer(request)
    state = reply["state"]
    if where == "captured":
        state["captured"][0] = [text.replace("/", "-"), *state["captured"][0]]
    else:
        row = state["hands"][0] if where == "hand" else state["active_set"]
        row[0] = text
    return request, reply


@pytest.mark.rule("SC-COMP-01")
@pytest.mark.parametrize("where", ["hand", "active_set", "captured"])
@pytest.mark.parametrize("text", ["11/12", "0/3", "99/1", "10/11", "5/5"])
def test_a_card_with_numbers_no_box_holds_is_judged_not_refused(where: str, text: str) -> None:
    """Written as a card (two numbers 0 to 99, each written one way) but with numbers no card
    of the box carries: the reply is read, and judged (SC-COMP-01), as 5/5 always was; the
    schema's card pattern alone would call it wrong_shape."""
    request, reply = _with_card(where, text)
    assert isinstance(read_reply(reply, request), Result)


@pytest.mark.parametrize("where", ["hand", "active_set", "captured"])
@pytest.mark.parametrize("text", ["1/100", "01/2", "x/y", "\u0662/7", "1/2 ", "3", "1//2", "-1/2"])
def test_text_that_is_no_card_stays_a_malformed_reply(where: str, text: str) -> None:
    request, reply = _with_card(where, text)
    with pytest.raises(ProtocolError) as info:
        read_reply(reply, request)
    assert info.value.fault == "wrong_shape"


def test_a_card_with_impossible_numbers_does_not_hide_another_fault() -> None:
    request, reply = _with_card("hand", "11/12")
    reply["state"]["turn"] = "first"  # type: ignore[index]
    with pytest.raises(ProtocolError, match="turn"):
        read_reply(reply, request)


def test_bad_request_gets_a_one_line_errored_reply() -> None:
    reply = answer({"id": 9, "type": "legal", "state": {"players": 7}})
    assert reply["type"] == "errored"
    assert "\n" not in reply["message"]


@pytest.mark.rule("SC-INFO-04")
def test_observe_reply_is_the_reference_observation() -> None:
    request = {"id": 3, "type": "observe", "state": state_to_json(STATE), "moves": ["scout L @1"]}
    request["seat"] = 2
    assert shape_problem(request, "request") is None
    reply = read_reply(answer(request), request)
    assert isinstance(reply, Result)
    assert reply.data["observation"]["public"]["hands"][0] == [None, "5/2", None, None]


@pytest.mark.parametrize(
    ("moves", "seat", "detail"),
    [
        (["show 0-0"], 0, "illegal move 'show 0-0'"),
        (["scout L @1"], 5, "seat must be a seat"),
        ("scout L @1", 0, "moves must be a list"),
    ],
)
def test_bad_observe_request_gets_a_one_line_errored_reply(
    moves: object, seat: int, detail: str
) -> None:
    reply = answer(
        {"id": 4, "type": "observe", "state": state_to_json(STATE), "moves": moves, "seat": seat}
    )
    assert reply["type"] == "errored"
    assert detail in reply["message"]
    assert "\n" not in reply["message"]


@pytest.mark.rule("SC-INFO-05")
def test_an_observe_request_whose_earlier_round_is_not_over_is_errored() -> None:
    reply = answer(
        {
            "id": 5,
            "type": "observe",
            "state": state_to_json(STATE),
            "moves": [],
            "seat": 0,
            "earlier": [{"state": state_to_json(STATE), "moves": []}],
        }
    )
    assert reply["type"] == "errored"
    assert "round_over" in reply["message"]
