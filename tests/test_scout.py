"""Chapter SCOUT: taking an end card of the active set into the hand."""

from __future__ import annotations

import pytest

from scout_ref import (
    Reason,
    Scout,
    State,
    apply_move,
    check_move,
    legal_moves,
    oriented,
    parse_move,
)
from scout_ref.formats.position import build_state


def _state(hand: str, active: str, *, owner: int = 2, turn: int = 0) -> State:
    hands = [hand, "1/3", "1/4", "2/3"]
    return build_state(4, hands, active_set=active, owner=owner, turn=turn, leftover_to=3)


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-SCOUT-01")
def test_scout_takes_either_end_card() -> None:
    state = _state("5/1", "8/3 9/2 10/4")
    left = apply_move(state, parse_move("scout L @0"))
    right = apply_move(state, parse_move("scout R @1"))
    assert left.hands[0] == (oriented(8, 3), oriented(5, 1))
    assert left.active_set == (oriented(9, 2), oriented(10, 4))
    assert right.hands[0] == (oriented(5, 1), oriented(10, 4))
    assert right.active_set == (oriented(8, 3), oriented(9, 2))


@pytest.mark.rule("SC-SCOUT-01")
def test_rejects_no_active_set() -> None:
    state = _state("5/1", "")
    assert _reason(state, "scout L @0") is Reason.NO_ACTIVE_SET
    assert Reason.NO_ACTIVE_SET.rule == "SC-SCOUT-01"


@pytest.mark.rule("SC-SCOUT-02")
def test_scouted_card_may_be_rotated_and_put_in_any_slot() -> None:
    state = _state("5/1 6/2", "8/3 9/2")
    after = apply_move(state, parse_move("scout L~ @2"))
    assert after.hands[0] == (oriented(5, 1), oriented(6, 2), oriented(3, 8))
    scouts = [str(m) for m in legal_moves(state) if isinstance(m, Scout)]
    assert len(scouts) == 2 * 2 * 3
    assert "scout R~ @0" in scouts


@pytest.mark.rule("SC-SCOUT-02")
def test_rejects_slot_outside_hand() -> None:
    state = _state("5/1 6/2", "8/3 9/2")
    assert _reason(state, "scout L @2") is None
    assert _reason(state, "scout L @3") is Reason.SLOT_OUTSIDE_HAND
    assert Reason.SLOT_OUTSIDE_HAND.rule == "SC-SCOUT-02"


@pytest.mark.rule("SC-SCOUT-03")
def test_chip_goes_to_the_owner_not_the_scout_nor_anyone_else() -> None:
    # Contested: S1 gives it to everyone who played the set, a shop text to the scout.
    state = _state("5/1", "8/3 9/2", owner=2, turn=0)
    after = apply_move(state, parse_move("scout L @0"))
    gained = [a - b for a, b in zip(after.scout_chips, state.scout_chips, strict=True)]
    assert gained == [0, 0, 1, 0]


@pytest.mark.rule("SC-SCOUT-04")
def test_show_is_not_forced_when_possible() -> None:
    # Known mistake of other implementations: forcing a show whenever one exists.
    state = _state("9/1 9/2 9/4", "8/3 7/2")
    moves = {str(m) for m in legal_moves(state)}
    assert "show 0-2" in moves
    assert "scout L @0" in moves


@pytest.mark.rule("SC-SCOUT-05")
def test_rest_of_the_set_stays_with_its_owner() -> None:
    state = _state("5/1", "8/3 9/2", owner=2)
    after = apply_move(state, parse_move("scout R @0"))
    assert after.active_set == (oriented(8, 3),)
    assert after.owner == 2


@pytest.mark.rule("SC-SCOUT-05")
def test_scouting_the_last_card_leaves_no_set_but_keeps_the_owner() -> None:
    state = _state("5/1", "8/3", owner=2, turn=0)
    after = apply_move(state, parse_move("scout L @0"))
    assert after.active_set == ()
    assert after.owner == 2
    assert after.turn == 1


@pytest.mark.rule("SC-SCOUT-02", "SC-GEN-02")
def test_hand_is_not_capped_at_sixteen_cards() -> None:
    # Known mistake of other implementations: a hand limit of 16 cards.
    hand = "1/2 1/3 1/4 1/5 1/6 1/7 1/8 1/9 1/10 2/3 2/4 2/5 2/6 2/7 2/8 2/9"
    state = build_state(4, [hand, "3/4", "3/5", "3/6"], active_set="9/8", owner=3, leftover_to=3)
    after = apply_move(state, parse_move("scout L @16"))
    assert len(after.hands[0]) == 17
