"""Wrong engine: emptying the hand by a show does not end the round; breaks SC-END-01."""

from __future__ import annotations

from scout_ref.engine import round_end
from scout_ref.engine.state import RoundEnd, Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-END-01",)
right = round_end.finish_turn


def finish_turn(state: State, seat: Seat, *, showed: bool) -> State:
    after = right(state, seat, showed=showed)
    return state if after.round_end is RoundEnd.EMPTY_HAND else after


if __name__ == "__main__":
    replace(right, finish_turn)
    serve("wrong: an empty hand plays on")
