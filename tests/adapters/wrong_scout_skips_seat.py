"""Wrong engine: with 4 or 5 players a scout passes the turn two seats on; breaks SC-TURN-01."""

from __future__ import annotations

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-TURN-01",)
right = scout.resolve_scout


def resolve_scout(state: State, seat: Seat, move: Scout) -> State:
    after = right(state, seat, move)
    if state.players < 4:
        return after
    return evolve(after, turn=Seat((seat + 2) % state.players))


if __name__ == "__main__":
    replace(right, resolve_scout)
    serve("wrong: a scout skips a seat")
