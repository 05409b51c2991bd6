"""Cases for chapter VAR2: chips paid to scout, the extra turn, and the two-player round end.

The cases from a position facing an active set are rows of ``tables/two_player.toml``
(:mod:`._table`); here are those that end a seeded game.
"""

from __future__ import annotations

from scout_ref.conformance.cases._by_hand import record_position
from scout_ref.conformance.cases._case import Case, case
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.simulation import random_game


def apply_cases() -> list[Case]:
    """Paid scouting, the extra turn, and the end of the round when a player is stuck."""
    return [*facing_cases("two_player", "apply"), _last_round_ends_the_game()]


def _last_round_ends_the_game() -> Case:
    """The last move of a seeded two-player game: round 2 ends, and so does the game."""
    record = random_game(2, seed="totals")
    last = record.rounds[-1]
    before = record_position(record, len(record.rounds), len(last.moves) - 1)
    move = last.moves[-1]
    return case(
        "apply-two-player-last-round-game-over",
        "With two players the round that ends in round 2 ends the game.",
        ["SC-GAME-01", "SC-GEN-03", "SC-SCORE-06"],
        state=before,
        move=str(move),
        claim={"phase": "game_over"},
    )


def reject_cases() -> list[Case]:
    """No chip, no scout; no Scout & Show with two players."""
    return facing_cases("two_player", "reject")


def legal_cases() -> list[Case]:
    """The two-player move lists: no Scout & Show, and no scout without a chip."""
    return facing_cases("two_player", "legal")


def score_cases() -> list[Case]:
    """Unspent chips score in the two-player game; a tie after two rounds is shared."""
    tied = random_game(2, seed="tie-26").rounds[-1].end
    return [
        *facing_cases("two_player", "score", "owner-exempt", "active-set", "no-exemption"),
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
        *facing_cases("two_player", "score", "unspent"),
    ]
