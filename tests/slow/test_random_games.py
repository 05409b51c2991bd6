"""The big sweep: whole random games for every player count and every rules switch.

Every step of every game gets the cheap invariants (card conservation, chip accounting, the
legal list, states unchanged by check and apply, the turn order, how and when the round ends,
the round-score identity, the conditions of chapter REACH); JSON round-trips, applying every
listed move, and "accepted if and only if listed" run on a fixed sample of steps, so the sweep
stays within a few minutes.
"""

from __future__ import annotations

import pytest

from scout_ref import Rules
from tests.conftest import hypothesis_profile
from tests.invariants import ALL_RULES, Sampling, play_checked_game

GAMES_PER_CASE = {"sweep": 16, "ci": 4, "default": 4}
"""Games per (player count, rules) case: 4 x 4 x 16 = 256 games in ``make test``, 1,024 in the
sweep profile (``make sweep``)."""

SAMPLING = Sampling(json_every=50, listed_apply_every=25, iff_every=250)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.rule(
        "SC-SETUP-03",
        "SC-TURN-01",
        "SC-TURN-02",
        "SC-SCOUT-03",
        "SC-END-01",
        "SC-END-02",
        "SC-END-03",
        "SC-SCORE-04",
        "SC-SCORE-06",
        "SC-GAME-01",
        "SC-VAR2-01",
        "SC-VAR2-03",
        "SC-VAR2-05",
        "SC-VAR-02",
    ),
]


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: str(r).replace(" ", "-") or "official")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int, rules: Rules) -> None:
    games = GAMES_PER_CASE.get(hypothesis_profile(), GAMES_PER_CASE["default"])
    for seed in range(games):
        final = play_checked_game(players, rules, seed, SAMPLING)
        assert final.round == players
