"""Chapter SET: combinations (sets and runs) and their strength.

A combination's strength is the tuple ``(size, is_set, smallest)``; one combination beats another
exactly when its strength is greater, compared left to right (SC-SET-04, SC-SET-05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type, shown

Strength = tuple[int, bool, int]
"""(number of cards, is a set, smallest number): greater beats (SC-SET-04)."""


class Kind(Enum):
    """The two kinds of combination."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Combination:
    """A classified combination: its kind, size and smallest number."""

    kind: Kind
    size: int
    smallest: int

    @property
    def strength(self) -> Strength:
        """The comparable strength of this combination (SC-SET-04)."""
        return (self.size, self.kind is Kind.SET, self.smallest)

    def __str__(self) -> str:
        return f"{self.kind.value} of {self.size} from {self.smallest}"


@implements("SC-SET-01", "SC-SET-02", "SC-SET-03")
def classify(numbers: Sequence[int]) -> Combination | None:
    """The combination formed by these top numbers in hand order, or None if they form none.

    >>> str(classify([5, 4, 3]))
    'run of 3 from 3'
    >>> classify([2, 5, 9]) is None  # monotonic is not enough: runs step by exactly one
    True
    >>> classify([10, 1]) is None  # no wrap-around
    True
    """
    _check_numbers(numbers)
    if not numbers:
        return None
    step = numbers[1] - numbers[0] if len(numbers) > 1 else 0
    if step not in (-1, 0, 1):
        return None
    if any(b - a != step for a, b in pairwise(numbers)):
        return None
    return Combination(Kind.SET if step == 0 else Kind.RUN, len(numbers), min(numbers))


MAX_COMBINATION = 45
"""The most numbers a combination is asked about: every card of the box."""


def _check_numbers(numbers: object) -> None:
    """Top numbers as :func:`classify` takes them: a list or tuple of at most 45 ints from 1 to
    10 (a bool is not a number, a str not a list).

    Raises:
        TypeError: if ``numbers`` is not a list or tuple of ints.
        MalformedInputError: if one is not a card's number, or there are more than 45.
    """
    require_type(numbers, (list, tuple), "the top numbers", "a list of ints such as [5, 4, 3]")
    assert isinstance(numbers, list | tuple)
    if len(numbers) > MAX_COMBINATION:
        why = f"{len(numbers)} numbers; a combination has at most {MAX_COMBINATION}"
        raise MalformedInputError("top numbers", [("", why)])
    for k, n in enumerate(numbers):
        require_type(n, int, "a top number", "an int from 1 to 10")
        if not 1 <= n <= 10:
            raise MalformedInputError("top numbers", [(f"/{k}", f"{shown(n)} is not 1 to 10")])


@implements("SC-SET-04", "SC-SET-05")
def beats(challenger: Combination, active: Combination | None) -> bool:
    """Whether ``challenger`` beats ``active``; anything beats no active set.

    >>> beats(classify([3, 3]), classify([8, 9]))  # a set beats a run of the same size
    True
    >>> beats(classify([4, 5]), classify([5, 4]))  # equal strength does not beat
    False
    """
    return active is None or challenger.strength > active.strength


def beating_spans(numbers: list[int], target: Strength | None) -> tuple[list[int], list[int]]:
    """For each start ``i``, the ranges of ``numbers`` from ``i`` that beat ``target``.

    They are the ranges ``(i, j)`` with ``lows[i] <= j <= highs[i]`` (none when ``lows[i] >
    highs[i]``): prefixes of a set or run are sets or runs of the same kind, every range longer
    than the target beats it, and only one of the target's own size needs the kind and
    smallest-number comparison. This is the hot loop of move generation, so it finds the
    longest set or run from each start once and returns the spans as two plain lists.
    ``highs`` never decreases: a set or run from ``i`` contains the one from any later start
    up to its end.

    >>> beating_spans([4, 5, 6, 6], (2, False, 4))
    ([2, 2, 3, 5], [2, 2, 3, 3])
    """
    size, is_set, smallest = (0, False, 0) if target is None else target
    lows: list[int] = []
    highs: list[int] = []
    for i in range(len(numbers)):
        low, high = _span_at(numbers, i, size, is_set, smallest)
        lows.append(low)
        highs.append(high)
    return lows, highs


implements("SC-SET-01", "SC-SET-02", "SC-SET-03", "SC-SET-04", "SC-SET-05")(beating_spans)


def _span_at(numbers: list[int], i: int, size: int, is_set: bool, smallest: int) -> tuple[int, int]:
    """The beating span ``(low, high)`` of :func:`beating_spans` from start ``i`` alone, the
    target given as its three parts (``size`` 0 for no target).

    >>> _span_at([4, 5, 6, 6], 0, 2, False, 4)
    (2, 2)
    """
    n = len(numbers)
    v = numbers[i]
    end = i
    step = numbers[i + 1] - v if i + 1 < n else 2
    if -1 <= step <= 1:
        end = i + 1
        while end + 1 < n and numbers[end + 1] - numbers[end] == step:
            end += 1
    low = i + size  # the first range longer than the target
    if size and low - 1 <= end:
        same_kind_set = size == 1 or step == 0
        own_smallest = numbers[low - 1] if size > 1 and step < 0 else v
        if same_kind_set > is_set or (same_kind_set == is_set and own_smallest > smallest):
            low -= 1
    return low, end


def _first_changed(highs: list[int], slot: int) -> int:
    """The first start whose beating spans an insertion at ``slot`` can change, given the
    ``highs`` of :func:`beating_spans`: the first whose set or run reaches ``slot - 1`` (a set
    or run that ends before never reaches the new card, and one starting after it is the old one
    moved right by one; :func:`~scout_ref.engine._movegen.scout_show_moves` computes the starts
    from there up to ``slot`` again).

    >>> _first_changed([1, 1, 2, 3], 2)
    0
    """
    first = slot
    while first > 0 and highs[first - 1] >= slot - 1:
        first -= 1
    return first


def beating_ranges(numbers: list[int], target: Strength | None) -> list[tuple[int, int]]:
    """Every inclusive range of ``numbers`` that is a combination stronger than ``target``.

    Ranges come sorted by (first, last); see :func:`beating_spans`.

    >>> beating_ranges([4, 5, 6, 6], (2, False, 4))
    [(0, 2), (1, 2), (2, 3)]
    """
    lows, highs = beating_spans(numbers, target)
    return [(i, j) for i in range(len(numbers)) for j in range(lows[i], highs[i] + 1)]


def strength_of(numbers: Sequence[int]) -> Strength | None:
    """The strength of the combination with these top numbers, or None if they form none.

    Equivalent to ``classify(numbers).strength``, without building the :class:`Combination`:
    move listing asks this for every active set.

    >>> strength_of([7, 6, 5])
    (3, False, 5)
    """
    n = len(numbers)
    if not n:
        return None
    step = numbers[1] - numbers[0] if n > 1 else 0
    if not -1 <= step <= 1:
        return None
    for k in range(2, n):
        if numbers[k] - numbers[k - 1] != step:
            return None
    return (n, step == 0, numbers[-1] if step < 0 else numbers[0])
