"""Built-in players: a uniformly random bot and a greedy one, both deterministic given a seed.

Bots play fair: they decide from their own :class:`~scout_ref.Observation` (chapter INFO),
never from the full state, so they cannot see another player's hidden cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from scout_ref.ai.policy import greedy_move
from scout_ref.analysis.determinization import observed_moves
from scout_ref.engine.information import Observation
from scout_ref.engine.notation import Move
from scout_ref.engine.state import Phase


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
        """The greedy move (:func:`~scout_ref.ai.policy.greedy_move`)."""
        moves = [] if obs.public.phase is Phase.ROTATION else observed_moves(obs)
        return greedy_move(obs.public.phase, obs.hand, obs.public.active_set, moves)
