"""Wrong engine: with 3 to 5 players a round starts with every Scout & Show chip used; breaks
SC-SETUP-04 (the chip itself, SC-COMP-04, is there: it records nothing the engine reads)."""

from __future__ import annotations

from typing import Any

from scout_ref.engine import setup
from scout_ref.engine.state import State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SETUP-04",)

right = setup.fresh_round


def fresh_round(**kwargs: Any) -> State:
    state = right(**kwargs)
    if state.players == 2:
        return state
    return evolve(state, scout_show_available=(False,) * state.players)


if __name__ == "__main__":
    replace(right, fresh_round)
    serve("wrong: every Scout & Show chip starts used")
