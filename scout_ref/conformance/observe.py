"""``observe`` vectors (chapter INFO): the reference answer, and how an observation is judged.

An observation is compared whole; a mismatch is shown as the JSON pointers where the two
differ, so a leaked card reads as ``/public/hands/1/0: expected null, got "6/4"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scout_ref.conformance.diff import short
from scout_ref.conformance.outcomes import Outcome
from scout_ref.errors import MalformedInputError
from scout_ref.information import History, observation
from scout_ref.notation import Move, parse_move
from scout_ref.state import Seat, State

SHOWN_DIFFERENCES = 6


def _round(data: object, where: str, load: Callable[[object], State]) -> tuple[State, list[Move]]:
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise MalformedInputError(
            "observe request",
            [(f"{where}/moves", "moves must be a list of moves in canonical notation")],
        )
    return load(data.get("state") if isinstance(data, dict) else None), list(map(parse_move, moves))


def history_of(
    request: Mapping[str, Any], load: Callable[[object], State] = State.from_json
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
    return {"observation": observation(history_of(case), Seat(case["seat"])).to_json()}


def differences(expected: object, got: object, where: str = "") -> Iterator[str]:
    """Every JSON pointer where ``got`` departs from ``expected``, with both values."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got), key=str):
            if key not in got or key not in expected:
                yield f"{where}/{key}: expected {short(expected.get(key, '<missing>'))}, got " + (
                    short(got.get(key, "<missing>"))
                )
            else:
                yield from differences(expected[key], got[key], f"{where}/{key}")
    elif isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for k, (a, b) in enumerate(zip(expected, got, strict=True)):
            yield from differences(a, b, f"{where}/{k}")
    elif expected != got:
        yield f"{where or '/'}: expected {short(expected)}, got {short(got)}"


def rule_of(pointer: str, deciding: bool = False) -> str:
    """The INFO rule a difference at ``pointer`` (with its values) breaks, for the message;
    ``deciding``: the expected observation is in the rotation phase, where the round's events
    are rotation decisions, which a seat knows only once all are made (SC-ORIENT-01)."""
    parts = pointer.split(":", 1)[0].strip("/").split("/")
    if deciding and parts[:2] == ["history", "events"]:
        return "SC-ORIENT-01"
    if parts[0] == "hand" or parts[0] == "seat":
        return "SC-INFO-01"
    if parts[0] in ("unseen", "deduced"):
        return "SC-INFO-08"
    if parts[0] == "earlier":
        return "SC-INFO-05"
    if parts[0] == "history":
        return "SC-INFO-03" if parts[1:2] == ["events"] else "SC-INFO-05"
    if parts[1:2] == ["set_aside"]:
        return "SC-INFO-06"
    if parts[1:2] == ["captured"]:
        return "SC-INFO-05"
    if parts[1:2] == ["hands"] and len(parts) == 4:
        return (
            "SC-INFO-01" if pointer.split(": expected ", 1)[1].startswith("null") else "SC-INFO-04"
        )
    return "SC-INFO-02"


def is_deciding(observation: object) -> bool:
    """Whether an expected observation is in the rotation phase (its events are decisions)."""
    public = observation.get("public") if isinstance(observation, dict) else None
    return isinstance(public, dict) and public.get("phase") == "rotation"


def blamed(expected: object, got: object) -> list[tuple[str, str]]:
    """Every difference between the observations, with the rule it breaks."""
    deciding = is_deciding(expected)
    return [(d, rule_of(d, deciding)) for d in differences(expected, got)]


def observation_verdict(expected: object, got: object) -> tuple[Outcome, str]:
    """Passed when the observations are equal; else failed, with the first differences, each
    naming the rule it breaks (a hidden card shown is SC-INFO-01, whatever the case's focus)."""
    found = [f"{d} ({rule})" for d, rule in blamed(expected, got)]
    if not found:
        return Outcome.PASSED, ""
    more = len(found) - SHOWN_DIFFERENCES
    lines = found[:SHOWN_DIFFERENCES] + ([f"(+{more} more)"] if more > 0 else [])
    return Outcome.FAILED, "the observation differs\n" + "\n".join(f"  {x}" for x in lines)
