"""Wrong engine: cards whose first and last numbers are equal form a set (5-3-5); SC-SET-02."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import combinations
from scout_ref.engine.combinations import Strength
from tests.adapters._patch import judge_combinations, serve

BREAKS = ("SC-SET-02",)
right = combinations.strength_of


def strength_of(numbers: Sequence[int]) -> Strength | None:
    if len(numbers) > 2 and numbers[0] == numbers[-1]:
        return (len(numbers), True, min(numbers))
    return right(numbers)


if __name__ == "__main__":
    judge_combinations(strength_of)
    serve("wrong: sets need equal ends only")
