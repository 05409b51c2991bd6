"""Cases for chapter SNS: Scout & Show, judged against the active set as the scout left it.

Every case is a row of ``tables/scout_show.toml`` (see :mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, facing
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.state import State


def apply_position() -> State:
    """Seat 1 of 4 faces seat 0's run 5-6-7 holding two 8s (and a 2)."""
    return facing(4, "5/1 6/1 7/1", "8/2 8/3 2/4")


def apply_cases() -> list[Case]:
    """Scout & Show in its forms: beating only the reduced set, using the scouted card, ..."""
    return facing_cases("scout_show", "apply")


def reject_cases() -> list[Case]:
    """A used chip, and a show that beats neither the original nor the reduced set."""
    return facing_cases("scout_show", "reject")


def legal_cases() -> list[Case]:
    """Scout & Show listed while the chip is available, and absent once it is used."""
    return facing_cases("scout_show", "legal")
