"""The greedy policy: shed the most cards now, else scout what best builds a combination.

A policy reads only a hand, the active set and the legal moves, so the same function serves the
greedy bot of ``scout-ref play`` (on a seat's observation) and the playouts of the ISMCTS bot
(on a sampled state, where every hand is one the sampler drew).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scout_ref.engine.combinations import Strength, beating_ranges, strength_of
from scout_ref.engine.notation import FLIP, KEEP, Move, Scout, ScoutShow, Show
from scout_ref.engine.rotation import rotate_hand
from scout_ref.engine.scout import scouted
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase

NO_STRENGTH: Strength = (0, False, 0)


def best_strength(hand: Hand) -> Strength:
    """The strength of the strongest combination in ``hand`` (zero for an empty hand)."""
    numbers = tops(hand)
    found = (strength_of(numbers[i : j + 1]) for i, j in beating_ranges(numbers, None))
    return max((s for s in found if s is not None), default=NO_STRENGTH)


def show_size(show: Show) -> int:
    """How many cards ``show`` puts on the table."""
    return show.last - show.first + 1


def greedy_rotation(hand: Hand) -> Move:
    """Flip when the flipped hand holds a stronger combination."""
    return FLIP if best_strength(rotate_hand(hand)) > best_strength(hand) else KEEP


def greedy_move(
    phase: Phase,
    hand: Hand,
    active_set: Hand,
    moves: Sequence[Move],
    rng: random.Random | None = None,
) -> Move:
    """The greedy choice among ``moves``, the legal moves of the player holding ``hand``.

    Rotation: :func:`greedy_rotation`. Play: the longest show; failing that, a Scout & Show
    whose show has at least two cards; failing that, the scout whose new hand holds the
    strongest combination. Ties go to the canonical move order; with ``rng`` the scout is
    instead any scout, picked at random (the cheap playout policy, which weighs no hand).
    """
    if phase is Phase.ROTATION:
        return greedy_rotation(hand)
    shows = [m for m in moves if isinstance(m, Show)]
    if shows:
        return max(shows, key=show_size)
    pairs = [m for m in moves if isinstance(m, ScoutShow) and show_size(m.show) >= 2]
    if pairs:
        return max(pairs, key=lambda m: show_size(m.show))
    scouts = [m for m in moves if isinstance(m, Scout)]
    if scouts and rng is not None:
        return rng.choice(scouts)
    if scouts:
        return max(scouts, key=lambda m: best_strength(scouted(hand, active_set, m)[0]))
    return moves[0]  # only one-card Scout & Shows are left
