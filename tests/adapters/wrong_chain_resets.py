"""Wrong engine: scouting the active set empty resets the round-end chain; breaks SC-END-02."""

from __future__ import annotations

from scout_ref.engine import round_end
from scout_ref.engine.state import Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-END-02",)


def is_unbeaten(state: State, after: Seat) -> bool:
    return after == state.owner and bool(state.active_set)


if __name__ == "__main__":
    replace(round_end.is_unbeaten, is_unbeaten)
    serve("wrong: chain resets on an empty table")
