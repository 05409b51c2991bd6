"""Wrong engine: keep turns every card of the hand (order kept); breaks SC-ORIENT-01."""

from __future__ import annotations

from scout_ref.engine import rotation
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-ORIENT-01",)
right = rotation.resolve_rotation


def resolve_rotation(state: State, seat: Seat, *, flip: bool) -> State:
    after = right(state, seat, flip=flip)
    if flip:
        return after
    hands = list(after.hands)
    hands[seat] = tuple(c.rotated() for c in state.hands[seat])
    return evolve(after, hands=tuple(hands))


if __name__ == "__main__":
    replace(right, resolve_rotation)
    serve("wrong: keep turns the cards")
