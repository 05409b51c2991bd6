"""Cases for chapter SCOUT: taking an end card, inserting it, and the owner's chip.

The cases from a position facing an active set are rows of ``tables/scout.toml``
(:mod:`._table`); here are those from the start of play.
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, play_start, rejected
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.errors import Reason


def apply_cases() -> list[Case]:
    """Scouts from either end, kept or rotated, at the edges of the hand."""
    return facing_cases("scout", "apply")


def reject_cases() -> list[Case]:
    """Scouts with nothing to take, a slot outside the hand, or a card that is not an end."""
    return [
        case(
            "reject-scout-no-active-set",
            "At the start of play there is no active set to scout from.",
            ["SC-SCOUT-01"],
            state=play_start(4, 11),
            move="scout L @0",
            claim=rejected(Reason.NO_ACTIVE_SET),
        ),
        *facing_cases("scout", "reject"),
        case(
            "reject-scout-inner-card-no-active-set",
            "With no active set the missing set is reported before the card named (SC-TURN-04).",
            ["SC-TURN-04", "SC-SCOUT-01", "SC-NOTE-07"],
            state=play_start(4, 11),
            move="scout #1 @0",
            claim=rejected(Reason.NO_ACTIVE_SET),
        ),
    ]


def legal_cases() -> list[Case]:
    """Every scout of a two-card set, and of a hand beyond 16 cards."""
    return facing_cases("scout", "legal")
