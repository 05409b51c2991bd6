"""Wrong engine: the second two-player round deals the set-aside cards backwards; SC-VAR2-01."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import game
from scout_ref.engine.state import State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR2-01",)
right = game.next_round


def next_round(state: State, *args: Any, **kwargs: Any) -> State:
    if state.is_two_player:
        state = evolve(state, set_aside=state.set_aside[::-1])
    return right(state, *args, **kwargs)


if __name__ == "__main__":
    replace(right, next_round)
    serve("wrong: set-aside cards reversed")
