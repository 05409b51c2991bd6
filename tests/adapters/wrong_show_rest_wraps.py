"""Wrong engine: after a show the cards right of the range move to the left; breaks SC-GEN-02."""

from __future__ import annotations

from scout_ref.engine import show
from scout_ref.engine.notation import Show
from scout_ref.engine.state import Hand, Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-GEN-02",)
right = show.resolve_show


def resolve_show(state: State, seat: Seat, hand: Hand, active_set: Hand, move: Show) -> State:
    after = right(state, seat, hand, active_set, move)
    hands = list(after.hands)
    hands[seat] = hand[move.last + 1 :] + hand[: move.first]
    return evolve(after, hands=tuple(hands))


if __name__ == "__main__":
    replace(right, resolve_show)
    serve("wrong: the rest of the hand wraps around")
