"""Wrong engine: Scout & Show must beat the set as it was before the scout; breaks SC-SNS-02."""

from __future__ import annotations

from scout_ref.engine import scout_show, turn
from scout_ref.engine.notation import Move, ScoutShow
from scout_ref.engine.scout import resolve_scout
from scout_ref.engine.show import check_show_against
from scout_ref.engine.state import State
from scout_ref.errors import Reason, Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SNS-02",)

right_check, right_legal = scout_show.check_scout_show, turn.legal_moves


def check_scout_show(state: State, move: ScoutShow) -> Rejection | None:
    if (rejection := right_check(state, move)) is not None:
        return rejection
    seat = state.turn
    assert seat is not None, "the checks above passed, so a seat is to act"
    hand = resolve_scout(state, seat, move.scout).hands[seat]
    if check_show_against(hand, state.active_set, move.show) is not None:
        return Rejection(Reason.NOT_STRONGER, "does not beat the set before the scout")
    return None


def legal_moves(state: State) -> list[Move]:
    return [m for m in right_legal(state) if turn.check_move(state, m) is None]


if __name__ == "__main__":
    replace(right_check, check_scout_show)
    replace(right_legal, legal_moves)
    serve("wrong: Scout & Show against the set before the scout")
