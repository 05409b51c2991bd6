"""SCP 2, the adapter protocol: message shapes, JSON-lines framing and reply validation.

Every line an adapter prints is checked against ``spec/schema/protocol.schema.json`` before the
runner looks at it, so a malformed reply is a protocol error, never a rule verdict. An adapter
whose hello says SCP 1 is read as SCP 1 wrote its replies (:data:`SCP1_OBSERVATION`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import jsonschema

from scout_ref.conformance.model.kinds import Fault, RequestType
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.model.untrusted import MAX_NAME, MAX_REPLY_TEXT, visible
from scout_ref.errors import excerpt
from scout_ref.formats import schema as _schema
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.jsonread import MAX_LINE_BYTES, JSONInputError, parse, read_file

PROTOCOL_VERSION = 2
"""The protocol the runner speaks, sent in its hello."""
PROTOCOLS = (1, 2)
"""The protocol versions the runner reads: an adapter's hello names the one it speaks."""
SCP1_OBSERVATION = ("earlier", "unseen", "deduced")
"""The keys of an observation that SCP 2 requires and SCP 1 had not: an SCP 1 adapter may leave
them out, and its observations are judged on the keys they have."""
MAX_LINE = MAX_LINE_BYTES
"""The longest line (in bytes) an adapter may print; a longer one is a flood."""

KINDS = ("deal", "legal", "apply", "score", "perft", "observe")
"""The request types an adapter may support (``observe`` is optional: chapter INFO)."""

_RESULT_SHAPE: dict[RequestType, str] = {
    "deal": "state_result",
    "deal_random": "state_result",
    "apply": "state_result",
    "legal": "legal_result",
    "score": "score_result",
    "perft": "perft_result",
    "observe": "observe_result",
}
_SCP1_SHAPE: dict[RequestType, str] = {"observe": "observe_result_scp1"}
"""The result shapes SCP 1 replies are read with, where they differ from SCP 2's."""


