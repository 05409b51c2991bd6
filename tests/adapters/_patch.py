"""Serve the reference engine as an adapter after replacing one of its functions.

A wrong engine is the reference with one rule broken: :func:`replace` swaps a function for a
wrong one in every engine module that holds it (modules import functions by name), then
:func:`serve` answers the runner.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import scout_ref.conformance.oracle.server as reference
from scout_ref.engine import combinations
from scout_ref.engine.combinations import Combination, Kind, Strength


def replace(original: Callable[..., Any], wrong: Callable[..., Any]) -> None:
    """Make every loaded scout_ref module use ``wrong`` where it used ``original``."""
    for name, module in list(sys.modules.items()):
        if name == "scout_ref" or name.startswith("scout_ref."):
            for attr, value in list(vars(module).items()):
                if value is original:
                    setattr(module, attr, wrong)


def spans_of(ranges: list[tuple[int, int]], n: int) -> tuple[list[int], list[int]]:
    """Beating ranges as :func:`~scout_ref.engine.combinations.beating_spans` gives them (the
    beating ranges from one start are contiguous), so a wrong ``beating_ranges`` reaches move
    listing."""
    lows, highs = list(range(1, n + 1)), list(range(n))  # empty spans: low = high + 1
    for i, j in reversed(ranges):
        lows[i] = j
    for i, j in ranges:
        highs[i] = j
    return lows, highs


def replace_spans(
    beating_spans: Callable[[list[int], Strength | None], tuple[list[int], list[int]]],
) -> None:
    """Make move listing use a wrong ``beating_spans``, for shows and Scout & Show alike: the
    spans after a scout's insertion are taken from it, computed on the whole new hand, from
    every start (the reference computes again only the starts from
    :func:`~scout_ref.engine.combinations._first_changed` to the slot)."""

    @lru_cache(maxsize=64)  # Scout & Show asks every start of one new hand in turn
    def spans(numbers: tuple[int, ...], target: Strength | None) -> tuple[list[int], list[int]]:
        return beating_spans(list(numbers), target)

    def span_at(
        numbers: list[int], i: int, size: int, is_set: bool, smallest: int
    ) -> tuple[int, int]:
        lows, highs = spans(tuple(numbers), (size, is_set, smallest) if size else None)
        return lows[i], highs[i]

    replace(combinations.beating_spans, beating_spans)
    replace(combinations._span_at, span_at)
    replace(combinations._first_changed, lambda highs, slot: 0)


def serve(name: str) -> None:
    """Answer the runner on stdin and stdout, introducing the adapter as ``name``."""
    reference.HELLO["name"] = name
    sys.exit(reference.serve(sys.stdin, sys.stdout))


def judge_combinations(strength_of: Callable[[Sequence[int]], Strength | None]) -> None:
    """Make the engine classify, compare and list combinations by a wrong ``strength_of``.

    The strength is ``(size, is_set, smallest)``; the kind a combination is shown as follows
    ``is_set``. Listing tries every range (slow but plain).
    """

    def classify(numbers: Sequence[int]) -> Combination | None:
        strength = strength_of(numbers)
        if strength is None:
            return None
        return Combination(Kind.SET if strength[1] else Kind.RUN, strength[0], strength[2])

    def beating_ranges(numbers: Sequence[int], target: Strength | None) -> list[tuple[int, int]]:
        ranges = [(i, j) for i in range(len(numbers)) for j in range(i, len(numbers))]
        return [
            (i, j)
            for i, j in ranges
            if (s := strength_of(numbers[i : j + 1])) is not None and (target is None or s > target)
        ]

    def beating_spans(numbers: list[int], target: Strength | None) -> tuple[list[int], list[int]]:
        return spans_of(beating_ranges(numbers, target), len(numbers))

    replace(combinations.strength_of, strength_of)
    replace(combinations.classify, classify)
    replace(combinations.beating_ranges, beating_ranges)
    replace_spans(beating_spans)
