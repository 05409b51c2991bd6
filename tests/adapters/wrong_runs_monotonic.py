"""Wrong engine: any monotonic sequence counts as a run (2-5-9), breaking SC-SET-03."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from scout_ref.engine import combinations
from scout_ref.engine.combinations import Combination, Kind, Strength
from tests.adapters._patch import replace, replace_spans, serve, spans_of

BREAKS = ("SC-SET-03",)


def strength_of(numbers: Sequence[int]) -> Strength | None:
    steps = {(b > a) - (b < a) for a, b in pairwise(numbers)}
    if not numbers or len(steps) > 1:
        return None
    return (len(numbers), steps <= {0}, min(numbers))


def classify(numbers: Sequence[int]) -> Combination | None:
    strength = strength_of(numbers)
    if strength is None:
        return None
    return Combination(Kind.SET if strength[1] else Kind.RUN, strength[0], strength[2])


def beating_ranges(numbers: Sequence[int], target: Strength | None) -> list[tuple[int, int]]:
    ranges = [(i, j) for i in range(len(numbers)) for j in range(i, len(numbers))]
    beating = []
    for i, j in ranges:
        strength = strength_of(numbers[i : j + 1])
        if strength is not None and (target is None or strength > target):
            beating.append((i, j))
    return beating


def beating_spans(numbers: list[int], target: Strength | None) -> tuple[list[int], list[int]]:
    return spans_of(beating_ranges(numbers, target), len(numbers))


if __name__ == "__main__":
    replace(combinations.strength_of, strength_of)
    replace(combinations.classify, classify)
    replace(combinations.beating_ranges, beating_ranges)
    replace_spans(beating_spans)
    serve("wrong: monotonic runs")
