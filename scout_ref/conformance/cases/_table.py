"""Cases as data: one row per case of the common shape "seat 1 faces seat 0's active set".

A row names the position (player count, active set, the hand of the seat to act), the move and
the outcome the author meant: a reason code for a rejection, or a claim about the next state.
:func:`facing_cases` turns a table of rows into case dicts, so a topic's cases are its table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scout_ref.conformance.cases._case import Case, case, facing, rejected
from scout_ref.errors import Reason


@dataclass(frozen=True, slots=True)
class Row:
    """One case: ``id`` and ``description``, the rules it cites (the first is its focus), the
    position seat 1 faces, the move, and a rejection ``reason`` or a ``claim``."""

    id: str
    description: str
    rules: Sequence[str]
    players: int
    active_set: str
    hand: str
    move: str
    reason: Reason | None = None
    claim: dict[str, Any] | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    """More parts of the position, for :func:`~._case.facing` (``others``, chips, ...)."""


def facing_cases(rows: Iterable[Row]) -> list[Case]:
    """The case of each row, in table order."""
    return [
        case(
            row.id,
            row.description,
            list(row.rules),
            state=facing(row.players, row.active_set, row.hand, **row.fields),
            move=row.move,
            claim=rejected(row.reason) if row.reason is not None else row.claim,
        )
        for row in rows
    ]
