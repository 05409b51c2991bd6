"""Wrong engine: a scouted card meant for the far-right slot goes to the far left (slot n
wraps to 0), in a scout and in a Scout & Show alike; breaks SC-SCOUT-02."""

from __future__ import annotations

from dataclasses import replace as evolve

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-02",)
right = scout.scouted


def scouted(hand: Hand, active_set: Hand, move: Scout) -> tuple[Hand, Hand]:
    if hand and move.slot == len(hand):
        move = evolve(move, slot=0)
    return right(hand, active_set, move)


if __name__ == "__main__":
    replace(right, scouted)
    serve("wrong: the far-right slot wraps")
