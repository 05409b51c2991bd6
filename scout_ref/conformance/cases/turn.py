"""Cases for chapter TURN: moves fit the phase, no passing, and rejection precedence."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, play_start, played, rejected
from scout_ref.errors import Reason
from scout_ref.setup import new_game, shuffled_deck
from scout_ref.state import State


def round_over() -> State:
    """A 4-player first round just ended: seat 3 scouted the last of a chain."""
    return played(facing(4, "5/3 6/1", "4/9 7/1", seat=3, owner=0), "scout L @0")


def game_over() -> State:
    """A 3-player game just ended: in round 3 seat 1 showed its last card."""
    state = facing(3, "2/1", "5/4", seat=1, owner=0, round=3, scores=[4, -2, 1])
    return played(state, "show 0-0")


def reject_cases() -> list[Case]:
    """Moves out of their phase, and moves that break several rules at once."""
    two = facing(2, "5/3 6/1", "4/9 7/1 8/4", scout_chips=[3, 3])
    used = facing(4, "5/3 6/1", "4/9 7/1 8/4", scout_show_available=[True, False, True, True])
    return [
        case(
            "reject-turn-keep-in-play",
            "keep is a rotation decision; in the play phase it is out of place.",
            ["SC-TURN-03", "SC-ORIENT-03"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4"),
            move="keep",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-show-in-rotation",
            "No show before every player has made the rotation decision.",
            ["SC-TURN-03", "SC-ORIENT-01"],
            state=new_game(4, shuffled_deck(4, 11)),
            move="show 0-0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-move-after-round-over",
            "Nothing can be played once the round is over, until the next deal.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=round_over(),
            move="show 0-0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-move-after-game-over",
            "Nothing can be played once the game is over.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=game_over(),
            move="scout L @0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-precedence-two-player-first",
            "A two-player Scout & Show with a bad slot and range reports scout_show_two_player.",
            ["SC-TURN-04", "SC-VAR2-02"],
            state=two,
            move="scout R @9 + show 7-9",
            claim=rejected(Reason.SCOUT_SHOW_TWO_PLAYER),
        ),
        case(
            "reject-turn-precedence-used-before-scout",
            "A used Scout & Show chip is reported before a slot outside the hand.",
            ["SC-TURN-04", "SC-SNS-01"],
            state=used,
            move="scout L @9 + show 0-0",
            claim=rejected(Reason.SCOUT_SHOW_USED),
        ),
        case(
            "reject-turn-precedence-scout-before-show",
            "In a Scout & Show the scout's slot is checked before the show's range.",
            ["SC-TURN-04", "SC-SCOUT-02"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4"),
            move="scout L @9 + show 7-8",
            claim=rejected(Reason.SLOT_OUTSIDE_HAND),
        ),
        *_two_player_precedence(),
        case(
            "reject-turn-precedence-range-before-combination",
            "A range past the hand is reported as range_outside_hand, not as its content.",
            ["SC-TURN-04", "SC-SHOW-01"],
            state=facing(4, "5/3 6/1", "4/9 7/1 8/4"),
            move="show 0-5",
            claim=rejected(Reason.RANGE_OUTSIDE_HAND),
        ),
    ]


def _two_player_precedence() -> list[Case]:
    """A two-player seat without chips: the scout's own checks come before the chip check."""
    return [
        case(
            f"reject-turn-precedence-{what}-before-chip",
            f"A two-player seat without chips scouts {how}: {reason.value}, not no_scout_chip.",
            ["SC-TURN-04", reason.rule, "SC-VAR2-04"],
            state=facing(2, active, "4/9 7/1 8/4", scout_chips=[3, 0]),
            move=move,
            claim=rejected(reason),
        )
        for what, how, active, move, reason in (
            ("end", "R from a one-card set", "7/3", "scout R @1", Reason.SINGLE_CARD_END),
            ("slot", "past the hand", "5/3 6/1", "scout L @9", Reason.SLOT_OUTSIDE_HAND),
            ("empty-table", "from an empty table", "", "scout L @0", Reason.NO_ACTIVE_SET),
        )
    ]


def legal_cases() -> list[Case]:
    """No moves once a round or the game is over; no pass at any time."""
    return [
        case(
            "legal-turn-none-after-round-over",
            "A round_over state has no legal move: the next step is a deal.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=round_over(),
            claim={"moves": []},
        ),
        case(
            "legal-turn-none-after-game-over",
            "A game_over state has no legal move.",
            ["SC-TURN-03", "SC-GEN-03", "SC-GAME-01"],
            state=game_over(),
            claim={"moves": []},
        ),
        *(
            case(
                f"legal-turn-no-pass{'' if n == 3 else f'-{n}p'}",
                "Every move on the list is a show, a scout or a Scout & Show: there is no pass.",
                ["SC-TURN-02"],
                state=play_start(n, 5),
            )
            for n in (2, 3, 4, 5)
        ),
    ]
