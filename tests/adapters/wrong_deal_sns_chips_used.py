"""Wrong engine: with 3 to 5 players a new game starts with every Scout & Show chip used (later
rounds give them back); breaks SC-SETUP-04, which makes every chip available at the start, not
SC-COMP-04 (the chip is there, and it is one per round)."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import setup
from scout_ref.engine.state import State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-04",)

right = setup.fresh_round


def fresh_round(**kwargs: Any) -> State:
    state = right(**kwargs)
    if state.players == 2 or state.round != 1:
        return state
    return evolve(state, scout_show_available=(False,) * state.players)


if __name__ == "__main__":
    replace(right, fresh_round)
    serve("wrong: every Scout & Show chip starts the game used")
