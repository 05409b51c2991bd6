"""Wrong engine: rotating a hand turns each card but keeps the order; breaks SC-ORIENT-02."""

from __future__ import annotations

from scout_ref.engine import rotation
from scout_ref.engine.state import Hand
from tests.adapters._patch import replace, serve

BREAKS = ("SC-ORIENT-02",)


def rotate_hand(hand: Hand) -> Hand:
    return tuple(c.rotated() for c in hand)


if __name__ == "__main__":
    replace(rotation.rotate_hand, rotate_hand)
    serve("wrong: rotation keeps the order")
