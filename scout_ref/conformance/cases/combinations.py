"""Cases for chapter SET: what forms a combination, and which combination beats which.

Every case is a row of ``tables/combinations.toml`` (see :mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case
from scout_ref.conformance.cases._table import facing_cases


def reject_cases() -> list[Case]:
    """Shows that are not combinations, or do not beat the active set."""
    return facing_cases("combinations", "reject")


def apply_cases() -> list[Case]:
    """Shows that beat the active set by each step of the strength order."""
    return facing_cases("combinations", "apply")


def legal_cases() -> list[Case]:
    """The full list of shows a hand offers against an active set."""
    return facing_cases("combinations", "legal")
