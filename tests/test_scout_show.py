"""Chapter SNS: Scout & Show, a scout then a show as one turn, once per round."""

from __future__ import annotations

import pytest

from scout_ref import (
    Card,
    Reason,
    ScoutShow,
    State,
    apply_move,
    check_move,
    legal_moves,
    next_round,
    oriented,
    parse_move,
)
from scout_ref.formats.position import build_state


def _state(hand: str, active: str, *, available: bool = True) -> State:
    return build_state(
        4,
        [hand, "1/3", "1/4", "2/3"],
        active_set=active,
        owner=2,
        scout_show_available=[available, True, True, True],
        leftover_to=3,
    )


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-SNS-01")
def test_scout_show_is_one_turn_and_uses_up_the_chip() -> None:
    state = _state("5/1 7/2 9/3", "6/4 9/8")
    after = apply_move(state, parse_move("scout L @1 + show 0-2"))
    assert after.active_set == (oriented(5, 1), oriented(6, 4), oriented(7, 2))
    assert after.scout_show_available == (False, True, True, True)
    assert after.turn == 1


@pytest.mark.rule("SC-SNS-01")
def test_rejects_scout_show_used() -> None:
    state = _state("5/1 7/2", "6/4 9/8", available=False)
    assert _reason(state, "scout L @1 + show 0-2") is Reason.SCOUT_SHOW_USED
    assert not any(isinstance(m, ScoutShow) for m in legal_moves(state))
    assert Reason.SCOUT_SHOW_USED.rule == "SC-SNS-01"


@pytest.mark.rule("SC-SNS-01", "SC-COMP-04")
def test_scout_show_chip_comes_back_next_round() -> None:
    end = build_state(
        4,
        ["", "1/3", "1/4", "2/3"],
        owner=0,
        phase="round_over",
        turn=None,
        round_end="empty_hand",
        scout_show_available=[False, False, True, False],
    )
    assert next_round(end, seed=1).scout_show_available == (True,) * 4


@pytest.mark.rule("SC-SNS-02")
def test_show_must_beat_the_set_as_reduced_by_the_scout() -> None:
    # 8 8 cannot beat 9/x 9/y, but after scouting one 9 the reduced set is a single 9.
    state = _state("8/1 8/2", "9/3 9/4")
    assert _reason(state, "show 0-1") is Reason.NOT_STRONGER
    assert _reason(state, "scout L @2 + show 0-1") is None


@pytest.mark.rule("SC-SNS-02")
def test_rejects_scout_show_whose_show_fails_after_the_scout() -> None:
    state = _state("2/1 5/3", "9/4 10/6")
    assert _reason(state, "scout L @2 + show 0-0") is Reason.NOT_STRONGER
    assert _reason(state, "scout L @0 + show 0-1") is Reason.NOT_A_COMBINATION
    assert _reason(state, "scout L @0 + show 0-3") is Reason.RANGE_OUTSIDE_HAND


@pytest.mark.rule("SC-SNS-02")
def test_scout_show_that_empties_the_set_may_show_anything() -> None:
    state = _state("2/1 5/3", "9/4")
    assert _reason(state, "scout L @0 + show 2-2") is None
    after = apply_move(state, parse_move("scout L @0 + show 2-2"))
    assert after.active_set == (oriented(5, 3),)
    assert after.captured[0] == ()


@pytest.mark.rule("SC-SNS-03")
def test_scout_part_pays_the_owner_and_show_part_captures_the_reduced_set() -> None:
    state = _state("8/1 8/2", "9/3 9/4")
    after = apply_move(state, parse_move("scout R @2 + show 0-1"))
    gained = [a - b for a, b in zip(after.scout_chips, state.scout_chips, strict=True)]
    assert gained == [0, 0, 1, 0]
    assert after.captured[0] == (Card(3, 9),)
    assert after.owner == 0
    assert after.hands[0] == (oriented(9, 4),)


@pytest.mark.rule("SC-SNS-03")
def test_scouted_card_need_not_be_part_of_the_show() -> None:
    state = _state("8/1 8/2", "9/3 9/4")
    after = apply_move(state, parse_move("scout L~ @0 + show 1-2"))
    assert after.hands[0] == (oriented(3, 9),)
    assert after.active_set == (oriented(8, 1), oriented(8, 2))
