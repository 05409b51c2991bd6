"""``build_state``: hand-made valid positions for tests, examples and vectors."""

from __future__ import annotations

import pytest

from scout_ref import Card, MalformedInputError, check_reachable, state_to_json, validate_state
from scout_ref.checks.invariants import card_ids
from scout_ref.engine.setup import cards_in_play
from scout_ref.formats.position import build_reachable_state, build_state


@pytest.mark.rule("SC-SETUP-01")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_unnamed_cards_go_to_the_owner_so_every_card_is_placed(players: int) -> None:
    state = build_state(players, ["1/2", "3/4", "5/6", "7/8", "2/9"][:players], owner=1)
    assert set(card_ids(state)) == cards_in_play(players)
    assert max(card_ids(state).values()) == 1
    assert len(state.captured[1]) == len(cards_in_play(players)) - players
    assert validate_state(state_to_json(state)) == []


@pytest.mark.rule("SC-SETUP-01")
def test_leftover_cards_may_go_to_another_seat() -> None:
    state = build_state(4, ["1/2", "3/4", "5/6", "7/8"], owner=1, leftover_to=3)
    assert state.captured[1] == ()
    assert len(state.captured[3]) == 40


@pytest.mark.rule("SC-SETUP-01")
def test_named_captured_cards_stay_with_their_seat() -> None:
    state = build_state(
        4, ["1/2", "3/4", "5/6", "7/8"], owner=0, turn=1, captured=["", "2-9 1-3", "", ""]
    )
    assert state.captured[1] == (Card(1, 3), Card(2, 9))


@pytest.mark.rule("SC-VAR2-01")
def test_two_player_round_one_fills_the_set_aside_first() -> None:
    state = build_state(2, ["1/2", "3/4"], owner=1)
    assert len(state.set_aside) == 22
    assert len(state.captured[1]) == 44 - 2 - 22


@pytest.mark.rule("SC-SETUP-01")
def test_rejects_a_card_named_twice() -> None:
    with pytest.raises(MalformedInputError, match="already at"):
        build_state(4, ["1/2", "2/1", "5/6", "7/8"], owner=1)


@pytest.mark.rule("SC-GEN-03")
def test_rejects_an_inconsistent_position() -> None:
    with pytest.raises(MalformedInputError, match="owner"):
        build_state(4, ["1/2", "3/4", "5/6", "7/8"], active_set="9/8", owner=0, turn=0)


@pytest.mark.rule("SC-SETUP-01", "SC-REACH-09")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_reachable_fill_captures_only_what_each_seat_can_have_shown(players: int) -> None:
    hands = ["1/2", "3/4", "5/6", "7/8", "2/9"][:players]
    state = build_reachable_state(players, hands, active_set="9/8", owner=1, turn=2)
    assert set(card_ids(state)) == cards_in_play(players)
    assert max(card_ids(state).values()) == 1
    assert check_reachable(state) == []


@pytest.mark.rule("SC-REACH-06")
def test_the_owner_holds_a_chip_per_scout_the_turn_order_proves() -> None:
    hands = ["1/2", "3/4", "5/6", "7/8"]
    state = build_reachable_state(4, hands, active_set="9/8", owner=1, turn=0)
    assert state.scout_chips[1] >= 2
    assert check_reachable(state) == []


@pytest.mark.rule("SC-REACH-11")
def test_without_earlier_scouts_each_seat_captures_what_the_seat_before_it_showed() -> None:
    # Seats 0, 1 and 2 showed one card each, then seat 3 the pair of 9s: 10, 10, 10, 9 left.
    pool = [f"{c.low}/{c.high}" for c in sorted(cards_in_play(4) - {Card(3, 9), Card(4, 9)})]
    hands = [" ".join(pool[0:10]), " ".join(pool[10:20]), " ".join(pool[20:30])]
    state = build_reachable_state(4, [*hands, " ".join(pool[30:39])], active_set="9/3 9/4", owner=3)
    assert state.scout_chips == (0, 0, 0, 0)
    assert [len(p) for p in state.captured] == [0, 1, 1, 1]
    assert check_reachable(state) == []
