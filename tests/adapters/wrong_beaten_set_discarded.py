"""Wrong engine: the beaten active set is discarded, not captured; breaks SC-SHOW-04."""

from __future__ import annotations

from scout_ref.engine import show
from scout_ref.engine.notation import Show
from scout_ref.engine.state import Hand, Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SHOW-04",)
right = show.resolve_show


def resolve_show(state: State, seat: Seat, hand: Hand, active_set: Hand, move: Show) -> State:
    return evolve(right(state, seat, hand, active_set, move), captured=state.captured)


if __name__ == "__main__":
    replace(right, resolve_show)
    serve("wrong: beaten sets discarded")
