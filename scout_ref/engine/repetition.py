"""Repeated positions: how a simulation tells that a round has come back to where it was.

With 3 to 5 players a round need not end (SC-END-04): the players can return to a position
they have already been in and play the same moves again. A *position* here is the state
without what cannot change which moves are legal or what they do: the running scores, and,
with 3 to 5 players, the Scout chips (they only count at scoring). With 2 players the chips are
part of the position, because a scout spends one and a player without one cannot scout; a
two-player position therefore never repeats within a round (SC-END-05).

If a position repeats, the moves played between its two occurrences can be played again from
the second one, forever. The engine never ends a round for this (SC-END-03): the detector is
for simulations, which may stop and report the round as truncated (SC-END-06).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter

from scout_ref.engine.state import State
from scout_ref.rulebook.registry import implements


@implements("SC-END-04")
def position_key(state: State) -> Hashable:
    """The position of ``state``: every field except the running scores and, with 3 to 5
    players, the Scout chips. Two states with the same key allow the same moves, with the same
    effects on the position.

    >>> from scout_ref import new_game
    >>> from dataclasses import replace
    >>> s = new_game(3, seed=1)
    >>> position_key(s) == position_key(replace(s, scout_chips=(4, 4, 4), scores=(1, 2, 3)))
    True
    """
    chips = state.scout_chips if state.is_two_player else ()
    return chips, _POSITION(state)


_POSITION = attrgetter(*(f.name for f in fields(State) if f.name not in ("scores", "scout_chips")))
"""Every field of a state but the running scores and the Scout chips, which
:func:`position_key` takes apart."""


@dataclass
class RepetitionDetector:
    """Remembers the positions of a round; :meth:`see` says when one comes back.

    >>> from scout_ref import new_game
    >>> d = RepetitionDetector()
    >>> s = new_game(3, seed=1)
    >>> d.see(s), d.see(s)
    (None, 0)
    """

    _first: dict[Hashable, int] = field(default_factory=dict, init=False, repr=False)
    _count: int = field(default=0, init=False, repr=False)

    def see(self, state: State) -> int | None:
        """Record the next position of the round; if it occurred before, return the index
        (0 for the first position seen) of its first occurrence, else None."""
        key = position_key(state)
        index = self._count
        self._count += 1
        earlier = self._first.setdefault(key, index)
        return None if earlier == index else earlier


@dataclass(frozen=True, slots=True)
class Repeat:
    """A position seen at index ``first`` came back at index ``again`` (0 = the start)."""

    first: int
    again: int


def first_repeat(states: Iterable[State]) -> Repeat | None:
    """The first position in ``states`` (a round's positions in order) that had occurred
    before, or None if every position is new."""
    detector = RepetitionDetector()
    for index, state in enumerate(states):
        earlier = detector.see(state)
        if earlier is not None:
            return Repeat(earlier, index)
    return None
