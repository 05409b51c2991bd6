"""Chapter SCORE: round scores, the owner exemption and the running totals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scout_ref import RoundEnd, Rules, State, apply_move, parse_move, round_scores
from scout_ref.formats.position import build_state


def _unbeaten_end(rules: Rules | None = None) -> State:
    """Seats 1-3 scout seat 0's four-card set; one card of it is left on the table."""
    state = build_state(
        4,
        ["8/10 8/2", "2/3 2/4", "3/4 3/5", "4/5 4/6"],
        active_set="5/1 6/2 7/3 8/4",
        owner=0,
        turn=1,
        captured=["1-2 1-3", "", "1-4", ""],
        scout_show_available=[True, False, True, True],
        scores=[10, -3, 0, 4],
        round=2,
        rules=rules,
        leftover_to=3,
        scout_chips=[0, 0, 0, 0],
    )
    for _ in range(3):
        state = apply_move(state, parse_move("scout L @0"))
    assert state.round_end is RoundEnd.UNBEATEN
    return state


@pytest.mark.rule("SC-SCORE-01")
def test_each_captured_card_scores_one_point() -> None:
    scores = round_scores(_unbeaten_end())
    assert [s.captured for s in scores[:3]] == [2, 0, 1]


@pytest.mark.rule("SC-SCORE-02", "SC-SCOUT-03")
def test_each_scout_chip_scores_one_point() -> None:
    scores = round_scores(_unbeaten_end())
    assert [s.chips for s in scores] == [3, 0, 0, 0]


@pytest.mark.rule("SC-SCORE-03")
def test_each_card_in_hand_costs_one_point() -> None:
    scores = round_scores(_unbeaten_end())
    assert [s.hand_penalty for s in scores] == [0, 3, 3, 3]
    assert scores[1].total == 0 + 0 - 3


@pytest.mark.rule("SC-SCORE-04")
def test_owner_of_the_unbeaten_set_is_exempt() -> None:
    owner = round_scores(_unbeaten_end())[0]
    assert owner.exempt
    assert owner.hand_penalty == 0
    assert owner.total == 2 + 3


@pytest.mark.rule("SC-SCORE-04", "SC-END-01")
def test_exemption_does_not_apply_to_an_emptied_hand() -> None:
    # Known mistake: one transcription attaches the exemption to the emptied-hand ending.
    state = build_state(
        4, ["5/1", "1/3 1/4", "2/3", "2/5"], active_set="4/2", owner=2, leftover_to=3
    )
    end = apply_move(state, parse_move("show 0-0"))
    assert end.round_end is RoundEnd.EMPTY_HAND
    scores = round_scores(end)
    assert not any(s.exempt for s in scores)
    assert [s.hand_penalty for s in scores] == [0, 2, 1, 1]


@pytest.mark.rule("SC-SCORE-05")
def test_cards_left_in_the_active_set_score_nothing() -> None:
    # Known mistake of other implementations: the leftover set is scored for its owner.
    end = _unbeaten_end()
    assert len(end.active_set) == 1
    assert round_scores(end)[0].captured == 2


@pytest.mark.rule("SC-SCORE-05", "SC-SNS-01")
def test_scout_show_chips_score_nothing() -> None:
    end = _unbeaten_end()
    assert end.scout_show_available == (True, False, True, True)
    unused = replace(end, scout_show_available=(True,) * 4)
    assert round_scores(unused) == round_scores(end)


@pytest.mark.rule("SC-SCORE-06")
def test_round_score_is_added_to_the_running_total() -> None:
    end = _unbeaten_end()
    assert end.scores == (10 + 5, -3 - 3, 0 + 1 - 3, 4 + len(end.captured[3]) - 3)


@pytest.mark.rule("SC-SCORE-03", "SC-SCORE-06")
def test_round_score_total_is_captured_plus_chips_minus_hand() -> None:
    for s in round_scores(_unbeaten_end()):
        assert s.total == s.captured + s.chips - s.hand_penalty
