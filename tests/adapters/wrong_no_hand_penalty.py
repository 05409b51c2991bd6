"""Wrong engine: cards left in hand cost nothing; breaks SC-SCORE-03."""

from __future__ import annotations

from dataclasses import replace as changed

from scout_ref.engine import scoring
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-03",)
right = scoring.round_scores


def round_scores(state: State) -> tuple[SeatScore, ...]:
    return tuple(changed(s, hand_penalty=0) for s in right(state))


if __name__ == "__main__":
    replace(right, round_scores)
    serve("wrong: cards left in hand cost nothing")
