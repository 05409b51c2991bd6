"""Wrong engine: seat 0 starts every round; breaks SC-GAME-02."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import game
from scout_ref.engine.state import Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-GAME-02",)

right = game.next_round


def next_round(state: State, *args: Any, **kwargs: Any) -> State:
    dealt = right(state, *args, **kwargs)
    return evolve(dealt, start_player=Seat(0), turn=Seat(0))


if __name__ == "__main__":
    replace(right, next_round)
    serve("wrong: the start player never rotates")
