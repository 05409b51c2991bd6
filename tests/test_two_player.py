"""Chapter VAR2: the two-player game."""

from __future__ import annotations

import pytest

from scout_ref import (
    MalformedInputError,
    Phase,
    Reason,
    RoundEnd,
    Scout,
    ScoutShow,
    State,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    next_round,
    parse_move,
    round_scores,
    shuffled_deck,
)
from scout_ref.formats.position import build_state


def _state(hands: list[str], active: str = "", *, chips: tuple[int, int] = (3, 3)) -> State:
    return build_state(2, hands, active_set=active, owner=1, turn=0, scout_chips=list(chips))


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-VAR2-01")
def test_first_22_cards_are_dealt_and_the_rest_set_aside_in_order() -> None:
    deck = shuffled_deck(2, seed=21)
    state = new_game(2, deck)
    assert state.hands == (deck[:11], deck[11:22])
    assert state.set_aside == deck[22:]


def _round_one_over() -> State:
    return build_state(
        2, ["1/2", ""], owner=1, phase="round_over", turn=None, round_end="empty_hand"
    )


@pytest.mark.rule("SC-VAR2-01", "SC-SETUP-02")
def test_second_round_deals_the_set_aside_cards_as_they_lie_by_default() -> None:
    end = _round_one_over()
    second = next_round(end)
    assert second.hands == (end.set_aside[:11], end.set_aside[11:])
    assert second.set_aside == ()
    assert second.start_player == 1


@pytest.mark.rule("SC-VAR2-01", "SC-SETUP-02")
def test_second_round_may_be_dealt_from_a_new_shuffle_of_the_set_aside_cards() -> None:
    end = _round_one_over()
    shuffle = tuple(c.rotated() for c in reversed(end.set_aside))
    second = next_round(end, shuffle)
    assert second.hands == (shuffle[:11], shuffle[11:])


@pytest.mark.rule("SC-VAR2-01")
def test_rejects_a_second_round_deck_that_is_not_the_set_aside_cards() -> None:
    with pytest.raises(MalformedInputError) as info:
        next_round(_round_one_over(), shuffled_deck(2, seed=1))
    assert "set aside" in info.value.problems[0][1]


@pytest.mark.rule("SC-VAR2-02")
def test_each_player_starts_every_round_with_three_chips_and_no_scout_show() -> None:
    state = new_game(2, seed=2)
    assert state.scout_chips == (3, 3)
    assert state.scout_show_available == (False, False)


@pytest.mark.rule("SC-VAR2-02")
def test_rejects_scout_show_two_player() -> None:
    # Known mistake of other implementations: Scout & Show in the two-player game.
    state = _state(["8/1 8/2", "1/3"], "9/3 9/4")
    assert _reason(state, "scout L @2 + show 0-1") is Reason.SCOUT_SHOW_TWO_PLAYER
    assert not any(isinstance(m, ScoutShow) for m in legal_moves(state))
    assert Reason.SCOUT_SHOW_TWO_PLAYER.rule == "SC-VAR2-02"


@pytest.mark.rule("SC-VAR2-03")
def test_scout_pays_a_chip_to_the_centre_and_plays_again() -> None:
    state = _state(["8/1 8/2", "1/3"], "9/3 9/4")
    after = apply_move(state, parse_move("scout L @0"))
    assert after.scout_chips == (2, 3)
    assert after.turn == 0
    assert after.phase is Phase.PLAY


@pytest.mark.rule("SC-VAR2-04")
def test_rejects_no_scout_chip() -> None:
    state = _state(["8/1 8/2", "1/3"], "9/3 9/4", chips=(0, 3))
    assert _reason(state, "scout L @0") is Reason.NO_SCOUT_CHIP
    assert not any(isinstance(m, Scout) for m in legal_moves(state))
    assert Reason.NO_SCOUT_CHIP.rule == "SC-VAR2-04"


@pytest.mark.rule("SC-VAR2-04", "SC-TURN-02")
def test_two_player_cannot_pass() -> None:
    # Contested: with chips but no show, the player must scout; there is no pass.
    state = _state(["2/1 5/2", "1/3"], "9/3 9/4")
    moves = legal_moves(state)
    assert moves
    assert all(isinstance(m, Scout) for m in moves)


@pytest.mark.rule("SC-VAR2-05", "SC-SCORE-04")
def test_round_ends_when_the_other_player_can_neither_show_nor_scout() -> None:
    state = _state(["9/3 9/4 7/1", "2/1 5/2"], "6/3", chips=(3, 0))
    end = apply_move(state, parse_move("show 0-1"))
    assert end.round_end is RoundEnd.UNBEATEN
    scores = round_scores(end)
    assert scores[0].exempt
    assert scores[0].hand_penalty == 0
    assert scores[1].hand_penalty == 2


@pytest.mark.rule("SC-VAR2-05")
def test_round_goes_on_while_the_other_player_can_scout() -> None:
    state = _state(["9/3 9/4 7/1", "2/1 5/2"], "6/3", chips=(3, 1))
    after = apply_move(state, parse_move("show 0-1"))
    assert after.phase is Phase.PLAY
    assert after.turn == 1


@pytest.mark.rule("SC-VAR2-06")
def test_unspent_chips_score_one_point_each() -> None:
    state = _state(["9/3", "2/1 5/2"], "6/3", chips=(2, 1))
    end = apply_move(state, parse_move("show 0-0"))
    assert end.round_end is RoundEnd.EMPTY_HAND
    assert [s.chips for s in round_scores(end)] == [2, 1]
