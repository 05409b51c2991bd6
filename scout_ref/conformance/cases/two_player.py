"""Cases for chapter VAR2: chips paid to scout, the extra turn, and the two-player round end."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, played, rejected
from scout_ref.errors import Reason
from scout_ref.simulation import random_game
from scout_ref.state import State
from scout_ref.variants import Rules

NONE = Rules(owner_exemption=False)
"""The rules with the owner exemption switched off (SC-VAR-01)."""


def position(chips: list[int], hand: str = "4/9 7/1 8/4") -> State:
    """Seat 1 faces seat 0's run 5-6 holding ``chips``."""
    return facing(2, "5/3 6/1", hand, scout_chips=chips)


def _answering(chips: list[int]) -> State:
    """Seat 0 is about to beat seat 1's single 3 with two 9s; seat 1 holds two 1s."""
    return facing(2, "3/2", "9/8 9/7 2/5", seat=0, owner=1, scout_chips=chips)


def apply_cases() -> list[Case]:
    """Paid scouting, the extra turn, and the end of the round when a player is stuck."""
    return [
        scout_last_card(),
        case(
            "apply-two-player-paid-scout",
            "A scout costs the scout one chip, paid to no one, and the same player goes again.",
            ["SC-VAR2-03", "SC-SCOUT-01", "SC-SCOUT-02", "SC-TURN-01"],
            state=position([3, 2]),
            move="scout L @0",
            claim={"scout_chips": [3, 1], "turn": 1},
        ),
        case(
            "apply-two-player-show-after-scout",
            "After a paid scout the same player shows on the extra turn.",
            ["SC-VAR2-03", "SC-SHOW-03", "SC-SHOW-04"],
            state=played(position([3, 2]), "scout L @0"),
            move="show 2-3",
            claim={"owner": 1, "turn": 0},
        ),
        case(
            "apply-two-player-stuck-ends-round",
            "After the show, the other player has no chip and no beating show: the round ends.",
            ["SC-VAR2-05", "SC-VAR2-04", "SC-SCORE-04"],
            state=_answering([2, 0]),
            move="show 0-1",
            claim={"phase": "round_over", "round_end": "unbeaten"},
        ),
        case(
            "apply-two-player-stuck-after-own-scout",
            "A player who spends their last chip and then cannot show ends the round.",
            ["SC-VAR2-05", "SC-VAR2-03", "SC-SCORE-04"],
            state=position([3, 1], "1/2 3/4"),
            move="scout L @0",
            claim={"phase": "round_over", "round_end": "unbeaten", "scout_chips": [3, 0]},
        ),
        case(
            "apply-two-player-chip-keeps-round-going",
            "After the show the other player cannot beat it but holds a chip: play goes on.",
            ["SC-VAR2-05", "SC-TURN-01"],
            state=_answering([2, 1]),
            move="show 0-1",
            claim={"phase": "play", "turn": 1},
        ),
        _last_round_ends_the_game(),
    ]


def _last_round_ends_the_game() -> Case:
    """The last move of a seeded two-player game: round 2 ends, and so does the game."""
    last = random_game(2, seed="totals").rounds[-1]
    before, move = last.steps()[-1]
    return case(
        "apply-two-player-last-round-game-over",
        "With two players the round that ends in round 2 ends the game.",
        ["SC-GAME-01", "SC-GEN-03", "SC-SCORE-06"],
        state=before,
        move=str(move),
        claim={"phase": "game_over"},
    )


def scout_last_card() -> Case:
    """SC-SCOUT-05 with two players: the emptied set keeps its owner, the scout plays again."""
    return case(
        "apply-two-player-scout-last-card",
        "Scouting the last card of the set leaves the table empty, seat 0 still its owner.",
        ["SC-SCOUT-05", "SC-VAR2-03"],
        state=facing(2, "7/3", "4/9 7/1 8/4", scout_chips=[3, 2]),
        move="scout L @0",
        claim={"active_set": [], "owner": 0, "turn": 1, "phase": "play"},
    )


