"""Wrong engine: L takes the right end of the active set and R the left; breaks SC-SCOUT-01."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scout
from scout_ref.engine.notation import End, Scout
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-01",)
right = scout.scouted


def scouted(hand: Hand, active_set: Hand, move: Scout) -> tuple[Hand, Hand]:
    if len(active_set) < 2:
        return right(hand, active_set, move)
    other = End.RIGHT if move.end is End.LEFT else End.LEFT
    return right(hand, active_set, changed(move, end=other))


if __name__ == "__main__":
    replace(right, scouted)
    serve("wrong: ends swapped")
