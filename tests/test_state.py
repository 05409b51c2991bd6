"""Chapter GEN: seats, hand order, phases and the rules switches held in the state."""

from __future__ import annotations

import pytest

from scout_ref import (
    MalformedInputError,
    Phase,
    Rules,
    Scouting,
    Seat,
    apply_move,
    new_game,
    oriented,
    parse_move,
    state_digest,
    state_to_json,
)
from scout_ref.analysis.simulation import random_game
from scout_ref.engine.state import next_seat
from scout_ref.formats.position import build_state
from scout_ref.formats.state_json import rules_to_json


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_next_seat_wraps_to_seat_zero(players: int) -> None:
    order = [next_seat(Seat(s), players) for s in range(players)]
    assert order == [*range(1, players), 0]


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize("players", [0, 1, 6])
def test_rejects_player_count_outside_two_to_five(players: int) -> None:
    with pytest.raises(MalformedInputError, match="not 2 to 5"):
        new_game(players, seed=0)


@pytest.mark.rule("SC-GEN-02")
def test_show_leaves_the_rest_of_the_hand_in_order() -> None:
    state = build_state(4, ["1/5 3/6 4/7 2/8", "1/3", "1/4", "2/3"], owner=1)
    after = apply_move(state, parse_move("show 1-2"))
    assert after.hands[0] == (oriented(1, 5), oriented(2, 8))


@pytest.mark.rule("SC-GEN-02")
def test_scout_inserts_without_reordering_the_hand() -> None:
    state = build_state(4, ["1/5 3/6 4/7", "1/3", "1/4", "2/3"], active_set="9/8", owner=3)
    after = apply_move(state, parse_move("scout L @1"))
    assert after.hands[0] == (oriented(1, 5), oriented(9, 8), oriented(3, 6), oriented(4, 7))


@pytest.mark.rule("SC-GEN-03")
def test_a_game_passes_through_the_phases_in_order() -> None:
    record = random_game(3, seed=11)
    for rnd in record.rounds:
        phases = [state.phase for state, _ in rnd.steps()]
        assert phases[:3] == [Phase.ROTATION] * 3
        assert set(phases[3:]) == {Phase.PLAY}
    assert [r.end.phase for r in record.rounds] == [Phase.ROUND_OVER] * 2 + [Phase.GAME_OVER]


@pytest.mark.rule("SC-GEN-03")
def test_no_seat_acts_once_the_round_is_over() -> None:
    end = random_game(4, seed=2).rounds[0].end
    assert end.turn is None
    assert end.hand == ()


@pytest.mark.rule("SC-GEN-04")
def test_rules_switches_are_part_of_the_state() -> None:
    official = new_game(3, seed=4)
    forced = new_game(3, seed=4, rules=Rules(scouting=Scouting.FORCED))
    assert state_to_json(official)["rules"] == rules_to_json(Rules())
    assert state_to_json(forced)["rules"] == rules_to_json(Rules(scouting=Scouting.FORCED))
    assert state_digest(official) != state_digest(forced)


@pytest.mark.rule("SC-GAME-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_state_knows_its_number_of_rounds(players: int) -> None:
    assert new_game(players, seed=0).rounds == players
