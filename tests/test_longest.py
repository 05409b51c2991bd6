"""The two-player bound of SC-END-05, checked from below by a guided search."""

from __future__ import annotations

import pytest

from scout_ref import Phase, Scout, Show, apply_move, new_game
from scout_ref.analysis.longest import (
    TWO_PLAYER_MAX_MOVES,
    TWO_PLAYER_MAX_TURNS,
    longest_from,
    longest_two_player_round,
    turns_left_bound,
)
from scout_ref.analysis.simulation import random_game


@pytest.mark.rule("SC-END-05", "SC-VAR2-02", "SC-VAR2-03", "SC-VAR2-04", "SC-END-01")
def test_the_longest_round_the_search_finds_meets_the_bound_and_no_more() -> None:
    found = longest_two_player_round(deals=20, seed=0)
    assert len(found.moves) <= TWO_PLAYER_MAX_TURNS
    assert len(found.moves) == TWO_PLAYER_MAX_TURNS  # the bound is reached: it is the best
    state = found.start
    for m in found.moves:
        state = apply_move(state, m)
    assert state.phase is Phase.ROUND_OVER
    # The equality case of the proof: every chip spent, single-card shows, one card left.
    assert sum(isinstance(m, Scout) for m in found.moves) == 6
    assert all(m.first == m.last for m in found.moves if isinstance(m, Show))
    assert sorted(len(h) for h in state.hands) == [0, 1]


@pytest.mark.rule("SC-END-05")
def test_search_from_a_harder_deal_stays_within_the_bound() -> None:
    start = random_game(2, seed=3).rounds[0].steps()[2][0]  # after both rotation decisions
    found = longest_from(start, budget=2_000)
    assert 0 < len(found.moves) <= TWO_PLAYER_MAX_TURNS
    assert found.nodes <= 2_001


@pytest.mark.rule("SC-END-05")
@pytest.mark.parametrize("seed", range(30))
def test_random_two_player_rounds_respect_the_bound_at_every_step(seed: int) -> None:
    for rnd in random_game(2, seed=seed).rounds:
        assert len(rnd.moves) <= TWO_PLAYER_MAX_MOVES
        played = 0
        for state, m in rnd.steps():
            if state.phase is Phase.PLAY:
                assert played + turns_left_bound(state) <= TWO_PLAYER_MAX_TURNS
                played += 1
            apply_move(state, m)


@pytest.mark.rule("SC-END-05")
def test_search_needs_a_deal() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        longest_two_player_round(deals=0)
    assert turns_left_bound(new_game(2, seed=0)) == TWO_PLAYER_MAX_TURNS
