"""Repeated positions (``scout_ref.engine.repetition``) and the cycles of SC-END-04."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from scout_ref import Phase, Rules, State, apply_move
from scout_ref import parse_move as move
from scout_ref.engine.repetition import RepetitionDetector, first_repeat, position_key
from scout_ref.formats.position import build_state
from tests.invariants import ALL_RULES, states_apart

# Positions facing an empty table from which "show the leftmost k cards on an empty table,
# else scout the left end to the far left" cycles: (hands, owner, k, period). The shown cards
# are the highest number in play and the scouting players hold no combination that beats them,
# so the cycles are legal under forced scouting too.
CYCLES = {
    3: (["9/1 2/3 4/5", "6/2 3/5", "9/2 7/1 4/6"], 1, 1, 12),
    4: (["10/1 10/2 2/3 4/5", "6/2 3/5", "10/3 7/1 4/6", "10/4 10/5 1/3 5/7"], 1, 2, 60),
    5: (["10/1 2/3 4/5", "6/2 3/5", "10/3 7/1 4/6", "1/3 5/7", "10/4 2/4 6/8"], 3, 1, 30),
}


def _cycle(players: int, rules: Rules, moves: int) -> list[State]:
    hands, owner, k, _ = CYCLES[players]
    state = build_state(players, hands, owner=owner, rules=rules)
    out = [state]
    for _ in range(moves):
        text = "scout L @0" if state.active_set else f"show 0-{k - 1}"
        state = apply_move(state, move(text))
        out.append(state)
    return out


@pytest.mark.rule("SC-END-04", "SC-END-03", "SC-VAR-01", "SC-VAR-02", "SC-VAR-03", "SC-VAR-04")
@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: str(ALL_RULES.index(r)))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_round_of_three_to_five_players_can_cycle_under_every_switch(
    players: int, rules: Rules
) -> None:
    period = CYCLES[players][3]
    states = _cycle(players, rules, 2 * period)
    assert all(s.phase is Phase.PLAY for s in states)
    assert first_repeat(states) == first_repeat(states[: period + 1])
    found = first_repeat(states)
    assert found is not None
    assert (found.first, found.again) == (0, period)
    assert position_key(states[2 * period]) == position_key(states[0])
    assert states[2 * period].scout_chips > states[period].scout_chips > states[0].scout_chips


@pytest.mark.rule("SC-END-04")
def test_the_issue_cycle_recurs_every_twelve_moves_with_growing_chips() -> None:
    states = _cycle(3, Rules(), 24)
    assert states[24].scout_chips == (4, 4, 4)
    assert [len(h) for h in states[24].hands] == [len(h) for h in states[0].hands]
    assert position_key(states[12]) == position_key(states[0])
    assert states[12] != states[0]


@pytest.mark.rule("SC-END-04")
def test_chips_and_scores_are_not_part_of_a_position_with_three_to_five_players() -> None:
    state = _cycle(3, Rules(), 0)[0]
    other = replace(state, scout_chips=(5, 0, 1), scores=(3, -2, 7))
    assert position_key(other) == position_key(state)
    assert position_key(replace(state, turn=None)) != position_key(state)


@pytest.mark.rule("SC-END-04")
@pytest.mark.parametrize("name", [f.name for f in fields(State)])
def test_every_other_field_is_part_of_a_position(name: str) -> None:
    """A field of :class:`State` is part of the position unless it is the scores or the
    three-to-five-player chips: a new field is, unless this test is told otherwise."""
    first, second = states_apart()  # three players in the first
    same = position_key(replace(first, **{name: getattr(second, name)})) == position_key(first)
    assert same is (name in ("scores", "scout_chips"))


@pytest.mark.rule("SC-END-05", "SC-VAR2-03")
def test_two_player_chips_are_part_of_the_position() -> None:
    state = build_state(2, ["2/1 3/1", "4/1"], active_set="6/2 7/2", owner=1)
    assert position_key(replace(state, scout_chips=(2, 3))) != position_key(state)
    assert position_key(replace(state, scores=(1, 1))) == position_key(state)


@pytest.mark.rule("SC-END-04")
def test_detector_reports_the_first_occurrence() -> None:
    states = _cycle(3, Rules(), 13)
    detector = RepetitionDetector()
    seen = [detector.see(s) for s in states]
    assert seen == [None] * 12 + [0, 1]
    assert first_repeat(states[1:5]) is None
