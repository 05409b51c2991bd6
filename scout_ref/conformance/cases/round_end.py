"""Cases for chapter END: an emptied hand, an unbeaten set, and when neither has happened."""

from __future__ import annotations

from typing import Any

from scout_ref.conformance.cases._case import Case, case, facing, played
from scout_ref.state import State
from scout_ref.variants import EmptySetChain, Rules

RESET = Rules(empty_set_chain=EmptySetChain.RESET)


def _chain(seat: int, **fields: Any) -> State:
    """Four players: seat 0 showed the run 5-6; ``seat`` is to act."""
    return facing(4, "5/3 6/1", "4/9 7/1 8/4", seat=seat, **fields)


def emptied_by_scouts(rules: Rules | None = None) -> State:
    """Three players: seat 0 showed two cards, seat 1 scouted one; seat 2 faces the last."""
    state = facing(3, "5/3 6/1", "4/9 7/1 8/4", seat=1, others=3, rules=rules)
    return played(state, "scout L @0")


def apply_cases() -> list[Case]:
    """Moves that end the round, and moves that do not."""
    return [
        case(
            "apply-round-end-phase-round-over",
            "A round that is not the last ends in the round_over phase, awaiting the next deal.",
            ["SC-GEN-03", "SC-END-01", "SC-GAME-01"],
            state=facing(3, "5/3 6/1", "7/1 8/4", round=2),
            move="show 0-1",
            claim={"phase": "round_over", "round": 2},
        ),
        case(
            "apply-round-end-empty-hand",
            "Showing the last card in hand ends the round at once; the round is scored.",
            ["SC-END-01", "SC-SCORE-06", "SC-GEN-03"],
            state=facing(4, "5/3 6/1", "7/1 8/4"),
            move="show 0-1",
            claim={"phase": "round_over", "round_end": "empty_hand", "turn": None},
        ),
        case(
            "apply-round-end-unbeaten",
            "The third scout in a row completes the circle: the round ends, the owner exempt.",
            ["SC-END-02", "SC-SCORE-04", "SC-SCORE-06", "SC-SCOUT-03"],
            state=_chain(3),
            move="scout L @0",
            claim={"phase": "round_over", "round_end": "unbeaten"},
        ),
        case(
            "apply-round-end-chain-goes-on",
            "A scout by the second seat after the owner passes the turn: the circle is not done.",
            ["SC-END-03", "SC-TURN-01", "SC-END-02"],
            state=_chain(2),
            move="scout L @0",
            claim={"phase": "play", "turn": 3},
        ),
        case(
            "apply-round-end-voluntary-scout-ends-round",
            "The last seat could beat the set (7-8) but scouts: the round still ends.",
            ["SC-END-02", "SC-SCOUT-04"],
            state=_chain(3),
            move="scout R @3",
            claim={"phase": "round_over", "round_end": "unbeaten"},
        ),
        case(
            "apply-round-end-show-restarts-chain",
            "A show by the last seat before the owner makes a new owner; the round goes on.",
            ["SC-END-02", "SC-END-03", "SC-SHOW-05"],
            state=_chain(3),
            move="show 1-2",
            claim={"phase": "play", "owner": 3, "turn": 0},
        ),
        case(
            "apply-round-end-empty-set-literal",
            "The scouts took every card of the set: the round still ends, as the owner's set "
            "went unbeaten.",
            ["SC-END-02", "SC-SCOUT-05", "SC-SCORE-04"],
            state=emptied_by_scouts(),
            move="scout L @0",
            claim={"phase": "round_over", "round_end": "unbeaten", "active_set": []},
        ),
        case(
            "apply-round-end-empty-set-reset",
            "With the chain-reset variant, emptying the set passes the turn to the owner.",
            ["SC-VAR-02", "SC-SCOUT-05"],
            state=emptied_by_scouts(RESET),
            move="scout L @0",
            claim={"phase": "play", "turn": 0, "active_set": []},
        ),
        case(
            "apply-round-end-last-round-game-over",
            "A round that ends in the last round ends the game.",
            ["SC-GAME-01", "SC-END-01", "SC-SCORE-06", "SC-GEN-03"],
            state=facing(4, "5/3 6/1", "7/1 8/4", round=4),
            move="show 0-1",
            claim={"phase": "game_over", "round_end": "empty_hand"},
        ),
    ]


def legal_cases() -> list[Case]:
    """After a reset chain the owner faces an empty table and must show."""
    return [
        case(
            "legal-round-end-reset-owner-must-show",
            "With the chain-reset variant the owner faces no set: only shows are listed.",
            ["SC-VAR-02", "SC-SHOW-02", "SC-END-03"],
            state=played(emptied_by_scouts(RESET), "scout L @0"),
            claim={"excludes": ["scout L @0"]},
        ),
    ]
