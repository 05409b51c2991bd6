"""Fast move listing for :func:`scout_ref.legal_moves` (chapter TURN).

Listing moves is the engine's hot path: with Scout & Show available a hand can have hundreds of
moves. This module therefore works on plain numbers and interned move objects rather than
calling the chapter modules' checks. It encodes no rule of its own: the property tests verify
that a move is listed if and only if :func:`scout_ref.check_move` accepts it, and
``tests/test_movegen.py`` that the list, order included, is the one the checks give.

Moves are interned in rows by first show position (and, for Scout & Show, also in one flat list
per scout), so the moves of one beating span (:func:`~scout_ref.engine.combinations.beating_spans`)
are consecutive: no move is built or looked up by value per listed move, only copied by index.
"""

from __future__ import annotations

from typing import Final

from scout_ref.engine.combinations import _first_changed, _span_at, beating_spans, strength_of
from scout_ref.engine.notation import End, Scout, ScoutShow, Show
from scout_ref.engine.state import Hand

_ENDS: Final = (End.LEFT, End.RIGHT)
_SHOW_ROWS: Final[list[list[Show]]] = []
"""``_SHOW_ROWS[first][k]`` is the interned ``show first-(first + k)``."""
_SCOUTS: Final[dict[tuple[int, int, int], tuple[Scout, list[list[ScoutShow]]]]] = {}
"""By (end index, rotated, slot): the interned scout, and its Scout & Show moves in rows."""
_FLAT_TABLES: Final[list[list[list[list[ScoutShow]]]]] = []
"""By hand size after the scout: :func:`_flat_table`."""
_SCOUT_LISTS: Final[list[tuple[Scout, ...] | None]] = []
"""At ``2 * hand_size + ends - 1``: the scouts of :func:`scout_moves`."""


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
        row = rows[first]
        for k in range(lows[first] - first, highs[first] - first + 1):
            out.append(row[k])
    return out


def scout_moves(ends: int, hand_size: int) -> tuple[Scout, ...]:
    """Every scout from ``ends`` ends (1 for a one-card active set) into a hand of this size."""
    at = 2 * hand_size + ends - 1
    while len(_SCOUT_LISTS) <= at:
        _SCOUT_LISTS.append(None)
    moves = _SCOUT_LISTS[at]
    if moves is None:
        moves = _SCOUT_LISTS[at] = tuple(
            _scout(e, r, k)[0] for e in range(ends) for r in (0, 1) for k in range(hand_size + 1)
        )
    return moves


def _flat_table(size: int) -> list[list[list[ScoutShow]]]:
    """``_flat_table(size)[2 * end + rotated][slot]``: the Scout & Show moves of that scout
    into a hand of ``size - 1`` cards, every show of the grown hand of ``size`` in canonical
    order; the show ``first-last`` is at :func:`_flat_at` ``(size, first) + last``."""
    while len(_FLAT_TABLES) <= size:
        _FLAT_TABLES.append([])
    table = _FLAT_TABLES[size]
    if not table:
        for end in (0, 1):
            for rotated in (0, 1):
                rows = [_pair_rows(end, rotated, slot, size) for slot in range(size)]
                table.append([[m for f in range(size) for m in r[f][: size - f]] for r in rows])
    return table


def _flat_at(size: int, first: int) -> int:
    """Where the shows from ``first`` would begin in a flat list of a hand of ``size`` cards
    if they began with ``first-0``: the show ``first-last`` is at this plus ``last``."""
    return first * size - first * (first - 1) // 2 - first


def scout_show_moves(numbers: list[int], active_set: Hand) -> list[ScoutShow]:
    """Every (scout, show) pair whose show beats the set reduced by the scout, canonical order.

    ``numbers`` are the top numbers of the hand; ``active_set`` is not empty. The beating spans
    after each insertion are those of the hand itself except from
    :func:`~scout_ref.engine.combinations._first_changed` up to the slot, so only those few are
    computed again, on one list of numbers in which the scouted card moves one slot to the
    right at a time. The others
    are the hand's own beating ranges, kept before the changed starts and moved right by one
    after the slot: their places in the flat lists of :func:`_flat_table` are worked out once.
    """
    out: list[ScoutShow] = []
    n = len(numbers)
    grown = n + 1
    table = _flat_table(grown)
    last = len(active_set) - 1
    for end in range(2 if last else 1):
        card = active_set[last] if end else active_set[0]
        rest = active_set[:last] if end else active_set[1:]
        target = strength_of([c.top for c in rest]) if rest else None
        size, is_set, smallest = (0, False, 0) if target is None else target
        lows, highs = beating_spans(numbers, target)
        # The hand's beating ranges in the grown hand, as they are and moved right by one;
        # before[x] of them start before x.
        kept: list[int] = []
        moved: list[int] = []
        before: list[int] = []
        for first in range(n):
            before.append(len(kept))
            at, at_moved = _flat_at(grown, first), _flat_at(grown, first + 1) + 1
            for high in range(lows[first], highs[first] + 1):
                kept.append(at + high)
                moved.append(at_moved + high)
        before.append(len(kept))
        for rotated in range(2):
            value = card.bottom if rotated else card.top
            after = [value, *numbers]  # the hand after inserting at the slot
            flats = table[2 * end + rotated]
            for slot in range(grown):
                if slot:
                    after[slot - 1] = numbers[slot - 1]
                    after[slot] = value
                flat = flats[slot]
                changed = _first_changed(highs, slot)
                for k in range(before[changed]):  # before the changed starts: as they were
                    out.append(flat[kept[k]])
                for first in range(changed, slot + 1):  # from the changed starts to the slot
                    low, high = _span_at(after, first, size, is_set, smallest)
                    at = _flat_at(grown, first)
                    for k in range(at + low, at + high + 1):
                        out.append(flat[k])
                for k in range(before[slot], len(moved)):  # after the slot: moved right by one
                    out.append(flat[moved[k]])
    return out
