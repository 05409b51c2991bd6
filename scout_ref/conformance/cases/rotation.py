"""Cases for chapter ORIENT: the rotation decisions, and rotation as a physical turn."""

from __future__ import annotations

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._case import Case, cards, case, play_start, played, rejected
from scout_ref.conformance.cases._games import remember
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.errors import Reason


def apply_cases() -> list[Case]:
    """keep, flip, and the last decision that starts play."""
    dealt = new_game(4, shuffled_deck(4, 11))
    second = remember(random_game(3, seed="rotation-round-2")).rounds[1].start
    flipped = [f"{c.bottom}/{c.top}" for c in reversed(dealt.hands[0])]
    return [
        case(
            "apply-rotation-flip-reverses-order",
            "flip turns the hand end over end: order reversed and each card rotated.",
            ["SC-ORIENT-02", "SC-ORIENT-01", "SC-COMP-02", "SC-NOTE-01"],
            state=dealt,
            move="flip",
            claim={"hands": [flipped, *[cards(h) for h in dealt.hands[1:]]], "turn": 1},
        ),
        case(
            "apply-rotation-keep",
            "keep leaves the hand as dealt and passes the decision on.",
            ["SC-ORIENT-01", "SC-NOTE-01"],
            state=dealt,
            move="keep",
            claim={"turn": 1, "phase": "rotation"},
        ),
        case(
            "apply-rotation-last-decision-starts-play",
            "After the last seat decides, play begins with the start player.",
            ["SC-ORIENT-03", "SC-GEN-03", "SC-ORIENT-01"],
            state=played(dealt, "keep", "flip", "keep"),
            move="flip",
            claim={"phase": "play", "turn": 0},
        ),
        case(
            "apply-rotation-round-two-from-start-player",
            "In round 2 the decisions go from seat 1 round to seat 0; then seat 1 plays first.",
            ["SC-ORIENT-01", "SC-ORIENT-03", "SC-GAME-02"],
            state=played(second, "keep", "flip"),
            move="keep",
            claim={"phase": "play", "turn": 1},
        ),
        *(c for n in (2, 3, 5) for c in _at(n)),
    ]


def _at(players: int) -> list[Case]:
    """A flip, and the last decision, in a new game of ``players``."""
    dealt = new_game(players, shuffled_deck(players, f"rotation-{players}"))
    return [
        case(
            f"apply-rotation-{players}p-flip",
            f"{players} players: flip turns the hand end over end.",
            ["SC-ORIENT-02", "SC-ORIENT-01", "SC-COMP-02", "SC-NOTE-01"],
            state=dealt,
            move="flip",
        ),
        case(
            f"apply-rotation-{players}p-last-decision",
            f"{players} players: after the last decision play begins with the start player.",
            ["SC-ORIENT-03", "SC-ORIENT-01"],
            state=played(dealt, *["keep"] * (players - 1)),
            move="flip",
            claim={"phase": "play", "turn": 0},
        ),
    ]


def legal_cases() -> list[Case]:
    """The two rotation decisions."""
    return [
        case(
            "legal-rotation-keep-or-flip",
            "In the rotation phase the player to decide may keep or flip, nothing else.",
            ["SC-ORIENT-01", "SC-NOTE-01", "SC-TURN-03"],
            state=new_game(5, shuffled_deck(5, 11)),
            claim={"moves": ["keep", "flip"]},
        ),
    ]


def reject_cases() -> list[Case]:
    """A second rotation in the same round."""
    return [
        case(
            "reject-rotation-flip-in-play",
            "Once play has begun no hand may be rotated.",
            ["SC-TURN-03", "SC-ORIENT-03"],
            state=play_start(4, 11),
            move="flip",
            claim=rejected(Reason.WRONG_PHASE),
        ),
    ]
