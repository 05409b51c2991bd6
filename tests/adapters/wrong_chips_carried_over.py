"""Wrong engine: Scout chips are not cleared for a new 3-5 player round; breaks SC-SETUP-04."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import game
from scout_ref.engine.state import State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-04",)
right = game.next_round


def next_round(state: State, *args: Any, **kwargs: Any) -> State:
    dealt = right(state, *args, **kwargs)
    if state.is_two_player:
        return dealt
    return evolve(dealt, scout_chips=state.scout_chips)


if __name__ == "__main__":
    replace(right, next_round)
    serve("wrong: Scout chips carried over")
