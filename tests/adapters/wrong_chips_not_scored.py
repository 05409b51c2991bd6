"""Wrong engine: Scout chips score nothing (3 to 5 players); breaks SC-SCORE-02."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scoring
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-02",)
right = scoring.round_scores


def round_scores(state: State) -> tuple[SeatScore, ...]:
    scores = right(state)
    return tuple(changed(s, chips=0) for s in scores) if state.players > 2 else scores


if __name__ == "__main__":
    replace(right, round_scores)
    serve("wrong: Scout chips score nothing (3 to 5 players)")
