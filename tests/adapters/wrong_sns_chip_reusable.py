"""Wrong engine: Scout & Show does not use up the chip; breaks SC-SNS-01."""

from __future__ import annotations

from scout_ref.engine import scout_show
from scout_ref.engine.notation import ScoutShow
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SNS-01",)
right = scout_show.resolve_scout_show


def resolve_scout_show(state: State, seat: Seat, move: ScoutShow) -> State:
    after = right(state, seat, move)
    return evolve(after, scout_show_available=state.scout_show_available)


if __name__ == "__main__":
    replace(right, resolve_scout_show)
    serve("wrong: Scout & Show as often as you like")
