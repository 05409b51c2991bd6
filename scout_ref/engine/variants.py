"""Chapter VAR: the rules switches, official reading by default.

Each switch names the source that motivates its non-default value; see the reconciliation
appendix of the rulebook for the full discussion.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class EmptySetChain(Enum):
    """What a scout that empties the active set does to the round-end chain (SC-END-02)."""

    LITERAL = "literal"  # official: the chain goes on; the round can still end (RB, S1-S4)
    RESET = "reset"  # SC-VAR-02: the chain resets; seen in other implementations


class Scouting(Enum):
    """Whether a player who could show may scout instead (SC-SCOUT-04)."""

    VOLUNTARY = "voluntary"  # official: RB "could not (or did not) show"
    FORCED = "forced"  # SC-VAR-03: S0 reads the end as "forced to scout"


class Rotation(Enum):
    """When hands may be rotated (SC-ORIENT-01)."""

    EACH_ROUND = "each_round"  # official: RB and S1-S4
    ONCE_PER_GAME = "once_per_game"  # SC-VAR-04: S0's word "game" read literally


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules switches in force; the defaults are the official reading.

    >>> Rules()
    Rules(owner_exemption=True, empty_set_chain=<EmptySetChain.LITERAL: 'literal'>, \
scouting=<Scouting.VOLUNTARY: 'voluntary'>, rotation=<Rotation.EACH_ROUND: 'each_round'>)
    >>> Rules().is_official
    True
    """

    owner_exemption: bool = True  # SC-SCORE-04; off is SC-VAR-01 (one RB transcription drops it)
    empty_set_chain: EmptySetChain = EmptySetChain.LITERAL
    scouting: Scouting = Scouting.VOLUNTARY
    rotation: Rotation = Rotation.EACH_ROUND

    @property
    def is_official(self) -> bool:
        """Whether every switch has its official value."""
        return self == Rules()
