"""``build_state``: hand-made valid positions for tests, examples and vectors."""

from __future__ import annotations

import pytest

from scout_ref import Card, MalformedInputError, validate_state
from scout_ref.invariants import card_ids
from scout_ref.position import build_state
from scout_ref.setup import cards_in_play


@pytest.mark.rule("SC-SETUP-01")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_unnamed_cards_go_to_the_owner_so_every_card_is_placed(players: int) -> None:
    state = build_state(players, ["1/2", "3/4", "5/6", "7/8", "2/9"][:players], owner=1)
    assert set(card_ids(state)) == cards_in_play(players)
    assert max(card_ids(state).values()) == 1
    assert len(state.captured[1]) == len(cards_in_play(players)) - players
    assert validate_state(state.to_json()) == []


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
