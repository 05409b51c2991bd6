"""Cases for chapter NOTE: each move has one spelling, including the one-card active set."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, rejected
from scout_ref.errors import Reason
from scout_ref.setup import new_game, shuffled_deck
from scout_ref.state import State


def _one_card() -> State:
    """Seat 1 faces a one-card active set (a 7) and holds 4 cards."""
    return facing(4, "7/3", "4/9 7/1 8/4 2/5")


def reject_cases() -> list[Case]:
    """The right end of a one-card set, and rejection precedence among scout checks."""
    return [
        case(
            "reject-notation-single-card-right-end",
            "The only card of a one-card set is its left end: scout R is rejected.",
            ["SC-NOTE-05", "SC-NOTE-03"],
            state=_one_card(),
            move="scout R @0",
            claim=rejected(Reason.SINGLE_CARD_END),
        ),
        case(
            "reject-notation-single-card-before-slot",
            "scout R~ @9 breaks two rules; the end is checked before the slot.",
            ["SC-NOTE-05", "SC-TURN-04", "SC-SCOUT-02"],
            state=_one_card(),
            move="scout R~ @9",
            claim=rejected(Reason.SINGLE_CARD_END),
        ),
        *(
            case(
                f"reject-notation-forbidden-{name}",
                f"{what} is written {move}, a form that names a move the rules forbid; the"
                " engine reads it and refuses the move.",
                ["SC-NOTE-07", rule],
                state=facing(4, "5/3 6/1 7/2", "6/2 9/1 6/3 4/5"),
                move=move,
                claim=rejected(reason),
            )
            for name, what, move, rule, reason in (
                (
                    "middle-card",
                    "Taking the 6 from the middle of the run 5-6-7",
                    "scout #1~ @2",
                    "SC-SCOUT-01",
                    Reason.NOT_AN_END,
                ),
                (
                    "gap",
                    "Putting down the two 6s around the 9",
                    "show 0,2",
                    "SC-SHOW-01",
                    Reason.NOT_ADJACENT,
                ),
            )
        ),
    ]


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
        case(
            "legal-notation-single-card-shows",
            "A show of one card at position i is written show i-i, beside longer ranges.",
            ["SC-NOTE-02", "SC-SHOW-03"],
            state=facing(4, "5/3", "7/1 8/4"),
            claim={"includes": ["show 0-0", "show 0-1", "show 1-1"]},
        ),
        case(
            "legal-notation-single-card-left-only",
            "Facing one card, the scouts are L and L~ at each slot; no R spelling is listed.",
            ["SC-NOTE-05", "SC-NOTE-03", "SC-NOTE-04", "SC-SCOUT-01"],
            state=_one_card(),
            claim={
                "includes": ["scout L @0", "scout L~ @4", "show 2-2"],
                "excludes": ["scout R @0", "scout R~ @4"],
            },
        ),
    ]


def apply_cases() -> list[Case]:
    """Notation in use: a show written i-i, a rotated scout, a Scout & Show."""
    return [
        case(
            "apply-notation-single-card-rotated",
            "scout L~ @1 takes the lone 7/3 rotated, as 3/7, into position 1.",
            ["SC-NOTE-03", "SC-NOTE-05", "SC-COMP-02", "SC-SCOUT-02"],
            state=_one_card(),
            move="scout L~ @1",
            claim={"active_set": []},
        ),
        case(
            "apply-notation-scout-show-indices",
            "In scout L @1 + show 1-2, the show's positions count the inserted card.",
            ["SC-NOTE-04", "SC-SNS-01", "SC-SNS-03"],
            state=_one_card(),
            move="scout L @1 + show 1-2",
            claim={"active_set": ["7/3", "7/1"]},
        ),
    ]
