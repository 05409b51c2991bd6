"""Wrong engine: a scouted card keeps its orientation even when written with ~; SC-SCOUT-02."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scout
from scout_ref.engine.notation import Scout
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCOUT-02",)
right = scout.scouted


def scouted(hand: Hand, active_set: Hand, move: Scout) -> tuple[Hand, Hand]:
    return right(hand, active_set, changed(move, rotated=False))


if __name__ == "__main__":
    replace(right, scouted)
    serve("wrong: scouted cards never rotated")
