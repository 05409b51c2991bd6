"""Wrong engine: a combination of equal strength beats the active set, breaking SC-SET-05."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine import combinations
from scout_ref.engine.combinations import Combination, Strength, strength_of
from tests.adapters._patch import replace, replace_spans, serve, spans_of

BREAKS = ("SC-SET-05",)


def beats(challenger: Combination, active: Combination | None) -> bool:
    return active is None or challenger.strength >= active.strength


def beating_ranges(numbers: Sequence[int], target: Strength | None) -> list[tuple[int, int]]:
    ranges = [(i, j) for i in range(len(numbers)) for j in range(i, len(numbers))]
    beating = []
    for i, j in ranges:
        strength = strength_of(numbers[i : j + 1])
        if strength is not None and (target is None or strength >= target):
            beating.append((i, j))
    return beating


def beating_spans(numbers: list[int], target: Strength | None) -> tuple[list[int], list[int]]:
    return spans_of(beating_ranges(numbers, target), len(numbers))


if __name__ == "__main__":
    replace(combinations.beats, beats)
    replace(combinations.beating_ranges, beating_ranges)
    replace_spans(beating_spans)
    serve("wrong: equal strength beats")
