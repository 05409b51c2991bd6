"""Built-in players: a uniformly random bot and a greedy one, both deterministic given a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from scout_ref.combinations import Strength, beating_ranges, strength_of
from scout_ref.notation import FLIP, KEEP, Move, Scout, ScoutShow, Show
from scout_ref.rotation import rotate_hand
from scout_ref.scout import scouted
from scout_ref.show import tops
from scout_ref.state import Hand, Phase, State
from scout_ref.turn import legal_moves

NO_STRENGTH: Strength = (0, False, 0)


class Bot(Protocol):
    """A player that picks one of the legal moves of the state it is given."""

    @property
    def kind(self) -> str:
        """The name of the bot's strategy, as typed in ``--seats``."""
        ...

    def choose(self, state: State) -> Move:
        """The move to make; ``state`` has this bot to act and at least one legal move."""
        ...


@dataclass(frozen=True, slots=True)
class RandomBot:
    """Picks uniformly among the legal moves."""

    rng: random.Random
    kind: str = "random"

    def choose(self, state: State) -> Move:
        """A uniformly random legal move."""
        return self.rng.choice(legal_moves(state))


def best_strength(hand: Hand) -> Strength:
    """The strength of the strongest combination in ``hand`` (zero for an empty hand)."""
    numbers = tops(hand)
    found = (strength_of(numbers[i : j + 1]) for i, j in beating_ranges(numbers, None))
    return max((s for s in found if s is not None), default=NO_STRENGTH)


def _size(show: Show) -> int:
    return show.last - show.first + 1


@dataclass(frozen=True, slots=True)
class GreedyBot:
    """Sheds as many cards as it can, else scouts the card that best builds a combination.

    Rotation: flip when the flipped hand holds a stronger combination. Play: the longest show;
    failing that, a Scout & Show whose show has at least two cards; failing that, the scout
    whose new hand holds the strongest combination. Ties go to the canonical move order, so
    the bot needs no randomness.
    """

    kind: str = "greedy"

    def choose(self, state: State) -> Move:
        """The greedy move."""
        if state.phase is Phase.ROTATION:
            flipped = best_strength(rotate_hand(state.hand)) > best_strength(state.hand)
            return FLIP if flipped else KEEP
        moves = legal_moves(state)
        shows = [m for m in moves if isinstance(m, Show)]
        if shows:
            return max(shows, key=_size)
        pairs = [m for m in moves if isinstance(m, ScoutShow) and _size(m.show) >= 2]
        if pairs:
            return max(pairs, key=lambda m: _size(m.show))
        scouts = [m for m in moves if isinstance(m, Scout)]
        if scouts:
            return max(scouts, key=lambda m: best_strength(self._after(state, m)))
        return moves[0]  # only one-card Scout & Shows are left

    @staticmethod
    def _after(state: State, scout: Scout) -> Hand:
        return scouted(state.hand, state.active_set, scout)[0]
