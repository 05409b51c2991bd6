"""Wrong engine: the Scout chip supply runs out, an owner holds at most 5; breaks SC-COMP-03."""

from __future__ import annotations

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-COMP-03",)
right = scout.resolve_scout


def resolve_scout(state: State, seat: Seat, move: Scout) -> State:
    after = right(state, seat, move)
    if state.is_two_player:
        return after
    return evolve(after, scout_chips=tuple(min(n, 5) for n in after.scout_chips))


if __name__ == "__main__":
    replace(right, resolve_scout)
    serve("wrong: at most 5 Scout chips")
