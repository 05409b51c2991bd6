"""Cases for chapter VAR2: chips paid to scout, the extra turn, and the two-player round end.

The cases from a position facing an active set are rows of ``tables/two_player.toml``
(:mod:`._table`); here are those that end a seeded game.
"""

from __future__ import annotations

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._case import Case, case
from scout_ref.conformance.cases._games import remember, seeded_state
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.state import Phase, RoundEnd, State
from scout_ref.engine.variants import Rules


def apply_cases() -> list[Case]:
    """Paid scouting, the extra turn, and the end of the round when a player is stuck."""
    return [*facing_cases("two_player", "apply"), _last_round_ends_the_game()]


def _last_round_ends_the_game() -> Case:
    """The last move of a seeded two-player game: round 2 ends, and so does the game."""
    last = remember(random_game(2, seed="totals")).rounds[-1]
    before, move = last.steps()[-1]
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


def unbeaten_two_player(name: str, chips: int, rules: Rules | None = None) -> State:
    """The first round end of seeded two-player games where the other player could neither
    show nor scout (SC-VAR2-05): two cards or more stay on the table, the owner holds cards and
    a seat holds ``chips`` unspent chips."""

    def fits(state: State) -> bool:
        if state.phase is not Phase.ROUND_OVER or state.round_end is not RoundEnd.UNBEATEN:
            return False
        held = state.owner is not None and len(state.hands[state.owner]) > 0
        return held and len(state.active_set) >= 2 and chips in state.scout_chips

    return seeded_state(2, f"two-player-{name}", fits, rules=rules)


def score_cases() -> list[Case]:
    """Unspent chips score in the two-player game; a tie after two rounds is shared."""
    tied = remember(random_game(2, seed="tie-26")).rounds[-1].end
    return [
        *facing_cases("two_player", "score", "owner-exempt"),
        case(
            "score-two-player-active-set-scores-nothing",
            "The cards left in the unbeaten set score for nobody, with two players too.",
            ["SC-SCORE-05", "SC-VAR2-06", "SC-SCORE-04"],
            state=unbeaten_two_player("active-set", 1),
        ),
        case(
            "score-two-player-no-exemption",
            "With the exemption switched off the owner pays for the hand, with two players too.",
            ["SC-VAR-01", "SC-VAR2-05"],
            state=unbeaten_two_player("no-exemption", 2, Rules(owner_exemption=False)),
        ),
        case(
            "score-two-player-totals-accumulate",
            "The second round's scores are added to the first round's totals.",
            ["SC-SCORE-06", "SC-VAR2-06", "SC-GAME-01"],
            state=remember(random_game(2, seed="totals")).rounds[-1].end,
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
