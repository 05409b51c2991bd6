"""Wrong engine: unspent two-player chips score nothing; breaks SC-VAR2-06."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scoring
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR2-06",)
right = scoring.round_scores


def round_scores(state: State) -> tuple[SeatScore, ...]:
    scores = right(state)
    return tuple(changed(s, chips=0) for s in scores) if state.is_two_player else scores


if __name__ == "__main__":
    replace(right, round_scores)
    serve("wrong: unspent chips are worthless")
