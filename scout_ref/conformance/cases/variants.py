"""Cases for chapter VAR: the forced-scouting variant (the others are exercised by topic).

Every case is a row of ``tables/variants.toml`` (see :mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case
from scout_ref.conformance.cases._table import facing_cases


def reject_cases() -> list[Case]:
    """Scouting while a show is possible, under forced scouting."""
    return facing_cases("variants", "reject")


def legal_cases() -> list[Case]:
    """Move lists under forced scouting, and the official voluntary scouting to compare."""
    return facing_cases("variants", "legal")


def apply_cases() -> list[Case]:
    """A forced scout by a player who cannot show."""
    return facing_cases("variants", "apply")
