"""The reference engine served as an SCP 1 adapter (``scout-ref adapter``).

It is the runner's default opponent and the model for adapters in other languages: read a line,
answer it from the request alone, print one line, flush. Every input is validated, so a bad
request gets an ``errored`` reply with a one-line message, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from collections.abc import Callable
from typing import IO, Any

from scout_ref._serialize import deal_from_json, score_to_json
from scout_ref.errors import IllegalMoveError, MalformedInputError
from scout_ref.information import History, observation
from scout_ref.notation import parse_move
from scout_ref.perft import divide
from scout_ref.registry import spec_version
from scout_ref.state import Phase, Seat, State
from scout_ref.turn import apply_move, legal_moves

Message = dict[str, Any]

HELLO: Message = {
    "type": "hello",
    "protocol": 1,
    "name": "scout-ref",
    "language": "python",
    "version": spec_version(),
    "capabilities": {
        "kinds": ["deal", "legal", "apply", "score", "perft", "observe"],
        "players": [2, 3, 4, 5],
        "variants": True,
    },
}


_KNOWN: OrderedDict[str, State] = OrderedDict()
"""States recently read or produced, by canonical text: a runner replaying a trace sends each
state the adapter produced straight back, and the engine's own output needs no re-validation."""
KNOWN_STATES = 256


def _key(data: object) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _remember(key: str, state: State) -> State:
    _KNOWN[key] = state
    _KNOWN.move_to_end(key)
    if len(_KNOWN) > KNOWN_STATES:
        _KNOWN.popitem(last=False)
    return state


def load_state(data: object) -> State:
    """A validated state (served from the recent states when it is one of them).

    Raises:
        MalformedInputError: if ``data`` is not a valid state.
    """
    key = _key(data)
    known = _KNOWN.get(key)
    return known if known is not None else _remember(key, State.from_json(data))


def dump_state(state: State) -> Message:
    """The JSON of a state the adapter answers with, remembered for the next request."""
    data = state.to_json()
    _remember(_key(data), state)
    return data


def _bad(what: str, message: str) -> MalformedInputError:
    return MalformedInputError(what, [("", message)])


def perft_answer(state: State, depth: int) -> tuple[int, dict[str, int]]:
    """perft and divide together (divide is empty at depth 0, where perft is 1)."""
    if depth == 0:
        return 1, {}
    split = divide(state, depth)
    return sum(split.values()), split


def score(state: State) -> Message:
    """The score breakdown of the round ``state`` has ended, the totals and the winners."""
    if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        raise _bad("score request", f"the round is not over (phase {state.phase.value})")
    return score_to_json(state)


def _apply(request: Message) -> Message:
    state = load_state(request.get("state"))
    move = parse_move(str(request.get("move")))
    try:
        return {"state": dump_state(apply_move(state, move))}
    except IllegalMoveError as exc:
        rejection = exc.rejection
        return {"rejection": {"reason": rejection.reason.value, "detail": str(rejection)}}


def _perft(request: Message) -> Message:
    depth = request.get("depth")
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise _bad("perft request", "depth must be a whole number")
    nodes, split = perft_answer(load_state(request.get("state")), depth)
    return {"nodes": nodes, "divide": split}


def _observe(request: Message) -> Message:
    seat = request.get("seat")
    moves = request.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _bad("observe request", "moves must be a list of moves in canonical notation")
    start = load_state(request.get("state"))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < start.players:
        raise _bad("observe request", f"seat must be a seat of the {start.players} players")
    try:
        history = History.replay(start, map(parse_move, moves))
    except IllegalMoveError as exc:
        raise _bad("observe request", str(exc)) from None
    return {"observation": observation(history, Seat(seat)).to_json()}


_HANDLERS: dict[str, Callable[[Message], Message]] = {
    "deal": lambda r: {"state": dump_state(deal_from_json(r.get("input")))},
    "legal": lambda r: {"moves": [str(m) for m in legal_moves(load_state(r.get("state")))]},
    "apply": _apply,
    "score": lambda r: score(load_state(r.get("state"))),
    "perft": _perft,
    "observe": _observe,
}


def answer(request: Message) -> Message:
    """The reply to one request: a result, or errored if the request cannot be read."""
    handler = _HANDLERS.get(request.get("type", ""))
    if handler is None:
        return {"id": request.get("id"), "type": "skipped", "reason": "unknown request type"}
    try:
        return {"id": request.get("id"), "type": "result", **handler(request)}
    except MalformedInputError as exc:
        return {"id": request.get("id"), "type": "errored", "message": str(exc)}


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """Answer requests line by line until ``bye`` or end of input."""
    for line in stdin:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            print(f"error: not JSON: {exc}", file=sys.stderr)
            continue
        if not isinstance(request, dict):
            print("error: a request must be a JSON object", file=sys.stderr)
            continue
        if request.get("type") == "bye":
            return 0
        reply = HELLO if request.get("type") == "hello" else answer(request)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
