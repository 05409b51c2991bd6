"""Cases for chapter TURN: moves fit the phase, no passing, and rejection precedence.

The cases from a position facing an active set are rows of ``tables/turn.toml`` (:mod:`._table`).
"""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, play_start, played, rejected
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.errors import Reason
from scout_ref.setup import new_game, shuffled_deck
from scout_ref.state import State


def round_over() -> State:
    """A 4-player first round just ended: seat 3 scouted the last of a chain."""
    return played(facing(4, "5/3 6/1", "4/9 7/1", seat=3, owner=0), "scout L @0")


def game_over() -> State:
    """A 3-player game just ended: in round 3 seat 1 showed its last card (the earlier rounds
    and so the totals are those of a seeded game, see :func:`~._games.face_later`)."""
    state = facing(3, "2/1", "5/4", seat=1, owner=0, round=3)
    return played(state, "show 0-0")


def reject_cases() -> list[Case]:
    """Moves out of their phase, and moves that break several rules at once."""
    return [
        *facing_cases("turn", "reject", "keep"),
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
        *facing_cases("turn", "reject", "precedence"),
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
