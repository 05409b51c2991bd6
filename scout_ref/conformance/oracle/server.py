"""The reference engine served as an SCP 1 adapter (``scout-ref adapter``).

It is the runner's default opponent and the model for adapters in other languages: read a line,
answer it from the request alone, print one line, flush. Every line is read by the bounded
reader and every input is validated, so a line it cannot handle (not JSON, too long, too deep,
not a request, or one its engine fails on) gets an ``errored`` reply with a one-line message,
never a traceback; the id is the request's when it can be read, else null.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import IO, Any

from scout_ref.analysis.perft import divide
from scout_ref.conformance.oracle.observe import history_of
from scout_ref.engine.game import next_round
from scout_ref.engine.information import observation
from scout_ref.engine.notation import parse_move, parse_probe
from scout_ref.engine.setup import shuffled, shuffled_deck
from scout_ref.engine.state import Phase, Seat, State
from scout_ref.engine.turn import apply_move, check_probe, legal_moves
from scout_ref.errors import IllegalMoveError, MalformedInputError, ScoutError, excerpt
from scout_ref.formats.observation_json import observation_to_json
from scout_ref.formats.state_json import (
    deal_from_json,
    score_to_json,
    state_from_json,
    state_to_json,
)
from scout_ref.rulebook.registry import spec_version
from scout_ref.util.jsonread import MAX_LINE_BYTES, parse

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
    return known if known is not None else _remember(key, state_from_json(data))


def dump_state(state: State) -> Message:
    """The JSON of a state the adapter answers with, remembered for the next request."""
    data = state_to_json(state)
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
    text = str(request.get("move"))
    try:
        move = parse_move(text)
    except MalformedInputError:  # a probe of SC-NOTE-07 is never legal; anything else raises
        rejection = check_probe(state, parse_probe(text))
        return {"rejection": {"reason": rejection.reason.value, "detail": str(rejection)}}
    try:
        return {"state": dump_state(apply_move(state, move))}
    except IllegalMoveError as exc:
        rejection = exc.rejection
        return {"rejection": {"reason": rejection.reason.value, "detail": str(rejection)}}


def _deal_random(request: Message) -> Message:
    """A deal from the adapter's own randomness (the feature ``deal_random``), seeded by the
    request's ``seed``: a new game, or the next round of a finished one (with 2 players the
    cards set aside in round 1, shuffled anew as SC-VAR2-01 says)."""
    seed, given = request.get("seed"), request.get("input")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(given, dict):
        raise _bad("deal_random request", "needs an input object and an integer seed")
    if "state" in given:
        state = load_state(given["state"])
        pool = [c.card for c in state.set_aside] if state.is_two_player else None
        deck = None if pool is None else shuffled(pool, seed)
        return {"state": dump_state(next_round(state, deck, seed=seed))}
    players = given.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _bad("deal_random request", "players must be an integer")
    texts = [str(c) for c in shuffled_deck(players, seed)]
    return {"state": dump_state(deal_from_json({**given, "deck": texts}))}


def _perft(request: Message) -> Message:
    depth = request.get("depth")
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise _bad("perft request", "depth must be a whole number")
    nodes, split = perft_answer(load_state(request.get("state")), depth)
    return {"nodes": nodes, "divide": split}


def _observe(request: Message) -> Message:
    seat = request.get("seat")
    try:
        history = history_of(request, load_state)
    except IllegalMoveError as exc:
        raise _bad("observe request", str(exc)) from None
    players = history.state.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise _bad("observe request", f"seat must be a seat of the {players} players")
    return {"observation": observation_to_json(observation(history, Seat(seat)))}


_HANDLERS: dict[str, Callable[[Message], Message]] = {
    "deal": lambda r: {"state": dump_state(deal_from_json(r.get("input")))},
    "deal_random": _deal_random,
    "legal": lambda r: {"moves": [str(m) for m in legal_moves(load_state(r.get("state")))]},
    "apply": _apply,
    "score": lambda r: score(load_state(r.get("state"))),
    "perft": _perft,
    "observe": _observe,
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
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
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
