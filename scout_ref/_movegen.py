"""Fast move listing for :func:`scout_ref.legal_moves` (chapter TURN).

Listing moves is the engine's hot path: with Scout & Show available a hand can have hundreds of
moves. This module therefore works on plain numbers and interned move objects rather than
calling the chapter modules' checks. It encodes no rule of its own: the property tests verify
that a move is listed if and only if :func:`scout_ref.check_move` accepts it.
"""

from __future__ import annotations

from scout_ref.combinations import beating_ranges, strength_of
from scout_ref.notation import End, Scout, ScoutShow, Show
from scout_ref.state import Hand

_ENDS = (End.LEFT, End.RIGHT)
_SHOWS: dict[tuple[int, int], Show] = {}
_SCOUTS: dict[tuple[int, int, int], Scout] = {}
_SCOUT_LISTS: dict[tuple[int, int], tuple[Scout, ...]] = {}
_SCOUT_SHOWS: dict[tuple[int, int, int], dict[tuple[int, int], ScoutShow]] = {}


def show_move(first: int, last: int) -> Show:
    """The interned ``show first-last``."""
    move = _SHOWS.get((first, last))
    if move is None:
        move = _SHOWS[first, last] = Show(first, last)
    return move


def scout_move(end: int, rotated: int, slot: int) -> Scout:
    """The interned scout from end index ``end`` (0 = L, 1 = R)."""
    move = _SCOUTS.get((end, rotated, slot))
    if move is None:
        move = _SCOUTS[end, rotated, slot] = Scout(_ENDS[end], bool(rotated), slot)
    return move


def show_moves(ranges: list[tuple[int, int]]) -> list[Show]:
    """The interned shows of these ranges, in the same order."""
    return [_SHOWS.get(r) or show_move(*r) for r in ranges]


def scout_moves(ends: int, hand_size: int) -> tuple[Scout, ...]:
    """Every scout from ``ends`` ends (1 for a one-card active set) into a hand of this size."""
    moves = _SCOUT_LISTS.get((ends, hand_size))
    if moves is None:
        moves = _SCOUT_LISTS[ends, hand_size] = tuple(
            scout_move(e, r, k) for e in range(ends) for r in (0, 1) for k in range(hand_size + 1)
        )
    return moves


def _pairs_of(end: int, rotated: int, slot: int) -> dict[tuple[int, int], ScoutShow]:
    """The interned Scout & Show moves sharing one scout, by show range."""
    pairs = _SCOUT_SHOWS.get((end, rotated, slot))
    if pairs is None:
        pairs = _SCOUT_SHOWS[end, rotated, slot] = {}
    return pairs


def _pair(end: int, rotated: int, slot: int, show: tuple[int, int]) -> ScoutShow:
    move = ScoutShow(scout_move(end, rotated, slot), show_move(*show))
    _SCOUT_SHOWS[end, rotated, slot][show] = move
    return move


def scout_show_moves(numbers: list[int], active_set: Hand) -> list[ScoutShow]:
    """Every (scout, show) pair whose show beats the set reduced by the scout, canonical order.

    ``numbers`` are the top numbers of the hand; ``active_set`` is not empty.
    """
    out: list[ScoutShow] = []
    last = len(active_set) - 1
    ends = [(0, active_set[0], active_set[1:])]
    if last:
        ends.append((1, active_set[last], active_set[:last]))
    for end, card, rest in ends:
        target = strength_of([c.top for c in rest]) if rest else None
        for rotated, value in ((0, card.top), (1, card.bottom)):
            for slot in range(len(numbers) + 1):
                pairs = _pairs_of(end, rotated, slot)
                shows = beating_ranges([*numbers[:slot], value, *numbers[slot:]], target)
                out += [pairs.get(show) or _pair(end, rotated, slot, show) for show in shows]
    return out
