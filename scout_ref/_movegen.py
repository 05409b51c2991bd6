"""Fast move listing for :func:`scout_ref.legal_moves` (chapter TURN).

Listing moves is the engine's hot path: with Scout & Show available a hand can have hundreds of
moves. This module therefore works on plain numbers and interned move objects rather than
calling the chapter modules' checks. It encodes no rule of its own: the property tests verify
that a move is listed if and only if :func:`scout_ref.check_move` accepts it.

Moves are interned in rows by first show position, so the moves of one beating span
(:func:`~scout_ref.combinations.beating_spans`) are one list slice: no move is built or looked up
per listed move.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from scout_ref.combinations import beating_spans, changed_spans, strength_of
from scout_ref.notation import End, Scout, ScoutShow, Show
from scout_ref.state import Hand

_ENDS: Final = (End.LEFT, End.RIGHT)
_SHOW_ROWS: Final[list[list[Show]]] = []
"""``_SHOW_ROWS[first][k]`` is the interned ``show first-(first + k)``."""
_SCOUTS: Final[dict[tuple[int, int, int], tuple[Scout, list[list[ScoutShow]]]]] = {}
"""By (end index, rotated, slot): the interned scout, and its Scout & Show moves in rows."""
_SCOUT_LISTS: Final[dict[tuple[int, int], tuple[Scout, ...]]] = {}


def _show_rows(size: int) -> list[list[Show]]:
    """The interned shows, every range of a hand of ``size`` cards present."""
    while len(_SHOW_ROWS) < size:
        _SHOW_ROWS.append([])
    if _SHOW_ROWS and len(_SHOW_ROWS[0]) < size:
        for first, row in enumerate(_SHOW_ROWS):
            row += [Show(first, last) for last in range(first + len(row), len(_SHOW_ROWS))]
    return _SHOW_ROWS


def _scout(end: int, rotated: int, slot: int) -> tuple[Scout, list[list[ScoutShow]]]:
    """The interned scout from end index ``end`` (0 = L, 1 = R), with its pair rows."""
    entry = _SCOUTS.get((end, rotated, slot))
    if entry is None:
        entry = _SCOUTS[end, rotated, slot] = (Scout(_ENDS[end], bool(rotated), slot), [])
    return entry


def _pair_rows(end: int, rotated: int, slot: int, size: int) -> list[list[ScoutShow]]:
    """The interned Scout & Show moves of this scout, every show of a hand of ``size`` cards
    (after the scout) present."""
    scout, rows = _scout(end, rotated, slot)
    if len(rows) < size or len(rows[0]) < size:
        shows = _show_rows(size)
        while len(rows) < len(shows):
            rows.append([])
        for first, row in enumerate(rows):
            row += [ScoutShow(scout, show) for show in shows[first][len(row) :]]
    return rows


def show_moves(numbers: list[int], lows: list[int], highs: list[int]) -> list[Show]:
    """The interned shows of these beating spans of ``numbers``, in canonical order."""
    rows = _show_rows(len(numbers))
    out: list[Show] = []
    for first in range(len(numbers)):
        low, high = lows[first], highs[first]
        if low <= high:
            out += rows[first][low - first : high - first + 1]
    return out


def scout_moves(ends: int, hand_size: int) -> tuple[Scout, ...]:
    """Every scout from ``ends`` ends (1 for a one-card active set) into a hand of this size."""
    moves = _SCOUT_LISTS.get((ends, hand_size))
    if moves is None:
        moves = _SCOUT_LISTS[ends, hand_size] = tuple(
            _scout(e, r, k)[0] for e in range(ends) for r in (0, 1) for k in range(hand_size + 1)
        )
    return moves


def scout_show_moves(numbers: list[int], active_set: Hand) -> list[ScoutShow]:
    """Every (scout, show) pair whose show beats the set reduced by the scout, canonical order.

    ``numbers`` are the top numbers of the hand; ``active_set`` is not empty. The beating spans
    after each insertion are those of the hand itself except near the slot
    (:func:`~scout_ref.combinations.changed_spans`), so only those few are recomputed.
    """
    out: list[ScoutShow] = []
    n = len(numbers)
    last = len(active_set) - 1
    ends = [(0, active_set[0], active_set[1:])]
    if last:
        ends.append((1, active_set[last], active_set[:last]))
    for end, card, rest in ends:
        target = strength_of([c.top for c in rest]) if rest else None
        lows, highs = beating_spans(numbers, target)
        beating = [first for first in range(n) if lows[first] <= highs[first]]
        cuts = [(first, lows[first] - first, highs[first] - first + 1) for first in beating]
        for rotated, value in ((0, card.top), (1, card.bottom)):
            for slot in range(n + 1):
                rows = _pair_rows(end, rotated, slot, n + 1)
                changed, new_lows, new_highs = changed_spans(numbers, highs, slot, value, target)
                for first, start, stop in cuts[: bisect_left(beating, changed)]:  # as they were
                    out += rows[first][start:stop]
                for k in range(len(new_lows)):
                    low, high = new_lows[k], new_highs[k]
                    if low <= high:
                        first = changed + k
                        out += rows[first][low - first : high - first + 1]
                for first, start, stop in cuts[bisect_left(beating, slot) :]:  # moved right
                    out += rows[first + 1][start:stop]
    return out
