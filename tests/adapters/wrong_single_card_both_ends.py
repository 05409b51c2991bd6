"""Wrong engine: a one-card active set may be scouted as R too; breaks SC-NOTE-05."""

from __future__ import annotations

from scout_ref.engine import _movegen, scout
from scout_ref.engine.notation import End, Scout
from scout_ref.engine.state import State
from scout_ref.errors import Reason, Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-NOTE-05",)
right_check, right_moves = scout.check_scout, _movegen.scout_moves


def check_scout(state: State, move: Scout) -> Rejection | None:
    rejection = right_check(state, move)
    if rejection is not None and rejection.reason is Reason.SINGLE_CARD_END:
        return right_check(state, Scout(End.LEFT, move.rotated, move.slot))
    return rejection


def scout_moves(ends: int, hand_size: int) -> tuple[Scout, ...]:
    return right_moves(2, hand_size)


if __name__ == "__main__":
    replace(right_check, check_scout)
    replace(right_moves, scout_moves)
    serve("wrong: R on a one-card set")
