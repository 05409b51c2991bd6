"""Cases for chapter SHOW: the range shown, an empty table, capturing and the new active set."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, play_start, rejected
from scout_ref.errors import Reason
from scout_ref.setup import new_game, shuffled_deck


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
        case(
            "apply-show-captures-beaten-set",
            "The beaten set goes face down to the shower; the shown cards become the active set.",
            ["SC-SHOW-04", "SC-SHOW-05", "SC-GEN-02", "SC-TURN-01"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4 2/5", others=2, captured=["", "2/3", "", ""]),
            move="show 1-2",
            claim={"active_set": ["7/1", "8/4"], "owner": 1, "turn": 2},
        ),
        case(
            "apply-show-empty-table-after-scouts",
            "With the active set scouted away, any combination may be shown, even one low card.",
            ["SC-SHOW-02", "SC-SHOW-04", "SC-SHOW-05", "SC-SCOUT-05"],
            state=facing(4, "", "1/9 8/7", seat=2, owner=0),
            move="show 0-0",
            claim={"active_set": ["1/9"], "owner": 2},
        ),
        case(
            "apply-show-middle-keeps-order",
            "Showing from the middle of a hand leaves the other cards in their order.",
            ["SC-GEN-02", "SC-SHOW-05", "SC-SHOW-03"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4 2/5 3/6", by_play=False),
            move="show 1-2",
            claim={
                "hands": [["1/2", "1/3"], ["4/9", "2/5", "3/6"], ["1/4", "1/5"], ["1/8", "1/9"]]
            },
        ),
        case(
            "apply-show-last-seat-wraps",
            "After seat 3 of 4 shows, the turn goes to seat 0.",
            ["SC-GEN-01", "SC-TURN-01", "SC-SHOW-03"],
            state=facing(4, "2/5", "6/1 3/8", seat=3, owner=2),
            move="show 0-0",
            claim={"turn": 0},
        ),
    ]


def reject_cases() -> list[Case]:
    """A show whose range leaves the hand."""
    return [
        case(
            "reject-show-range-outside-hand",
            "A hand of 4 cards has positions 0 to 3; show 3-4 reaches past its end.",
            ["SC-SHOW-01"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4 2/5"),
            move="show 3-4",
            claim=rejected(Reason.RANGE_OUTSIDE_HAND),
        ),
        case(
            "reject-show-not-stronger",
            "A single 8 does not beat the run 5-6.",
            ["SC-SHOW-03", "SC-SET-04"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4 2/5"),
            move="show 2-2",
            claim=rejected(Reason.NOT_STRONGER),
        ),
        *_selection_cases(),
    ]


def _selection_cases() -> list[Case]:
    """Cards picked out of the hand or put down in another order, written as SC-NOTE-07
    allows; each would beat the active set if it could be shown."""
    return [
        case(
            "reject-show-not-adjacent",
            "The two 5s at positions 0 and 2 would be a set, but the 9 lies between them.",
            ["SC-SHOW-01", "SC-NOTE-07", "SC-SET-01"],
            state=facing(4, "3/8", "5/1 9/1 5/2 2/6"),
            move="show 0,2",
            claim=rejected(Reason.NOT_ADJACENT),
        ),
        case(
            "reject-show-reordered",
            "Tops 5, 4, 6 lie next to each other but form no run; put down as 4, 5, 6 they"
            " would, but shown cards keep the order they lie in.",
            ["SC-SHOW-01", "SC-NOTE-07", "SC-SET-03"],
            state=facing(4, "3/8", "5/1 4/1 6/1 2/9"),
            move="show 1,0,2",
            claim=rejected(Reason.OUT_OF_ORDER),
        ),
        case(
            "reject-show-reversed",
            "Tops 7, 8 are a run either way, but they are put down as they lie, not reversed.",
            ["SC-SHOW-01", "SC-NOTE-07"],
            state=facing(4, "3/8", "7/1 8/1 2/9"),
            move="show 1,0",
            claim=rejected(Reason.OUT_OF_ORDER),
        ),
        case(
            "reject-show-selection-outside-hand",
            "A hand of 3 cards has no position 5: the range is reported first (SC-TURN-04).",
            ["SC-TURN-04", "SC-SHOW-01", "SC-NOTE-07"],
            state=facing(4, "3/8", "7/1 8/1 2/9"),
            move="show 5,0",
            claim=rejected(Reason.RANGE_OUTSIDE_HAND),
        ),
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
        case(
            "legal-show-empty-table",
            "With the set scouted away the player to act must show; every combination qualifies.",
            ["SC-SHOW-02", "SC-END-03", "SC-SCOUT-01"],
            state=facing(4, "", "1/9 8/7 7/2 2/4", seat=2, owner=0),
            claim={"includes": ["show 0-0", "show 1-2"], "excludes": ["scout L @0"]},
        ),
    ]
