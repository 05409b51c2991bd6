"""The reference answer to an ``observe`` request (chapter INFO): the history a request gives,
and what the observing seat knows after it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scout_ref.engine.information import History, observation
from scout_ref.engine.notation import Move, parse_move
from scout_ref.engine.state import Seat, State
from scout_ref.errors import MalformedInputError
from scout_ref.formats.observation_json import observation_to_json
from scout_ref.formats.state_json import state_from_json


def _round(data: object, where: str, load: Callable[[object], State]) -> tuple[State, list[Move]]:
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise MalformedInputError(
            "observe request",
            [(f"{where}/moves", "moves must be a list of moves in canonical notation")],
        )
    return load(data.get("state") if isinstance(data, dict) else None), list(map(parse_move, moves))


def history_of(
    request: Mapping[str, Any], load: Callable[[object], State] = state_from_json
) -> History:
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
    rounds = [_round(r, f"/earlier/{k}", load) for k, r in enumerate(earlier)]
    return History.replay_game([*rounds, _round(dict(request), "", load)])


def observe_answer(case: dict[str, Any]) -> dict[str, Any]:
    """The reference observation for an ``observe`` case (``state``, ``moves``, ``seat``, and
    optionally the ``earlier`` rounds of the game).

    Raises:
        MalformedInputError: if a state is invalid or a round does not follow the one before.
        IllegalMoveError: if a move is illegal when made.
    """
    return {"observation": observation_to_json(observation(history_of(case), Seat(case["seat"])))}
