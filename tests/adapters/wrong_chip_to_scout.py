"""Wrong engine: the scouting player takes the Scout chip, not the owner; breaks SC-SCOUT-03."""

from __future__ import annotations

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-03",)

right = scout.resolve_scout


def resolve_scout(state: State, seat: Seat, move: Scout) -> State:
    after = right(state, seat, move)
    if state.is_two_player:
        return after
    chips = [n + (s == seat) for s, n in enumerate(state.scout_chips)]
    return evolve(after, scout_chips=tuple(chips))


if __name__ == "__main__":
    replace(right, resolve_scout)
    serve("wrong: chip to the scout")
