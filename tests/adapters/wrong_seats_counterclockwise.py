"""Wrong engine: play passes to seat s-1, not s+1; breaks SC-GEN-01 and the turn order."""

from __future__ import annotations

from scout_ref.engine import state as state_module
from scout_ref.engine.state import Seat
from tests.adapters._patch import replace, serve

BREAKS = ("SC-GEN-01", "SC-TURN-01", "SC-GAME-02", "SC-ORIENT-01")


def next_seat(seat: Seat, players: int) -> Seat:
    return Seat((seat - 1) % players)


if __name__ == "__main__":
    replace(state_module.next_seat, next_seat)
    serve("wrong: counter-clockwise seats")
