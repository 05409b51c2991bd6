"""Wrong engine: the owner scores the cards left in the active set; breaks SC-SCORE-05."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scoring
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-05",)
right = scoring.round_scores


def round_scores(state: State) -> tuple[SeatScore, ...]:
    extra = len(state.active_set)
    return tuple(
        changed(s, captured=s.captured + extra) if s.seat == state.owner else s
        for s in right(state)
    )


if __name__ == "__main__":
    replace(right, round_scores)
    serve("wrong: leftover active-set cards score")
