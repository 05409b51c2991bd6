"""Cases for chapter INFO: what a seat knows after a history (a start state and moves).

Each case is built so that one mistake shows: a leaked card of another hand (SC-INFO-01), a
scouted card lost or misplaced once later moves shift the hand (SC-INFO-04), a forgotten event
or captured card (SC-INFO-05), the two-player set-aside revealed (SC-INFO-06).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing
from scout_ref.position import build_state
from scout_ref.setup import new_game, shuffled_deck
from scout_ref.simulation import random_game
from scout_ref.state import State

SCOUTED = ["scout R~ @1", "scout L @0", "show 0-0", "scout L @0", "show 0-0"]
"""From :func:`_four`: seat 0 scouts the 9/6 turned over into slot 1, then shows the card to
its left; seats 1 and 3 scout too. The chapter's worked example plays the same moves."""


def _four() -> State:
    return build_state(
        4, ["5/1 6/2 7/3", "9/1 2/8", "4/1 4/3", "3/2"], active_set="8/5 9/6", owner=3
    )


def _deal(players: int, seed: str) -> State:
    return new_game(players, shuffled_deck(players, seed))


def observe_cases() -> list[Case]:
    """Private hands, public moves, scouted cards followed, recall, the hidden set-aside."""
    played = random_game(4, seed="observe-round").rounds[0]
    return [
        case(
            "observe-information-fresh-deal",
            "Right after the deal a seat knows its own hand and only the sizes of the others.",
            ["SC-INFO-01", "SC-INFO-02"],
            state=_deal(3, "observe-deal"),
            moves=[],
            seat=1,
        ),
        case(
            "observe-information-rotation-decisions",
            "Each keep or flip is public; a flipped hand stays hidden from the others.",
            ["SC-INFO-03", "SC-INFO-01"],
            state=_deal(3, "observe-deal"),
            moves=["keep", "flip", "keep"],
            seat=2,
        ),
        case(
            "observe-information-scouted-card-followed",
            "A card scouted turned over into slot 1 is at position 0 after its holder shows "
            "the card to its left; everyone knows it, nobody knows the dealt cards.",
            ["SC-INFO-04", "SC-INFO-01", "SC-INFO-03"],
            state=_four(),
            moves=SCOUTED,
            seat=1,
        ),
        case(
            "observe-information-scouted-card-pushed-right",
            "With two players a second scout goes in left of the first, which moves right; a "
            "show from the left then moves it back.",
            ["SC-INFO-04"],
            state=build_state(2, ["1/2 1/3", "1/4 1/5"], active_set="7/2 6/2 5/2", owner=1),
            moves=["scout L @1", "scout R~ @0", "show 0-1"],
            seat=1,
        ),
        case(
            "observe-information-own-scouted-card",
            "A seat's own scouted card is public in the view everyone shares, its dealt cards "
            "are not.",
            ["SC-INFO-04", "SC-INFO-01"],
            state=_four(),
            moves=SCOUTED[:1],
            seat=0,
        ),
        case(
            "observe-information-scout-show-public",
            "A Scout & Show is public in full: the scouted card, the cards shown, the used "
            "chip and the owner's new Scout chip.",
            ["SC-INFO-02", "SC-INFO-03"],
            state=facing(4, "5/1 6/1 7/1", "8/2 8/3 2/4"),
            moves=["scout L @3 + show 0-1"],
            seat=3,
        ),
        case(
            "observe-information-round-recalled",
            "A whole round of four players, seen by seat 2: every event, every scouted card "
            "where it lies now, the captured piles in full.",
            {"SC-INFO-01", "SC-INFO-02", "SC-INFO-03", "SC-INFO-04", "SC-INFO-05"},
            state=played.start,
            moves=[str(m) for m in played.moves],
            seat=2,
        ),
        case(
            "observe-information-captured-recalled",
            "Seat 0's run 5-6-7 captures the run 8-9: the pile is face down, but everyone saw "
            "its cards, and recalls the show.",
            ["SC-INFO-05", "SC-INFO-02"],
            state=_four(),
            moves=["show 0-2"],
            seat=2,
        ),
        case(
            "observe-information-set-aside-hidden",
            "With two players the 22 cards set aside are hidden from both: only their number "
            "is public.",
            ["SC-INFO-06", "SC-INFO-01"],
            state=_deal(2, "observe-deal"),
            moves=["keep", "flip"],
            seat=0,
        ),
    ]
