"""Wrong engine: a tie for the highest total is won by the lowest seat alone; SC-GAME-04."""

from __future__ import annotations

from scout_ref.engine import game
from scout_ref.engine.state import Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-GAME-04",)
right = game.winners


def winners(state: State) -> tuple[Seat, ...]:
    return right(state)[:1]


if __name__ == "__main__":
    replace(right, winners)
    serve("wrong: one winner on ties")
