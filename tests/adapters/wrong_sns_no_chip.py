"""Wrong engine: the scout of a Scout & Show gives the owner no chip; breaks SC-SNS-03."""

from __future__ import annotations

from scout_ref.engine import scout_show
from scout_ref.engine.notation import ScoutShow
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SNS-03",)
right = scout_show.resolve_scout_show


def resolve_scout_show(state: State, seat: Seat, move: ScoutShow) -> State:
    after = right(state, seat, move)
    if after.round_end is not None:
        return after
    return evolve(after, scout_chips=state.scout_chips)


if __name__ == "__main__":
    replace(right, resolve_scout_show)
    serve("wrong: no chip for a Scout & Show")
