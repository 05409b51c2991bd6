"""Wrong engine: its combination search stops at 9 cards, so a run of 10 is no combination;
breaks SC-SET-01 and SC-SET-03 (a real engine's mistake that only a 10-card vector shows)."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine.combinations import Strength, classify
from tests.adapters._patch import judge_combinations, serve

BREAKS = ("SC-SET-01", "SC-SET-03")
LONGEST = 9


def strength_of(numbers: Sequence[int]) -> Strength | None:
    combo = classify(numbers) if len(numbers) <= LONGEST else None
    return None if combo is None else combo.strength


if __name__ == "__main__":
    judge_combinations(strength_of)
    serve("wrong: combinations of at most 9 cards")
