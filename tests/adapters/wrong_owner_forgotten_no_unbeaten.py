"""Wrong engine with two faults: a scout that takes the last card forgets the owner
(SC-SCOUT-05), and a round never ends with its set unbeaten (SC-END-02)."""

from __future__ import annotations

from scout_ref.engine import round_end, scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-05", "SC-END-02")
right_scout, right_unbeaten = scout.resolve_scout, round_end.is_unbeaten


def resolve_scout(state: State, seat: Seat, move: Scout) -> State:
    after = right_scout(state, seat, move)
    return after if after.active_set else evolve(after, owner=None)


def is_unbeaten(state: State, after: Seat) -> bool:
    return False


if __name__ == "__main__":
    replace(right_scout, resolve_scout)
    replace(right_unbeaten, is_unbeaten)
    serve("wrong: forgets the owner, and no set goes unbeaten")
