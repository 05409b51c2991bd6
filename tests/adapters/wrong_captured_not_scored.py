"""Wrong engine: captured cards score nothing; breaks SC-SCORE-01."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scoring
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-01",)
right = scoring.round_scores


def round_scores(state: State) -> tuple[SeatScore, ...]:
    return tuple(changed(s, captured=0) for s in right(state))


if __name__ == "__main__":
    replace(right, round_scores)
    serve("wrong: captured cards score nothing")
