"""Cases for chapter SCOUT: taking an end card, inserting it, and the owner's chip.

Four players: seat 1 faces the run 5-6 that seat 0 showed.
"""

from __future__ import annotations

from typing import Any

from scout_ref.conformance.cases._case import Case, case, facing, play_start, rejected
from scout_ref.errors import Reason
from scout_ref.state import State

SCOUT = ("SC-SCOUT-01", "SC-SCOUT-02", "SC-SCOUT-03", "SC-SCOUT-05", "SC-TURN-01")


def _position(**fields: Any) -> State:
    return facing(4, "5/3 6/1", "4/9 7/1 8/4 2/5", **fields)


def _big_hand() -> State:
    """Seat 1 holds 16 cards; the others hold little."""
    hand = "1/2 1/3 1/4 1/5 1/6 1/7 1/8 2/3 2/4 2/5 2/6 2/7 2/8 3/4 3/5 3/6"
    # Five cards beyond the deal and a used Scout & Show: six scouts, whose chips seat 0 holds.
    return facing(
        4,
        "9/7 8/7",
        hand,
        others=1,
        scout_show_available=[True, False, True, True],
        scout_chips=[6, 0, 0, 0],
    )


def apply_cases() -> list[Case]:
    """Scouts from either end, kept or rotated, at the edges of the hand."""
    return [
        case(
            "apply-scout-left-kept-far-left",
            "Taking the left card as it lies into slot 0; the owner, not the scout, gets a chip.",
            [*SCOUT, "SC-COMP-02", "SC-GEN-02", "SC-COMP-03"],
            focus="SC-SCOUT-03",
            state=_position(scout_chips=[2, 0, 0, 0]),
            move="scout L @0",
            claim={"scout_chips": [3, 0, 0, 0], "active_set": ["6/1"], "owner": 0, "turn": 2},
        ),
        case(
            "apply-scout-right-rotated-far-right",
            "Taking the right card rotated (6/1 becomes 1/6) into the last slot.",
            [*SCOUT, "SC-COMP-02", "SC-GEN-02"],
            state=_position(),
            move="scout R~ @4",
            claim={"active_set": ["5/3"], "scout_chips": [1, 0, 1, 3]},
        ),
        case(
            "apply-scout-middle-slot",
            "Inserting between positions 1 and 2: the card becomes position 2.",
            [*SCOUT, "SC-GEN-02"],
            state=_position(),
            move="scout L~ @2",
        ),
        case(
            "apply-scout-turn-passes-to-next-seat",
            "After seat 3 of 4 scouts, the turn goes on to seat 0, who does not own the set.",
            ["SC-TURN-01", "SC-GEN-01", "SC-SCOUT-03"],
            state=facing(4, "5/3 6/1", "4/9 7/1", seat=3, owner=2),
            move="scout L @0",
            claim={"turn": 0, "phase": "play"},
        ),
        case(
            "apply-scout-chip-supply-unlimited",
            "An owner already holding 20 chips receives a 21st: the supply never runs out.",
            ["SC-COMP-03", "SC-SCOUT-03"],
            # Seat 0 showed 22 cards with a hand of 4: it scouted 15 back, paying seat 1.
            state=_position(scout_chips=[20, 15, 0, 0]),
            move="scout R @0",
            claim={"scout_chips": [21, 15, 0, 0]},
        ),
        case(
            "apply-scout-while-show-possible",
            "Scouting is allowed although the run 7-8 would beat the active set.",
            ["SC-SCOUT-04", "SC-TURN-02", *SCOUT],
            state=_position(),
            move="scout R @1",
        ),
        case(
            "apply-scout-last-card",
            "Scouting a one-card set leaves the table empty; the owner stays recorded.",
            ["SC-SCOUT-05", "SC-NOTE-05", "SC-SCOUT-03"],
            state=facing(4, "7/3", "4/9 7/1 8/4 2/5"),
            move="scout L @0",
            claim={"active_set": [], "owner": 0, "turn": 2, "scout_chips": [1, 0, 1, 3]},
        ),
        case(
            "apply-scout-hand-beyond-sixteen",
            "A hand of 16 cards grows to 17: hand size has no cap.",
            ["SC-SCOUT-02", "SC-GEN-02"],
            state=_big_hand(),
            move="scout L @16",
        ),
    ]


def reject_cases() -> list[Case]:
    """Scouts with nothing to take or a slot outside the hand."""
    return [
        case(
            "reject-scout-no-active-set",
            "At the start of play there is no active set to scout from.",
            ["SC-SCOUT-01"],
            state=play_start(4, 11),
            move="scout L @0",
            claim=rejected(Reason.NO_ACTIVE_SET),
        ),
        case(
            "reject-scout-slot-outside-hand",
            "A hand of 4 cards has slots 0 to 4; slot 5 is outside.",
            ["SC-SCOUT-02"],
            state=_position(),
            move="scout L @5",
            claim=rejected(Reason.SLOT_OUTSIDE_HAND),
        ),
        *_inner_card_cases(),
    ]


def _inner_card_cases() -> list[Case]:
    """Taking the middle card of the active set, written as SC-NOTE-07 allows."""
    three = facing(4, "5/3 6/1 7/2", "4/9 7/1 8/4 2/5")
    return [
        case(
            f"reject-scout-inner-card{suffix}",
            f"The 6 in the middle of the run 5-6-7 is not an end: it cannot be taken{how}.",
            ["SC-SCOUT-01", "SC-NOTE-07"],
            state=three,
            move=move,
            claim=rejected(Reason.NOT_AN_END),
        )
        for suffix, how, move in (
            ("", "", "scout #1 @0"),
            ("-rotated", ", turned or not", "scout #1~ @4"),
        )
    ] + [
        case(
            "reject-scout-inner-card-five",
            "Of the run 3-4-5-6-7 only the 3 and the 7 may be taken; the 5 at position 2 not.",
            ["SC-SCOUT-01", "SC-NOTE-07"],
            state=facing(5, "3/1 4/1 5/1 6/1 7/1", "2/9 8/9"),
            move="scout #2 @1",
            claim=rejected(Reason.NOT_AN_END),
        ),
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
    return [
        case(
            "legal-scout-both-ends",
            "Both ends of a two-card set, kept or rotated, into each of the 5 slots of 4 cards.",
            ["SC-SCOUT-01", "SC-SCOUT-02", "SC-SCOUT-04", "SC-SHOW-03", "SC-SNS-01"],
            state=_position(),
            claim={"includes": ["scout L @0", "scout R~ @4", "show 1-2"]},
        ),
        case(
            "legal-scout-hand-of-sixteen",
            "A hand of 16 cards may take a seventeenth at any of 17 slots.",
            ["SC-SCOUT-02", "SC-SCOUT-01"],
            state=_big_hand(),
            claim={"includes": ["scout L @16", "scout R~ @16"]},
        ),
    ]