class ProtocolError(Exception):
    """The adapter broke the protocol: ``fault`` says how (crash, hang, not_json, ...)."""

    def __init__(self, fault: Fault, message: str, stderr_tail: str = "") -> None:
        self.fault: Fault = fault
        self.stderr_tail = stderr_tail
        self.partial = False
        """A ``hang`` after part of a reply line: it counts towards giving up on the adapter."""
        super().__init__(message)

    def describe(self) -> str:
        """The message with the fault and, when there is one, the adapter's last stderr lines."""
        text = f"protocol error ({self.fault}): {self}"
        if self.stderr_tail:
            text += "\nadapter stderr (tail):\n" + self.stderr_tail
        return text


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What an adapter says it supports (its hello's ``capabilities``)."""

    kinds: frozenset[str]
    players: frozenset[int]
    variants: bool
    features: frozenset[str] | None = None
    """The features it lists (:mod:`scout_ref.conformance.protocol.features`); None when its hello
    lists none, which stands for the defaults."""


@dataclass(frozen=True, slots=True)
class Hello:
    """The adapter's introduction."""

    name: str
    language: str
    version: str
    capabilities: Capabilities
    protocol: int = PROTOCOL_VERSION
    """The protocol version the adapter speaks (one of :data:`PROTOCOLS`)."""


@dataclass(frozen=True, slots=True)
class Result:
    """An answer; ``data`` is the whole reply object."""

    data: Message


@dataclass(frozen=True, slots=True)
class Skipped:
    """The adapter does not support the request."""

    reason: str


@dataclass(frozen=True, slots=True)
class Errored:
    """The adapter failed to answer."""

    message: str


Reply = Result | Skipped | Errored


@cache
def _validator(definition: str) -> _schema.Check:
    names = ("protocol", "state", "observation")  # a reply's state and observation by $ref
    docs: list[Any] = [read_file(spec_dir() / "schema" / f"{n}.schema.json") for n in names]
    return _schema.validator(
        {"$ref": f"{docs[0]['$id']}#/$defs/{definition}"}, _schema.registry(docs)
    )


def shape_problem(message: object, definition: str) -> str | None:
    """Why ``message`` is not a valid ``definition`` of the protocol schema, or None."""
    validator = _validator(definition)
    if validator.is_valid(message):
        return None
    error = jsonschema.exceptions.best_match(validator.iter_errors(message))
    assert error is not None, "an invalid message has an error"
    where = "".join(f"/{p}" for p in error.absolute_path) or "/"
    return f"{excerpt(where, 80)}: {excerpt(error.message)}"


def encode(message: Message) -> bytes:
    """One message as a JSON line.

    >>> encode({"type": "hello", "protocol": 2})
    b'{"type":"hello","protocol":2}\\n'
    """
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> Message:
    """The JSON object on one line of adapter output, read by the bounded reader.

    Raises:
        ProtocolError: ``not_json`` if the line is not UTF-8 JSON, ``wrong_shape`` if it is JSON
            beyond the reader's limits (nesting, integers, fractions, repeated keys) or not an
            object.

    >>> decode(b'{"id": 1, "type": "result", "moves": []}')["moves"]
    []
    >>> decode(b"moves: keep, flip")
    Traceback (most recent call last):
    ...
    scout_ref.conformance.protocol.messages.ProtocolError: the adapter printed 'moves: keep, flip'
    """
    try:
        data = parse(line, "the reply", MAX_LINE)
    except JSONInputError as exc:
        if exc.syntax:
            raise ProtocolError("not_json", f"the adapter printed {_excerpt(line)}") from None
        raise ProtocolError("wrong_shape", f"{exc.problems[0][1]}: {_excerpt(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError("wrong_shape", f"the adapter printed {_excerpt(line)}, not an object")
    return data


def _excerpt(line: bytes) -> str:
    return excerpt(repr(line.decode("utf-8", errors="replace")), 80)


_WRITTEN_CARD = re.compile(r"(?:0|[1-9][0-9]?)([/-])(?:0|[1-9][0-9]?)", re.ASCII)
"""A text written as a card: two numbers from 0 to 99, each written one way, with the slash
of a card as it lies (``7/3``) or the dash of a card's name (``3-7``)."""


def _as_box_cards(value: object) -> object:
    """``value`` with every text written as a card (:data:`_WRITTEN_CARD`) replaced by a card
    the box holds: whether a reply is malformed apart from what its cards are.

    A card with numbers no card of the box carries (``11/12``, ``0/3``, ``5/5``) is a card all
    the same, which breaks SC-COMP-01 (one card for each pair of different numbers from 1 to
    10); the schema's pattern refuses it, but the reply is judged, not refused as
    ``wrong_shape`` (spec/INTERPRETING.md, "Cards no box holds"). Text that is not written as
    a card (``1/100``, ``01/2``, ``x``) stays malformed.

    >>> _as_box_cards({"hands": [["11/12", "x"]], "captured": [["0-3"]]})
    {'hands': [['1/2', 'x']], 'captured': [['1-2']]}
    """
    if isinstance(value, str):
        written = _WRITTEN_CARD.fullmatch(value)
        return value if written is None else f"1{written[1]}2"
    if isinstance(value, list):
        return [_as_box_cards(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_box_cards(v) for k, v in value.items()}
    return value


def hello_request() -> Message:
    """The runner's first message."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION}


def read_hello(message: Message) -> Hello:
    """The adapter's hello, validated.

    Raises:
        ProtocolError: if it is not a hello of a protocol the runner reads (:data:`PROTOCOLS`).
    """
    spoken = message.get("protocol")
    if message.get("type") == "hello" and (type(spoken) is not int or spoken not in PROTOCOLS):
        raise ProtocolError(
            "hello", f"the adapter speaks protocol {excerpt(repr(spoken), 40)}, not 1 or 2"
        )
    problem = shape_problem(message, "hello_reply")
    if problem is not None:
        raise ProtocolError("hello", f"the adapter's hello is malformed at {problem}")
    caps = message["capabilities"]
    return Hello(  # the adapter's words, shown on the terminal and written to the reports
        name=visible(message["name"], MAX_NAME, lines=False),
        language=visible(message["language"], MAX_NAME, lines=False),
        version=visible(message["version"], MAX_NAME, lines=False),
        capabilities=Capabilities(
            kinds=frozenset(caps["kinds"]),
            players=frozenset(caps["players"]),
            variants=caps["variants"],
            features=frozenset(caps["features"]) if "features" in caps else None,
        ),
        protocol=message["protocol"],
    )


def read_reply(message: Message, request: Message, protocol: int = PROTOCOL_VERSION) -> Reply:
    """The adapter's reply to ``request``, validated against the protocol schema of the version
    ``protocol`` the adapter speaks.

    Raises:
        ProtocolError: if the id differs or the reply has the wrong shape for the request.
    """
    got = message.get("id")
    if type(got) is not int or got != request["id"]:  # an id is an integer: not 7.0, "7", true
        shown = excerpt(repr(got), 40)
        raise ProtocolError("wrong_id", f"reply to request {request['id']} carries id {shown}")
    result = _RESULT_SHAPE[request["type"]]
    if protocol == 1:
        result = _SCP1_SHAPE.get(request["type"], result)
    shape = {"result": result, "skipped": "skipped", "errored": "errored"}
    kind = message.get("type")
    problem = shape_problem(message, shape.get(kind, "reply") if isinstance(kind, str) else "reply")
    if problem is not None and kind == "result":  # judged if only its cards are no box's
        problem = shape_problem(_as_box_cards(message), result)  # (SC-COMP-01), else the rest
    if problem is not None:
        raise ProtocolError("wrong_shape", f"reply to a {request['type']} request: {problem}")
    match kind:
        case "skipped":
            return Skipped(visible(message["reason"], MAX_REPLY_TEXT))
        case "errored":
            return Errored(visible(message["message"], MAX_REPLY_TEXT))
        case _:
            return Result(message)
