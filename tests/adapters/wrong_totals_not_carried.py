"""Wrong engine: a round's scores replace the totals instead of adding up; SC-SCORE-06."""

from __future__ import annotations

from scout_ref.engine import scoring
from scout_ref.engine.state import RoundEnd, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-06",)
right = scoring.end_round


def end_round(state: State, how: RoundEnd) -> State:
    return right(evolve(state, scores=(0,) * state.players), how)


if __name__ == "__main__":
    replace(right, end_round)
    serve("wrong: totals not carried over")
