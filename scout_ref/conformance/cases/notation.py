"""Cases for chapter NOTE: each move has one spelling, including the one-card active set.

The cases from a position facing an active set are rows of ``tables/notation.toml``
(:mod:`._table`); here are the rotation decisions' words.
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.setup import new_game, shuffled_deck


def reject_cases() -> list[Case]:
    """The right end of a one-card set, and rejection precedence among scout checks."""
    return facing_cases("notation", "reject")


def legal_cases() -> list[Case]:
    """The rotation decisions' words, and a player facing a one-card set."""
    return [
        *(
            case(
                f"legal-notation-rotation-words{'' if n == 5 else f'-{n}p'}",
                "In the rotation phase the two moves are written keep and flip.",
                ["SC-NOTE-01", "SC-ORIENT-01"],
                state=new_game(n, shuffled_deck(n, "note-01")),
                claim={"moves": ["keep", "flip"]},
            )
            for n in (2, 3, 4, 5)
        ),
        *facing_cases("notation", "legal"),
    ]


def apply_cases() -> list[Case]:
    """Notation in use: a show written i-i, a rotated scout, a Scout & Show."""
    return facing_cases("notation", "apply")
