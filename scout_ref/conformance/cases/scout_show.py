"""Cases for chapter SNS: Scout & Show, judged against the active set as the scout left it.

Four players: seat 1 faces seat 0's run 5-6-7.
"""

from __future__ import annotations

from typing import Any

from scout_ref.conformance.cases._case import Case, case, facing, rejected
from scout_ref.errors import Reason
from scout_ref.state import State

SNS = ("SC-SNS-01", "SC-SNS-02", "SC-SNS-03", "SC-COMP-04")


def apply_position(hand: str = "8/2 8/3 2/4", **fields: Any) -> State:
    """Seat 1 of 4 faces seat 0's run 5-6-7 holding two 8s."""
    return facing(4, "5/1 6/1 7/1", hand, **fields)


def apply_cases() -> list[Case]:
    """Scout & Show in its forms: beating only the reduced set, using the scouted card, ..."""
    return [
        case(
            "apply-scout-show-beats-reduced-set",
            "Two 8s cannot beat the run 5-6-7, but after scouting the 5 they beat the run 6-7.",
            [*SNS, "SC-SCOUT-03", "SC-SHOW-04", "SC-SET-04"],
            focus="SC-SNS-02",
            state=apply_position(),
            move="scout L @3 + show 0-1",
            claim={
                "scout_chips": [1, 0, 1, 3],
                "scout_show_available": [True, False, True, True],
                "active_set": ["8/2", "8/3"],
                "owner": 1,
                "turn": 2,
            },
        ),
        case(
            "apply-scout-show-with-scouted-card",
            "The scouted 7 completes the run 7-8-9, which beats the reduced run 5-6.",
            [*SNS, "SC-NOTE-04"],
            focus="SC-SNS-03",
            state=apply_position("8/2 9/3 2/4"),
            move="scout R @0 + show 0-2",
            claim={"active_set": ["7/1", "8/2", "9/3"]},
        ),
        case(
            "apply-scout-show-empties-set",
            "Scouting a one-card set leaves nothing to beat: any combination may follow.",
            [*SNS, "SC-SHOW-02", "SC-NOTE-05"],
            focus="SC-SNS-02",
            state=facing(4, "7/3", "4/9 7/1 8/4 2/5"),
            move="scout L @0 + show 4-4",
            claim={"active_set": ["2/5"], "owner": 1},
        ),
        case(
            "apply-scout-show-right-end-reduced",
            "Scouting the right end of 3-4-5 leaves the run 3-4, which the run 5-6 beats.",
            [*SNS, "SC-SCOUT-05"],
            focus="SC-SNS-02",
            state=facing(4, "3/1 4/2 5/2", "5/9 6/1 2/7"),
            move="scout R @2 + show 0-1",
            claim={"active_set": ["5/9", "6/1"], "owner": 1},
        ),
        case(
            "apply-scout-show-empties-hand",
            "A Scout & Show that plays every card in hand ends the round.",
            [*SNS, "SC-END-01", "SC-SCORE-06"],
            state=apply_position("8/2"),
            move="scout R @0 + show 0-1",
            claim={"phase": "round_over", "round_end": "empty_hand"},
        ),
        case(
            "apply-scout-show-resets-chain",
            "A Scout & Show by the last seat before the owner is a show: the round goes on.",
            [*SNS, "SC-END-02", "SC-END-03"],
            state=apply_position(seat=3),
            move="scout L @3 + show 0-1",
            claim={"phase": "play", "owner": 3, "turn": 0},
        ),
    ]


def reject_cases() -> list[Case]:
    """A used chip, and a show that beats neither the original nor the reduced set."""
    return [
        case(
            "reject-scout-show-used",
            "A player who has used Scout & Show this round cannot use it again.",
            ["SC-SNS-01", "SC-COMP-04"],
            state=apply_position(scout_show_available=[True, False, True, True]),
            move="scout L @3 + show 0-1",
            claim=rejected(Reason.SCOUT_SHOW_USED),
        ),
        case(
            "reject-scout-show-not-stronger",
            "A single 2 beats neither the run 5-6-7 nor the run 6-7 left by the scout.",
            ["SC-SNS-02", "SC-SHOW-03"],
            state=apply_position(),
            move="scout L @3 + show 2-2",
            claim=rejected(Reason.NOT_STRONGER),
        ),
        case(
            "reject-scout-show-plain-show-against-original",
            "Without the scout, two 8s do not beat the run 5-6-7.",
            ["SC-SHOW-03", "SC-SET-04"],
            state=apply_position(),
            move="show 0-1",
            claim=rejected(Reason.NOT_STRONGER),
        ),
    ]


def legal_cases() -> list[Case]:
    """Scout & Show listed while the chip is available, and absent once it is used."""
    return [
        case(
            "legal-scout-show-available",
            "With the chip available, Scout & Show moves are listed, judged on the reduced set.",
            [*SNS, "SC-SCOUT-01", "SC-SCOUT-02"],
            state=apply_position("8/2 8/3"),
            claim={"includes": ["scout L @2 + show 0-1"], "excludes": ["show 0-1"]},
        ),
        case(
            "legal-scout-show-used",
            "Once the chip is used no Scout & Show is listed.",
            ["SC-SNS-01", "SC-COMP-04"],
            state=apply_position("8/2 8/3", scout_show_available=[True, False, True, True]),
            claim={"excludes": ["scout L @2 + show 0-1"]},
        ),
    ]
