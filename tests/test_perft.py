"""perft and divide agree: the vectors' perft answers take perft as the sum of divide.

``scout_ref.conformance.vectors.build`` and the reference adapter walk the tree once (divide) and
sum it; these tests hold that sum to perft's own walk, and divide's keys to the legal moves.
"""

from __future__ import annotations

import pytest

from scout_ref import Phase, State, apply_move, legal_moves, new_game
from scout_ref.analysis.perft import divide, perft


def first_play_position(players: int) -> State:
    """A seeded deal after every seat kept its hand: the first position of play."""
    state = new_game(players, seed=players)
    while state.phase is not Phase.PLAY:
        state = apply_move(state, legal_moves(state)[0])
    return state


@pytest.mark.rule
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("depth", [1, 2])
def test_perft_is_the_sum_of_divide(players: int, depth: int) -> None:
    for state in (new_game(players, seed=players), first_play_position(players)):
        split = divide(state, depth)
        assert sorted(split) == sorted(str(m) for m in legal_moves(state))
        assert sum(split.values()) == perft(state, depth)


@pytest.mark.rule
def test_divide_needs_a_move() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        divide(new_game(3, seed=0), 0)
