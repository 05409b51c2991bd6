"""Cases for chapter END: an emptied hand, an unbeaten set, and when neither has happened.

Every case is a row of ``tables/round_end.toml`` (see :mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, facing, played
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules


def emptied_by_scouts(rules: Rules | None = None) -> State:
    """Three players: seat 0 showed two cards, seat 1 scouted one; seat 2 faces the last.

    The position is reached by play (:func:`~._case.facing`), so the other hands and the
    chips are those that game leaves.
    """
    state = facing(3, "5/3 6/1", "4/9 7/1 8/4", seat=1, rules=rules)
    return played(state, "scout L @0")


def apply_cases() -> list[Case]:
    """Moves that end the round, and moves that do not."""
    return facing_cases("round_end", "apply")


def legal_cases() -> list[Case]:
    """After a reset chain the owner faces an empty table and must show."""
    return facing_cases("round_end", "legal")
