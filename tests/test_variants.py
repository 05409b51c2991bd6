"""Chapter VAR: the rules switches and what each one changes."""

from __future__ import annotations

import pytest

from scout_ref import (
    EmptySetChain,
    Phase,
    Reason,
    Rotation,
    RoundEnd,
    Rules,
    Scout,
    Scouting,
    Show,
    State,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    next_round,
    parse_move,
    round_scores,
)
from scout_ref.formats.position import build_state

FORCED = Rules(scouting=Scouting.FORCED)


def _scouted_empty(rules: Rules) -> State:
    """Seats 1-3 scout seat 0's three-card set away."""
    hands = ["8/10 8/9", "2/3 2/4 2/5", "3/4 3/5 3/6", "4/5 4/6 4/7"]
    state = build_state(4, hands, active_set="5/1 6/2 7/3", owner=0, turn=1, rules=rules)
    for _ in range(3):
        state = apply_move(state, parse_move("scout L @0"))
    return state


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-GEN-04")
def test_default_rules_are_the_official_reading() -> None:
    rules = Rules()
    assert rules.is_official
    assert rules.owner_exemption
    assert rules.empty_set_chain is EmptySetChain.LITERAL
    assert rules.scouting is Scouting.VOLUNTARY
    assert rules.rotation is Rotation.EACH_ROUND
    assert not FORCED.is_official


@pytest.mark.rule("SC-VAR-01")
def test_without_the_exemption_the_owner_pays_for_the_hand() -> None:
    end = _scouted_empty(Rules(owner_exemption=False))
    assert end.round_end is RoundEnd.UNBEATEN
    owner = round_scores(end)[0]
    assert not owner.exempt
    assert owner.hand_penalty == 2


@pytest.mark.rule("SC-VAR-02")
def test_reset_chain_makes_the_owner_show_onto_the_empty_table() -> None:
    state = _scouted_empty(Rules(empty_set_chain=EmptySetChain.RESET))
    assert state.phase is Phase.PLAY
    assert state.turn == state.owner == 0
    assert all(isinstance(m, Show) for m in legal_moves(state))


@pytest.mark.rule("SC-VAR-02")
def test_reset_chain_still_ends_on_an_unbeaten_non_empty_set() -> None:
    hands = ["8/10 8/9", "2/3 2/4", "3/4 3/5", "4/5 4/6"]
    rules = Rules(empty_set_chain=EmptySetChain.RESET)
    state = build_state(4, hands, active_set="5/1 6/2 7/3 8/4", owner=0, turn=1, rules=rules)
    for _ in range(3):
        state = apply_move(state, parse_move("scout L @0"))
    assert state.round_end is RoundEnd.UNBEATEN


@pytest.mark.rule("SC-VAR-03")
def test_rejects_show_available() -> None:
    state = build_state(
        4, ["9/1 9/2", "1/3", "1/4", "2/3"], active_set="8/3 7/2", owner=2, rules=FORCED
    )
    assert _reason(state, "scout L @0") is Reason.SHOW_AVAILABLE
    assert _reason(state, "scout L @0 + show 0-1") is Reason.SHOW_AVAILABLE
    assert not any(isinstance(m, Scout) for m in legal_moves(state))
    assert Reason.SHOW_AVAILABLE.rule == "SC-VAR-03"


@pytest.mark.rule("SC-VAR-03")
def test_forced_scouting_allows_a_scout_when_no_show_beats_the_set() -> None:
    state = build_state(
        4, ["2/1 5/2", "1/3", "1/4", "2/3"], active_set="8/3 7/2", owner=2, rules=FORCED
    )
    moves = legal_moves(state)
    assert moves
    assert "scout L @0" in {str(m) for m in moves}
    assert not any(isinstance(m, Show) for m in moves)


@pytest.mark.rule("SC-VAR-04")
def test_once_per_game_rotation_skips_the_decisions_after_round_one() -> None:
    rules = Rules(rotation=Rotation.ONCE_PER_GAME)
    assert new_game(3, seed=1, rules=rules).phase is Phase.ROTATION
    end = build_state(
        3,
        ["", "1/3", "1/4"],
        owner=0,
        phase="round_over",
        turn=None,
        round_end="empty_hand",
        rules=rules,
    )
    second = next_round(end, seed=4)
    assert second.phase is Phase.PLAY
    assert second.turn == second.start_player == 1
    assert _reason(second, "flip") is Reason.WRONG_PHASE
