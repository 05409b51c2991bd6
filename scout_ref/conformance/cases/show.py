"""Cases for chapter SHOW: the range shown, an empty table, capturing and the new active set.

The cases from a position facing an active set are rows of ``tables/show.toml`` (:mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, play_start, rejected
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.errors import Reason


def apply_cases() -> list[Case]:
    """Shows onto an empty table and onto an active set."""
    start = play_start(4, 11)
    return [
        *(
            case(
                f"apply-show-{n}p-first-of-round",
                f"{n} players: the first show of a round may be any combination.",
                ["SC-SHOW-05", "SC-SHOW-02", "SC-TURN-01"],
                state=play_start(n, 11),
                move="show 0-0",
            )
            for n in (2, 3, 5)
        ),
        case(
            "apply-show-2p-empty-table",
            "2 players: onto an empty table a run or set may be shown as well as a card.",
            ["SC-SHOW-02", "SC-SHOW-05"],
            state=play_start(2, 10),
            move="show 1-2",
        ),
        case(
            "apply-show-first-of-round",
            "The first show of a round needs only to be a combination (here one card).",
            ["SC-SHOW-02", "SC-SHOW-05", "SC-TURN-01", "SC-GEN-02"],
            focus="SC-SHOW-05",
            state=start,
            move="show 0-0",
            claim={"owner": 0, "turn": 1, "captured": [[], [], [], []]},
        ),
        *facing_cases("show", "apply"),
    ]


def reject_cases() -> list[Case]:
    """Shows out of the hand, too weak, picked apart or reordered, or out of phase."""
    return [
        *facing_cases("show", "reject"),
        case(
            "reject-show-selection-in-rotation",
            "During the rotation decisions no card is shown (SC-TURN-04: the phase comes first).",
            ["SC-TURN-04", "SC-TURN-03", "SC-NOTE-07"],
            state=new_game(3, shuffled_deck(3, 5)),
            move="show 2,0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
    ]


def legal_cases() -> list[Case]:
    """The shows open at the start of a round and after the set was scouted away."""
    return [
        case(
            "legal-show-round-start",
            "At the start of play the first player may show any combination and cannot scout.",
            ["SC-SHOW-02", "SC-SCOUT-01", "SC-ORIENT-03", "SC-SET-01"],
            state=play_start(4, 11),
            claim={"excludes": ["scout L @0"]},
        ),
        case(
            "legal-show-round-start-3p",
            "With 3 players a table is empty only at the round's start (a set scouted away ends"
            " the round): the first player may show any combination and cannot scout.",
            ["SC-SHOW-02", "SC-SCOUT-01", "SC-ORIENT-03", "SC-SET-01"],
            focus="SC-SHOW-02",
            state=play_start(3, 12),
            claim={"excludes": ["scout L @0"]},
        ),
        *facing_cases("show", "legal"),
    ]
