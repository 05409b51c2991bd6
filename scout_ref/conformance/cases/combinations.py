"""Cases for chapter SET: what forms a combination, and which combination beats which.

Five players, so every card (including those with a 10) is in play; seat 1 faces seat 0's set.
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, rejected
from scout_ref.errors import Reason

SHOW = ("SC-SHOW-01", "SC-SHOW-03", "SC-SHOW-04", "SC-SHOW-05")


def reject_cases() -> list[Case]:
    """Shows that are not combinations, or do not beat the active set."""
    nc, ns = Reason.NOT_A_COMBINATION, Reason.NOT_STRONGER
    return [
        case(
            "reject-combinations-top-numbers-count",
            "Only top numbers count: tops 3, 4 are a run that loses to a set of 4s, although the"
            " bottoms 5, 5 would be a set that beats it.",
            ["SC-COMP-02", "SC-SET-04"],
            state=facing(4, "4/1 4/2", "3/5 4/5"),
            move="show 0-1",
            claim=rejected(Reason.NOT_STRONGER),
        ),
        case(
            "reject-combinations-run-not-consecutive",
            "Tops 2, 5, 9 rise but not by one each: not a run, although they are monotonic.",
            ["SC-SET-03", "SC-SET-01"],
            state=facing(5, "3/4", "2/1 5/1 9/1"),
            move="show 0-2",
            claim=rejected(nc),
        ),
        case(
            "reject-combinations-no-wrap",
            "Tops 10 then 1 are not consecutive: runs do not wrap around.",
            ["SC-SET-03", "SC-SET-01"],
            state=facing(5, "3/4", "9/2 10/2 1/3"),
            move="show 1-2",
            claim=rejected(nc),
        ),
        case(
            "reject-combinations-no-wrap-three",
            "Tops 9, 10, 1 are not a run of three: 10 and 1 are not consecutive.",
            ["SC-SET-01", "SC-SET-03"],
            state=facing(5, "3/4", "9/2 10/2 1/3"),
            move="show 0-2",
            claim=rejected(nc),
        ),
        case(
            "reject-combinations-set-and-run-mixed",
            "Tops 4, 4, 5 are neither all equal nor all consecutive.",
            ["SC-SET-01", "SC-SET-02", "SC-SET-03"],
            state=facing(5, "3/7", "4/1 4/2 5/2"),
            move="show 0-2",
            claim=rejected(nc),
        ),
        case(
            "reject-combinations-run-changes-direction",
            "Tops 4, 5, 4 go up then down: a run keeps one direction, and the cards of a set"
            " are all equal, not just its ends.",
            ["SC-SET-01", "SC-SET-02", "SC-SET-03"],
            state=facing(5, "3/7", "4/1 5/1 4/2"),
            move="show 0-2",
            claim=rejected(nc),
        ),
        case(
            "reject-combinations-set-equal-ends",
            "Tops 5, 3, 5 begin and end alike, but the cards of a set are all equal.",
            ["SC-SET-02", "SC-SET-01"],
            state=facing(5, "3/7", "5/1 3/1 5/2"),
            move="show 0-2",
            claim=rejected(nc),
        ),
        *(
            case(
                f"reject-combinations-run-turns-{way}",
                f"Tops {tops} go {way.replace('-', ' ')}, each step by one: not a run, since a"
                " run keeps one direction (and not a set, with its ends unequal).",
                ["SC-SET-03", "SC-SET-01"],
                state=facing(players, "2/7", hand),
                move=move,
                claim=rejected(nc),
            )
            for way, tops, players, hand, move in (
                ("down-then-up", "6, 5, 4, 5", 4, "6/1 5/1 4/1 5/2 9/3", "show 0-3"),
                ("up-then-down", "3, 4, 5, 4", 5, "3/1 4/1 5/1 4/2", "show 0-3"),
            )
        ),
        case(
            "reject-combinations-equal-strength",
            "A descending run 5-4 ties the run 4-5 (same size, kind and smallest number): no beat.",
            ["SC-SET-05", "SC-SET-04", "SC-SHOW-03"],
            state=facing(5, "4/1 5/2", "5/3 4/6"),
            move="show 0-1",
            claim=rejected(ns),
        ),
        case(
            "reject-combinations-single-equal",
            "A single 7 does not beat a single 7.",
            ["SC-SET-05", "SC-SHOW-03"],
            state=facing(5, "7/1", "7/2 3/4"),
            move="show 0-0",
            claim=rejected(ns),
        ),
        case(
            "reject-combinations-run-below-set",
            "A run 8-9 does not beat a set of two 3s, whatever its numbers.",
            ["SC-SET-04", "SC-SHOW-03"],
            state=facing(5, "3/1 3/2", "8/1 9/1"),
            move="show 0-1",
            claim=rejected(ns),
        ),
        case(
            "reject-combinations-lower-smallest",
            "Two 5s do not beat two 6s.",
            ["SC-SET-04", "SC-SHOW-03"],
            state=facing(5, "6/1 6/2", "5/1 5/2"),
            move="show 0-1",
            claim=rejected(ns),
        ),
        case(
            "reject-combinations-fewer-cards",
            "Two 9s do not beat a run of three, however low.",
            ["SC-SET-04", "SC-SHOW-03"],
            state=facing(5, "2/1 3/1 4/1", "9/8 9/7"),
            move="show 0-1",
            claim=rejected(ns),
        ),
    ]


def apply_cases() -> list[Case]:
    """Shows that beat the active set by each step of the strength order."""
    return [
        case(
            "apply-combinations-set-beats-run",
            "Two 3s beat the run 8-9: with as many cards, a set beats a run.",
            ["SC-SET-02", "SC-SET-04", *SHOW],
            state=facing(5, "8/1 9/1", "3/1 3/2 7/2"),
            move="show 0-1",
            claim={"active_set": ["3/1", "3/2"], "owner": 1},
        ),
        case(
            "apply-combinations-more-cards-beat",
            "The run 1-2-3 beats two 9s: more cards beat.",
            ["SC-SET-03", "SC-SET-04", *SHOW],
            state=facing(5, "9/1 9/2", "1/2 2/3 3/4"),
            move="show 0-2",
            claim={"active_set": ["1/2", "2/3", "3/4"]},
        ),
        case(
            "apply-combinations-strength-smallest-number",
            "The run 4-5-6 beats the descending run 5-4-3: its smallest (and highest) is higher.",
            ["SC-SET-03", "SC-SET-04", *SHOW],
            state=facing(5, "5/1 4/1 3/1", "4/2 5/2 6/2"),
            move="show 0-2",
            claim={"owner": 1},
        ),
        case(
            "apply-combinations-descending-run",
            "A run may descend in hand order: 7-6-5 beats 2-3-4.",
            ["SC-SET-03", "SC-SET-04", *SHOW],
            state=facing(5, "2/1 3/1 4/1", "7/1 6/1 5/1"),
            move="show 0-2",
            claim={"active_set": ["7/1", "6/1", "5/1"]},
        ),
        case(
            "apply-combinations-single-higher",
            "A single 8 beats a single 7; one card is a combination, shown as show 0-0.",
            ["SC-SET-01", "SC-SET-02", "SC-SET-04", "SC-NOTE-02", *SHOW],
            state=facing(5, "7/1", "8/1 2/3"),
            move="show 0-0",
            claim={"active_set": ["8/1"]},
        ),
        case(
            "apply-combinations-set-of-four",
            "Four 6s beat a run of three 8-9-10.",
            ["SC-SET-02", "SC-SET-04", *SHOW],
            state=facing(5, "8/1 9/1 10/1", "6/2 6/3 6/4 6/5"),
            move="show 0-3",
            claim={"owner": 1},
        ),
    ]


def legal_cases() -> list[Case]:
    """The full list of shows a hand offers against an active set."""
    return [
        case(
            "legal-combinations-beating-shows",
            "Against the run 4-5 only longer combinations, sets of two and runs from 5 qualify.",
            ["SC-SET-01", "SC-SET-02", "SC-SET-03", "SC-SET-04", "SC-SET-05", "SC-SHOW-03"],
            state=facing(
                5,
                "4/1 5/1",
                "2/6 3/6 4/6 4/7 4/8 5/7 9/6 10/6 1/6",
                others=1,
                scout_show_available=[True, False, True, True, True],
            ),
            claim={
                "includes": ["show 0-2", "show 2-4", "show 2-3", "show 3-4"],
                "excludes": ["show 7-8", "show 1-3", "show 0-1", "show 4-5"],
            },
        ),
    ]
