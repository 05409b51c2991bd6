"""Wrong engine: keep and flip are accepted in the play phase (as no-ops); breaks SC-TURN-03."""

from __future__ import annotations

from scout_ref.engine import turn
from scout_ref.engine.notation import Flip, Keep, Move
from scout_ref.engine.state import Phase, State
from scout_ref.errors import Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-TURN-03",)
right_check, right_apply = turn.check_phase, turn.apply_move


def check_phase(state: State, move: Move) -> Rejection | None:
    if isinstance(move, Keep | Flip) and state.phase is Phase.PLAY:
        return None
    return right_check(state, move)


def apply_move(state: State, move: Move) -> State:
    if isinstance(move, Keep | Flip) and state.phase is Phase.PLAY:
        return state
    return right_apply(state, move)


if __name__ == "__main__":
    replace(right_check, check_phase)
    replace(right_apply, apply_move)
    serve("wrong: rotation moves in play")
