"""Chapter END: when a round ends (emptied hand, unbeaten set) and that it ends no other way."""

from __future__ import annotations

import pytest

from scout_ref import Phase, RoundEnd, Rules, State, apply_move, legal_moves, parse_move
from scout_ref.formats.position import build_state


def _owned_by_zero(active: str = "5/1 6/2 7/3", rules: Rules | None = None) -> State:
    """Seat 0 has just shown ``active``; seat 1 is to act."""
    hands = ["8/10 8/9", "2/3 2/4 2/5", "3/4 3/5 3/6", "4/5 4/6 4/7"]
    return build_state(4, hands, active_set=active, owner=0, turn=1, rules=rules, leftover_to=0)


def _play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply_move(state, parse_move(text))
    return state


@pytest.mark.rule("SC-END-01")
def test_round_ends_when_a_show_empties_the_hand() -> None:
    state = build_state(4, ["5/1", "1/3", "1/4", "2/3"], active_set="4/2", owner=2)
    end = _play(state, "show 0-0")
    assert end.round_end is RoundEnd.EMPTY_HAND
    assert end.phase is Phase.ROUND_OVER
    assert end.turn is None


@pytest.mark.rule("SC-END-01", "SC-SNS-01")
def test_round_ends_when_a_scout_show_empties_the_hand() -> None:
    state = build_state(4, ["5/1", "1/3", "1/4", "2/3"], active_set="6/2", owner=2)
    end = _play(state, "scout L @1 + show 0-1")
    assert end.round_end is RoundEnd.EMPTY_HAND


@pytest.mark.rule("SC-END-01", "SC-GAME-01")
def test_last_round_ends_the_game() -> None:
    state = build_state(4, ["5/1", "1/3", "1/4", "2/3"], active_set="4/2", owner=2, round=4)
    assert _play(state, "show 0-0").phase is Phase.GAME_OVER


@pytest.mark.rule("SC-END-02")
def test_round_ends_when_every_other_player_scouted() -> None:
    state = _owned_by_zero("5/1 6/2 7/3 8/4")
    end = _play(state, "scout L @0", "scout L @0", "scout L @0")
    assert end.round_end is RoundEnd.UNBEATEN
    assert end.owner == 0
    assert len(end.active_set) == 1


@pytest.mark.rule("SC-END-02")
def test_round_ends_when_scouts_empty_the_set() -> None:
    # Contested: one implementation resets the chain once the set is empty (SC-VAR-02).
    state = _owned_by_zero("5/1 6/2 7/3")
    end = _play(state, "scout L @0", "scout L @0", "scout L @0")
    assert end.active_set == ()
    assert end.round_end is RoundEnd.UNBEATEN
    assert end.owner == 0


@pytest.mark.rule("SC-END-02", "SC-SCOUT-04")
def test_voluntary_scouts_also_end_the_round() -> None:
    # Contested: S0 ends the round only when nobody can answer; RB counts scouts by choice too.
    hands = ["8/10 8/9", "9/1 9/2 9/3 9/4 9/5", "3/4 3/5", "4/5 4/6"]
    state = build_state(4, hands, active_set="5/1 6/2 7/3 8/4", owner=0, turn=1)
    assert "show 0-4" in {str(m) for m in legal_moves(state)}
    end = _play(state, "scout L @0", "scout L @0", "scout L @0")
    assert end.round_end is RoundEnd.UNBEATEN


@pytest.mark.rule("SC-END-02", "SC-END-03")
def test_a_show_restarts_the_circle() -> None:
    state = _owned_by_zero("5/1 6/2 7/3")
    after = _play(state, "scout L @0", "show 0-1", "scout L @0")
    assert after.phase is Phase.PLAY
    assert after.owner == 2
    assert after.turn == 0


@pytest.mark.rule("SC-END-03")
def test_round_goes_on_before_the_circle_is_complete() -> None:
    state = _owned_by_zero("5/1 6/2 7/3")
    after = _play(state, "scout L @0", "scout L @0")
    assert after.phase is Phase.PLAY
    assert after.turn == 3
