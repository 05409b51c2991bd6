"""Chapter SHOW: showing a combination from the hand to beat the active set."""

from __future__ import annotations

import pytest

from scout_ref import Card, Reason, State, apply_move, check_move, legal_moves, oriented, parse_move
from scout_ref.formats.position import build_state

OTHERS = ["1/10", "2/10", "3/10"]


def _state(hand: str, active: str = "", owner: int = 2) -> State:
    return build_state(4, [hand, *OTHERS], active_set=active, owner=owner, leftover_to=3)


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-SHOW-01")
@pytest.mark.parametrize("text", ["show 3-3", "show 2-3", "show 0-7"])
def test_rejects_range_outside_hand(text: str) -> None:
    state = _state("5/1 6/2 7/4")
    assert _reason(state, text) is Reason.RANGE_OUTSIDE_HAND
    assert Reason.RANGE_OUTSIDE_HAND.rule == "SC-SHOW-01"


@pytest.mark.rule("SC-SET-01")
def test_rejects_not_a_combination() -> None:
    state = _state("5/1 7/2 8/4")
    assert _reason(state, "show 0-1") is Reason.NOT_A_COMBINATION
    assert Reason.NOT_A_COMBINATION.rule == "SC-SET-01"


@pytest.mark.rule("SC-SHOW-02")
def test_any_combination_may_open_an_empty_table() -> None:
    state = _state("5/1 6/2 7/4 2/8")
    assert [str(m) for m in legal_moves(state)] == [
        "show 0-0",
        "show 0-1",
        "show 0-2",
        "show 1-1",
        "show 1-2",
        "show 2-2",
        "show 3-3",
    ]


@pytest.mark.rule("SC-SHOW-02", "SC-SCOUT-05")
def test_any_combination_may_be_shown_after_the_set_was_scouted_away() -> None:
    state = _state("1/2", owner=1)
    after = apply_move(state, parse_move("show 0-0"))
    assert after.active_set == (oriented(1, 2),)
    assert after.captured[0] == ()


@pytest.mark.rule("SC-SHOW-03")
def test_rejects_not_stronger() -> None:
    state = _state("5/1 6/2 7/4", active="5/8 6/9")
    assert _reason(state, "show 0-1") is Reason.NOT_STRONGER
    assert _reason(state, "show 1-2") is None
    assert Reason.NOT_STRONGER.rule == "SC-SHOW-03"


@pytest.mark.rule("SC-SHOW-03", "SC-SET-05")
def test_rejects_a_show_of_equal_strength() -> None:
    state = _state("4/1 5/2 7/6", active="5/3 4/7")
    assert _reason(state, "show 0-1") is Reason.NOT_STRONGER


@pytest.mark.rule("SC-SHOW-04")
def test_beaten_set_is_captured_by_the_player_who_beat_it() -> None:
    state = _state("5/1 6/2 7/4", active="5/8 6/9")
    after = apply_move(state, parse_move("show 1-2"))
    assert after.captured[0] == (Card(5, 8), Card(6, 9))
    assert after.captured[2] == state.captured[2]


@pytest.mark.rule("SC-SHOW-05")
def test_shown_cards_become_the_active_set_in_order_and_orientation() -> None:
    state = _state("5/1 7/2 6/4 5/6", active="8/3")
    after = apply_move(state, parse_move("show 1-3"))
    assert after.active_set == (oriented(7, 2), oriented(6, 4), oriented(5, 6))
    assert after.owner == 0
    assert after.hands[0] == (oriented(5, 1),)
