"""The reference engine served as an SCP 2 adapter (``scout-ref adapter``).

It is the runner's default opponent and the model for adapters in other languages: read a line,
answer it from the request alone (:data:`~scout_ref.conformance.oracle.answers.REQUESTS`), print
one line, flush. This module is the framing: every line is read by the bounded reader and every
input is validated, so a line it cannot handle (not JSON, too long, too deep, not a request, or
one its engine fails on) gets an ``errored`` reply with a one-line message, never a traceback;
the id is the request's when it can be read, else null.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO

from scout_ref.conformance.oracle.answers import REQUESTS, Message
from scout_ref.errors import MalformedInputError, ScoutError, excerpt
from scout_ref.rulebook.registry import spec_version
from scout_ref.util.jsonread import MAX_LINE_BYTES, parse

HELLO: Message = {
    "type": "hello",
    "protocol": 2,  # SCP 2 (conformance.protocol.messages.PROTOCOL_VERSION)
    "name": "scout-ref",
    "language": "python",
    "version": spec_version(),
    "capabilities": {
        "kinds": ["deal", "legal", "apply", "score", "perft", "observe"],
        "players": [2, 3, 4, 5],
        "variants": True,
        "features": [
            "winners",
            "owner_exemption",
            "two_player_rules",
            "rotation",
            "rounds",
            "reasons",
            "probes",
            "removes_cards",
            "deal_random",
        ],
    },
}


def _id(request: Message) -> int | None:
    given = request.get("id")
    return given if type(given) is int and given >= 1 else None


def errored(request_id: int | None, message: str) -> Message:
    """An ``errored`` reply with a one-line message of bounded length."""
    return {"id": request_id, "type": "errored", "message": excerpt(message, 500)}


def answer(request: Message) -> Message:
    """The reply to one request: a result, or errored if the request cannot be answered."""
    if _id(request) is None:  # a result or skipped reply must carry the request's own id
        return errored(None, "a request's id is a whole number from 1")
    kind = request.get("type")
    handler = REQUESTS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return {"id": _id(request), "type": "skipped", "reason": "unknown request type"}
    try:
        return {"id": _id(request), "type": "result", **handler(request)}
    except ScoutError as exc:
        return errored(_id(request), str(exc))
    except Exception as exc:  # an adapter reports its own failures as errored, and never dies
        return errored(_id(request), f"internal error in the reference adapter: {exc!r}")


def _lines(stdin: IO[str]) -> Iterator[bytes | None]:
    """Each input line as bytes, or None for a line longer than the protocol allows.

    Standard input is read in bytes, at most one line's limit at a time, so an endless line
    costs no memory; a stream without bytes underneath (a test's, say) is read line by line.
    """
    binary: IO[bytes] | None = getattr(stdin, "buffer", None)
    if binary is None:
        for text in stdin:
            line = text.encode("utf-8", "surrogatepass")
            yield line if len(line) <= MAX_LINE_BYTES + 1 else None
        return
    while line := binary.readline(MAX_LINE_BYTES + 1):
        if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):  # skip the rest of the overlong line
            line = binary.readline(MAX_LINE_BYTES)
        yield None


def reply_to(line: bytes | None) -> Message | None:
    """The reply to one input line (None for ``bye``, which ends the session)."""
    if line is None:
        return errored(None, f"the line is longer than {MAX_LINE_BYTES} bytes")
    try:
        request = parse(line, "the request", MAX_LINE_BYTES)
    except MalformedInputError as exc:
        return errored(None, str(exc))
    if not isinstance(request, dict):
        return errored(None, "a request is a JSON object")
    if request.get("type") == "bye":
        return None
    return HELLO if request.get("type") == "hello" else answer(request)


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests line by line until ``bye`` or end of input."""
    for line in _lines(stdin):
        reply = reply_to(line)
        if reply is None:
            return 0
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
