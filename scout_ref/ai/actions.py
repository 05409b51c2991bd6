"""One fixed, numbered action space per player count: every move of the notation an index.

Learning libraries want a discrete action space whose size does not change during a game and a
mask of the legal actions. The moves of chapter NOTE are numbered here in four blocks, the same
layout for every player count; only the bounds depend on it:

* ``H`` (:func:`max_hand`), the largest hand a player can hold: the cards dealt to all hands,
  less one for each other hand, since only a show that ends the round empties a hand
  (SC-END-01, SC-REACH-02);
* ``L`` (:data:`MAX_SHOW`), the most cards a show can have: a run has at most one card per
  number, and a set at most the 9 cards that carry a number (SC-SET-02, SC-SET-03,
  SC-COMP-01).

======================  ======================================  ==============================
block                   move                                    index
======================  ======================================  ==============================
rotation (SC-NOTE-01)   ``keep``, ``flip``                      0, 1
show (SC-NOTE-02)       ``show i-j``, length ``n = j - i + 1``  2 + i * L + (n - 1)
scout (SC-NOTE-03)      ``scout E[~] @k``                       S + (2 * e + r) * H + k
Scout & Show            ``scout E[~] @k + show i-j``            P + scout * (H * L) + show
======================  ======================================  ==============================

with ``e`` 0 for ``L`` and 1 for ``R``, ``r`` 1 when turned (``~``), ``S = 2 + H * L``,
``P = S + 4 * H``, and in the last block ``scout`` and ``show`` the offsets of the two parts in
their own blocks. Every index names one move and every move within the bounds one index
(:func:`move_of`, :func:`index_of`); many indices are never legal (a show past the end of the
hand, and with 2 players every Scout & Show, SC-VAR2-02), which the mask says.

>>> from scout_ref import parse_move
>>> size(3), max_hand(3)
(46718, 34)
>>> str(move_of(3, index_of(3, parse_move("scout R~ @4 + show 0-2"))))
'scout R~ @4 + show 0-2'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from scout_ref.engine.components import MAX_NUMBER
from scout_ref.engine.notation import FLIP, KEEP, End, Flip, Keep, Move, Scout, ScoutShow, Show
from scout_ref.engine.setup import check_players, hand_size

MAX_SHOW = MAX_NUMBER
"""``L``: the most cards a show can have (a run of every number)."""

_ENDS = (End.LEFT, End.RIGHT)


@cache
def max_hand(players: int) -> int:
    """``H``: the most cards one hand can hold in a round of this many players.

    >>> [max_hand(n) for n in (2, 3, 4, 5)]
    [21, 34, 41, 41]
    """
    check_players(players)
    return players * hand_size(players) - (players - 1)


def _blocks(players: int) -> tuple[int, int, int, int]:
    """``H``, the first scout index ``S``, the first Scout & Show index ``P``, and the size."""
    h = max_hand(players)
    scouts = 2 + h * MAX_SHOW
    pairs = scouts + 4 * h
    return h, scouts, pairs, pairs + 4 * h * h * MAX_SHOW


def size(players: int) -> int:
    """How many actions there are with this many players.

    >>> [size(n) for n in (2, 3, 4, 5)]
    [17936, 46718, 67816, 67816]
    """
    return _blocks(players)[3]


def _show_offset(show: Show, h: int) -> int:
    length = show.last - show.first + 1
    if not (0 <= show.first < h and 1 <= length <= MAX_SHOW):
        raise ValueError(f"{show} is outside the action space (hands of {h}, shows of {MAX_SHOW})")
    return show.first * MAX_SHOW + length - 1


def _scout_offset(scout: Scout, h: int) -> int:
    if not 0 <= scout.slot < h:
        raise ValueError(f"{scout} is outside the action space (hands of {h})")
    return (2 * _ENDS.index(scout.end) + scout.rotated) * h + scout.slot


def index_of(players: int, move: Move) -> int:
    """The action index of ``move``.

    Raises:
        ValueError: if the move lies outside the bounds (a slot or position of ``H`` or more,
            a show longer than ``L``): no game of this many players has it.
    """
    h, scouts, pairs, _ = _blocks(players)
    match move:
        case Keep():
            return 0
        case Flip():
            return 1
        case Show():
            return 2 + _show_offset(move, h)
        case Scout():
            return scouts + _scout_offset(move, h)
        case ScoutShow(scout, show):
            return pairs + _scout_offset(scout, h) * h * MAX_SHOW + _show_offset(show, h)
    raise TypeError(f"{move!r} is not a move")


def _show(offset: int) -> Show:
    first, length = divmod(offset, MAX_SHOW)
    return Show(first, first + length)


def _scout(offset: int, h: int) -> Scout:
    kind, slot = divmod(offset, h)
    end, rotated = divmod(kind, 2)
    return Scout(_ENDS[end], bool(rotated), slot)


def move_of(players: int, index: int) -> Move:
    """The move of action ``index``, the inverse of :func:`index_of`.

    Raises:
        ValueError: if ``index`` is not from 0 to ``size(players) - 1``.

    >>> [str(move_of(4, k)) for k in (0, 1, 2, 3, 12)]
    ['keep', 'flip', 'show 0-0', 'show 0-1', 'show 1-1']
    """
    h, scouts, pairs, total = _blocks(players)
    if not 0 <= index < total:
        raise ValueError(f"action {index} is not from 0 to {total - 1}")
    if index < 2:
        return KEEP if index == 0 else FLIP
    if index < scouts:
        return _show(index - 2)
    if index < pairs:
        return _scout(index - scouts, h)
    scout, show = divmod(index - pairs, h * MAX_SHOW)
    return ScoutShow(_scout(scout, h), _show(show))


def table(players: int) -> Iterator[tuple[int, str]]:
    """Every action index with its move in canonical notation, in index order.

    >>> rows = list(table(2))
    >>> len(rows), rows[-1]
    (17936, (17935, 'scout R~ @20 + show 20-29'))
    """
    for index in range(size(players)):
        yield index, str(move_of(players, index))


def blocks(players: int) -> list[tuple[str, int, int]]:
    """The four blocks as (name, first index, count), for documentation and checks.

    >>> blocks(5)
    [('rotation', 0, 2), ('show', 2, 410), ('scout', 412, 164), ('scout_show', 576, 67240)]
    """
    _, scouts, pairs, total = _blocks(players)
    return [
        ("rotation", 0, 2),
        ("show", 2, scouts - 2),
        ("scout", scouts, pairs - scouts),
        ("scout_show", pairs, total - pairs),
    ]
