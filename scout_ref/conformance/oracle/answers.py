"""The reference engine's answers: to every request kind of the protocol, and every expectation
of a vector.

A request and a vector case have the same fields (``state``, ``move``, ``input``, ``depth``,
``seat``, ``moves``, ``earlier``), so one function answers both: :data:`REQUESTS` holds the
answer to each request kind, which the SCP server (:mod:`~.server`) sends back, and
:func:`expectation` the answer to each vector kind, which the vectors' builder writes as the
case's expectation. The runner's follow-up questions, bisection and fuzzing ask the same
functions of a state (:func:`legal`, :func:`score`, :func:`perft_answer`).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from scout_ref.analysis.perft import divide
from scout_ref.engine.game import next_round
from scout_ref.engine.information import History, observation
from scout_ref.engine.notation import Move, ScoutInner, ShowCards, parse_move, parse_written
from scout_ref.engine.setup import shuffled, shuffled_deck
from scout_ref.engine.state import Phase, Seat, State
from scout_ref.engine.turn import apply_move, check_probe, check_written, legal_moves
from scout_ref.errors import IllegalMoveError, MalformedInputError
from scout_ref.formats.observation_json import observation_to_json
from scout_ref.formats.state_json import (
    deal_from_json,
    rules_from_json,
    score_to_json,
    state_from_json,
    state_to_json,
)
from scout_ref.formats.trace import complete

Message = dict[str, Any]
Answer = Callable[[Message], Message]

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
    """The JSON of a state the reference answers with, remembered for the next request."""
    data = state_to_json(state)
    _remember(_key(data), state)
    return data


def _bad(what: str, message: str) -> MalformedInputError:
    return MalformedInputError(what, [("", message)])


def perft_answer(state: State, depth: int) -> tuple[int, dict[str, int]]:
    """perft and divide together (divide is empty at depth 0, where perft is 1): perft as the
    sum of divide, which counts every node once; legal moves have distinct texts, so the sum is
    perft (test_perft.py holds the two equal)."""
    if depth == 0:
        return 1, {}
    nodes, split = _perft_once(state, depth)
    return nodes, dict(split)


@lru_cache(maxsize=256)
def _perft_once(state: State, depth: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The answer, computed once per process for recent questions: the vector build and lint
    ask each perft case's, and a runner bisecting a perft failure asks again at every level
    (each a few CPU seconds at depth 3)."""
    split = divide(state, depth)
    return sum(split.values()), tuple(split.items())


def legal(state: State) -> list[str]:
    """The legal moves of ``state``, in canonical order (SC-NOTE-06)."""
    return [str(m) for m in legal_moves(state)]


def score(state: State) -> Message:
    """The score breakdown of the round ``state`` has ended, the totals and the winners."""
    if state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        raise _bad("score request", f"the round is not over (phase {state.phase.value})")
    return score_to_json(state)


def _apply(request: Message) -> Message:
    state = load_state(request.get("state"))
    text = str(request.get("move"))
    move = parse_written(text)
    if isinstance(move, ScoutInner | ShowCards):  # a probe of SC-NOTE-07 is never legal
        rejection = check_probe(state, move)
        return {"rejection": {"reason": rejection.reason.value, "detail": str(rejection)}}
    try:
        return {"state": dump_state(apply_move(state, move))}
    except IllegalMoveError as exc:
        rejection = exc.rejection
        return {"rejection": {"reason": rejection.reason.value, "detail": str(rejection)}}


