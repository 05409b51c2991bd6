"""Chapter SET: sets, runs and their strength."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import Combination, Kind, classify
from scout_ref.engine.combinations import (
    beating_ranges,
    beats,
    strength_of,
)

numbers = st.lists(st.integers(1, 10), max_size=14)


def _combo(values: Sequence[int]) -> Combination:
    combo = classify(values)
    assert combo is not None
    return combo


@pytest.mark.rule("SC-SET-01", "SC-SET-02")
def test_single_card_is_a_combination() -> None:
    combo = _combo([7])
    assert (combo.kind, combo.size, combo.smallest) == (Kind.SET, 1, 7)


@pytest.mark.rule("SC-SET-01")
def test_no_cards_are_no_combination() -> None:
    assert classify([]) is None


@pytest.mark.rule("SC-SET-02")
def test_equal_numbers_form_a_set() -> None:
    combo = _combo([4, 4, 4])
    assert (combo.kind, combo.size, combo.smallest) == (Kind.SET, 3, 4)


@pytest.mark.rule("SC-SET-03")
@pytest.mark.parametrize("values", [[3, 4, 5], [5, 4, 3], [9, 10], [2, 1]])
def test_consecutive_numbers_either_way_form_a_run(values: list[int]) -> None:
    combo = _combo(values)
    assert (combo.kind, combo.smallest) == (Kind.RUN, min(values))


@pytest.mark.rule("SC-SET-03")
def test_monotonic_non_consecutive_is_not_a_run() -> None:
    # Known mistake of other implementations: 2-5-9 accepted because it only goes up.
    assert classify([2, 5, 9]) is None
    assert classify([1, 3]) is None


@pytest.mark.rule("SC-SET-03")
def test_ten_and_one_are_not_consecutive() -> None:
    assert classify([9, 10, 1]) is None
    assert classify([10, 1]) is None
    assert classify([1, 10]) is None


@pytest.mark.rule("SC-SET-03")
@pytest.mark.parametrize("values", [[3, 4, 3], [4, 5, 5], [6, 5, 6, 7]])
def test_direction_changes_are_not_a_run(values: list[int]) -> None:
    assert classify(values) is None


@pytest.mark.rule("SC-SET-04")
def test_more_cards_beat_fewer() -> None:
    assert beats(_combo([1, 2, 3]), _combo([10, 10]))


@pytest.mark.rule("SC-SET-04")
def test_set_beats_run_of_the_same_size() -> None:
    assert beats(_combo([1, 1]), _combo([9, 10]))
    assert not beats(_combo([9, 10]), _combo([1, 1]))


@pytest.mark.rule("SC-SET-04")
def test_higher_smallest_number_wins_between_equal_kinds() -> None:
    assert beats(_combo([5, 6, 7]), _combo([6, 5, 4]))
    assert beats(_combo([3, 3]), _combo([2, 2]))
    assert not beats(_combo([2, 2]), _combo([3, 3]))


@pytest.mark.rule("SC-SET-05")
def test_equal_strength_does_not_beat() -> None:
    assert not beats(_combo([4, 5]), _combo([5, 4]))
    assert not beats(_combo([6, 6]), _combo([6, 6]))
    assert not beats(_combo([8]), _combo([8]))


@pytest.mark.rule("SC-SHOW-02")
def test_anything_beats_no_active_set() -> None:
    assert beats(_combo([1]), None)


@pytest.mark.rule("SC-SET-06")
@given(st.integers(1, 10), st.integers(1, 10), st.integers(1, 9), st.booleans(), st.booleans())
def test_highest_and_smallest_number_give_the_same_order(
    a: int, b: int, size: int, is_set: bool, descending: bool
) -> None:
    def make(low: int) -> list[int] | None:
        values = [low] * size if is_set else [low + k for k in range(size)]
        if max(values) > 10:
            return None
        return values[::-1] if descending else values

    x, y = make(a), make(b)
    if x is None or y is None:
        return
    assert beats(_combo(x), _combo(y)) == (max(x) > max(y))


def _brute_force(values: list[int], target: tuple[int, bool, int] | None) -> list[tuple[int, int]]:
    out = []
    for i in range(len(values)):
        for j in range(i, len(values)):
            strength = strength_of(values[i : j + 1])
            if strength is not None and (target is None or strength > target):
                out.append((i, j))
    return out


@pytest.mark.rule("SC-SET-01", "SC-SET-04", "SC-SET-05")
@given(numbers, st.none() | st.tuples(st.integers(1, 12), st.booleans(), st.integers(1, 10)))
def test_beating_ranges_agree_with_classifying_every_range(
    values: list[int], target: tuple[int, bool, int] | None
) -> None:
    assert beating_ranges(values, target) == _brute_force(values, target)
