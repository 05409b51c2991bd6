"""Chapter ORIENT: the once-per-round decision to rotate the whole hand."""

from __future__ import annotations

import pytest

from scout_ref import (
    Phase,
    Reason,
    apply_move,
    check_move,
    new_game,
    next_round,
    oriented,
    parse_move,
)
from scout_ref.analysis.simulation import random_game
from scout_ref.engine.rotation import rotate_hand
from scout_ref.formats.position import build_state

KEEP, FLIP = parse_move("keep"), parse_move("flip")


@pytest.mark.rule("SC-ORIENT-01")
def test_each_player_decides_once_in_turn_from_the_start_player() -> None:
    state = next_round(random_game(3, seed=1).rounds[0].end, seed=2)
    assert state.start_player == 1
    seen = []
    while state.phase is Phase.ROTATION:
        seen.append(state.turn)
        state = apply_move(state, KEEP)
    assert seen == [1, 2, 0]


@pytest.mark.rule("SC-ORIENT-01")
def test_hands_may_be_rotated_at_the_start_of_every_round() -> None:
    # Contested: S0 allows it once per game; every later source, each round (SC-VAR-04).
    for rnd in random_game(4, seed=6).rounds:
        assert rnd.start.phase is Phase.ROTATION


@pytest.mark.rule("SC-ORIENT-02")
def test_flip_reverses_the_order_and_rotates_every_card() -> None:
    state = new_game(4, seed=3)
    after = apply_move(state, FLIP)
    assert after.hands[0] == tuple(c.rotated() for c in reversed(state.hands[0]))
    assert after.hands[1:] == state.hands[1:]


@pytest.mark.rule("SC-ORIENT-02")
def test_physical_rotation_moves_the_left_card_to_the_right_end() -> None:
    # The physical model fixes insertion slots: what was at slot 0 is now the last card.
    hand = (oriented(1, 5), oriented(7, 2), oriented(3, 9))
    assert rotate_hand(hand) == (oriented(9, 3), oriented(2, 7), oriented(5, 1))
    assert rotate_hand(rotate_hand(hand)) == hand


@pytest.mark.rule("SC-ORIENT-03")
def test_play_begins_with_the_start_player_after_the_last_decision() -> None:
    state = new_game(3, seed=3)
    for move in (KEEP, FLIP, KEEP):
        state = apply_move(state, move)
    assert state.phase is Phase.PLAY
    assert state.turn == 0


@pytest.mark.rule("SC-ORIENT-03", "SC-TURN-03")
def test_rejects_flip_once_play_has_begun() -> None:
    state = build_state(4, ["1/2 3/4", "1/3", "1/4", "2/3"], owner=1)
    rejection = check_move(state, FLIP)
    assert rejection is not None
    assert rejection.reason is Reason.WRONG_PHASE
