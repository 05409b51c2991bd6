"""Wrong engine: play begins with the seat after the start player; breaks SC-ORIENT-03."""

from __future__ import annotations

from scout_ref.engine import rotation
from scout_ref.engine.state import Phase, Seat, State, evolve, next_seat
from tests.adapters._patch import replace, serve

BREAKS = ("SC-ORIENT-03",)
right = rotation.resolve_rotation


def resolve_rotation(state: State, seat: Seat, *, flip: bool) -> State:
    after = right(state, seat, flip=flip)
    if after.phase is Phase.PLAY:
        return evolve(after, turn=next_seat(state.start_player, state.players))
    return after


if __name__ == "__main__":
    replace(right, resolve_rotation)
    serve("wrong: play starts after the start player")