def reject_cases() -> list[Case]:
    """No chip, no scout; no Scout & Show with two players."""
    return [
        case(
            "reject-two-player-no-scout-chip",
            "A two-player seat without chips cannot scout.",
            ["SC-VAR2-04"],
            state=position([3, 0]),
            move="scout L @0",
            claim=rejected(Reason.NO_SCOUT_CHIP),
        ),
        case(
            "reject-two-player-no-scout-show",
            "There is no Scout & Show with two players, even with chips and a beating show.",
            ["SC-VAR2-02"],
            state=position([3, 3], "8/2 8/3 2/4"),
            move="scout L @3 + show 0-1",
            claim=rejected(Reason.SCOUT_SHOW_TWO_PLAYER),
        ),
    ]


def legal_cases() -> list[Case]:
    """The two-player move lists: no Scout & Show, and no scout without a chip."""
    return [
        case(
            "legal-two-player-empty-table-must-show",
            "After scouting the last card the same player goes again and must show: no pass.",
            ["SC-END-03", "SC-SCOUT-05", "SC-VAR2-03"],
            state=played(facing(2, "7/3", "4/9 7/1 8/4", scout_chips=[3, 2]), "scout L @0"),
        ),
        case(
            "legal-two-player-no-scout-show",
            "With chips, shows and scouts are listed, Scout & Show never.",
            ["SC-VAR2-02", "SC-VAR2-03", "SC-TURN-02"],
            state=position([3, 3], "8/2 8/3 2/4"),
            claim={"includes": ["scout L @0"], "excludes": ["scout L @3 + show 0-1"]},
        ),
        case(
            "legal-two-player-no-chip-shows-only",
            "Without chips only the shows remain; there is still no pass.",
            ["SC-VAR2-04", "SC-TURN-02"],
            state=position([3, 0]),
            claim={"moves": ["show 1-2"]},
        ),
    ]


def score_cases() -> list[Case]:
    """Unspent chips score in the two-player game; a tie after two rounds is shared."""
    tied = random_game(2, seed="tie-26").rounds[-1].end
    own_scout = played(position([3, 1], "1/2 3/4"), "scout L @0")
    return [
        case(
            "score-two-player-owner-exempt",
            "The seat that spent its last chip and could not show ended the round: the owner of "
            "the set it faced loses nothing for its hand.",
            ["SC-SCORE-04", "SC-VAR2-05", "SC-VAR2-06"],
            state=own_scout,
        ),
        case(
            "score-two-player-active-set-scores-nothing",
            "The cards left in the unbeaten set score for nobody, with two players too.",
            ["SC-SCORE-05", "SC-VAR2-06", "SC-SCORE-04"],
            state=played(_answering([1, 0]), "show 0-1"),
        ),
        case(
            "score-two-player-no-exemption",
            "With the exemption switched off the owner pays for the hand, with two players too.",
            ["SC-VAR-01", "SC-VAR2-05"],
            state=played(
                facing(2, "3/2", "9/8 9/7 2/5", seat=0, owner=1, scout_chips=[2, 0], rules=NONE),
                "show 0-1",
            ),
        ),
        case(
            "score-two-player-totals-accumulate",
            "The second round's scores are added to the first round's totals.",
            ["SC-SCORE-06", "SC-VAR2-06", "SC-GAME-01"],
            state=random_game(2, seed="totals").rounds[-1].end,
        ),
        case(
            "score-two-player-tied-winners",
            "Both players end the two-player game on the same total: both win.",
            ["SC-GAME-04", "SC-VAR2-06", "SC-SCORE-06"],
            state=tied,
            claim={"winners": [0, 1]},
        ),
        case(
            "score-two-player-unspent-chips",
            "Each unspent chip scores 1; the owner of the unbeaten set is exempt.",
            ["SC-VAR2-06", "SC-SCORE-01", "SC-SCORE-03", "SC-SCORE-04", "SC-VAR2-05"],
            state=played(_answering([2, 0]), "show 0-1"),
        ),
    ]
