"""Wrong engine: of two equally long combinations a run beats a set; breaks SC-SET-04."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import combinations
from scout_ref.engine.combinations import Strength
from tests.adapters._patch import judge_combinations, serve

BREAKS = ("SC-SET-04",)
right = combinations.strength_of


def strength_of(numbers: Sequence[int]) -> Strength | None:
    strength = right(numbers)
    if strength is None or strength[0] == 1:
        return strength
    return (strength[0], not strength[1], strength[2])


if __name__ == "__main__":
    judge_combinations(strength_of)
    serve("wrong: runs beat sets")
