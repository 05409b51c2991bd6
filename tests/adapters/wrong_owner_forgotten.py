"""Wrong engine: a scout that takes the last card forgets the owner; breaks SC-SCOUT-05."""

from __future__ import annotations

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-05",)
right = scout.resolve_scout


def resolve_scout(state: State, seat: Seat, move: Scout) -> State:
    after = right(state, seat, move)
    return after if after.active_set else evolve(after, owner=None)


if __name__ == "__main__":
    replace(right, resolve_scout)
    serve("wrong: the owner of an emptied set is forgotten")
