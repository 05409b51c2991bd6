"""Wrong engine: a used Scout & Show chip is not given back for the next round; SC-COMP-04."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import game
from scout_ref.engine.state import State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-COMP-04",)
right = game.next_round


def next_round(state: State, *args: Any, **kwargs: Any) -> State:
    dealt = right(state, *args, **kwargs)
    if state.is_two_player:
        return dealt
    return evolve(dealt, scout_show_available=state.scout_show_available)


if __name__ == "__main__":
    replace(right, next_round)
    serve("wrong: the Scout & Show chip lasts the game")
