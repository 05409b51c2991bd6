"""Wrong engine: the shown cards lie on the table in reverse order; breaks SC-SHOW-05."""

from __future__ import annotations

from scout_ref.engine import show
from scout_ref.engine.notation import Show
from scout_ref.engine.state import Hand, Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SHOW-05",)
right = show.resolve_show


def resolve_show(state: State, seat: Seat, hand: Hand, active_set: Hand, move: Show) -> State:
    after = right(state, seat, hand, active_set, move)
    return evolve(after, active_set=after.active_set[::-1])


if __name__ == "__main__":
    replace(right, resolve_show)
    serve("wrong: the shown cards reversed")