def _deal_random(request: Message) -> Message:
    """A deal from the reference's own randomness (the feature ``deal_random``), seeded by the
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


def _round(data: object, where: str) -> tuple[State, list[Move]]:
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise MalformedInputError(
            "observe request",
            [(f"{where}/moves", "moves must be a list of moves in canonical notation")],
        )
    state = load_state(data.get("state") if isinstance(data, dict) else None)
    return state, list(map(parse_move, moves))


def history_of(request: Message) -> History:
    """The history an ``observe`` request or case gives: its ``earlier`` rounds (optional,
    oldest first, each a ``state`` and its ``moves``), then its ``state`` and ``moves``.

    Raises:
        MalformedInputError: if a state or move is malformed, or a round's start is not the
            deal that follows the round before.
        IllegalMoveError: if a move is illegal when made.
    """
    earlier = request.get("earlier", [])
    if not isinstance(earlier, list):
        raise MalformedInputError("observe request", [("/earlier", "must be a list of rounds")])
    rounds = [_round(r, f"/earlier/{k}") for k, r in enumerate(earlier)]
    return History.replay_game([*rounds, _round(dict(request), "")])


def _observe(request: Message) -> Message:
    seat = request.get("seat")
    try:
        history = history_of(request)
    except IllegalMoveError as exc:
        raise _bad("observe request", str(exc)) from None
    players = history.state.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise _bad("observe request", f"seat must be a seat of the {players} players")
    return {"observation": observation_to_json(observation(history, Seat(seat)))}


REQUESTS: dict[str, Answer] = {
    "deal": lambda r: {"state": dump_state(deal_from_json(r.get("input")))},
    "deal_random": _deal_random,
    "legal": lambda r: {"moves": legal(load_state(r.get("state")))},
    "apply": _apply,
    "score": lambda r: score(load_state(r.get("state"))),
    "perft": _perft,
    "observe": _observe,
}
"""The reference's answer to each request kind of SCP 2 (the reply's fields but ``id`` and
``type``). A malformed request raises :class:`~scout_ref.errors.ScoutError`."""


def _applied(case: Message) -> Message:
    """An ``apply`` case's expectation: the state after its move, which must be legal."""
    found = _apply(case)
    if "rejection" in found:
        detail = found["rejection"]["detail"]
        raise MalformedInputError("case", [("/move", f"{case['move']!r} is illegal: {detail}")])
    return found


def _reject(case: Message) -> Message:
    """A ``reject`` case's expectation: why its move is illegal, and the rule it breaks."""
    rejection = check_written(load_state(case["state"]), case["move"])
    if rejection is None:
        raise MalformedInputError("case", [("/move", f"{case['move']!r} is legal")])
    return {"reason": rejection.reason.value, "rule": rejection.rule}


def _trace(case: Message) -> Message:
    """A ``trace`` case's steps with the digests and states the reference reaches."""
    rules = rules_from_json(case["game_rules"], "/game_rules")
    return {"steps": complete(case["players"], rules, case["steps"])}


_EXPECTATIONS: dict[str, Answer] = {
    "deal": REQUESTS["deal"],
    "legal": REQUESTS["legal"],
    "apply": _applied,
    "reject": _reject,
    "score": REQUESTS["score"],
    "perft": REQUESTS["perft"],
    "trace": _trace,
    "observe": _observe,
}


def expectation(kind: str, case: Message) -> Message:
    """The reference's expectation for a vector case of ``kind`` (its inputs only are read).

    For ``trace`` the answer is ``{"steps": ...}``, the steps recomputed.

    Raises:
        ScoutError: if the inputs are not valid or do not fit the kind (an ``apply`` case with
            an illegal move, a ``reject`` case with a legal one, a trace that plays one).

    >>> from scout_ref import new_game
    >>> from scout_ref import state_to_json
    >>> state = state_to_json(new_game(3, seed=0))
    >>> expectation("legal", {"state": state})
    {'moves': ['keep', 'flip']}
    >>> expectation("reject", {"state": state, "move": "show 0-0"})
    {'reason': 'wrong_phase', 'rule': 'SC-TURN-03'}
    """
    if kind not in _EXPECTATIONS:
        raise MalformedInputError("case", [("", f"{kind!r} is not a vector kind")])
    return _EXPECTATIONS[kind](case)
