"""Built-in players: a uniformly random bot and a greedy one, both deterministic given a seed.

Bots play fair: they decide from their own :class:`~scout_ref.Observation` (chapter INFO),
never from the full state, so they cannot see another player's hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from scout_ref.analysis.determinization import observed_moves
from scout_ref.engine.combinations import Strength, beating_ranges, strength_of
from scout_ref.engine.information import Observation
from scout_ref.engine.notation import FLIP, KEEP, Move, Scout, ScoutShow, Show
from scout_ref.engine.rotation import rotate_hand
from scout_ref.engine.scout import scouted
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase

NO_STRENGTH: Strength = (0, False, 0)


class Bot(Protocol):
    """A player that picks one of its legal moves from what it knows."""

    @property
    def kind(self) -> str:
        """The name of the bot's strategy, as typed in ``--seats``."""
        ...

    def choose(self, obs: Observation) -> Move:
        """The move to make; ``obs`` is this bot's observation, with it to act."""
        ...


@dataclass(frozen=True, slots=True)
class RandomBot:
    """Picks uniformly among the legal moves."""

    rng: random.Random
    kind: str = "random"

    def choose(self, obs: Observation) -> Move:
        """A uniformly random legal move."""
        return self.rng.choice(observed_moves(obs))


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

    def choose(self, obs: Observation) -> Move:
        """The greedy move."""
        if obs.public.phase is Phase.ROTATION:
            flipped = best_strength(rotate_hand(obs.hand)) > best_strength(obs.hand)
            return FLIP if flipped else KEEP
        moves = observed_moves(obs)
        shows = [m for m in moves if isinstance(m, Show)]
        if shows:
            return max(shows, key=_size)
        pairs = [m for m in moves if isinstance(m, ScoutShow) and _size(m.show) >= 2]
        if pairs:
            return max(pairs, key=lambda m: _size(m.show))
        scouts = [m for m in moves if isinstance(m, Scout)]
        if scouts:
            return max(scouts, key=lambda m: best_strength(self._after(obs, m)))
        return moves[0]  # only one-card Scout & Shows are left

    @staticmethod
    def _after(obs: Observation, scout: Scout) -> Hand:
        return scouted(obs.hand, obs.public.active_set, scout)[0]
